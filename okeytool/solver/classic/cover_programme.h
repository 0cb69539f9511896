/*
 * The cover programme of okeytool.solver.classic.cover in C, shared by the compiled modules that
 * use it (_cover.c gives it to Python, _chance.c calls it from the chance recursion): the same
 * recursion, the same pruning, the same answers as the Python programme (the tests hold them together).
 *
 * Faces are bits 0..51 of a 64-bit mask; bit 52 of an answer mask means "any face" (a whole new
 * piece is part of an optimal choice). A Programme holds, for each of the 52 faces, the (mask,
 * length) of the candidate pieces containing it, and its solved states in an open-addressing table
 * that is emptied when it fills up. Every function is static: each module has its own copy and its
 * own table.
 */
#ifndef OKEYTOOL_COVER_PROGRAMME_H
#define OKEYTOOL_COVER_PROGRAMME_H

#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "cover_rows.h"

#define FACES 52
#define MAX_OPTIONS 32
#define MIN_PIECE 3
#define IMPOSSIBLE (-1000)
#define MEMO_BITS 20
#define MEMO_SIZE (1u << MEMO_BITS)
#define MEMO_FILL (MEMO_SIZE / 2)
#define ROOM_SHIFT 56
#define KEPT_SHIFT 53
#define KEPT_BIAS 1024
#define FACE_BITS ((1ULL << KEPT_SHIFT) - 1)

/* A solved state in 32 bytes, two to a cache line: the key (`one` with the room above the faces,
 * and `two`; a key of 0 marks an empty entry, as a state with no face held is never stored), the
 * unfilled faces with the count kept (biased, so that IMPOSSIBLE fits) above them, and the spares. */
typedef struct {
    uint64_t key, two;
    uint64_t faces_kept;
    uint64_t spares; /* the faces a copy of which some optimal choice leaves out of the pieces */
} Entry;

typedef struct {
    uint64_t masks[FACES][MAX_OPTIONS];
    int lengths[FACES][MAX_OPTIONS];
    int count[FACES];
    Entry *memo;
    uint32_t used;
    Rows rows; /* the same answers by colour rows, where the pieces allow (cover_rows.h) */
} Programme;

/* Changes whenever the layout of Programme, Entry, Row or Table or the table's size changes (the
 * version by hand, the sizes by themselves): _cover exports it as LAYOUT and _chance refuses to load
 * beside a _cover built from another version of this header (it indexes the table _cover allocated). */
#define PROGRAMME_LAYOUT                                                                                   \
    (7 * 10000000 + MEMO_BITS * 100000 + (int)sizeof(Entry) * 1000 + (int)((sizeof(Programme) + sizeof(Row)) % 1000))

/* The Python object of _cover.c (okeytool.solver.classic._cover.Table): a programme. _chance.c
 * solves on the table of a Table it is given, so that both share one set of solved states. */
typedef struct {
    PyObject_HEAD
    Programme prog;
} Table;

static inline uint32_t slot_of(uint64_t one, uint64_t two, int room) {
    uint64_t h = one * 0x9E3779B97F4A7C15ULL ^ (two + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)room * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return (uint32_t)(h & (MEMO_SIZE - 1));
}

static void clear_memo(Programme *t) {
    memset(t->memo, 0, sizeof(Entry) * MEMO_SIZE);
    t->used = 0;
}

static inline uint64_t key_of(uint64_t one, int room) { return one | (uint64_t)room << ROOM_SHIFT; }

/* The most tiles of the hand (one, two) that `room` slots of pieces hold; the unfilled-slot faces
 * of every optimal choice into *faces_out, and the faces some optimal choice leaves a copy of out
 * into *spares_out (a hand of room + 1 tiles loses a tile of those faces without losing a kept one). */
