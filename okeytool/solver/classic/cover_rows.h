/*
 * The cover programme's answer (cover_programme.h: the most tiles of a hand that `room` slots of
 * pieces hold, the unfilled faces of every optimal choice, and the faces some optimal choice leaves
 * a copy out of) computed by colour rows instead of over the whole hand.
 *
 * A choice of pieces splits into the sets that take two or more tiles of the hand (they are few:
 * a number held in two or more colours) and, per colour, the runs and the sets that take one tile
 * (whose other slots, the number in the other colours, are unfilled). So:
 *
 *  - a colour row (the 13 numbers of one colour, 0-2 copies each) has a table, over the slots its
 *    pieces fill exactly (0..ROW_SLOTS-1), of the most tiles kept, the unfilled numbers of the row,
 *    the numbers whose one-tile set is part of an optimal choice, and the numbers of which a copy
 *    is left out; rows are solved once (by the programme's own recursion on 13 faces) and cached;
 *  - a hand enumerates its choices of sets taking two or more tiles, looks up its four rows less
 *    those tiles, and combines the four tables by max-plus over the slots, with the room's rule
 *    (slots left over are none, or three or more for a whole new piece: ANY_FACE);
 *  - a certificate's walk (cover_programme.h, rows_layout) builds one optimal layout from the
 *    optimal choices the enumeration met: the split of the rows (split_walk; the splits are met
 *    once per certificate, hand_leaves, and each walk picks among them) and each row's pieces
 *    (row_walk), preferring the faces wanted, as the programme's walk does.
 *
 * The answer is the programme's: a face X is unfilled in some optimal choice exactly when the hand
 * with X keeps one tile more, and a copy of a face is left out by some optimal choice exactly when
 * the hand without it keeps as many; both characterisations hold for any decomposition of the
 * choices, which is what lets the order of the search change. The tests hold the two together.
 *
 * It applies when the pieces are the templates' (runs within a colour, the same shapes in every
 * colour; every 3- and 4-colour set of every number) and room < ROW_SLOTS; rows_load says whether.
 */
#ifndef OKEYTOOL_COVER_ROWS_H
#define OKEYTOOL_COVER_ROWS_H

#include <stdint.h>
#include <string.h>

#define NUMBERS 13
#define COLOURS 4
#define ROW_MASK 0x1FFFu
#define ROW_SLOTS 16
#define ROW_NONE (-100)
#define ROW_PIECES 24
/* The tiles lost below a row's most for which it keeps the fewest slots needed (Row.need). */
#define ROW_LOSSES 4
#define ROWS_BITS 16
#define ROWS_SIZE (1u << ROWS_BITS)
#define ROWS_FILL (ROWS_SIZE / 2)
/* The bit of a cover's faces that says room is left for a whole new piece (so every face is useful),
 * and every face with it. */
#define ANY_FACE_BIT 52
#define ANY_FACE (1ULL << ANY_FACE_BIT)
#define EVERY_FACE (ANY_FACE | (ANY_FACE - 1))
/* The choices a first pass keeps for the second (hand_solve); more fall back to one full pass. */
#define MAX_PENDING 128

/* A solved colour row: for each count of slots filled, the tiles kept (ROW_NONE: no choice fills
 * exactly that many) and the three masks of numbers. */
typedef struct {
    uint32_t key; /* one | two << 13, plus one; 0 marks an empty entry */
    int8_t most;  /* the largest kept over every count of slots */
    int8_t need[ROW_LOSSES]; /* need[l]: the fewest slots filled that keep most - l tiles (or more) */
    int8_t kept[ROW_SLOTS];
    uint16_t unfilled[ROW_SLOTS], lone[ROW_SLOTS], spares[ROW_SLOTS];
} Row;

/* A hand answered (direct-mapped: a new hand takes the place of the one before it there). */
typedef struct {
    uint64_t one, two; /* two carries the room in its top bits, plus one so that 0 marks empty */
    uint64_t faces, spares;
    int kept;
} Answer;

#define RECENT_BITS 7
#define RECENT_ROWS (1 << RECENT_BITS)

#define ANSWERS_BITS 16
#define ANSWERS_SIZE (1u << ANSWERS_BITS)

typedef struct {
    int usable;
    Answer *answers;
    uint16_t masks[NUMBERS][ROW_PIECES];
    int8_t lengths[NUMBERS][ROW_PIECES];
    int8_t lone[NUMBERS][ROW_PIECES];
    int count[NUMBERS];
    Row *rows;
    uint32_t used;
    int pending_limit; /* the choices hand_solve keeps between its passes: MAX_PENDING (tests: fewer) */
    int leaf_limit;    /* the splits a certificate keeps for its walks: LEAF_POOL (tests: fewer) */
    /* The rows met lately, per colour, copied out of the cache (a row is the same whatever the hand,
     * so hands share them: a hand's sets change few rows, and the next hand is mostly the same rows).
     * Direct-mapped by the row's key (a clash solves the row again); a key 0 marks an empty entry. */
    uint32_t recent_key[COLOURS][RECENT_ROWS];
    Row recent[COLOURS][RECENT_ROWS];
} Rows;

static inline uint32_t row_slot(uint32_t key) {
    uint32_t h = key * 0x9E3779B1u;
    return (h ^ (h >> 15)) & (ROWS_SIZE - 1);
}

/* Bits set in x; the instruction where the build targets it, else the SWAR count (a call into the
 * compiler's library otherwise, on every hot path). */
