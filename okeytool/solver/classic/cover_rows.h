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
 *    (slots left over are none, or three or more for a whole new piece: ANY_FACE).
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
#define ROWS_BITS 16
#define ROWS_SIZE (1u << ROWS_BITS)
#define ROWS_FILL (ROWS_SIZE / 2)

/* A solved colour row: for each count of slots filled, the tiles kept (ROW_NONE: no choice fills
 * exactly that many) and the three masks of numbers. */
typedef struct {
    uint32_t key; /* one | two << 13, plus one; 0 marks an empty entry */
    int8_t most;  /* the largest kept over every count of slots */
    int8_t kept[ROW_SLOTS];
    uint16_t unfilled[ROW_SLOTS], lone[ROW_SLOTS], spares[ROW_SLOTS];
} Row;

/* A hand answered (direct-mapped: a new hand takes the place of the one before it there). */
typedef struct {
    uint64_t one, two; /* two carries the room in its top bits, plus one so that 0 marks empty */
    uint64_t faces, spares;
    int kept;
} Answer;

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
} Rows;

static inline uint32_t row_slot(uint32_t key) {
    uint32_t h = key * 0x9E3779B1u;
    return (h ^ (h >> 15)) & (ROWS_SIZE - 1);
}

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

/* Sixteen counts at once (the compiler's vector extension: one instruction a step where the target
 * has them, plain code where not). */
typedef int8_t Counts __attribute__((vector_size(ROW_SLOTS)));

/* max-plus: out[s] = max over a + b = s of x[a] + y[b] (negative: no choice fills s slots), for
 * s < slots; entries from `slots` on are left unspecified. */
static inline void row_join(const int8_t *x, const int8_t *y, int8_t *out, int slots) {
    int8_t shifted[2 * ROW_SLOTS]; /* y after ROW_SLOTS entries of none: y moved right by a is at 16 - a */
    memset(shifted, ROW_NONE, ROW_SLOTS);
    memcpy(shifted + ROW_SLOTS, y, ROW_SLOTS);
    Counts best, none;
    memset(&none, ROW_NONE, sizeof none);
    best = none;
    for (int a = 0; a < slots; a++) {
        if (x[a] < 0) continue;
        Counts moved;
        memcpy(&moved, shifted + ROW_SLOTS - a, sizeof moved);
        Counts v = moved + x[a]; /* at most 30, at least ROW_NONE: no overflow */
        Counts more = v > best;
        best = (v & more) | (best & ~more);
    }
    memcpy(out, &best, ROW_SLOTS);
}

#define HAND_ROWS 8

/* The answer being built for one hand. */
typedef struct {
    Rows *R;
    int room;
    uint32_t one[COLOURS], two[COLOURS]; /* the rows still held, less the sets chosen so far */
    int number[NUMBERS], numbers;        /* the numbers held in two colours or more */
    Row seen[COLOURS][HAND_ROWS];        /* the rows this hand met, for each colour (few: the sets */
    int seen_count[COLOURS];             /* change a colour's row only at those numbers) */
    int best;
    uint64_t faces, spares;
} Hand;

static const int8_t ROW_EMPTY[ROW_SLOTS] = {0, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE,
                                            ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE, ROW_NONE};

/* The number n in every colour but c, as face bits (colour-major faces: c * 13 + n). */
static inline uint64_t others_at(int n, int c) {
    uint64_t all = (1ULL << n) | (1ULL << (n + 13)) | (1ULL << (n + 26)) | (1ULL << (n + 39));
    return all & ~(1ULL << (c * NUMBERS + n));
}

/* One choice of sets, taking `gain` tiles in `length` slots plus 0..`flex` more (a set that takes two
 * tiles has 3 or 4 slots and the same unfilled faces either way), with unfilled faces `unfilled`:
 * combine the four rows and fold the choice's optimal answers into the hand's. */