static int best_spares(Programme *t, uint64_t one, uint64_t two, int room, uint64_t *faces_out,
                       uint64_t *spares_out) {
    *spares_out = 0;
    if (!one) {
        if (room == 0) { *faces_out = 0; return 0; }
        if (room >= MIN_PIECE) { *faces_out = ANY_FACE; return 0; }
        *faces_out = 0;
        return IMPOSSIBLE;
    }
    uint64_t key = key_of(one, room);
    uint32_t k = slot_of(one, two, room);
    for (;;) {
        Entry *e = &t->memo[k];
        if (!e->key) break;
        if (e->key == key && e->two == two) {
            *faces_out = e->faces_kept & FACE_BITS;
            *spares_out = e->spares;
            return (int)(e->faces_kept >> KEPT_SHIFT) - KEPT_BIAS;
        }
        k = (k + 1) & (MEMO_SIZE - 1);
    }
    uint64_t low = one & (~one + 1);
    int face = __builtin_ctzll(one);
    int held = popcount64(one) + popcount64(two);

    uint64_t g_taken[MAX_OPTIONS], g_unfilled[MAX_OPTIONS];
    int g_len[MAX_OPTIONS], groups = 0;
    for (int i = 0; i < t->count[face]; i++) {
        int length = t->lengths[face][i];
        if (length > room) continue;
        uint64_t mask = t->masks[face][i];
        uint64_t taken = mask & one;
        int g = 0;
        while (g < groups && !(g_taken[g] == taken && g_len[g] == length)) g++;
        if (g == groups) { g_taken[g] = taken; g_len[g] = length; g_unfilled[g] = 0; groups++; }
        g_unfilled[g] |= mask & ~one;
    }
    /* The children's entries lie far apart in a table larger than the caches: ask for them all at
     * once, so that their loads overlap instead of waiting one after another. */
    for (int g = 0; g < groups; g++) {
        uint64_t taken = g_taken[g];
        __builtin_prefetch(&t->memo[slot_of((one & ~taken) | (two & taken), two & ~taken, room - g_len[g])]);
    }
    __builtin_prefetch(&t->memo[(two & low) ? slot_of(one, two & ~low, room) : slot_of(one & ~low, two, room)]);
    int bestv = IMPOSSIBLE;
    uint64_t faces = 0, spares = 0, more, more_spares;
    for (int g = 0; g < groups; g++) {
        uint64_t taken = g_taken[g];
        int length = g_len[g];
        int gain = popcount64(taken);
        int rest = room - length < held - gain ? room - length : held - gain;
        if (gain + rest < bestv) continue;
        int value = best_spares(t, (one & ~taken) | (two & taken), two & ~taken, room - length, &more,
                                &more_spares) + gain;
        if (value > bestv) { bestv = value; faces = more | g_unfilled[g]; spares = more_spares; }
        else if (value == bestv) { faces |= more | g_unfilled[g]; spares |= more_spares; }
    }
    int bound = room < held - 1 ? room : held - 1;
    if (bound >= bestv) {
        int value = (two & low) ? best_spares(t, one, two & ~low, room, &more, &more_spares)
                                : best_spares(t, one & ~low, two, room, &more, &more_spares);
        if (value > bestv) { bestv = value; faces = more; spares = more_spares | low; }
        else if (value == bestv) { faces |= more; spares |= more_spares | low; }
    }
    if (t->used >= MEMO_FILL) clear_memo(t);
    k = slot_of(one, two, room);
    while (t->memo[k].key) k = (k + 1) & (MEMO_SIZE - 1);
    t->memo[k].key = key;
    t->memo[k].two = two;
    t->memo[k].faces_kept = faces | (uint64_t)(bestv + KEPT_BIAS) << KEPT_SHIFT;
    t->memo[k].spares = spares;
    t->used++;
    *faces_out = faces;
    *spares_out = spares;
    return bestv;
}

/* best_spares without the spares: MeldCover._best. */
static inline int best(Programme *t, uint64_t one, uint64_t two, int room, uint64_t *faces_out) {
    uint64_t spares;
    return best_spares(t, one, two, room, faces_out, &spares);
}

#define MAX_PIECES 16
#define SUPPLY_WILDS 2