static inline int popcount64(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The colours in a set of colour bits. */
static const int8_t COLOUR_COUNT[1 << COLOURS] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static inline int row_pop(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* The row (one, two) solved into *out: the programme's recursion on one colour, for every count of
 * slots at once. Copies, not pointers, pass between levels: storing a row may empty the cache. */
static void row_solve(Rows *R, uint32_t one, uint32_t two, Row *out) {
    uint32_t key = (one | two << NUMBERS) + 1;
    uint32_t k = row_slot(key);
    for (;;) {
        Row *e = &R->rows[k];
        if (!e->key) break;
        if (e->key == key) { *out = *e; return; }
        k = (k + 1) & (ROWS_SIZE - 1);
    }
    Row r;
    memset(&r, 0, sizeof r);
    r.key = key;
    for (int s = 0; s < ROW_SLOTS; s++) r.kept[s] = ROW_NONE;
    if (!one) {
        r.kept[0] = 0;
    } else {
        uint32_t low = one & (~one + 1);
        int n = __builtin_ctz(one);
        uint32_t g_taken[ROW_PIECES], g_unfilled[ROW_PIECES];
        int g_len[ROW_PIECES], g_lone[ROW_PIECES], groups = 0;
        for (int i = 0; i < R->count[n]; i++) {
            uint32_t taken = R->masks[n][i] & one;
            int length = R->lengths[n][i];
            int g = 0;
            while (g < groups && !(g_taken[g] == taken && g_len[g] == length)) g++;
            if (g == groups) { g_taken[g] = taken; g_len[g] = length; g_unfilled[g] = 0; g_lone[g] = 0; groups++; }
            g_unfilled[g] |= R->masks[n][i] & ~one;
            if (R->lone[n][i]) g_lone[g] = 1;
        }
        Row c;
        for (int g = 0; g < groups; g++) {
            uint32_t taken = g_taken[g];
            row_solve(R, (one & ~taken) | (two & taken), two & ~taken, &c);
            int gain = row_pop(taken), length = g_len[g];
            uint16_t lone = g_lone[g] ? (uint16_t)low : 0;
            for (int s = length; s < ROW_SLOTS; s++) {
                int v = c.kept[s - length];
                if (v < 0) continue;
                v += gain;
                if (v > r.kept[s]) {
                    r.kept[s] = (int8_t)v;
                    r.unfilled[s] = (uint16_t)(c.unfilled[s - length] | g_unfilled[g]);
                    r.lone[s] = (uint16_t)(c.lone[s - length] | lone);
                    r.spares[s] = c.spares[s - length];
                } else if (v == r.kept[s]) {
                    r.unfilled[s] |= (uint16_t)(c.unfilled[s - length] | g_unfilled[g]);
                    r.lone[s] |= (uint16_t)(c.lone[s - length] | lone);
                    r.spares[s] |= c.spares[s - length];
                }
            }
        }
        /* or leave a copy of the lowest number out */
        if (two & low) row_solve(R, one, two & ~low, &c);
        else row_solve(R, one & ~low, two, &c);
        for (int s = 0; s < ROW_SLOTS; s++) {
            int v = c.kept[s];
            if (v < 0) continue;
            if (v > r.kept[s]) {
                r.kept[s] = (int8_t)v;
                r.unfilled[s] = c.unfilled[s];
                r.lone[s] = c.lone[s];
                r.spares[s] = (uint16_t)(c.spares[s] | low);
            } else if (v == r.kept[s]) {
                r.unfilled[s] |= c.unfilled[s];
                r.lone[s] |= c.lone[s];
                r.spares[s] |= (uint16_t)(c.spares[s] | low);
            }
        }
    }
    r.most = ROW_NONE;
    for (int s = 0; s < ROW_SLOTS; s++)
        if (r.kept[s] > r.most) r.most = r.kept[s];
    for (int l = 0; l < ROW_LOSSES; l++) {
        int s = 0;
        while (s < ROW_SLOTS && r.kept[s] < r.most - l) s++;
        r.need[l] = (int8_t)s;
    }
    if (R->used >= ROWS_FILL) {
        memset(R->rows, 0, sizeof(Row) * ROWS_SIZE);
        R->used = 0;
    }
    k = row_slot(key);
    while (R->rows[k].key) k = (k + 1) & (ROWS_SIZE - 1);
    R->rows[k] = r;
    R->used++;
    *out = r;
}

/* The row (one, two) solved, in the cache itself: read it before the next row_solve or row_find
 * (storing a row may empty the cache). */
static const Row *row_find(Rows *R, uint32_t one, uint32_t two) {
    uint32_t key = (one | two << NUMBERS) + 1;
    for (;;) {
        for (uint32_t k = row_slot(key);; k = (k + 1) & (ROWS_SIZE - 1)) {
            const Row *e = &R->rows[k];
            if (e->key == key) return e;
            if (!e->key) break;
        }
        Row solved; /* new: solved and stored, then found there */
        row_solve(R, one, two, &solved);
    }
}

/* max-plus: out[s] = max over a + b = s of x[a] + y[b] (negative: no choice fills s slots), for
 * s < slots, over the entries x[a] of at least `floor` (>= 0; those below it are left out); entries
 * from `slots` on are left unspecified. y moved right by a is read from
 * `shifted` (y after ROW_SLOTS entries of none) at ROW_SLOTS - a. */
#if defined(__SSE2__)
#include <emmintrin.h>

static inline void row_join(const int8_t *x, const int8_t *y, int8_t *out, int slots, int floor) {
    int8_t shifted[2 * ROW_SLOTS];
    memset(shifted, ROW_NONE, ROW_SLOTS);
    memcpy(shifted + ROW_SLOTS, y, ROW_SLOTS);
    /* signed bytes compared as unsigned ones with the top bit flipped (SSE2 has the unsigned max) */
    const __m128i flip = _mm_set1_epi8((char)0x80);
    __m128i best = _mm_xor_si128(_mm_set1_epi8(ROW_NONE), flip);
    for (int a = 0; a < slots; a++) {
        if (x[a] < floor) continue;
        __m128i moved = _mm_loadu_si128((const __m128i *)(shifted + ROW_SLOTS - a));
        /* at most 30, at least ROW_NONE: no overflow */
        __m128i v = _mm_xor_si128(_mm_add_epi8(moved, _mm_set1_epi8(x[a])), flip);
        best = _mm_max_epu8(best, v);
    }
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(best, flip));
}

/* The largest of x[s] over the slot totals s < slots that are at most `low` or at least `high`. */
static inline int row_top(const int8_t *x, int slots, int low, int high) {
    const __m128i index = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i flip = _mm_set1_epi8((char)0x80);
    __m128i in = _mm_and_si128(_mm_cmplt_epi8(index, _mm_set1_epi8((char)slots)),
                               _mm_or_si128(_mm_cmplt_epi8(index, _mm_set1_epi8((char)(low + 1))),
                                            _mm_cmpgt_epi8(index, _mm_set1_epi8((char)(high - 1)))));
    __m128i v = _mm_loadu_si128((const __m128i *)x);
    v = _mm_or_si128(_mm_and_si128(in, v), _mm_andnot_si128(in, _mm_set1_epi8(ROW_NONE)));
    v = _mm_xor_si128(v, flip);
    v = _mm_max_epu8(v, _mm_srli_si128(v, 8));
    v = _mm_max_epu8(v, _mm_srli_si128(v, 4));
    v = _mm_max_epu8(v, _mm_srli_si128(v, 2));
    v = _mm_max_epu8(v, _mm_srli_si128(v, 1));
    return (int)(int8_t)(uint8_t)(_mm_cvtsi128_si32(v) ^ 0x80);
}

/* The slot totals s (as bits) where x[s] is v. */
static inline uint32_t row_equal(const int8_t *x, int v) {
    __m128i eq = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)x), _mm_set1_epi8((char)v));
    return (uint32_t)_mm_movemask_epi8(eq);
}

/* The fills l < slots (as bits) at which a row keeping kept[l] is part of an optimal choice: where,
 * at one of the optimal slot totals at[0..ats), the other rows (joined: `others`) filling at[j] - l
 * slots keep top - kept[l], both being counts (not ROW_NONE). rest[l], the most the others keep at
 * an optimal total with the row at l, is others[at[j] - l], read reversed: at ROW_SLOTS - 1 - at[j]
 * in `reversed` (others back to front, then entries of none). */