static void hand_close(Hand *H, int length, int flex, int gain, uint64_t unfilled) {
    int total = H->room - length; /* the most slots the rows may fill */
    if (gain + total < H->best) return; /* the rows cannot keep more tiles than they have slots */
    const Row *rows[COLOURS];
    Row spare[COLOURS];
    int colour[COLOURS], held = 0; /* the rows with tiles (an empty row fills no slot, adds nothing) */
    int most[COLOURS + 1];         /* most[k]: the most the rows from the k-th on keep, room aside */
    for (int c = 0; c < COLOURS; c++) {
        if (!H->one[c]) continue;
        uint32_t key = (H->one[c] | H->two[c] << NUMBERS) + 1;
        int j = 0;
        while (j < H->seen_count[c] && H->seen[c][j].key != key) j++;
        if (j < H->seen_count[c]) {
            rows[held] = &H->seen[c][j];
        } else if (j < HAND_ROWS) {
            row_solve(H->R, H->one[c], H->two[c], &H->seen[c][j]);
            H->seen_count[c]++;
            rows[held] = &H->seen[c][j];
        } else {
            row_solve(H->R, H->one[c], H->two[c], &spare[held]);
            rows[held] = &spare[held];
        }
        colour[held++] = c;
    }
    most[held] = 0;
    for (int k = held - 1; k >= 0; k--) most[k] = most[k + 1] + rows[k]->most;
    if (gain + most[0] < H->best) return;
    /* rows filling s slots: the sets' extra slots take up to `flex` of the room, and what is left
     * over is none or a whole new piece (three or more) */
    int slots = total + 1, fill = total - flex;
    /* prefix[k]: the first k rows joined; suffix[k]: the rows from the k-th on */
    int8_t prefix[COLOURS + 1][ROW_SLOTS], suffix[COLOURS + 1][ROW_SLOTS];
    memcpy(prefix[0], ROW_EMPTY, ROW_SLOTS);
    for (int k = 0; k < held; k++) {
        if (k == 0) memcpy(prefix[1], rows[0]->kept, ROW_SLOTS);
        else row_join(prefix[k], rows[k]->kept, prefix[k + 1], slots);
        int high = ROW_NONE;
        for (int s = 0; s < slots; s++)
            if (prefix[k + 1][s] > high) high = prefix[k + 1][s];
        if (high < 0 || gain + high + most[k + 1] < H->best) return;
    }
    const int8_t *all = prefix[held];
    int top = ROW_NONE;
    for (int s = 0; s < slots; s++)
        if ((s >= fill || s <= total - 3) && all[s] > top) top = all[s];
    if (top < 0 || top + gain < H->best) return;
    if (top + gain > H->best) { H->best = top + gain; H->faces = 0; H->spares = 0; }
    H->faces |= unfilled;
    for (int s = 0; s <= total - 3; s++)
        if (all[s] == top) H->faces |= 1ULL << 52; /* room left for a whole new piece */
    /* the slot totals where this choice is optimal */
    int at[ROW_SLOTS], ats = 0;
    for (int s = 0; s < slots; s++)
        if ((s >= fill || s <= total - 3) && all[s] == top) at[ats++] = s;
    memcpy(suffix[held], ROW_EMPTY, ROW_SLOTS);
    for (int k = held - 1; k > 0; k--) {
        if (k == held - 1) memcpy(suffix[k], rows[k]->kept, ROW_SLOTS);
        else row_join(rows[k]->kept, suffix[k + 1], suffix[k], slots);
    }
    for (int k = 0; k < held; k++) {
        /* row k filling l slots is part of an optimal choice when, at some optimal total s, the
         * other rows filling s - l slots keep the rest (they cannot keep more there) */
        int8_t joined[ROW_SLOTS], rest[ROW_SLOTS];
        const int8_t *others = k == 0 ? suffix[1] : k == held - 1 ? prefix[k] : joined;
        if (others == joined) row_join(prefix[k], suffix[k + 1], joined, slots);
        memset(rest, ROW_NONE, sizeof rest);
        for (int j = 0; j < ats; j++)
            for (int l = 0; l <= at[j]; l++)
                if (others[at[j] - l] > rest[l]) rest[l] = others[at[j] - l];
        const Row *row = rows[k];
        int c = colour[k];
        for (int l = 0; l < slots; l++) {
            if (row->kept[l] < 0 || rest[l] < 0 || row->kept[l] + rest[l] != top) continue;
            H->faces |= (uint64_t)row->unfilled[l] << (c * NUMBERS);
            H->spares |= (uint64_t)row->spares[l] << (c * NUMBERS);
            for (uint32_t lone = row->lone[l]; lone; lone &= lone - 1) H->faces |= others_at(__builtin_ctz(lone), c);
        }
    }
}