/* One optimal layout from (one, two, room), preferring choices that reach faces of `want` (and most
 * of all `target`): MeldCover._walk. Fills the piece masks and unfilled masks; returns the piece count
 * and the slots left for new pieces in *rest. */
static inline int walk(Programme *t, uint64_t one, uint64_t two, int room, uint64_t want, uint64_t target,
                uint64_t *piece_masks, uint64_t *piece_unfilled, int *rest) {
    int pieces = 0;
    uint64_t more;
    while (one) {
        int goal = best(t, one, two, room, &more);
        uint64_t low = one & (~one + 1);
        int face = __builtin_ctzll(one);
        int held = popcount64(one) + popcount64(two);
        int have = 0, choice_score = 0, choice_room = 0;
        uint64_t choice_mask = 0, choice_one = 0, choice_two = 0;
        for (int i = 0; i < t->count[face]; i++) {
            int length = t->lengths[face][i];
            if (length > room) continue;
            uint64_t mask = t->masks[face][i];
            uint64_t taken = mask & one;
            int gain = popcount64(taken);
            int bound = room - length < held - gain ? room - length : held - gain;
            if (gain + bound < goal) continue;
            uint64_t c_one = (one & ~taken) | (two & taken), c_two = two & ~taken;
            int value = best(t, c_one, c_two, room - length, &more);
            if (value + gain != goal) continue;
            uint64_t reach = more | (mask & ~one);
            int score = popcount64(reach & want) + ((reach & target) ? 64 : 0);
            if (!have || score > choice_score) {
                have = 1; choice_score = score; choice_mask = mask;
                choice_one = c_one; choice_two = c_two; choice_room = room - length;
            }
        }
        uint64_t c_one = one, c_two = two;
        if (two & low) c_two = two & ~low; else c_one = one & ~low;
        int value = best(t, c_one, c_two, room, &more);
        if (value == goal) {
            int score = popcount64(more & want) + ((more & target) ? 64 : 0);
            if (!have || score > choice_score) {
                have = 1; choice_score = score; choice_mask = 0;
                choice_one = c_one; choice_two = c_two; choice_room = room;
            }
        }
        if (!have) return -1; /* cannot happen: the optimum is reached by some choice */
        if (choice_mask) {
            if (pieces == MAX_PIECES) return -1;
            piece_masks[pieces] = choice_mask;
            piece_unfilled[pieces] = choice_mask & ~one;
            pieces++;
        }
        one = choice_one; two = choice_two; room = choice_room;
    }
    *rest = room;
    return pieces;
}

/* True if the pieces use no face more often than it exists, beyond the two wilds: _fits_supply. */
static inline int fits_supply(const uint64_t *piece_masks, int pieces, const int *supply) {
    int slots[FACES] = {0};
    int excess = 0;
    for (int p = 0; p < pieces; p++) {
        uint64_t mask = piece_masks[p];
        while (mask) {
            int face = __builtin_ctzll(mask);
            mask &= mask - 1;
            if (++slots[face] > supply[face]) excess++;
        }
    }
    return excess <= SUPPLY_WILDS;
}

/* Whether every optimal layout of the hand (one, two) fits the supply (fits_supply), so that its walks
 * can be spared: `unfilled` is the room less the tiles kept, `faces` the unfilled faces of its optimal
 * choices (as `answer` gives them). A layout holds a face at most as often as the hand does, plus its
 * unfilled slots there; those are at most `unfilled`, all at faces of `faces`. So its excess is at most
 * the hand's own beyond the supply, plus `unfilled` less the fewest copies any face of `faces` has left
 * beyond the hand's (all its unfilled slots at that face: no placement exceeds more). Within
 * SUPPLY_WILDS, every optimal layout is realisable and shows its faces, so every face of `faces` is
 * shown. Not with ANY_FACE: the faces are then not known one by one. */