static inline uint32_t row_meets(const int8_t *kept, const int8_t *others, const int *at, int ats, int slots,
                                 int top) {
    int8_t reversed[2 * ROW_SLOTS];
    __m128i back = _mm_loadu_si128((const __m128i *)others); /* its bytes back to front: */
    back = _mm_shuffle_epi32(back, 0x1B);                      /* the four words, */
    back = _mm_shufflelo_epi16(_mm_shufflehi_epi16(back, 0xB1), 0xB1); /* the halves of each, */
    back = _mm_or_si128(_mm_slli_epi16(back, 8), _mm_srli_epi16(back, 8)); /* the bytes of each half */
    _mm_storeu_si128((__m128i *)reversed, back);
    memset(reversed + ROW_SLOTS, ROW_NONE, ROW_SLOTS);
    const __m128i flip = _mm_set1_epi8((char)0x80);
    __m128i rest = _mm_xor_si128(_mm_set1_epi8(ROW_NONE), flip);
    for (int j = 0; j < ats; j++) {
        __m128i moved = _mm_loadu_si128((const __m128i *)(reversed + ROW_SLOTS - 1 - at[j]));
        rest = _mm_max_epu8(rest, _mm_xor_si128(moved, flip));
    }
    rest = _mm_xor_si128(rest, flip);
    const __m128i row = _mm_loadu_si128((const __m128i *)kept), minus = _mm_set1_epi8(-1);
    /* the sum wraps only where a side is ROW_NONE, which the first two tests leave out */
    __m128i ok = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi8(row, minus), _mm_cmpgt_epi8(rest, minus)),
                               _mm_cmpeq_epi8(_mm_add_epi8(row, rest), _mm_set1_epi8((char)top)));
    return (uint32_t)_mm_movemask_epi8(ok) & ((1u << slots) - 1);
}
#else
static inline int row_top(const int8_t *x, int slots, int low, int high) {
    int top = ROW_NONE;
    for (int s = 0; s < slots; s++)
        if ((s >= high || s <= low) && x[s] > top) top = x[s];
    return top;
}

static inline uint32_t row_equal(const int8_t *x, int v) {
    uint32_t eq = 0;
    for (int s = 0; s < ROW_SLOTS; s++)
        if (x[s] == v) eq |= 1u << s;
    return eq;
}

/* Sixteen counts at once (the compiler's vector extension: one instruction a step where the target
 * has them, plain code where not). */
typedef int8_t Counts __attribute__((vector_size(ROW_SLOTS)));

static inline void row_join(const int8_t *x, const int8_t *y, int8_t *out, int slots, int floor) {
    int8_t shifted[2 * ROW_SLOTS];
    memset(shifted, ROW_NONE, ROW_SLOTS);
    memcpy(shifted + ROW_SLOTS, y, ROW_SLOTS);
    Counts best, none;
    memset(&none, ROW_NONE, sizeof none);
    best = none;
    for (int a = 0; a < slots; a++) {
        if (x[a] < floor) continue;
        Counts moved;
        memcpy(&moved, shifted + ROW_SLOTS - a, sizeof moved);
        Counts v = moved + x[a]; /* at most 30, at least ROW_NONE: no overflow */
        Counts more = v > best;
        best = (v & more) | (best & ~more);
    }
    memcpy(out, &best, ROW_SLOTS);
}

static inline uint32_t row_meets(const int8_t *kept, const int8_t *others, const int *at, int ats, int slots,
                                 int top) {
    int8_t rest[ROW_SLOTS];
    memset(rest, ROW_NONE, sizeof rest);
    for (int j = 0; j < ats; j++)
        for (int l = 0; l <= at[j]; l++)
            if (others[at[j] - l] > rest[l]) rest[l] = others[at[j] - l];
    uint32_t meets = 0;
    for (int l = 0; l < slots; l++)
        if (kept[l] >= 0 && rest[l] >= 0 && kept[l] + rest[l] == top) meets |= 1u << l;
    return meets;
}
#endif

#define MAX_PICKS 8
#define MAX_CHOICES 64

/* A set taking two or more tiles: its number, the colours it takes (bits), and its slots (3 or 4;
 * a set taking two tiles is counted at 3 and may take one more slot, its flex). */
typedef struct {
    int8_t n, taken, slots;
} Pick;

/* A choice of sets that is part of an optimal answer, with the rows it leaves. */
typedef struct {
    Pick pick[MAX_PICKS];
    int picks, length, flex, gain;
    uint64_t unfilled;
    uint32_t one[COLOURS], two[COLOURS];
    int kept; /* the most tiles the choice keeps (the first pass of hand_solve) */
} Choice;


/* The answer being built for one hand. */
typedef struct {
    Rows *R;
    int room;
    uint32_t one[COLOURS], two[COLOURS]; /* the rows still held, less the sets chosen so far */
    int number[NUMBERS], numbers;        /* the numbers held in two colours or more */
    uint8_t held[NUMBERS];               /* the colours of each number still held (bits) */
    int best;
    uint64_t faces, spares;
    Pick stack[MAX_PICKS]; /* the sets of the choice being built */
    int depth;
    Choice *choices; /* where asked (rows_certify): the optimal choices met, up to MAX_CHOICES */
    int chosen;
    int first;                     /* the first pass of hand_solve: the most kept only (2: a probe) */
    int pending, overflow;         /* the choices it kept (those at least as good as the best then) */
    int met;                       /* the optimal choices folded in after the first pass */
    Choice pend[MAX_PENDING];
    struct Leaves *leaves; /* the splits of its choices, met once for all walks (NULL: split each time) */
} Hand;

static const int8_t ROW_EMPTY[ROW_SLOTS] = {0, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE,
                                            ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE};

/* The number n in every colour but c, as face bits (colour-major faces: c * 13 + n). */
static inline uint64_t others_at(int n, int c) {
    uint64_t all = (1ULL << n) | (1ULL << (n + 13)) | (1ULL << (n + 26)) | (1ULL << (n + 39));
    return all & ~(1ULL << (c * NUMBERS + n));
}

/* The choice being closed (the sets on H's stack, the rows they leave) written into *k. */
static inline void choice_record(Choice *k, const Hand *H, int length, int flex, int gain, uint64_t unfilled,
                                 int kept) {
    memcpy(k->pick, H->stack, sizeof(Pick) * (size_t)H->depth);
    k->picks = H->depth;
    k->length = length;
    k->flex = flex;
    k->gain = gain;
    k->unfilled = unfilled;
    memcpy(k->one, H->one, sizeof k->one);
    memcpy(k->two, H->two, sizeof k->two);
    k->kept = kept;
}

/* The first pass asks only whether a choice keeps as many as the best met (and how many then): a
 * join of the rows before the k-th need not look at totals that keep fewer than the best less `gain`
 * less the most the rows from the k-th on keep (no choice through them can reach the best). The
 * second pass's joins are whole (0). */
static inline int floor_of(const Hand *H, int gain, int rest_most) {
    int floor = H->best - gain - rest_most;
    return H->first && floor > 0 ? floor : 0;
}

/* The fewest slots the rows fill to keep, between them, at most `loss` tiles fewer than their most
 * (0 when loss is ROW_LOSSES or more: not worked out). A choice whose rows must keep at least that
 * many to reach the best, and have fewer slots, cannot reach it: most choices met are cut off so,
 * before their rows are joined. It is the rows' needs for their most less the most slots that
 * losing tiles can save: a row losing l saves need[0] - need[l], and `loss` (at most 3) is spent on
 * one row, or split 2 + 1 or 1 + 1 (+ 1) among different rows. */
static inline int slots_needed(const Row *const *rows, int held, int loss) {
    if (loss >= ROW_LOSSES) return 0;
    int sum = 0, one[3] = {0, 0, 0}, first = -1, two = 0, three = 0;
    for (int k = 0; k < held; k++) {
        const int8_t *need = rows[k]->need;
        sum += need[0];
        int s1 = need[0] - need[1], s2 = need[0] - need[2], s3 = need[0] - need[3];
        if (s1 > one[0]) { one[2] = one[1]; one[1] = one[0]; one[0] = s1; first = k; }
        else if (s1 > one[1]) { one[2] = one[1]; one[1] = s1; }
        else if (s1 > one[2]) one[2] = s1;
        if (s2 > two) two = s2;
        if (s3 > three) three = s3;
    }
    if (loss == 0) return sum;
    if (loss == 1) return sum - one[0];
    int pairs = one[0] + one[1];
    if (loss == 2) return sum - (two > pairs ? two : pairs);
    int save = three > pairs + one[2] ? three : pairs + one[2];
    for (int k = 0; k < held; k++) { /* two from row k, one from the best other row */
        const int8_t *need = rows[k]->need;
        int v = need[0] - need[2] + (k == first ? one[1] : one[0]);
        if (v > save) save = v;
    }
    return sum - save;
}