/* The choices of sets taking two or more tiles at the numbers from H->numbers[i] on (at most one
 * more set at that number whose code is at most `below`, so that each collection of sets at a
 * number is tried once). */
static void hand_sets(Hand *H, int i, int below, int length, int flex, int gain, uint64_t unfilled) {
    if (H->room - (length - gain) < H->best) return; /* each set's unfilled slots stay unfilled */
    for (; i < H->numbers; i++, below = 1 << 6) {
        int n = H->number[i];
        uint32_t bit = 1u << n;
        int held = 0;
        for (int c = 0; c < COLOURS; c++) held |= (int)((H->one[c] >> n) & 1) << c;
        if (row_pop((uint32_t)held) < 2) continue;
        /* a set at n: the colours it takes (two or more of those held), and its slots: 3 or 4 for
         * three colours (they differ in the face left open), 3 and maybe one more for two */
        for (int taken = held; taken; taken = (taken - 1) & held) {
            int size = row_pop((uint32_t)taken);
            if (size < 2) continue;
            for (int slots = size < 3 ? 3 : size; slots <= (size == 3 ? 4 : size < 3 ? 3 : 4); slots++) {
                int code = taken << 1 | (slots - 3);
                if (code > below || length + slots > H->room) continue;
                uint32_t one[COLOURS], two[COLOURS];
                memcpy(one, H->one, sizeof one);
                memcpy(two, H->two, sizeof two);
                uint64_t open = 0;
                for (int c = 0; c < COLOURS; c++) {
                    if (taken >> c & 1) {
                        if (H->two[c] & bit) H->two[c] &= ~bit;
                        else H->one[c] &= ~bit;
                    } else if (slots > size || size == 2) {
                        open |= 1ULL << (c * NUMBERS + n);
                    }
                }
                hand_sets(H, i, code, length + slots, flex + (size == 2), gain + size, unfilled | open);
                memcpy(H->one, one, sizeof one);
                memcpy(H->two, two, sizeof two);
            }
        }
    }
    hand_close(H, length, flex, gain, unfilled);
}

/* best_spares by rows: the same (kept, faces, spares). Only when rows_fit(R, room). */
static int rows_best_spares(Rows *R, uint64_t one, uint64_t two, int room, uint64_t *faces_out,
                            uint64_t *spares_out) {
    uint64_t key_two = (two | (uint64_t)room << 56) + 1;
    uint64_t h = (one * 0x9E3779B97F4A7C15ULL) ^ (key_two * 0xC2B2AE3D27D4EB4FULL);
    Answer *a = &R->answers[(h ^ (h >> 31)) & (ANSWERS_SIZE - 1)];
    if (a->one == one && a->two == key_two) {
        *faces_out = a->faces;
        *spares_out = a->spares;
        return a->kept;
    }
    Hand H;
    H.R = R;
    H.room = room;
    for (int c = 0; c < COLOURS; c++) {
        H.one[c] = (uint32_t)(one >> (c * NUMBERS)) & ROW_MASK;
        H.two[c] = (uint32_t)(two >> (c * NUMBERS)) & ROW_MASK;
    }
    H.numbers = 0;
    for (int n = 0; n < NUMBERS; n++) {
        int colours = 0;
        for (int c = 0; c < COLOURS; c++) colours += (int)(H.one[c] >> n & 1);
        if (colours >= 2) H.number[H.numbers++] = n;
    }
    memset(H.seen_count, 0, sizeof H.seen_count);
    H.best = -1;
    H.faces = H.spares = 0;
    hand_sets(&H, 0, 1 << 6, 0, 0, 0, 0);
    a->one = one;
    a->two = key_two;
    a->faces = *faces_out = H.faces;
    a->spares = *spares_out = H.spares;
    return a->kept = H.best < 0 ? -1000 : H.best;
}

static inline int rows_fit(const Rows *R, int room) { return R->usable && room < ROW_SLOTS; }

#endif