static inline int layouts_fit(uint64_t one, uint64_t two, int unfilled, uint64_t faces, const int *supply) {
    if (faces & ANY_FACE || unfilled < 0) return 0;
    int excess = 0, left = unfilled;
    for (uint64_t f = one; f; f &= f - 1) {
        int x = __builtin_ctzll(f);
        int over = 1 + (int)(two >> x & 1) - supply[x];
        if (over > 0) excess += over;
    }
    for (uint64_t f = faces; f; f &= f - 1) {
        int x = __builtin_ctzll(f);
        int spare = supply[x] - (int)(one >> x & 1) - (int)(two >> x & 1);
        if (spare < left) left = spare;
    }
    if (left < 0) left = 0;
    return excess + unfilled - left <= SUPPLY_WILDS;
}

#define CERTIFY_FAILED (-2000)

/* One optimal layout from `from`, preferring choices that reach faces of `want` (and most of all
 * `target`): the pieces' masks and unfilled faces, the slots left for new pieces in *rest; the piece
 * count, or -1 (no optimal choice found: cannot happen). */
typedef int (*Walk)(void *from, uint64_t want, uint64_t target, uint64_t *piece_masks, uint64_t *piece_unfilled,
                    int *rest);

/* The walks of a certificate over the best count's `faces`: each aims at the lowest face still
 * wanted; a layout within the supply makes the best count realisable and vouches for its unfilled
 * faces (*shown, within `faces`). 0, or CERTIFY_FAILED if a walk failed. */
static inline int certify_walks(Walk walk_from, void *from, uint64_t faces, const int *supply, int walks,
                                int *realisable, uint64_t *shown_out) {
    uint64_t want = faces, shown = 0;
    uint64_t masks[MAX_PIECES], unfilled[MAX_PIECES];
    *realisable = 0;
    for (int w = 0; w < walks; w++) {
        if (!want && w) break;
        uint64_t target = want & (~want + 1);
        int rest = 0;
        int pieces = walk_from(from, want, target, masks, unfilled, &rest);
        if (pieces < 0) return CERTIFY_FAILED;
        uint64_t got = rest >= MIN_PIECE ? EVERY_FACE : 0;
        for (int p = 0; p < pieces; p++) got |= unfilled[p];
        if (fits_supply(masks, pieces, supply)) {
            *realisable = 1;
            shown |= got;
            want &= ~got;
        }
        want &= ~target;
    }
    *shown_out = shown & faces;
    return 0;
}

/* What the walks of a certificate of the hand (one, two), `left` slots unfilled (the room less its
 * count), would find where every optimal layout fits the supply (layouts_fit): realisable, and every
 * face of `faces` shown, with no walk. 1 with those set, else 0 (the walks are needed). */
static inline int walks_spared(uint64_t one, uint64_t two, int left, uint64_t faces, const int *supply,
                               int *realisable, uint64_t *shown_out) {
    if (!layouts_fit(one, two, left, faces, supply)) return 0;
    *realisable = 1;
    *shown_out = faces;
    return 1;
}

typedef struct {
    Programme *t;
    uint64_t one, two;
    int room;
} Walked;

static int walk_programme(void *from, uint64_t want, uint64_t target, uint64_t *piece_masks, uint64_t *piece_unfilled,
                          int *rest) {
    Walked *w = from;
    return walk(w->t, w->one, w->two, w->room, want, target, piece_masks, piece_unfilled, rest);
}

/* MeldCover.certify: the best count and its faces, whether a layout within the supply reaches it
 * (*realisable), and the unfilled faces such layouts show (*shown, within *faces). Returns the best
 * count, or CERTIFY_FAILED if a walk found no optimal choice (cannot happen). */
static inline int certify(Programme *t, uint64_t one, uint64_t two, int room, const int *supply, int walks,
                          uint64_t *faces_out, int *realisable, uint64_t *shown_out) {
    uint64_t faces;
    int kept = best(t, one, two, room, &faces);
    Walked from = {t, one, two, room};
    if (!walks_spared(one, two, room - kept, faces, supply, realisable, shown_out) &&
        certify_walks(walk_programme, &from, faces, supply, walks, realisable, shown_out) < 0)
        return CERTIFY_FAILED;
    *faces_out = faces;
    return kept;
}