/* One choice of sets, taking `gain` tiles in `length` slots plus 0..`flex` more (a set that takes two
 * tiles has 3 or 4 slots and the same unfilled faces either way), with unfilled faces `unfilled`:
 * combine the four rows and fold the choice's optimal answers into the hand's. */
static void hand_close(Hand *H, int length, int flex, int gain, uint64_t unfilled) {
    int total = H->room - length; /* the most slots the rows may fill */
    if (gain + total < H->best) return; /* the rows cannot keep more tiles than they have slots */
    const Row *rows[COLOURS];
    int colour[COLOURS], held = 0; /* the rows with tiles (an empty row fills no slot, adds nothing) */
    int most[COLOURS + 1];         /* most[k]: the most the rows from the k-th on keep, room aside */
    Rows *R = H->R;
    for (int c = 0; c < COLOURS; c++) {
        if (!H->one[c]) continue;
        uint32_t key = (H->one[c] | H->two[c] << NUMBERS) + 1;
        uint32_t j = (key * 0x9E3779B1u) >> (32 - RECENT_BITS);
        if (R->recent_key[c][j] != key) {
            row_solve(R, H->one[c], H->two[c], &R->recent[c][j]);
            R->recent_key[c][j] = key;
        }
        rows[held] = &R->recent[c][j]; /* each colour its own entries: none of them moves in this close */
        colour[held++] = c;
    }
    most[held] = 0;
    for (int k = held - 1; k >= 0; k--) most[k] = most[k + 1] + rows[k]->most;
    if (gain + most[0] < H->best) return;
    if (slots_needed(rows, held, gain + most[0] - H->best) > total) return;
    /* rows filling s slots: the sets' extra slots take up to `flex` of the room, and what is left
     * over is none or a whole new piece (three or more) */
    int slots = total + 1, fill = total - flex;
    /* prefix[k]: the first k rows joined; suffix[k]: the rows from the k-th on */
    int8_t prefix[COLOURS + 1][ROW_SLOTS], suffix[COLOURS + 1][ROW_SLOTS];
    memcpy(prefix[0], ROW_EMPTY, ROW_SLOTS);
    for (int k = 0; k < held; k++) {
        if (k == 0) memcpy(prefix[1], rows[0]->kept, ROW_SLOTS);
        else row_join(prefix[k], rows[k]->kept, prefix[k + 1], slots, floor_of(H, gain, most[k]));
    }
    const int8_t *all = prefix[held];
    int top = row_top(all, slots, total - 3, fill);
    if (top < 0 || top + gain < H->best) return;
    if (H->first) { /* the most kept, and the choice kept for the second pass */
        if (top + gain > H->best) H->best = top + gain;
        if (H->first == 2) return; /* a probe for a first bound: nothing kept */
        if (H->pending == H->R->pending_limit) { H->overflow = 1; return; }
        choice_record(&H->pend[H->pending++], H, length, flex, gain, unfilled, top + gain);
        return;
    }
    if (top + gain > H->best) { H->best = top + gain; H->faces = 0; H->spares = 0; H->chosen = 0; H->met = 0; }
    H->met++;
    if (H->choices && H->chosen < MAX_CHOICES)
        choice_record(&H->choices[H->chosen++], H, length, flex, gain, unfilled, top + gain);
    H->faces |= unfilled;
    /* the slot totals where this choice is optimal: those that leave no room (from `fill` on) and
     * those that leave room for a whole new piece (up to total - 3) */
    uint32_t equal = row_equal(all, top) & ((1u << slots) - 1);
    uint32_t roomy = total >= 3 ? (1u << (total - 2)) - 1 : 0, full = fill > 0 ? ~((1u << fill) - 1) : ~0u;
    if (equal & roomy) H->faces |= ANY_FACE; /* room left for a whole new piece */
    int at[ROW_SLOTS], ats = 0;
    for (uint32_t optimal = equal & (roomy | full); optimal; optimal &= optimal - 1) at[ats++] = __builtin_ctz(optimal);
    memcpy(suffix[held], ROW_EMPTY, ROW_SLOTS);
    for (int k = held - 1; k > 0; k--) {
        if (k == held - 1) memcpy(suffix[k], rows[k]->kept, ROW_SLOTS);
        else row_join(rows[k]->kept, suffix[k + 1], suffix[k], slots, 0);
    }
    for (int k = 0; k < held; k++) {
        /* row k filling l slots is part of an optimal choice when, at some optimal total s, the
         * other rows filling s - l slots keep the rest (they cannot keep more there) */
        int8_t joined[ROW_SLOTS];
        const int8_t *others = k == 0 ? suffix[1] : k == held - 1 ? prefix[k] : joined;
        if (others == joined) row_join(prefix[k], suffix[k + 1], joined, slots, 0);
        const Row *row = rows[k];
        int c = colour[k];
        for (uint32_t meets = row_meets(row->kept, others, at, ats, slots, top); meets; meets &= meets - 1) {
            int l = __builtin_ctz(meets);
            H->faces |= (uint64_t)row->unfilled[l] << (c * NUMBERS);
            H->spares |= (uint64_t)row->spares[l] << (c * NUMBERS);
            for (uint32_t lone = row->lone[l]; lone; lone &= lone - 1) H->faces |= others_at(__builtin_ctz(lone), c);
        }
    }
}

/* A set at number n taking the colours `taken` (bits) on `slots` slots, taken out of the rows (one,
 * two): a copy of each colour, the second copy first (a colour's last copy also leaves `held`, the
 * colours held at n, where given). Returns the set's unfilled faces: the fourth colour of three on 4
 * slots, either other colour of two (3 slots and maybe one more, the same faces). */
static inline uint64_t set_take(uint32_t *one, uint32_t *two, uint8_t *held, int n, int taken, int slots) {
    uint32_t bit = 1u << n;
    int size = COLOUR_COUNT[taken];
    uint64_t open = 0;
    for (int c = 0; c < COLOURS; c++) {
        if (taken >> c & 1) {
            if (two[c] & bit) two[c] &= ~bit;
            else {
                one[c] &= ~bit;
                if (held) *held &= (uint8_t)~(1u << c);
            }
        } else if (slots > size || size == 2) {
            open |= 1ULL << (c * NUMBERS + n);
        }
    }
    return open;
}

/* The choices of sets taking two or more tiles at the numbers from H->numbers[i] on (at most one
 * more set at that number whose code is at most `below`, so that each collection of sets at a
 * number is tried once). */
static void hand_sets(Hand *H, int i, int below, int length, int flex, int gain, uint64_t unfilled) {
    if (H->room - (length - gain) < H->best) return; /* each set's unfilled slots stay unfilled */
    for (; i < H->numbers; i++, below = 1 << 6) {
        int n = H->number[i];
        int held = H->held[n];
        if (COLOUR_COUNT[held] < 2) continue;
        /* a set at n: the colours it takes (two or more of those held), and its slots: 3 or 4 for
         * three colours (they differ in the face left open), 3 and maybe one more for two */
        for (int taken = held; taken; taken = (taken - 1) & held) {
            int size = COLOUR_COUNT[taken];
            if (size < 2) continue;
            for (int slots = size < 3 ? 3 : size; slots <= (size == 3 ? 4 : size < 3 ? 3 : 4); slots++) {
                int code = taken << 1 | (slots - 3);
                if (code > below || length + slots > H->room) continue;
                /* the callee's first test, before the rows are changed: the set's unfilled slots */
                if (H->room - (length + slots - gain - size) < H->best) continue;
                uint32_t one[COLOURS], two[COLOURS];
                memcpy(one, H->one, sizeof one);
                memcpy(two, H->two, sizeof two);
                uint64_t open = set_take(H->one, H->two, &H->held[n], n, taken, slots);
                if (H->depth < MAX_PICKS) { /* more sets than fit in the room cannot be */
                    H->stack[H->depth].n = (int8_t)n;
                    H->stack[H->depth].taken = (int8_t)taken;
                    H->stack[H->depth].slots = (int8_t)slots;
                    H->depth++;
                    hand_sets(H, i, code, length + slots, flex + (size == 2), gain + size, unfilled | open);
                    H->depth--;
                }
                memcpy(H->one, one, sizeof one);
                memcpy(H->two, two, sizeof two);
                H->held[n] = (uint8_t)held;
            }
        }
    }
    hand_close(H, length, flex, gain, unfilled);
}

/* A hand's answer (H->best, faces, spares and, where asked, its optimal choices) in two passes: the
 * first finds the most kept, joining each choice's rows once; the second gives the faces and spares
 * of the optimal choices only, in the order the choices were met (so that the answer and the
 * choices recorded are those of one full pass, which is what it falls back to beyond MAX_PENDING).
 * `known` (-1: none) is the most kept where the caller knows it already: the first pass then starts
 * from it instead of the choice of no sets, so it cuts off more and keeps only the optimal choices
 * (the same ones, in the same order). Should no choice reach it, it was wrong, and the hand is
 * solved again without it. */
static void hand_solve(Hand *H, int known) {
    uint32_t one[COLOURS], two[COLOURS];
    memcpy(one, H->one, sizeof one);
    memcpy(two, H->two, sizeof two);
    if (known >= 0) {
        H->best = known;
    } else {
        H->first = 2; /* the choice of no sets first: its answer bounds the others from the start */
        hand_close(H, 0, 0, 0, 0);
    }
    H->first = 1;
    H->pending = H->overflow = 0;
    hand_sets(H, 0, 1 << 6, 0, 0, 0, 0);
    H->first = 0;
    if (H->overflow) {
        H->best = -1;
        hand_sets(H, 0, 1 << 6, 0, 0, 0, 0);
        return;
    }
    if (known >= 0 && !H->pending) { /* no choice keeps `known` */
        H->best = -1;
        hand_solve(H, -1);
        return;
    }
    for (int j = 0; j < H->pending; j++) {
        const Choice *k = &H->pend[j];
        if (k->kept != H->best) continue;
        memcpy(H->one, k->one, sizeof one);
        memcpy(H->two, k->two, sizeof two);
        memcpy(H->stack, k->pick, sizeof(Pick) * (size_t)k->picks);
        H->depth = k->picks;
        hand_close(H, k->length, k->flex, k->gain, k->unfilled);
    }
    memcpy(H->one, one, sizeof one);
    memcpy(H->two, two, sizeof two);
    H->depth = 0;
}

/* The faces of number n in the colours of the bit set `colours`. */
static inline uint64_t number_faces(int n, int colours) {
    uint64_t out = 0;
    for (int c = 0; c < COLOURS; c++)
        if (colours >> c & 1) out |= 1ULL << (c * NUMBERS + n);
    return out;
}

/* `count` colours of `free` (bits) for the open slots of a set at n: the target's first, then the
 * wanted faces', then the lowest. */
static inline int pick_colours(int n, int free, int count, uint64_t want, uint64_t target) {
    int chosen = 0;
    for (int pass = 0; pass < 3; pass++)
        for (int c = 0; c < COLOURS && count > 0; c++) {
            uint64_t bit = 1ULL << (c * NUMBERS + n);
            if (!(free >> c & 1) || (chosen >> c & 1)) continue;
            if ((pass == 0 && !(target & bit)) || (pass == 1 && !(want & bit))) continue;
            chosen |= 1 << c;
            count--;
        }
    return chosen;
}

/* The unfilled faces of the optimal choices of row (colour c) filling `slots`, as face bits. */
static inline uint64_t row_reach(const Row *row, int slots, int c) {
    uint64_t reach = (uint64_t)row->unfilled[slots] << (c * NUMBERS);
    for (uint32_t lone = row->lone[slots]; lone; lone &= lone - 1) reach |= others_at(__builtin_ctz(lone), c);
    return reach;
}

static inline int reach_score(uint64_t reach, uint64_t want, uint64_t target) {
    return popcount64(reach & want) + ((reach & target) ? 64 : 0);
}

/* One optimal choice of the row (one, two) of colour c filling exactly `slots`, preferring choices
 * that reach faces of `want` (and most of all `target`), as the programme's walk does: its pieces
 * (face masks) and their unfilled faces appended from index `pieces`. Returns the new count, or -1
 * (no such choice, or more than `cap` pieces). */
static int row_walk(Rows *R, int c, uint32_t one, uint32_t two, int slots, uint64_t want, uint64_t target,
                    uint64_t *masks, uint64_t *unfilled, int pieces, int cap) {
    while (one) {
        int goal = row_find(R, one, two)->kept[slots];
        if (goal < 0) return -1;
        uint32_t low = one & (~one + 1);
        int n = __builtin_ctz(one);
        int have = 0, best_score = 0, best_slots = 0;
        uint32_t best_one = 0, best_two = 0;
        uint64_t best_mask = 0, best_open = 0;
        for (int i = 0; i < R->count[n]; i++) {
            uint32_t mask = R->masks[n][i];
            int length = R->lengths[n][i];
            if (length > slots) continue;
            uint32_t taken = mask & one;
            uint32_t c_one = (one & ~taken) | (two & taken), c_two = two & ~taken;
            const Row *child = row_find(R, c_one, c_two);
            int v = child->kept[slots - length];
            if (v < 0 || v + row_pop(taken) != goal) continue;
            uint64_t piece, open;
            if (R->lone[n][i]) { /* a set taking this tile alone: the other colours open */
                int others = pick_colours(n, 0xF & ~(1 << c), length - 1, want, target);
                piece = number_faces(n, others | 1 << c);
                open = number_faces(n, others);
            } else {
                piece = (uint64_t)mask << (c * NUMBERS);
                open = (uint64_t)(mask & ~one) << (c * NUMBERS);
            }
            int score = reach_score(open | row_reach(child, slots - length, c), want, target);
            if (!have || score > best_score) {
                have = 1; best_score = score; best_mask = piece; best_open = open;
                best_one = c_one; best_two = c_two; best_slots = slots - length;
            }
        }
        uint32_t s_one = one, s_two = two; /* or a copy of the lowest number left out */
        if (two & low) s_two = two & ~low; else s_one = one & ~low;
        const Row *kept = row_find(R, s_one, s_two);
        if (kept->kept[slots] == goal) {
            int score = reach_score(row_reach(kept, slots, c), want, target);
            if (!have || score > best_score) {
                have = 1; best_score = score; best_mask = 0; best_open = 0;
                best_one = s_one; best_two = s_two; best_slots = slots;
            }
        }
        if (!have) return -1;
        if (best_mask) {
            if (pieces == cap) return -1;
            masks[pieces] = best_mask;
            unfilled[pieces] = best_open;
            pieces++;
        }
        one = best_one; two = best_two; slots = best_slots;
    }
    return slots == 0 ? pieces : -1;
}