/* True if the pieces of face f are the templates': the runs of its colour (the shapes of colour 0's,
 * moved) and every set of 3 and 4 colours of its number. */
static int rows_match(const Programme *t, int f) {
    int c = f / NUMBERS, n = f % NUMBERS, runs = 0, threes = 0, fours = 0;
    uint64_t seen = 0; /* the sets met, as a bit per colour combination (colours of number n) */
    uint64_t number = (1ULL << n) | (1ULL << (n + 13)) | (1ULL << (n + 26)) | (1ULL << (n + 39));
    for (int i = 0; i < t->count[f]; i++) {
        uint64_t mask = t->masks[f][i];
        if (t->lengths[f][i] != popcount64(mask) || !(mask >> f & 1)) return 0;
        if ((mask & ~number) == 0) { /* a set: each of the 3- and 4-colour sets of n, once */
            int colours = 0;
            for (int k = 0; k < COLOURS; k++) colours |= (int)(mask >> (k * NUMBERS + n) & 1) << k;
            if (seen >> colours & 1) return 0;
            seen |= 1ULL << colours;
            if (popcount64(mask) == 3) threes++;
            else if (popcount64(mask) == 4) fours++;
            else return 0;
            continue;
        }
        uint64_t row = mask >> (c * NUMBERS);
        if ((row & ~(uint64_t)ROW_MASK) || row << (c * NUMBERS) != mask) return 0; /* over two colours, not a set */
        int found = 0;
        for (int j = 0; j < t->rows.count[n] && !found; j++)
            found = !t->rows.lone[n][j] && t->rows.masks[n][j] == row && t->rows.lengths[n][j] == t->lengths[f][i];
        if (!found) return 0;
        runs++;
    }
    return threes == 3 && fours == 1 && runs + 2 == t->rows.count[n];
}

/* The rows' pieces from colour 0's runs, and whether every face's pieces are of that form
 * (cover_rows.h applies only then). Allocates the rows' cache; 0, or -1 with a Python exception. */
static inline int rows_load(Programme *t) {
    Rows *R = &t->rows;
    R->usable = 0;
    for (int n = 0; n < NUMBERS; n++) {
        int k = 0;
        for (int i = 0; i < t->count[n]; i++) {
            uint64_t mask = t->masks[n][i];
            if (mask & ~(uint64_t)ROW_MASK) continue; /* a set */
            if (k == ROW_PIECES - 2) return 0;
            R->masks[n][k] = (uint16_t)mask;
            R->lengths[n][k] = (int8_t)t->lengths[n][i];
            R->lone[n][k++] = 0;
        }
        for (int length = 3; length <= 4; length++) { /* the sets that take this tile alone */
            R->masks[n][k] = (uint16_t)(1u << n);
            R->lengths[n][k] = (int8_t)length;
            R->lone[n][k++] = 1;
        }
        R->count[n] = k;
    }
    for (int f = 0; f < FACES; f++)
        if (!rows_match(t, f)) return 0;
    PyMem_Free(R->rows);
    PyMem_Free(R->answers);
    R->rows = PyMem_Calloc(ROWS_SIZE, sizeof(Row));
    R->answers = PyMem_Calloc(ANSWERS_SIZE, sizeof(Answer));
    if (!R->rows || !R->answers) { PyErr_NoMemory(); return -1; }
    R->used = 0;
    memset(R->recent_key, 0, sizeof R->recent_key); /* rows of the pieces before */
    R->pending_limit = MAX_PENDING;
    R->leaf_limit = LEAF_POOL;
    R->usable = 1;
    return 0;
}

/* answer_known, with H (the caller's, as it is large) left as solved where *solved is 1, so that
 * hand_child can answer the hands one spare fewer from its optimal choices; *solved is 0 where the
 * answer came another way (kept from before, or by the programme). */