/* The rows of a choice of sets being split: their tables, the tables of the rows after each joined,
 * and the totals where the choice is optimal. */
typedef struct {
    Row rows[COLOURS];
    int colour[COLOURS], held;
    int8_t suffix[COLOURS + 1][ROW_SLOTS];
    int at[ROW_SLOTS], ats, top, slots, fill;
    uint64_t want, target;
    int fills[COLOURS], best_fills[COLOURS], best_score, best_used;
    uint64_t best_reach;
    struct Leaves *keep; /* where split_keep keeps the splits met */
} Split;

/* Every way for the rows from the j-th on to fill slots optimally (having used `used` slots and
 * kept `kept` tiles before), each met as a leaf: `leaf` (S, the slots used, the faces reached). */
typedef void (*LeafFn)(Split *S, int used, uint64_t reach);

static void split_walk(Split *S, int j, int used, int kept, uint64_t reach, LeafFn leaf) {
    if (j == S->held) {
        if (used < S->fill) reach |= (1ULL << 53) - 1; /* three slots or more left: a whole new piece */
        leaf(S, used, reach);
        return;
    }
    if (j >= COLOURS) return; /* cannot happen (held is at most COLOURS): a bound the compiler sees */
    for (int l = 0; l < S->slots; l++) {
        int v = S->rows[j].kept[l];
        if (v < 0) continue;
        int fits = 0;
        for (int a = 0; a < S->ats && !fits; a++) {
            int left = S->at[a] - used - l;
            fits = left >= 0 && S->suffix[j + 1][left] >= 0 && kept + v + S->suffix[j + 1][left] == S->top;
        }
        if (!fits) continue;
        S->fills[S->colour[j]] = l;
        split_walk(S, j + 1, used + l, kept + v, reach | row_reach(&S->rows[j], l, S->colour[j]), leaf);
    }
}

/* The best split by the faces reached: the first met of the best score. */
static void split_best(Split *S, int used, uint64_t reach) {
    int score = reach_score(reach, S->want, S->target);
    if (S->best_score < 0 || score > S->best_score) {
        S->best_score = score;
        S->best_used = used;
        S->best_reach = reach;
        memcpy(S->best_fills, S->fills, sizeof S->fills);
    }
}

/* The rows of an optimal choice of sets ready to be split (S's tables, top and totals). Returns -1
 * if the choice is not optimal. */
static int split_start(Hand *H, const Choice *k, Split *S) {
    int total = H->room - k->length, fill = total - k->flex;
    S->slots = total + 1;
    S->fill = fill;
    S->held = 0;
    for (int c = 0; c < COLOURS; c++) {
        S->fills[c] = 0;
        if (!k->one[c]) continue;
        row_solve(H->R, k->one[c], k->two[c], &S->rows[S->held]);
        S->colour[S->held++] = c;
    }
    memcpy(S->suffix[S->held], ROW_EMPTY, ROW_SLOTS);
    for (int j = S->held - 1; j >= 0; j--) {
        if (j == S->held - 1) memcpy(S->suffix[j], S->rows[j].kept, ROW_SLOTS);
        else row_join(S->rows[j].kept, S->suffix[j + 1], S->suffix[j], S->slots, 0);
    }
    S->top = ROW_NONE;
    for (int s = 0; s < S->slots; s++)
        if ((s >= fill || s <= total - 3) && S->suffix[0][s] > S->top) S->top = S->suffix[0][s];
    if (S->top < 0 || S->top + k->gain != H->best) return -1;
    S->ats = 0;
    for (int s = 0; s < S->slots; s++)
        if ((s >= fill || s <= total - 3) && S->suffix[0][s] == S->top) S->at[S->ats++] = s;
    return 0;
}

/* What choice_split answers, from the split chosen (its fills, slots used and faces reached). */
static void split_answer(const Choice *k, int room, const int8_t *best_fills, int used, uint64_t best_reach,
                         int *fills, int *extra, int *rest, uint64_t *reach) {
    int total = room - k->length, fill = total - k->flex;
    for (int c = 0; c < COLOURS; c++) fills[c] = best_fills[c];
    *reach = best_reach;
    if (used >= fill) {
        *extra = total - used;
        *rest = 0;
    } else {
        *extra = 0;
        *rest = total - used;
    }
}

/* The splits of the optimal choices of a hand, as met, for every walk of a certificate: a choice's
 * splits do not depend on the faces a walk wants, only which of them is best does. */
#define LEAF_POOL 2048
#define CHOICE_NOT_OPTIMAL (-1)
#define CHOICE_SPLIT_LIVE (-2) /* more splits than the pool holds: split at each walk */

typedef struct {
    uint64_t reach;
    int8_t used, fills[COLOURS];
} Leaf;

typedef struct Leaves {
    Leaf leaf[LEAF_POOL];
    int count, limit, first[MAX_CHOICES], size[MAX_CHOICES];
} Leaves;

/* Every split kept, in the order met (a leaf past the pool marks the overflow). */
static void split_keep(Split *S, int used, uint64_t reach) {
    Leaves *L = S->keep;
    if (L->count >= L->limit) {
        L->count = L->limit + 1;
        return;
    }
    Leaf *f = &L->leaf[L->count++];
    f->reach = reach;
    f->used = (int8_t)used;
    for (int c = 0; c < COLOURS; c++) f->fills[c] = (int8_t)S->fills[c];
}

/* Meet the splits of every optimal choice of H once, into L, and have H's walks use them. */
static void hand_leaves(Hand *H, Leaves *L) {
    L->count = 0;
    L->limit = H->R->leaf_limit;
    for (int j = 0; j < H->chosen; j++) {
        Split S;
        if (split_start(H, &H->choices[j], &S) < 0) {
            L->size[j] = CHOICE_NOT_OPTIMAL;
            continue;
        }
        int start = L->count;
        S.keep = L;
        split_walk(&S, 0, 0, 0, H->choices[j].unfilled, split_keep);
        if (L->count > L->limit) {
            L->count = start;
            L->size[j] = CHOICE_SPLIT_LIVE;
            continue;
        }
        L->first[j] = start;
        L->size[j] = L->count - start;
    }
    H->leaves = L;
}

/* For an optimal choice of sets: how many slots each row fills (*fills, by colour), the slots the
 * sets' flex takes (*extra) and the room left for a whole new piece (*rest), the split whose
 * optimal choices reach most of `want` (and `target` above all); the faces reached into *reach.
 * `j` is the choice's index in H->choices. Returns -1 if the choice is not optimal. */
static int choice_split(Hand *H, int j, uint64_t want, uint64_t target, int *fills, int *extra, int *rest,
                        uint64_t *reach) {
    const Choice *k = &H->choices[j];
    const Leaves *L = H->leaves;
    if (L && L->size[j] == CHOICE_NOT_OPTIMAL) return -1;
    if (L && L->size[j] >= 0) {
        const Leaf *best = NULL;
        int best_score = -1;
        for (int i = L->first[j]; i < L->first[j] + L->size[j]; i++) {
            int score = reach_score(L->leaf[i].reach, want, target);
            if (score > best_score) {
                best_score = score;
                best = &L->leaf[i];
            }
        }
        if (!best) return -1;
        split_answer(k, H->room, best->fills, best->used, best->reach, fills, extra, rest, reach);
        return 0;
    }
    Split S;
    if (split_start(H, k, &S) < 0) return -1;
    S.want = want;
    S.target = target;
    S.best_score = -1;
    split_walk(&S, 0, 0, 0, k->unfilled, split_best);
    if (S.best_score < 0) return -1;
    int8_t best_fills[COLOURS];
    for (int c = 0; c < COLOURS; c++) best_fills[c] = (int8_t)S.best_fills[c];
    split_answer(k, H->room, best_fills, S.best_used, S.best_reach, fills, extra, rest, reach);
    return 0;
}

/* A hand split into its colour rows, with the numbers where sets can be. */
/* A hand's answer emptied: nothing kept yet, its optimal choices to go to `choices`
 * (NULL: not recorded). The rows themselves are set apart (hand_start, hand_child). */
static void hand_reset(Hand *H, Rows *R, int room, Choice *choices) {
    H->R = R;
    H->room = room;
    H->best = -1;
    H->faces = H->spares = 0;
    H->depth = 0;
    H->choices = choices;
    H->chosen = 0;
    H->first = 0;
    H->met = 0;
    H->leaves = NULL;
    H->numbers = 0; /* hand_start lists them; a hand whose rows are set choice by choice has none */
}

static void hand_start(Hand *H, Rows *R, uint64_t one, uint64_t two, int room, Choice *choices) {
    hand_reset(H, R, room, choices);
    for (int c = 0; c < COLOURS; c++) {
        H->one[c] = (uint32_t)(one >> (c * NUMBERS)) & ROW_MASK;
        H->two[c] = (uint32_t)(two >> (c * NUMBERS)) & ROW_MASK;
    }
    H->numbers = 0;
    for (int n = 0; n < NUMBERS; n++) {
        int colours = 0;
        for (int c = 0; c < COLOURS; c++) colours |= (int)(H->one[c] >> n & 1) << c;
        H->held[n] = (uint8_t)colours;
        if (COLOUR_COUNT[colours] >= 2) H->number[H->numbers++] = n;
    }
}

/* The answer for a hand that is H less one copy of face `d`, from H's optimal choices, where `d` is
 * one of H's spares (so the hand without it keeps as many): every optimal choice of the smaller
 * hand is an optimal choice of H with d taken out of its colour row (a choice whose sets hold the
 * only copy of d is not one of its choices), so only those are joined again. H was solved by
 * hand_solve in two passes; C is any Hand, which this fills (with the smaller hand's optimal choices
 * in `choices`, as hand_solve records them, where it is not NULL). Returns the count kept with the faces
 * (every face with ANY_FACE, as `answer` gives them) and spares; CHILD_UNKNOWN where H's choices do
 * not tell (its first pass overflowed), CHILD_FEWER where no choice keeps as many (d was not a
 * spare): the caller then asks the cover as usual. */
#define CHILD_UNKNOWN (-1)
#define CHILD_FEWER (-2)
static int hand_child(const Hand *H, Hand *C, int d, Choice *choices, uint64_t *faces_out, uint64_t *spares_out) {
    if (H->overflow || H->best < 0 || d < 0 || d >= COLOURS * NUMBERS) return CHILD_UNKNOWN;
    int colour = d / NUMBERS;
    uint32_t bit = 1u << (d % NUMBERS);
    hand_reset(C, H->R, H->room, choices);
    C->best = H->best;
    for (int j = 0; j < H->pending; j++) {
        const Choice *k = &H->pend[j];
        if (k->kept != H->best || !(k->one[colour] & bit)) continue;
        memcpy(C->one, k->one, sizeof C->one);
        memcpy(C->two, k->two, sizeof C->two);
        if (C->two[colour] & bit) C->two[colour] &= ~bit;
        else C->one[colour] &= ~bit;
        memcpy(C->stack, k->pick, sizeof(Pick) * (size_t)k->picks);
        C->depth = k->picks;
        hand_close(C, k->length, k->flex, k->gain, k->unfilled);
    }
    if (!C->met || C->best != H->best) return CHILD_FEWER;
    *faces_out = (C->faces & ANY_FACE) ? EVERY_FACE : C->faces;
    *spares_out = C->spares;
    return C->best;
}

/* The picks `pick[0..picks)` applied to the rows (one, two) as hand_sets applies them (set_take),
 * into *k (the choice's rows, slots, flex, tiles taken and unfilled faces). */
static void choice_of_picks(const uint32_t *one, const uint32_t *two, const Pick *pick, int picks, Choice *k) {
    memcpy(k->one, one, sizeof k->one);
    memcpy(k->two, two, sizeof k->two);
    memcpy(k->pick, pick, sizeof(Pick) * (size_t)picks);
    k->picks = picks;
    k->length = k->flex = k->gain = 0;
    k->unfilled = 0;
    for (int p = 0; p < picks; p++) {
        int n = pick[p].n, taken = pick[p].taken, slots = pick[p].slots, size = COLOUR_COUNT[taken];
        k->unfilled |= set_take(k->one, k->two, NULL, n, taken, slots);
        k->length += slots;
        k->flex += size == 2;
        k->gain += size;
    }
}

/* The order hand_sets meets the sets of one level in: by number, then the colours taken from the
 * most (as bits) down, then the slots up. */
static inline int pick_order(const Pick *p) { return p->n * 256 + (15 - p->taken) * 8 + p->slots; }

static inline int pick_same(const Pick *a, const Pick *b) {
    return a->n == b->n && a->taken == b->taken && a->slots == b->slots;
}

/* Where hand_sets closes choice a against choice b (both with their picks in hand_sets' order):
 * negative when a comes first. It closes a choice after every choice that extends it, and the
 * extensions of one set before those of a set it meets later. */
static int choice_order(const Choice *a, const Choice *b) {
    int common = a->picks < b->picks ? a->picks : b->picks;
    for (int p = 0; p < common; p++)
        if (!pick_same(&a->pick[p], &b->pick[p])) return pick_order(&a->pick[p]) - pick_order(&b->pick[p]);
    return b->picks - a->picks;
}

/* A pick put among the picks of a choice where hand_sets has it: the numbers up, and at one number
 * the codes (colours taken, slots) down. Returns the new count, or -1 when the choice has no room. */
static int picks_insert(Pick *pick, int picks, Pick add) {
    if (picks >= MAX_PICKS) return -1;
    int code = add.taken << 1 | (add.slots - 3), at = picks;
    while (at > 0 && (pick[at - 1].n > add.n ||
                      (pick[at - 1].n == add.n && (pick[at - 1].taken << 1 | (pick[at - 1].slots - 3)) < code))) {
        pick[at] = pick[at - 1];
        at--;
    }
    pick[at] = add;
    return picks + 1;
}