static inline int answer_family(Programme *t, uint64_t one, uint64_t two, int room, int known, Hand *H,
                                uint64_t *faces_out, uint64_t *spares_out, int *solved) {
    int kept;
    if (rows_fit(&t->rows, room)) {
        kept = rows_best_spares_kept(&t->rows, one, two, room, known, H, faces_out, spares_out, solved);
    } else {
        kept = best_spares(t, one, two, room, faces_out, spares_out);
        *solved = 0;
    }
    if (*faces_out & ANY_FACE) *faces_out = EVERY_FACE;
    return kept;
}

/* best_spares, by colour rows where they apply (the same answer, found faster), else by the programme;
 * faces that hold ANY_FACE are given as every face with it. `known`: the most kept where the caller
 * knows it (-1: not known), which lets the rows cut off more (hand_solve). (Room for a whole new piece
 * makes every face useful; which single faces the search also met depends on its order, so neither way of
 * searching reports them.) */
static inline int answer_known(Programme *t, uint64_t one, uint64_t two, int room, int known, uint64_t *faces_out,
                               uint64_t *spares_out) {
    Hand H;
    int solved;
    return answer_family(t, one, two, room, known, &H, faces_out, spares_out, &solved);
}

/* answer, the most kept not known beforehand. */
static inline int answer(Programme *t, uint64_t one, uint64_t two, int room, uint64_t *faces_out, uint64_t *spares_out) {
    return answer_known(t, one, two, room, -1, faces_out, spares_out);
}

/* One optimal layout by the rows (a hand_start'ed and solved Hand with its optimal choices),
 * preferring choices that reach `want` and most of all `target`: walk's answer by rows. Returns the
 * piece count (their masks and unfilled faces filled in) and the room left in *rest, or -1. */
static int rows_layout(Hand *H, uint64_t want, uint64_t target, uint64_t *piece_masks, uint64_t *piece_unfilled,
                       int *rest) {
    int best = -1, best_score = 0, fills[COLOURS], best_fills[COLOURS], extra = 0, best_extra = 0, left = 0, best_left = 0;
    for (int j = 0; j < H->chosen; j++) {
        uint64_t reach;
        if (choice_split(H, j, want, target, fills, &extra, &left, &reach) < 0) continue;
        int score = reach_score(reach, want, target);
        if (best < 0 || score > best_score) {
            best = j; best_score = score; best_extra = extra; best_left = left;
            memcpy(best_fills, fills, sizeof fills);
        }
    }
    if (best < 0) return -1;
    const Choice *k = &H->choices[best];
    int pieces = 0;
    for (int p = 0; p < k->picks; p++) {
        const Pick *pick = &k->pick[p];
        int size = popcount64((uint64_t)pick->taken), slots = pick->slots;
        if (size == 2 && best_extra > 0) { slots = 4; best_extra--; }
        int open = pick_colours(pick->n, 0xF & ~pick->taken, slots - size, want, target);
        if (pieces == MAX_PIECES) return -1;
        piece_masks[pieces] = number_faces(pick->n, pick->taken | open);
        piece_unfilled[pieces] = number_faces(pick->n, open);
        pieces++;
    }
    for (int c = 0; c < COLOURS; c++) {
        if (!k->one[c]) continue;
        pieces = row_walk(H->R, c, k->one[c], k->two[c], best_fills[c], want, target, piece_masks, piece_unfilled,
                          pieces, MAX_PIECES);
        if (pieces < 0) return -1;
    }
    *rest = best_left;
    return pieces;
}

static int walk_rows(void *from, uint64_t want, uint64_t target, uint64_t *piece_masks, uint64_t *piece_unfilled,
                     int *rest) {
    return rows_layout(from, want, target, piece_masks, piece_unfilled, rest);
}

/* The walks of a certificate on the hand (one, two) solved with its optimal choices recorded in H (by
 * hand_solve, or by hand_child from a larger hand's): `faces` its faces, as `answer` gives them. 0 with
 * whether a layout within the supply reaches its count and what such layouts show, or CERTIFY_FAILED. */