/* The candidates hand_grow closes: more than this many and it leaves the hand to hand_solve. */
#define GROW_CANDIDATES 256

/* The answer for the hand that is H plus one copy of face `y`, where y is one of H's unfilled faces
 * (so the hand with it keeps one tile more), from H's optimal choices: an optimal choice of the
 * bigger hand less y is an optimal choice of H, with y in a colour row (the same sets), or in a set
 * that is one of H's sets and y's colour (a set of two takes 3 or 4 slots as three), or in a new set
 * of two with a tile of H's rows at y's number. Those candidates are closed again, in the order
 * hand_solve meets them (choice_order), into P, which this fills as hand_solve does (P->pend: the
 * optimal choices, in that order, for hand_child). Returns the count kept, with the faces (every
 * face with ANY_FACE) and spares; CHILD_UNKNOWN where H does not tell (its first pass overflowed,
 * y is not one of its faces or has two copies, or the candidates are too many): the caller then
 * solves the hand as usual. */
static int hand_grow(const Hand *H, Hand *P, int y, uint64_t *faces_out, uint64_t *spares_out) {
    if (H->overflow || H->best < 0 || y < 0 || y >= COLOURS * NUMBERS) return CHILD_UNKNOWN;
    int cy = y / NUMBERS, ny = y % NUMBERS;
    uint32_t bit = 1u << ny;
    if ((H->two[cy] & bit) || !((H->faces & ANY_FACE) || (H->faces >> y & 1))) return CHILD_UNKNOWN;
    uint32_t hand_one[COLOURS], hand_two[COLOURS]; /* the rows of the bigger hand */
    memcpy(hand_one, H->one, sizeof hand_one);
    memcpy(hand_two, H->two, sizeof hand_two);
    if (hand_one[cy] & bit) hand_two[cy] |= bit;
    else hand_one[cy] |= bit;
    Choice cand[GROW_CANDIDATES];
    int count = 0;
    for (int j = 0; j < H->pending; j++) {
        const Choice *k = &H->pend[j];
        if (k->kept != H->best) continue;
        /* the hand's rows under k's sets: y goes to a row, to one of k's sets, or to a new set */
        const uint32_t *rows_one = k->one;
        Pick pick[MAX_PICKS + 1];
        if (count + 8 > GROW_CANDIDATES) return CHILD_UNKNOWN;
        cand[count] = *k; /* y in its colour row */
        if (rows_one[cy] & bit) cand[count].two[cy] |= bit;
        else cand[count].one[cy] |= bit;
        count++;
        for (int p = 0; p < k->picks; p++) {
            const Pick *q = &k->pick[p];
            if (q->n != ny || (q->taken >> cy & 1)) continue;
            int size = COLOUR_COUNT[q->taken];
            for (int slots = size == 2 ? 3 : 4; slots <= 4; slots++) {
                memcpy(pick, k->pick, sizeof(Pick) * (size_t)k->picks);
                int picks = k->picks - 1;
                memmove(&pick[p], &pick[p + 1], sizeof(Pick) * (size_t)(picks - p));
                Pick add = {(int8_t)ny, (int8_t)(q->taken | 1 << cy), (int8_t)slots};
                picks = picks_insert(pick, picks, add);
                choice_of_picks(hand_one, hand_two, pick, picks, &cand[count]);
                if (cand[count].length <= H->room) count++;
            }
        }
        for (int c = 0; c < COLOURS; c++) {
            if (c == cy || !(rows_one[c] & bit)) continue;
            memcpy(pick, k->pick, sizeof(Pick) * (size_t)k->picks);
            Pick add = {(int8_t)ny, (int8_t)(1 << cy | 1 << c), 3};
            int picks = picks_insert(pick, k->picks, add);
            if (picks < 0) continue;
            choice_of_picks(hand_one, hand_two, pick, picks, &cand[count]);
            if (cand[count].length <= H->room) count++;
        }
    }
    /* in hand_solve's order (insertion sort of their indices: they are few), each choice once */
    uint16_t order[GROW_CANDIDATES];
    for (int i = 0; i < count; i++) {
        int j = i;
        while (j > 0 && choice_order(&cand[order[j - 1]], &cand[i]) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = (uint16_t)i;
    }
    /* P's rows are set choice by choice (its numbers, which only hand_sets reads, are not needed) */
    hand_reset(P, H->R, H->room, NULL);
    P->best = H->best + 1;
    P->pending = P->overflow = 0;
    for (int i = 0; i < count; i++) {
        const Choice *k = &cand[order[i]];
        if (i > 0 && choice_order(&cand[order[i - 1]], k) == 0) continue;
        memcpy(P->one, k->one, sizeof P->one);
        memcpy(P->two, k->two, sizeof P->two);
        memcpy(P->stack, k->pick, sizeof(Pick) * (size_t)k->picks);
        P->depth = k->picks;
        int met = P->met;
        hand_close(P, k->length, k->flex, k->gain, k->unfilled);
        if (P->met == met) continue;
        if (P->pending == P->R->pending_limit) return CHILD_UNKNOWN;
        P->pend[P->pending] = *k;
        P->pend[P->pending++].kept = P->best;
    }
    memcpy(P->one, hand_one, sizeof P->one);
    memcpy(P->two, hand_two, sizeof P->two);
    P->depth = 0;
    if (!P->met || P->best != H->best + 1) return CHILD_UNKNOWN;
    *faces_out = (P->faces & ANY_FACE) ? EVERY_FACE : P->faces;
    *spares_out = P->spares;
    return P->best;
}

/* A hand solved, and one of its children at a time answered from its choices (with the child's
 * optimal choices, for its certificate): hand_child's scratch, on the heap (it is large). */
typedef struct Family {
    Hand hand, child;
    Hand fresh; /* a hand solved for its facts alone (not one of kept_of's) */
    Choice choices[MAX_CHOICES];
} Family;

/* best_spares by rows, the last answer of each hand slot kept, with H left as solved for hand_child:
 * *solved is 0 when the answer was one of those kept (H was not solved: hand_child cannot be asked),
 * else 1. `known` as for hand_solve. Only when rows_fit(R, room). */
static int rows_best_spares_kept(Rows *R, uint64_t one, uint64_t two, int room, int known, Hand *H,
                                 uint64_t *faces_out, uint64_t *spares_out, int *solved) {
    uint64_t key_two = (two | (uint64_t)room << 56) + 1;
    uint64_t h = (one * 0x9E3779B97F4A7C15ULL) ^ (key_two * 0xC2B2AE3D27D4EB4FULL);
    Answer *a = &R->answers[(h ^ (h >> 31)) & (ANSWERS_SIZE - 1)];
    if (a->one == one && a->two == key_two) {
        *faces_out = a->faces;
        *spares_out = a->spares;
        *solved = 0;
        return a->kept;
    }
    hand_start(H, R, one, two, room, NULL);
    hand_solve(H, known);
    a->one = one;
    a->two = key_two;
    a->faces = *faces_out = H->faces;
    a->spares = *spares_out = H->spares;
    *solved = 1;
    return a->kept = H->best < 0 ? -1000 : H->best;
}

/* Rooms 1 and 2 hold no piece: the programme answers them (its spares there are every face held). */
static inline int rows_fit(const Rows *R, int room) { return R->usable && room < ROW_SLOTS && (room == 0 || room >= 3); }

#endif