static inline int rows_certify_walks(Hand *H, uint64_t one, uint64_t two, uint64_t faces, const int *supply,
                                     int walks, int *realisable, uint64_t *shown_out) {
    *realisable = 0;
    *shown_out = 0;
    if (walks_spared(one, two, H->room - H->best, faces, supply, realisable, shown_out)) return 0;
    Leaves leaves;
    hand_leaves(H, &leaves);
    return certify_walks(walk_rows, H, faces, supply, walks, realisable, shown_out) < 0 ? CERTIFY_FAILED : 0;
}

/* certify by the rows (where rows_fit): the best count and its faces (every face with ANY_FACE, as
 * `answer` gives them), whether a layout within the supply reaches it, and the faces such layouts
 * show, by the same walks as certify with rows_layout for walk. Each walk is an optimal layout, so
 * what it shows is sound; which layouts the walks meet differs from the programme's, so a face one
 * vouches for the other may leave to the exact search (the answers are the same). */
static inline int rows_certify(Programme *t, uint64_t one, uint64_t two, int room, int known, const int *supply,
                               int walks, uint64_t *faces_out, int *realisable, uint64_t *shown_out) {
    Choice choices[MAX_CHOICES];
    Hand H;
    hand_start(&H, &t->rows, one, two, room, choices);
    hand_solve(&H, known);
    int kept = H.best < 0 ? IMPOSSIBLE : H.best;
    uint64_t faces = (H.faces & ANY_FACE) ? EVERY_FACE : H.faces;
    *realisable = 0;
    *shown_out = 0;
    if (kept >= 0 && rows_certify_walks(&H, one, two, faces, supply, walks, realisable, shown_out) < 0)
        return CERTIFY_FAILED;
    *faces_out = faces;
    return kept;
}

/* certify, by the rows where they apply (`known` as for answer_known). */
static inline int certify_answer(Programme *t, uint64_t one, uint64_t two, int room, int known, const int *supply,
                                 int walks, uint64_t *faces_out, int *realisable, uint64_t *shown_out) {
    if (rows_fit(&t->rows, room))
        return rows_certify(t, one, two, room, known, supply, walks, faces_out, realisable, shown_out);
    return certify(t, one, two, room, supply, walks, faces_out, realisable, shown_out);
}

/* Fill a programme from Python's options (52 sequences of (mask, length)) and allocate its table.
 * Returns 0, or -1 with a Python exception set. */
static inline int programme_load(Programme *t, PyObject *options) {
    PyObject *seq = PySequence_Fast(options, "options must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != FACES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "options must have one entry per face (52)");
        return -1;
    }
    for (int f = 0; f < FACES; f++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, f), "each face needs a sequence");
        if (!row) { Py_DECREF(seq); return -1; }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(row);
        if (n > MAX_OPTIONS) {
            Py_DECREF(row); Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "too many pieces for one face");
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            unsigned long long mask;
            int length;
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(row, i), "Ki", &mask, &length)) {
                Py_DECREF(row); Py_DECREF(seq);
                return -1;
            }
            if (mask >> FACES) { /* the faces only: the bits above hold the count kept in the table */
                Py_DECREF(row); Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError, "a piece mask with a bit beyond the 52 faces");
                return -1;
            }
            t->masks[f][i] = mask;
            t->lengths[f][i] = length;
        }
        t->count[f] = (int)n;
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    if (rows_load(t) < 0) return -1;
    PyMem_Free(t->memo);
    /* Zeroed (empty) on allocation: the system gives zero pages as they are first written, so a
     * short command pays only for the entries it uses. */
    t->memo = PyMem_Calloc(MEMO_SIZE, sizeof(Entry));
    if (!t->memo) { PyErr_NoMemory(); return -1; }
    t->used = 0;
    return 0;
}

static inline void programme_free(Programme *t) {
    PyMem_Free(t->memo);
    PyMem_Free(t->rows.rows);
    PyMem_Free(t->rows.answers);
    t->rows.rows = NULL;
    t->rows.answers = NULL;
    t->memo = NULL;
}

#endif
