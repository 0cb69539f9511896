/*
 * The advancing methods of okeytool.solver.classic.chance (``advance`` and ``swap``), compiled: the
 * planned recursion of ChanceSolver._solve_planned over the same hand facts as HandFacts, the same
 * sums in the same order, so the same floats (tests/test_chance_compiled.py holds the two together).
 *
 * A state is a hand as counts per draw slot (0..51 a plain face, 52 a real okey), each 0..2, packed
 * two bits a slot: slots 0..31 in `lo`, 32..52 in `hi` (the okey's count in bits 40..41 of `hi`).
 *
 * Kernel(table, supply, size, wilds, pairs, points, walks[, certify]) holds what does not depend on
 * the tiles out of play: the cover programme (cover_programme.h) of a _cover.Table, whose solved
 * states it shares with Python's calls, and the facts of every hand it met (deficiency, its cheap
 * lower bound, the winning and the useful draws, the points of a winning 15, the discards that keep
 * a 15 within a deficiency). A hand the cover programme alone does not decide (more unfilled slots
 * than wilds, as HandFacts._quick says) gets Analyser's certificate walked here; only when no layout
 * within the supply vouches for it (or `certify` is false) is it asked of Python: `info(state)` and
 * `deficiency(state)`, HandFacts' own methods, passed to each call (so that the kernel holds no
 * reference back to them).
 *
 * Kernel.solver(left, scale, swap) is one ChanceSolver's recursion (`left`: copies not out of play,
 * per slot; `scale`: (1 - risk) / U) with its own memo; Solver.solve(state, draws, budget, info,
 * deficiency[, work, fact_cost]) returns (V, E, capped). Past `budget` seconds (negative: none), or
 * once the call's work (states expanded, plus `fact_cost` for each hand whose facts it found first)
 * reaches `work` (negative or left out: no limit), the states not yet solved count 0 and `capped` is
 * true, as in Python: the answer is then a lower bound (not always Python's, as the series below
 * answer their draw counts in another order; wherever nothing stopped, the answers are the same).
 * So too, to bound the memory (about 160 MB at most), once the memo and the series hold MEMO_LIMIT
 * answers or the kernel FACT_LIMIT hands, which Python does not do (chance.py names such an answer
 * `…-capped` too).
 *
 * The callbacks and kept_store belong to one call at a time: a kernel is not for two threads, and
 * the callbacks (HandFacts' methods) never call back into it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <time.h>
#include "cover_programme.h"

#define SLOTS 53
#define WILD_SLOT 52
#define ALL_FACES ((1ULL << FACES) - 1)
#define ALL_SLOTS ((1ULL << SLOTS) - 1)
#define HI_FACES ((1ULL << 40) - 1)
#define PAIRS 7
#define MAX_WILDS 2
#define MEMO_LIMIT (3u << 19)
#define FACT_LIMIT (3u << 19)
#define EMPTY UINT64_MAX

/* ---------- states ---------- */

static inline int count_of(uint64_t lo, uint64_t hi, int slot) {
    return slot < 32 ? (int)(lo >> (2 * slot) & 3) : (int)(hi >> (2 * (slot - 32)) & 3);
}

static inline void add_to(uint64_t *lo, uint64_t *hi, int slot, int delta) {
    if (slot < 32) *lo += (uint64_t)(int64_t)delta << (2 * slot);
    else *hi += (uint64_t)(int64_t)delta << (2 * (slot - 32));
}

/* The even bits of x (bit 2i) gathered into bits 0..31. */
static inline uint64_t squeeze(uint64_t x) {
    x &= 0x5555555555555555ULL;
    x = (x | (x >> 1)) & 0x3333333333333333ULL;
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFULL;
    return x;
}

/* Faces held at least once (`one`) and at least twice (`two`), the cover programme's masks. */
static inline void masks_of(uint64_t lo, uint64_t hi, uint64_t *one, uint64_t *two) {
    uint64_t h = hi & HI_FACES;
    *one = squeeze(lo | lo >> 1) | squeeze(h | h >> 1) << 32;
    *two = squeeze(lo >> 1) | squeeze(h >> 1) << 32;
}

static inline int wilds_of(uint64_t hi) { return (int)(hi >> 40 & 3); }

static inline uint64_t mix(uint64_t lo, uint64_t hi) {
    uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

/* ---------- open-addressing maps ---------- */

/* Every entry of a map starts with its key (lo, hi); hi == EMPTY marks a free entry. */
typedef struct {
    uint64_t lo, hi;
} Key;

/* The facts of a 14-tile state, the discards kept from a 15, the points of a winning 15, a swap. */
typedef struct {
    uint64_t lo, hi;
    union {
        struct {
            uint64_t faces, wins, useful;
            int8_t melds, pairs, lower, deficiency, quick, informed, has_faces, certified;
        } fact;
        struct { uint32_t offset, count; } kept;
        struct { uint64_t lo, hi; int32_t some; } swap;
        int32_t points;
    } u;
} Item;

/* A solved (state, draws): V and E. */
typedef struct {
    uint64_t lo, hi;
    double v, e;
} Solved;

typedef struct {
    char *entries;
    uint32_t *held; /* the entries in use, in the order added (after the entries, in the same block) */
    size_t width, capacity, used;
} Map;

static inline Key *key_at(const Map *m, size_t k) { return (Key *)(m->entries + k * m->width); }

/* ---------- blocks kept for reuse ---------- */

/* A ranking makes a kernel and a solver a discard, each with maps of a few hundred kilobytes that
 * the allocator takes from the system and gives back when they are freed, so that every page of them
 * costs a fault again. Freed blocks up to SPARE_BYTES in all are kept here instead and handed out
 * again for the same size. Every call runs with the GIL held (nothing here releases it), which is
 * what keeps this shared list safe; a build without the GIL keeps no blocks. */
#define SPARE_BLOCKS 64
#define SPARE_BYTES (24u << 20)
#ifdef Py_GIL_DISABLED
#define KEEP_SPARES 0
#else
#define KEEP_SPARES 1
#endif
static struct { void *block; size_t bytes; int empty; } spare[SPARE_BLOCKS];
static size_t spare_count, spare_total;

/* A block of `bytes`: a kept one of that size, else a new one; NULL with MemoryError set. Its
 * contents are undefined unless *empty (where asked) says it is a map's block given back emptied. */
static void *block_take(size_t bytes, int *empty) {
    if (empty) *empty = 0;
    for (size_t i = spare_count; i-- > 0;) { /* the newest of that size */
        if (spare[i].bytes != bytes) continue;
        void *block = spare[i].block;
        if (empty) *empty = spare[i].empty;
        memmove(&spare[i], &spare[i + 1], (spare_count - i - 1) * sizeof spare[0]);
        spare_count--;
        spare_total -= bytes;
        return block;
    }
    void *block = PyMem_Malloc(bytes);
    if (!block) PyErr_NoMemory();
    return block;
}

/* A block of `bytes` from block_take given back (`empty`: a map's, with no entry in use): kept, the
 * oldest kept blocks freed to make room (a size no longer asked for, such as a far search's grown map,
 * must not hold the room for good); a block larger than the whole room is freed. The list runs from
 * the oldest to the newest. */
static void block_give(void *block, size_t bytes, int empty) {
    if (!block) return;
    if (!KEEP_SPARES || bytes > SPARE_BYTES) {
        PyMem_Free(block);
        return;
    }
    size_t drop = 0;
    while (spare_count - drop == SPARE_BLOCKS || spare_total + bytes > SPARE_BYTES) {
        PyMem_Free(spare[drop].block);
        spare_total -= spare[drop++].bytes;
    }
    memmove(&spare[0], &spare[drop], (spare_count - drop) * sizeof spare[0]);
    spare_count -= drop;
    spare[spare_count].block = block;
    spare[spare_count].empty = empty;
    spare[spare_count++].bytes = bytes;
    spare_total += bytes;
}

/* A map's block: its entries, then the list of those in use. */
static inline size_t map_bytes(size_t width, size_t capacity) { return (width + sizeof(uint32_t)) * capacity; }

/* An empty map of `capacity` entries (a power of two): a block given back emptied (map_free) needs no
 * clearing, as a ranking's many solvers mostly use few entries of their maps; 0, or -1 with
 * MemoryError set. */
static int map_init(Map *m, size_t width, size_t capacity) {
    int empty;
    m->entries = block_take(map_bytes(width, capacity), &empty);
    if (!m->entries) return -1;
    m->held = (uint32_t *)(m->entries + width * capacity);
    m->width = width;
    m->capacity = capacity;
    m->used = 0;
    if (!empty)
        for (size_t k = 0; k < capacity; k++) key_at(m, k)->hi = EMPTY;
    return 0;
}

/* The map's block given back: emptied entry by entry where at most a quarter is in use (cheaper then
 * than clearing the whole block when it is taken again), else as it is. */
static void map_free(Map *m) {
    int empty = m->entries && 4 * m->used <= m->capacity;
    if (empty)
        for (size_t i = 0; i < m->used; i++) key_at(m, m->held[i])->hi = EMPTY;
    block_give(m->entries, map_bytes(m->width, m->capacity), empty);
    m->entries = NULL;
    m->held = NULL;
    m->capacity = m->used = 0;
}

static void *map_find(const Map *m, uint64_t lo, uint64_t hi) {
    size_t k = mix(lo, hi) & (m->capacity - 1);
    for (;;) {
        Key *e = key_at(m, k);
        if (e->hi == EMPTY) return NULL;
        if (e->hi == hi && e->lo == lo) return e;
        k = (k + 1) & (m->capacity - 1);
    }
}

/* A new zeroed entry for a key not in the map (the map grows at three quarters full); NULL with
 * MemoryError set. Entries found before may move. */
static void *map_add(Map *m, uint64_t lo, uint64_t hi) {
    if (4 * (m->used + 1) > 3 * m->capacity) {
        Map bigger;
        if (map_init(&bigger, m->width, m->capacity * 2) < 0) return NULL;
        for (size_t i = 0; i < m->used; i++) { /* in the order added */
            const Key *old = key_at(m, m->held[i]);
            size_t j = mix(old->lo, old->hi) & (bigger.capacity - 1);
            while (key_at(&bigger, j)->hi != EMPTY) j = (j + 1) & (bigger.capacity - 1);
            memcpy(key_at(&bigger, j), old, m->width);
            bigger.held[i] = (uint32_t)j;
        }
        bigger.used = m->used;
        map_free(m);
        *m = bigger;
    }
    size_t k = mix(lo, hi) & (m->capacity - 1);
    while (key_at(m, k)->hi != EMPTY) k = (k + 1) & (m->capacity - 1);
    Key *e = key_at(m, k);
    memset(e, 0, m->width);
    e->lo = lo;
    e->hi = hi;
    m->held[m->used++] = (uint32_t)k;
    return e;
}

/* ---------- the kernel: hand facts ---------- */

/* A 14-tile state's plain tiles solved with their optimal choices, kept while the 15-tile states one
 * draw from it are covered (hand_grow answers those from its choices): one per depth of the
 * recursion (the draws left), as the states being solved at a time are one per depth. */
#define GROW_DEPTHS 32

/* A hand's optimal choices as they come with its answer from another hand's (hand_child, hand_grow),
 * kept so that solving it to grow from it (grown_for) is not needed: direct-mapped by its plain
 * tiles, for hands with at most KNOWN_CHOICES of them. An entry belongs to the kernel whose
 * generation it holds: a block passes from kernel to kernel (one a ranking) without being cleared. */
#define KNOWN_CHOICES 16
/* A choice kept by its sets alone: the rows, slots and faces they leave follow from the hand's tiles
 * (choice_of_picks gives them back as hand_solve made them). */
typedef struct {
    Pick pick[MAX_PICKS];
    int8_t picks;
} KnownChoice;
#define KNOWN_BITS 12
typedef struct {
    uint64_t one, two; /* the plain tiles (two plus one: 0 marks empty) */
    uint32_t generation;
    int best, count;
    uint64_t faces, spares; /* as hand_solve leaves them (faces with ANY_FACE, not every face) */
    KnownChoice choice[KNOWN_CHOICES];
} Known;


typedef struct Grown {
    uint64_t one, two; /* the plain tiles solved in `hand` (two plus one: 0 marks none yet) */
    Hand hand;
} Grown;

typedef struct {
    PyObject_HEAD
    PyObject *table; /* the _cover.Table whose programme and solved states are used */
    Programme *prog;
    int supply[FACES];
    uint64_t full_if_one, full_if_two, never; /* faces whose copies are all held at 1, at 2, at 0 */
    uint64_t orphans;                         /* faces with no twin outside a single: supply <= 1 */
    uint64_t near[FACES];                     /* HandFacts' _NEAR, as face masks */
    int size, wilds, pairs, walks;
    int certify; /* walk the certificate here; when 0 (for the tests), Python decides those hands */
    int points[4]; /* normal, okey, pairs, pairs+okey */
    Map facts, kept, values;
    uint64_t *kept_store; /* (lo, hi) pairs */
    Family *family; /* kept_of's 15 solved and one of its children at a time (hand_child) */
    struct Grown *grown[GROW_DEPTHS]; /* per depth, the state whose draws are being covered (hand_grow) */
    Known *known;                     /* KNOWN_BITS entries of hands' optimal choices (NULL: none yet) */
    uint32_t generation;              /* the mark of this kernel's entries in `known` */
    size_t kept_len, kept_cap;
    PyObject *info_cb, *deficiency_cb; /* borrowed, set for the length of one call */
} Kernel;

static PyObject *state_tuple(uint64_t lo, uint64_t hi) {
    PyObject *t = PyTuple_New(SLOTS);
    if (!t) return NULL;
    for (int s = 0; s < SLOTS; s++) {
        PyObject *n = PyLong_FromLong(count_of(lo, hi, s));
        if (!n) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, s, n);
    }
    return t;
}

/* HandFacts._pairs_of from what it counts of a hand: the faces held twice (`twos`), the faces held
 * once (`lone_count`), the orphans among those (faces with no twin outside the hand), and the wilds. */
static inline int pairs_from(int twos, int lone_count, int orphans, int wilds) {
    int lone = lone_count - orphans;
    int with_wild = wilds < lone_count ? wilds : lone_count;
    int spare = wilds - with_wild;
    int full = twos + with_wild + spare / 2;
    if (full > PAIRS) full = PAIRS;
    int orphans_left = orphans - with_wild > 0 ? orphans - with_wild : 0;
    int lone_left = lone - (with_wild - orphans > 0 ? with_wild - orphans : 0);
    int room = MAX_WILDS - wilds;
    int halves = lone_left + (orphans_left < room ? orphans_left : room) + spare % 2;
    int rest = PAIRS - full;
    return 2 * PAIRS - (2 * full + (rest < halves ? rest : halves));
}

/* HandFacts._pairs_of: pairs_deficiency from the face masks (any hand size). */
static int pairs_of(const Kernel *K, uint64_t one, uint64_t two, int wilds) {
    uint64_t singles = one & ~two;
    return pairs_from(popcount64(two), popcount64(singles), popcount64(singles & K->orphans), wilds);
}

static inline uint64_t full_faces(const Kernel *K, uint64_t one, uint64_t two) {
    return K->never | (K->full_if_one & one) | (K->full_if_two & two);
}

/* HandFacts._raw's lower bound (min of the meld deficiency with copies not counted and the pairs
 * deficiency) of a 14-tile state whose cover programme holds `kept` plain tiles; its meld and pairs
 * deficiencies (-1: no seven pairs) into *melds, *pairs. */
static inline int lower_of_pairs(const Kernel *K, int wilds, int kept, int pairs, int *melds) {
    *melds = K->size - kept - wilds;
    if (*melds < 0) *melds = 0;
    return pairs < 0 || *melds < pairs ? *melds : pairs;
}

static inline int lower_of_masks(const Kernel *K, uint64_t one, uint64_t two, int wilds, int kept, int *melds,
                                 int *pairs) {
    *pairs = K->pairs ? pairs_of(K, one, two, wilds) : -1;
    return lower_of_pairs(K, wilds, kept, *pairs, melds);
}

static int lower_of(const Kernel *K, uint64_t lo, uint64_t hi, int kept, int *melds, int *pairs) {
    uint64_t one, two;
    masks_of(lo, hi, &one, &two);
    return lower_of_masks(K, one, two, wilds_of(hi), kept, melds, pairs);
}

/* fact_new with lower_of's answer for the state worked out already. */
static Item *fact_new_lower(Kernel *K, uint64_t lo, uint64_t hi, int lower, int melds, int pairs, uint64_t faces,
                            int has_faces) {
    Item *e = map_add(&K->facts, lo, hi);
    if (!e) return NULL;
    e->u.fact.faces = faces;
    e->u.fact.has_faces = (int8_t)has_faces;
    e->u.fact.melds = (int8_t)melds;
    e->u.fact.pairs = (int8_t)pairs;
    e->u.fact.lower = (int8_t)lower;
    e->u.fact.quick = !(wilds_of(hi) + melds > K->wilds && (pairs < 0 || melds <= pairs));
    e->u.fact.deficiency = e->u.fact.quick ? e->u.fact.lower : -1;
    return e;
}

/* A new facts entry of a 14-tile state whose cover programme holds `kept` plain tiles, with
 * HandFacts._raw and _quick: the meld deficiency (copies not counted), the pairs deficiency, the
 * lower bound, and the deficiency when the programme alone decides it. `faces` (the unfilled faces)
 * is known only when `has_faces`. NULL with an exception set. */
static Item *fact_new(Kernel *K, uint64_t lo, uint64_t hi, int kept, uint64_t faces, int has_faces) {
    int melds, pairs;
    int lower = lower_of(K, lo, hi, kept, &melds, &pairs);
    return fact_new_lower(K, lo, hi, lower, melds, pairs, faces, has_faces);
}

static void remember_choices(Kernel *K, uint64_t one, uint64_t two, int best, uint64_t faces, uint64_t spares,
                             const Choice *choices, int count);

/* The facts entry of a 14-tile state (made on first sight); NULL with an exception set. A hand the
 * rows solve here leaves its optimal choices in Known when it is two or more plain tiles short of a
 * meld hand: the recursion may grow from it later (a ranking's rows, whose facts the plain ranking
 * asks first, are solved so), and grown_for then need not solve it again. */
static Item *fact(Kernel *K, uint64_t lo, uint64_t hi) {
    Item *e = map_find(&K->facts, lo, hi);
    if (e) return e;
    uint64_t one, two, faces, spares;
    masks_of(lo, hi, &one, &two);
    Hand *H = &K->family->fresh;
    int solved;
    int kept = answer_family(K->prog, one, two, K->size, -1, H, &faces, &spares, &solved);
    if (solved && !H->overflow && kept >= 0 && K->size - wilds_of(hi) - kept >= 2)
        remember_choices(K, one, two, H->best, H->faces, H->spares, H->pend, H->pending);
    return fact_new(K, lo, hi, kept, faces, 1);
}

/* The plain tiles the programme keeps of a 14-tile state whose facts entry this is (its meld
 * deficiency is the hand size less those and the wilds). */
static inline int kept_of_fact(const Kernel *K, const Item *e) {
    return K->size - wilds_of(e->hi) - e->u.fact.melds;
}

/* The plain tiles the programme keeps of that state with x drawn, its faces known: one more when x
 * is one of its unfilled faces (a wild adds no plain tile). */
static inline int kept_with(const Kernel *K, const Item *e, int x) {
    return kept_of_fact(K, e) + (x != WILD_SLOT && (e->u.fact.faces >> x & 1));
}

/* The unfilled faces of an entry made without them (the programme's answer, asked now, with the
 * count kept that the entry already holds). */
static uint64_t faces_of(Kernel *K, Item *e) {
    if (!e->u.fact.has_faces) {
        uint64_t one, two, spares;
        masks_of(e->lo, e->hi, &one, &two);
        answer_known(K->prog, one, two, K->size, kept_of_fact(K, e), &e->u.fact.faces, &spares);
        e->u.fact.has_faces = 1;
    }
    return e->u.fact.faces;
}

/* One of Python's answers about a state (a new reference), or NULL with an exception set. */
static PyObject *ask_python(PyObject *cb, uint64_t lo, uint64_t hi) {
    if (!cb) {
        PyErr_SetString(PyExc_RuntimeError, "a hand the cover programme does not decide, and no fallback");
        return NULL;
    }
    PyObject *state = state_tuple(lo, hi);
    if (!state) return NULL;
    PyObject *got = PyObject_CallOneArg(cb, state);
    Py_DECREF(state);
    return got;
}

static long call_int(PyObject *cb, uint64_t lo, uint64_t hi) {
    PyObject *got = ask_python(cb, lo, hi);
    if (!got) return -1;
    long n = PyLong_AsLong(got);
    Py_DECREF(got);
    return n;
}

/* A certificate walked (certify's CERTIFY_FAILED, or 0 with what it found) kept in the state's entry:
 * whether it is realisable, and the faces vouched for in `useful` until info() fills that in. 0, or
 * -1 with an exception set. */
static int keep_certificate(Item *e, int walked, int realisable, uint64_t vouched) {
    if (walked == CERTIFY_FAILED) {
        PyErr_SetString(PyExc_RuntimeError, "the cover walk found no optimal choice");
        return -1;
    }
    e->u.fact.certified = (int8_t)(1 + realisable);
    e->u.fact.useful = vouched;
    return 0;
}

/* For a state the programme alone does not decide, Analyser's certificate: 1 with the faces that a
 * layout within the supply vouches for in *shown (when `shown` is not NULL), 0 when no layout is
 * within the supply (the exact search decides), -1 with an exception set. The certificate is walked
 * once a state: whether it is realisable is kept in the entry, and the faces vouched for in its
 * `useful` field until info() fills that in (only info asks for them, once, before it does). */
static int certificate(Kernel *K, Item *e, uint64_t *shown) {
    if (!K->certify) return 0; /* every such hand asked of Python */
    if (e->u.fact.certified) {
        if (shown) *shown = e->u.fact.useful;
        return e->u.fact.certified - 1;
    }
    uint64_t one, two, faces, vouched;
    int realisable;
    masks_of(e->lo, e->hi, &one, &two);
    int kept = certify_answer(K->prog, one, two, K->size, kept_of_fact(K, e), K->supply, K->walks, &faces, &realisable,
                              &vouched);
    if (keep_certificate(e, kept, realisable, vouched) < 0) return -1;
    if (shown) *shown = vouched;
    return realisable;
}

static int entry_deficiency(Kernel *K, Item *e, uint64_t lo, uint64_t hi);

/* HandFacts.deficiency; -1 with an exception set. */
static int deficiency(Kernel *K, uint64_t lo, uint64_t hi) {
    Item *e = fact(K, lo, hi);
    return e ? entry_deficiency(K, e, lo, hi) : -1;
}

/* deficiency for the state (lo, hi) whose facts entry is e. */
static int entry_deficiency(Kernel *K, Item *e, uint64_t lo, uint64_t hi) {
    if (e->u.fact.deficiency >= 0) return e->u.fact.deficiency;
    int realisable = certificate(K, e, NULL);
    if (realisable < 0) return -1;
    long d = realisable ? e->u.fact.lower : call_int(K->deficiency_cb, lo, hi);
    if (d < 0) return -1;
    e = map_find(&K->facts, lo, hi); /* Python does not touch this map; look again all the same */
    e->u.fact.deficiency = (int8_t)d;
    return (int)d;
}

/* within for the state (lo, hi) whose facts entry is e. */
static int entry_within(Kernel *K, Item *e, uint64_t lo, uint64_t hi, int bound) {
    if (e->u.fact.lower > bound) return 0;
    int d = entry_deficiency(K, e, lo, hi);
    return d < 0 ? -1 : d <= bound;
}

/* HandFacts.within: at most `bound` tiles away (the cheap bound first); -1 on an exception. */
static int within(Kernel *K, uint64_t lo, uint64_t hi, int bound) {
    Item *e = fact(K, lo, hi);
    return e ? entry_within(K, e, lo, hi, bound) : -1;
}

/* Analyser.useful_draws (HandFacts._useful when nothing was relaxed) of a state `k` > 0 away whose
 * meld deficiency `melds` holds: the useful draws as a slot mask, or 0 with *open set when a face
 * needs the exact search (a meld face no layout within the supply vouched for). `vouched` is
 * ALL_FACES when nothing was relaxed, else the certificate's faces. */
static uint64_t useful_of(const Kernel *K, uint64_t lo, uint64_t hi, int k, int pairs, int melds, uint64_t faces,
                          uint64_t vouched, int *open) {
    uint64_t one, two;
    masks_of(lo, hi, &one, &two);
    int wilds = wilds_of(hi);
    uint64_t full = full_faces(K, one, two);
    uint64_t meld_faces = melds == k ? ((faces & ANY_FACE) ? ALL_FACES : faces & ALL_FACES) : 0;
    uint64_t mask = 0;
    uint64_t candidates = ALL_FACES & ~full & (pairs == k ? ALL_FACES : meld_faces);
    *open = 0;
    /* The pairs deficiency with a face drawn depends only on whether the face is held twice, once or
     * not at all, and whether it is an orphan: worked out once for each of those five (-2: not yet),
     * from the hand's own counts. */
    int twos = 0, lone_count = 0, orphans = 0, drawn[5] = {-2, -2, -2, -2, -2};
    if (pairs == k) {
        uint64_t singles = one & ~two;
        twos = popcount64(two);
        lone_count = popcount64(singles);
        orphans = popcount64(singles & K->orphans);
    }
    while (candidates) {
        int face = __builtin_ctzll(candidates);
        uint64_t bit = 1ULL << face;
        candidates &= candidates - 1;
        if (pairs == k) {
            int orphan = (K->orphans & bit) != 0;
            int kind = (two & bit) ? 0 : (one & bit) ? 1 + orphan : 3 + orphan;
            if (drawn[kind] == -2) {
                if (kind == 0) drawn[kind] = pairs_from(twos, lone_count, orphans, wilds); /* no change */
                else if (kind <= 2) drawn[kind] = pairs_from(twos + 1, lone_count - 1, orphans - orphan, wilds);
                else drawn[kind] = pairs_from(twos, lone_count + 1, orphans + orphan, wilds);
            }
            if (drawn[kind] < k) {
                mask |= bit;
                continue;
            }
        }
        if (meld_faces & bit) {
            if (vouched & bit) mask |= bit;
            else *open = 1;
        }
    }
    if (wilds < K->wilds) mask |= 1ULL << WILD_SLOT;
    return mask;
}

/* HandFacts.info: (deficiency, winning draws, useful draws) into *k, *wins, *useful; -1 on an exception. */
static int info(Kernel *K, uint64_t lo, uint64_t hi, int *k, uint64_t *wins, uint64_t *useful) {
    Item *e = fact(K, lo, hi);
    if (!e) return -1;
    if (!e->u.fact.informed) {
        int d = -1, open = 0;
        uint64_t u = 0;
        uint64_t vouched = ALL_FACES;
        if (!e->u.fact.quick) {
            int realisable = certificate(K, e, &vouched);
            if (realisable < 0) return -1;
            open = !realisable;
        }
        if (!open) {
            d = e->u.fact.lower;
            if (d) {
                /* the cover's faces only where the melds decide (seven pairs nearer: not needed) */
                uint64_t faces = e->u.fact.melds == d ? faces_of(K, e) : 0;
                u = useful_of(K, lo, hi, d, e->u.fact.pairs, e->u.fact.melds, faces, vouched, &open);
            }
        }
        uint64_t w;
        if (open) { /* the exact search decides: Python's analyser */
            PyObject *got = ask_python(K->info_cb, lo, hi);
            if (!got) return -1;
            long dd;
            unsigned long long ww, uu;
            int ok = PyArg_ParseTuple(got, "lKK", &dd, &ww, &uu);
            Py_DECREF(got);
            if (!ok) return -1;
            d = (int)dd;
            w = ww;
            u = uu;
            e = map_find(&K->facts, lo, hi);
        } else {
            w = d == 0 ? ALL_SLOTS : d == 1 ? u : 0;
        }
        e->u.fact.deficiency = (int8_t)d;
        e->u.fact.wins = w;
        e->u.fact.useful = u;
        e->u.fact.informed = 1;
    }
    *k = e->u.fact.deficiency;
    *wins = e->u.fact.wins;
    *useful = e->u.fact.useful;
    return 0;
}

/* HandFacts.value: the points of the best finish of the winning 15-tile state h + x (h a 14-tile state
 * whose facts are known); -1 on an exception. */
static int value(Kernel *K, uint64_t hlo, uint64_t hhi, int x) {
    uint64_t lo = hlo, hi = hhi;
    add_to(&lo, &hi, x, 1);
    Item *e = map_find(&K->values, lo, hi);
    if (e) return e->u.points;
    int best_points = K->points[0];
    int wilds = wilds_of(hi);
    if (wilds) {
        uint64_t wlo = lo, whi = hi;
        add_to(&wlo, &whi, WILD_SLOT, -1);
        if (x != WILD_SLOT && !map_find(&K->facts, wlo, whi)) {
            /* The 15 less a wild holds h's plain tiles and x: it keeps one plain tile more than h
             * exactly when x is one of h's unfilled faces (the programme's answer for h says which),
             * so its facts need no call of the programme of their own. */
            Item *f = fact(K, hlo, hhi);
            if (!f) return -1;
            faces_of(K, f);
            if (!fact_new(K, wlo, whi, kept_with(K, f, x), 0, 0)) return -1;
        }
        int d = deficiency(K, wlo, whi);
        if (d < 0) return -1;
        if (d == 0) {
            uint64_t one, two;
            masks_of(wlo, whi, &one, &two);
            int pairs = K->pairs && pairs_of(K, one, two, wilds - 1) == 0;
            int p = K->points[pairs ? 3 : 1];
            if (p > best_points) best_points = p;
        }
    }
    if (K->pairs) {
        uint64_t one, two;
        masks_of(lo, hi, &one, &two);
        if (pairs_of(K, one, two, wilds) == 0 && K->points[2] > best_points) best_points = K->points[2];
    }
    e = map_add(&K->values, lo, hi);
    if (!e) return -1;
    e->u.points = best_points;
    return best_points;
}

/* kept_with for the 14-tile state (lo, hi); -1 when its facts do not hold its faces yet (finding
 * them would cost the call this saves). */
static int kept_after(const Kernel *K, uint64_t lo, uint64_t hi, int x) {
    const Item *e = map_find(&K->facts, lo, hi);
    if (!e || (x != WILD_SLOT && !e->u.fact.has_faces)) return -1;
    return kept_with(K, e, x);
}

/* The block of Known entries a kernel gave back, for the next (entries of other generations are
 * empty to it, so it needs no clearing), and the last generation handed out. */
static Known *known_spare;
static uint32_t known_generation;

/* Known entries for K: the block kept, else a new one with every entry empty (generation 0, which
 * no kernel has); NULL with MemoryError set. */
static Known *known_take(Kernel *K) {
    Known *block = known_spare;
    known_spare = NULL;
    if (!block && !(block = PyMem_Calloc((size_t)1 << KNOWN_BITS, sizeof(Known)))) {
        PyErr_NoMemory();
        return NULL;
    }
    if (++known_generation == 0) { /* the generations ran out: every entry emptied, and on from 1 */
        for (size_t k = 0; k < (size_t)1 << KNOWN_BITS; k++) block[k].generation = 0;
        known_generation = 1;
    }
    K->generation = known_generation;
    return block;
}

/* A block from known_take given back: kept for the next kernel (one block; none without the GIL,
 * as for block_give), else freed. */
static void known_give(Known *block) {
    if (!block) return;
    if (KEEP_SPARES && !known_spare) known_spare = block;
    else PyMem_Free(block);
}

/* The entry of Known for the plain tiles (one, two). */
static inline size_t known_slot(uint64_t one, uint64_t two) {
    return (size_t)(mix(one, two) >> (64 - KNOWN_BITS));
}

/* The 14-tile state (lo, hi)'s plain tiles solved with their optimal choices, kept for recursion
 * depth `depth` (solved again only when that depth moves on to other tiles); NULL where not kept (a
 * depth beyond GROW_DEPTHS, a room the rows do not answer, or no memory to spare for it). */
static const Hand *grown_for(Kernel *K, uint64_t lo, uint64_t hi, int depth) {
    if (depth < 0 || depth >= GROW_DEPTHS || !rows_fit(&K->prog->rows, K->size)) return NULL;
    Grown *G = K->grown[depth];
    if (!G) {
        G = K->grown[depth] = PyMem_Malloc(sizeof *G);
        if (!G) return NULL;
        G->one = G->two = 0;
    }
    uint64_t one, two;
    masks_of(lo, hi, &one, &two);
    if (G->one != one || G->two != two + 1) {
        hand_start(&G->hand, &K->prog->rows, one, two, K->size, NULL);
        const Known *n = K->known ? &K->known[known_slot(one, two)] : NULL;
        if (n && n->generation == K->generation && n->one == one && n->two == two + 1) { /* its choices came with its answer */
            Hand *H = &G->hand;
            H->best = n->best;
            H->faces = n->faces;
            H->spares = n->spares;
            H->overflow = 0;
            H->pending = n->count;
            for (int j = 0; j < n->count; j++) {
                choice_of_picks(H->one, H->two, n->choice[j].pick, n->choice[j].picks, &H->pend[j]);
                H->pend[j].kept = n->best;
            }
        } else {
            const Item *f = map_find(&K->facts, lo, hi);
            hand_solve(&G->hand, f ? kept_of_fact(K, f) : -1);
        }
        G->one = one;
        G->two = two + 1;
    }
    return &G->hand;
}

/* The optimal choices of the hand with plain tiles (one, two), kept for grown_for: `choices[0..count)`
 * (those that keep `best` of them, in the order hand_solve meets them), with its answer. Nothing is
 * kept where they are more than an entry holds (or no memory is to spare for the entries). */
static void remember_choices(Kernel *K, uint64_t one, uint64_t two, int best, uint64_t faces, uint64_t spares,
                             const Choice *choices, int count) {
    if (!K->known && !(K->known = known_take(K))) {
        PyErr_Clear(); /* nothing is kept then, as the comment above says */
        return;
    }
    Known *n = &K->known[known_slot(one, two)];
    n->generation = K->generation;
    n->two = 0;
    int kept = 0;
    for (int j = 0; j < count; j++) {
        if (choices[j].kept != best) continue;
        if (kept == KNOWN_CHOICES) return;
        memcpy(n->choice[kept].pick, choices[j].pick, sizeof(Pick) * (size_t)choices[j].picks);
        n->choice[kept++].picks = (int8_t)choices[j].picks;
    }
    n->one = one;
    n->two = two + 1;
    n->best = best;
    n->count = kept;
    n->faces = faces;
    n->spares = spares;
}

/* The 15-tile state (one, two) covered as answer_family covers it, into *H (the hand hand_child asks
 * then): the 14-tile state (from_lo, from_hi) it is with x drawn solved once at recursion depth
 * `depth` for every draw it covers there, a plain draw grown from it (hand_grow), a wild the same
 * plain tiles (*H is then that hand); by the rows or the programme where it is not at hand. */
static int cover_of(Kernel *K, uint64_t one, uint64_t two, int known, uint64_t from_lo, uint64_t from_hi, int x,
                    int depth, const Hand **H, uint64_t *faces, uint64_t *spares, int *solved) {
    const Hand *from = grown_for(K, from_lo, from_hi, depth);
    if (from && x == WILD_SLOT && from->best >= 0) {
        *H = from;
        *faces = (from->faces & ANY_FACE) ? EVERY_FACE : from->faces;
        *spares = from->spares;
        *solved = 1;
        return from->best;
    }
    if (from) {
        int kept = hand_grow(from, &K->family->hand, x, faces, spares);
        if (kept >= 0) {
            *H = &K->family->hand;
            *solved = 1;
            return kept;
        }
    }
    *H = &K->family->hand;
    return answer_family(K->prog, one, two, K->size, known, &K->family->hand, faces, spares, solved);
}

/* `store` (an array of `width`-byte elements, *capacity of them) with room for `need`: as it is, or
 * moved to a larger block (doubled from `first`). NULL with MemoryError set (`store` unchanged). */
static void *reserve(void *store, size_t *capacity, size_t need, size_t width, size_t first) {
    if (need <= *capacity) return store;
    size_t grown = *capacity ? *capacity : first;
    while (grown < need) grown *= 2;
    void *moved = PyMem_Realloc(store, grown * width);
    if (!moved) return PyErr_NoMemory();
    *capacity = grown;
    return moved;
}

/* HandFacts.kept: the 14-tile states one discard from the 15-tile state that are at most `bound`
 * away, in slot order, as (offset, count) into kept_store; -1 on an exception.
 *
 * One call of the programme on the 15 tiles gives every child's cover: a child keeps as many plain
 * tiles as the 15 when it lost a wild or a tile some optimal choice leaves out (a spare), one fewer
 * otherwise (its layouts are those of the 15 less the tile). So the children need no call of their own
 * until they are solved. `known`: the plain tiles the 15 keeps where the caller knows it (kept_after),
 * else -1. The 15 is the 14-tile state (from_lo, from_hi) with x drawn, solved at recursion depth
 * `depth` (cover_of; depth -1: none). `grown`: whether the caller may grow a hand from a child later
 * (grown_for): only then are the children's optimal choices kept (remember_choices). The advancing
 * series never grows a hand from a child one tile away (it only wins or throws the draw back), and
 * those children, the most numerous, would push out of Known the choices of the children farther
 * away that it does grow from; the answers are the same either way (a hand not in Known is solved). */
static int kept_of(Kernel *K, uint64_t lo, uint64_t hi, int bound, int known, uint64_t from_lo, uint64_t from_hi,
                   int x, int depth, int grown, uint32_t *offset, uint32_t *count) {
    uint64_t khi = hi | (uint64_t)bound << 56;
    Item *e = map_find(&K->kept, lo, khi);
    if (e) {
        *offset = e->u.kept.offset;
        *count = e->u.kept.count;
        return 0;
    }
    uint64_t *room = reserve(K->kept_store, &K->kept_cap, K->kept_len + 2 * SLOTS, sizeof *room, 1 << 16);
    if (!room) return -1;
    K->kept_store = room;
    uint64_t one, two, faces, spares;
    masks_of(lo, hi, &one, &two);
    int kept = -1, solved = 0; /* the 15's programme, asked when a child is new */
    const Hand *H = &K->family->hand;
    Hand *C = &K->family->child;
    size_t start = K->kept_len;
    uint32_t n = 0;
    /* A child's pairs count by what the 15 lost (pairs_of counts only that): a wild, or a copy of a
     * face held twice or once, an orphan or not; -2: not asked yet. */
    int pairs_by_loss[5] = {-2, -2, -2, -2, -2};
    int twos = -1, lone_count = 0, orphans = 0; /* the 15's counts for pairs_from (-1: not yet) */
    uint64_t held = one | (wilds_of(hi) ? 1ULL << WILD_SLOT : 0); /* the slots it holds, in slot order */
    for (; held; held &= held - 1) {
        int d = __builtin_ctzll(held);
        uint64_t clo = lo, chi = hi;
        add_to(&clo, &chi, d, -1);
        Item *f = map_find(&K->facts, clo, chi);
        if (!f) {
            if (kept < 0) kept = cover_of(K, one, two, known, from_lo, from_hi, x, depth, &H, &faces, &spares, &solved);
            int spare = d == WILD_SLOT || (spares >> d & 1);
            int child_kept = spare ? kept : kept - 1;
            /* the child's masks: the 15's less a copy of d (a wild leaves them as they are) */
            uint64_t c_one = one, c_two = two, bit = d == WILD_SLOT ? 0 : 1ULL << d;
            if (c_two & bit) c_two &= ~bit;
            else c_one &= ~bit;
            int loss = bit ? 1 + ((two & bit) ? 0 : 2) + ((K->orphans & bit) ? 1 : 0) : 0;
            if (pairs_by_loss[loss] == -2) {
                if (!K->pairs) {
                    pairs_by_loss[loss] = -1;
                } else {
                    if (twos < 0) {
                        uint64_t singles = one & ~two;
                        twos = popcount64(two);
                        lone_count = popcount64(singles);
                        orphans = popcount64(singles & K->orphans);
                    }
                    int orphan = (K->orphans & bit) != 0; /* the copy lost: a wild, one of two, the only one */
                    pairs_by_loss[loss] = !bit ? pairs_from(twos, lone_count, orphans, wilds_of(chi))
                                          : (two & bit) ? pairs_from(twos - 1, lone_count + 1, orphans + orphan, wilds_of(chi))
                                                        : pairs_from(twos, lone_count - 1, orphans - orphan, wilds_of(chi));
                }
            }
            int melds, pairs = pairs_by_loss[loss];
            int lower = lower_of_pairs(K, wilds_of(chi), child_kept, pairs, &melds);
            if (lower > bound) continue; /* not kept: not stored */
            /* The child's own faces where they come cheap: less a wild it holds the same plain tiles
             * (the same answer); less a spare, its optimal choices are the 15's that leave it out. */
            uint64_t child_faces = 0, child_spares;
            int has_faces = d == WILD_SLOT, from_choices = 0;
            if (has_faces) child_faces = faces;
            else if (spare && solved)
                has_faces = from_choices = hand_child(H, C, d, K->family->choices, &child_faces, &child_spares) >= 0;
            if (grown && from_choices && C->chosen == C->met)
                remember_choices(K, c_one, c_two, C->best, C->faces, C->spares, C->choices, C->chosen);
            f = fact_new_lower(K, clo, chi, lower, melds, pairs, child_faces, has_faces);
            if (!f) return -1;
            /* A child the programme alone does not decide is certified next (within, below): from its
             * optimal choices where they are at hand, without solving it again. */
            if (from_choices && !f->u.fact.quick && K->certify) {
                int realisable;
                uint64_t vouched;
                int walked = rows_certify_walks(C, c_one, c_two, child_faces, K->supply, K->walks, &realisable, &vouched);
                if (keep_certificate(f, walked, realisable, vouched) < 0) return -1;
            }
        }
        int ok = entry_within(K, f, clo, chi, bound); /* (nothing since added to the facts) */
        if (ok < 0) return -1;
        if (ok) {
            K->kept_store[start + 2 * n] = clo;
            K->kept_store[start + 2 * n + 1] = chi;
            n++;
        }
    }
    K->kept_len += 2 * n;
    e = map_add(&K->kept, lo, khi);
    if (!e) return -1;
    e->u.kept.offset = (uint32_t)(start / 2);
    e->u.kept.count = n;
    *offset = (uint32_t)(start / 2);
    *count = n;
    return 0;
}

static int read_ints(PyObject *obj, int *out, int n, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: expected %d numbers", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

static int read_state(PyObject *obj, uint64_t *lo, uint64_t *hi) {
    int counts[SLOTS];
    if (read_ints(obj, counts, SLOTS, "a state has one count per slot (53)") < 0) return -1;
    *lo = *hi = 0;
    for (int s = 0; s < SLOTS; s++) {
        if (counts[s] < 0 || counts[s] > 2) { /* at most two copies of a face, two okeys */
            PyErr_SetString(PyExc_ValueError, "a state's counts are 0-2");
            return -1;
        }
        add_to(lo, hi, s, counts[s]);
    }
    return 0;
}

static PyTypeObject *TableType; /* okeytool.solver.classic._cover.Table */

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kwds) {
    PyObject *table, *supply, *points;
    int size, wilds, pairs, walks, certify_here = 1;
    if (!PyArg_ParseTuple(args, "O!OiipOi|p", TableType, &table, &supply, &size, &wilds, &pairs, &points, &walks,
                          &certify_here))
        return -1;
    if (size < 0 || size > 31) {
        PyErr_SetString(PyExc_ValueError, "size must be 0-31");
        return -1;
    }
    if (!((Table *)table)->prog.memo) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not initialised");
        return -1;
    }
    self->prog = NULL; /* until every part below is in place */
    Py_INCREF(table);
    Py_XSETREF(self->table, table);
    if (read_ints(supply, self->supply, FACES, "supply has one count per face (52)") < 0) return -1;
    if (read_ints(points, self->points, 4, "points: normal, okey, pairs, pairs+okey") < 0) return -1;
    self->size = size;
    self->walks = walks;
    self->certify = certify_here;
    self->wilds = wilds;
    self->pairs = pairs;
    self->full_if_one = self->full_if_two = self->never = self->orphans = 0;
    for (int f = 0; f < FACES; f++) {
        uint64_t bit = 1ULL << f;
        int s = self->supply[f];
        if (s <= 0) self->never |= bit;
        else if (s == 1) self->full_if_one |= bit;
        else self->full_if_two |= bit; /* counts above 2 do not occur: at most two copies exist */
        if (s <= 1) self->orphans |= bit;
        int colour = f / 13, number = f % 13;
        uint64_t near = 0;
        for (int c = 0; c < 4; c++) near |= 1ULL << (c * 13 + number);
        for (int step = -2; step <= 2; step++) near |= 1ULL << (colour * 13 + (number + step + 13) % 13);
        self->near[f] = near;
    }
    map_free(&self->facts);
    map_free(&self->kept);
    map_free(&self->values);
    if (map_init(&self->facts, sizeof(Item), 1 << 14) < 0 || map_init(&self->kept, sizeof(Item), 1 << 12) < 0 ||
        map_init(&self->values, sizeof(Item), 1 << 12) < 0)
        return -1;
    self->kept_len = 0;
    for (int g = 0; g < GROW_DEPTHS; g++)
        if (self->grown[g]) self->grown[g]->two = 0; /* solved by another table, maybe */
    known_give(self->known);
    self->known = NULL;
    if (!self->family) {
        self->family = PyMem_Malloc(sizeof(Family));
        if (!self->family) {
            PyErr_NoMemory();
            return -1;
        }
    }
    self->prog = &((Table *)table)->prog;
    return 0;
}

static void Kernel_dealloc(Kernel *self) {
    Py_XDECREF(self->table);
    map_free(&self->facts);
    map_free(&self->kept);
    map_free(&self->values);
    PyMem_Free(self->kept_store);
    PyMem_Free(self->family);
    for (int g = 0; g < GROW_DEPTHS; g++) PyMem_Free(self->grown[g]);
    known_give(self->known);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* 0 if the kernel was initialised, else -1 with RuntimeError set. */
static int ready(const Kernel *K) {
    if (K->prog && K->facts.entries && K->kept.entries && K->values.entries) return 0;
    PyErr_SetString(PyExc_RuntimeError, "the kernel was not initialised");
    return -1;
}

/* Kernel.info(state, info, deficiency) -> (k, wins, useful): HandFacts.info, for the tests. */
static PyObject *Kernel_info(Kernel *self, PyObject *args) {
    if (ready(self) < 0) return NULL;
    PyObject *state, *info_cb, *deficiency_cb;
    if (!PyArg_ParseTuple(args, "OOO", &state, &info_cb, &deficiency_cb)) return NULL;
    uint64_t lo, hi;
    if (read_state(state, &lo, &hi) < 0) return NULL;
    self->info_cb = info_cb;
    self->deficiency_cb = deficiency_cb;
    int k;
    uint64_t wins, useful;
    int status = info(self, lo, hi, &k, &wins, &useful);
    self->info_cb = self->deficiency_cb = NULL;
    if (status < 0) return NULL;
    return Py_BuildValue("(iKK)", k, (unsigned long long)wins, (unsigned long long)useful);
}

/* Kernel.rows(state, slots, info, deficiency) -> [(k, wins, useful, found), ...]: Kernel.info of the
 * state less one copy of each slot given, in that order (a ranking's rows); found: the hands whose
 * facts were found while answering that row (Kernel.known before and after). */
static PyObject *Kernel_rows(Kernel *self, PyObject *args) {
    if (ready(self) < 0) return NULL;
    PyObject *state, *slots, *info_cb, *deficiency_cb;
    if (!PyArg_ParseTuple(args, "OOOO", &state, &slots, &info_cb, &deficiency_cb)) return NULL;
    uint64_t lo, hi;
    if (read_state(state, &lo, &hi) < 0) return NULL;
    PyObject *seq = PySequence_Fast(slots, "slots: a sequence of slot numbers");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (!out) { Py_DECREF(seq); return NULL; }
    self->info_cb = info_cb;
    self->deficiency_cb = deficiency_cb;
    for (Py_ssize_t i = 0; i < n; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) goto fail;
        if (x < 0 || x >= SLOTS || !count_of(lo, hi, (int)x)) {
            PyErr_SetString(PyExc_ValueError, "rows: each slot must be one the state holds");
            goto fail;
        }
        uint64_t rlo = lo, rhi = hi;
        add_to(&rlo, &rhi, (int)x, -1);
        size_t before = self->facts.used;
        int k;
        uint64_t wins, useful;
        if (info(self, rlo, rhi, &k, &wins, &useful) < 0) goto fail;
        PyObject *row = Py_BuildValue("(iKKn)", k, (unsigned long long)wins, (unsigned long long)useful,
                                      (Py_ssize_t)self->facts.used - (Py_ssize_t)before);
        if (!row) goto fail;
        PyList_SET_ITEM(out, i, row);
    }
    self->info_cb = self->deficiency_cb = NULL;
    Py_DECREF(seq);
    return out;
fail:
    self->info_cb = self->deficiency_cb = NULL;
    Py_DECREF(seq);
    Py_DECREF(out);
    return NULL;
}

/* Kernel.kept(after, bound, info, deficiency) -> [state, ...]: HandFacts.kept, for the tests. */
static PyObject *Kernel_kept(Kernel *self, PyObject *args) {
    if (ready(self) < 0) return NULL;
    PyObject *state, *info_cb, *deficiency_cb;
    int bound;
    if (!PyArg_ParseTuple(args, "OiOO", &state, &bound, &info_cb, &deficiency_cb)) return NULL;
    uint64_t lo, hi;
    if (read_state(state, &lo, &hi) < 0) return NULL;
    if (bound < 0 || bound > 15) {
        PyErr_SetString(PyExc_ValueError, "bound must be 0-15");
        return NULL;
    }
    self->info_cb = info_cb;
    self->deficiency_cb = deficiency_cb;
    uint32_t offset, count;
    int status = kept_of(self, lo, hi, bound, -1, 0, 0, WILD_SLOT, -1, 1, &offset, &count); /* no state it grew from */
    self->info_cb = self->deficiency_cb = NULL;
    if (status < 0) return NULL;
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (uint32_t i = 0; i < count; i++) {
        PyObject *child = state_tuple(self->kept_store[2 * ((size_t)offset + i)], self->kept_store[2 * ((size_t)offset + i) + 1]);
        if (!child) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, child);
    }
    return out;
}

/* ---------- one solver: the planned recursion ---------- */

typedef struct {
    PyObject_HEAD
    Kernel *kernel;
    int left[SLOTS];
    double scale;
    int swapping;
    int shortcuts; /* answer states one and two or more away by their series (Series; tests turn it off) */
    int exact; /* the recursion as stated (ChanceSolver._solve_held for ``exact``), else the planned one */
    int extra; /* ChanceSolver._solve_extra, with the hand below and its allowance */
    uint64_t origin_lo, origin_hi; /* for ``extra``: the hand the tiles exchanged count from (ExtraOrigin) */
    int allowance;                 /* for ``extra``: its deficiency plus N */
    Map memo, swaps;
    int capped, timed;
    struct timespec end;
    int ended;            /* the clock was read past `end` in this solve */
    unsigned clock_skip;  /* past_end's calls in this solve (it reads the clock every CLOCK_EVERY) */
    unsigned long fresh;  /* states expanded so far */
    long work_limit;      /* stop once the work reaches this (negative: no limit) */
    long fact_cost;       /* the work of one hand's facts found, in expanded states */
    long pool;            /* the copies a state of the current solve does not hold (the same for every
                           * state it reaches: drawn from them, thrown back to them); -1: not known */
    uint32_t facts_start; /* the kernel's hands known when the current solve began */
    int top;              /* the draws of the current solve: a series' room (Series) */
    Map series;           /* Series: the states answered at every draw count (and extra's plans) */
    Map copies;           /* Copy: the answers of the other states that are children of series */
    struct PlanDraw *plan_store; /* the draws of the plans (Series with `plan` set): ``extra``'s other states */
    void **plan_children;        /* their children's entries in `series`, where a draw holds them (PlanDraw) */
    size_t plan_children_used, plan_children_capacity;
    size_t plan_used, plan_capacity;
    double *values;       /* their answers (V, E) by draw count */
    size_t values_used, values_capacity;
    size_t answered;      /* the answers of series held, as (state, draws) the memo would hold */
    size_t zeros;         /* answers that are all 0, for 0..15 draws (values), or -1: none yet */
    unsigned long stops;  /* the times a limit said stop */
    int32_t *win_store;   /* the winning draws of those one away: their sums (WIN_SUMS), then copies and
                           * points, two ints a draw */
    size_t win_used, win_capacity;
    struct Edge *edge_store; /* the helpful draws of those farther */
    size_t edge_used, edge_capacity;
} Solver;

/* A helpful draw of a state two or more away: its copies, and the discards kept after it (in the
 * kernel's kept_store). */
typedef struct Edge {
    int32_t n;
    uint32_t offset, count;
} Edge;

/* V and E side by side, each with the same arithmetic (two lanes of SSE2, else two doubles). */
#if defined(__SSE2__)
typedef __m128d Pair;
static inline Pair pair_zero(void) { return _mm_setzero_pd(); }
static inline Pair pair_load(const double *x) { return _mm_loadu_pd(x); }
static inline void pair_store(double *x, Pair p) { _mm_storeu_pd(x, p); }
static inline Pair pair_add(Pair a, Pair b) { return _mm_add_pd(a, b); }
static inline Pair pair_times(double n, Pair a) { return _mm_mul_pd(_mm_set1_pd(n), a); }
/* a where a > b, else b, lane by lane (MAXPD) */
static inline Pair pair_max(Pair a, Pair b) { return _mm_max_pd(a, b); }
#else
typedef struct { double v, e; } Pair;
static inline Pair pair_zero(void) { return (Pair){0.0, 0.0}; }
static inline Pair pair_load(const double *x) { return (Pair){x[0], x[1]}; }
static inline void pair_store(double *x, Pair p) { x[0] = p.v; x[1] = p.e; }
static inline Pair pair_add(Pair a, Pair b) { return (Pair){a.v + b.v, a.e + b.e}; }
static inline Pair pair_times(double n, Pair a) { return (Pair){n * a.v, n * a.e}; }
static inline Pair pair_max(Pair a, Pair b) { return (Pair){a.v > b.v ? a.v : b.v, a.e > b.e ? a.e : b.e}; }
#endif

/* A state the advancing recursion (``solve``) answers at every draw count in one pass, instead of
 * once a count through the memo:
 * - one tile away, without swaps, every helpful draw winning: its answer at t draws is its winning
 *   draws plus its answer at t - 1 for every other draw; its winning draws (copies and points, in
 *   slot order) are looked up once;
 * - two or more away, no draw winning: its answer at t draws is, for each helpful draw in slot order,
 *   the best of the children kept after it at t - 1, plus its own answer at t - 1 for every other
 *   draw; its helpful draws and their children are looked up once.
 * Each count's answer is the same sums in the same order as the recursion's, so the same floats. Its
 * answers at 0..room draws are values[at + 2t] (V) and values[at + 2t + 1] (E); those up to `upto`
 * are known (below k they are 0), the others 0, or lower bounds left by a stop (series_extend).
 * The same entries, with `plan` set, hold the plans of ``extra`` (plan_new): its other states. */
typedef struct {
    uint64_t lo, hi;
    uint32_t offset, count; /* one away: win_store[offset] (WIN_SUMS); farther: edge_store[offset ..] */
    long back;              /* the copies of the draws thrown back */
    size_t at;              /* its answers in values */
    int8_t k, room, upto;
    int8_t plan;            /* a plan of ``extra`` (plan_new): offset and count into plan_store */
} Series;

/* A one-away series' sums over its winning draws, ahead of them in win_store: the copies, the copies
 * times the points, the least points (INT32_MAX: none). Whole numbers, so the same floats as the
 * recursion's sums in slot order. */
#define WIN_SUMS 3

/* The work of the current solve: states expanded, and the facts of the hands it met first, weighted
 * by what finding them costs. It depends only on the hands, so it is the same on every machine. */
static inline long work_done(Solver *S) {
    return (long)S->fresh + S->fact_cost * (long)(S->kernel->facts.used - S->facts_start);
}

static PyTypeObject KernelType;
static PyTypeObject SolverType;

/* Whether the solve's clock has passed its end. A reading of the clock costs as much as many of the
 * checks that ask (one an expansion or a child answered: tens of thousands a ranking), so it is read
 * at the first call and then every CLOCK_EVERY calls, and once past stays past. */
#define CLOCK_EVERY 16
static int past_end(Solver *S) {
    if (!S->timed) return 0;
    if (S->ended) return 1;
    if (S->clock_skip++ % CLOCK_EVERY) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    S->ended = now.tv_sec > S->end.tv_sec || (now.tv_sec == S->end.tv_sec && now.tv_nsec > S->end.tv_nsec);
    return S->ended;
}

/* ChanceSolver.waiting: unseen copies of the winning draws; -1 on an exception. */
static long waiting(Solver *S, uint64_t lo, uint64_t hi) {
    int k;
    uint64_t wins, useful;
    if (info(S->kernel, lo, hi, &k, &wins, &useful) < 0) return -1;
    long total = 0;
    while (wins) {
        int y = __builtin_ctzll(wins);
        wins &= wins - 1;
        int n = S->left[y] - count_of(lo, hi, y);
        if (n > 0) total += n;
    }
    return total;
}

/* ChanceSolver.swap_to: 1 with the state swapped into, 0 for none, -1 on an exception. */
static int swap_to(Solver *S, uint64_t lo, uint64_t hi, int x, uint64_t *out_lo, uint64_t *out_hi) {
    Kernel *K = S->kernel;
    uint64_t one, two;
    masks_of(lo, hi, &one, &two);
    if (x == WILD_SLOT || !(K->near[x] & one)) return 0;
    uint64_t key_hi = hi | (uint64_t)(x + 1) << 48;
    Item *e = map_find(&S->swaps, lo, key_hi);
    if (e) {
        *out_lo = e->u.swap.lo;
        *out_hi = e->u.swap.hi;
        return e->u.swap.some;
    }
    long best_count = waiting(S, lo, hi);
    if (best_count < 0) return -1;
    int some = 0;
    uint64_t choice_lo = 0, choice_hi = 0;
    uint64_t glo = lo, ghi = hi;
    add_to(&glo, &ghi, x, 1);
    for (int d = 0; d < SLOTS; d++) {
        if (!count_of(glo, ghi, d)) continue;
        uint64_t clo = glo, chi = ghi;
        add_to(&clo, &chi, d, -1);
        if (clo == lo && chi == hi) continue;
        int ok = within(K, clo, chi, 1);
        if (ok < 0) return -1;
        if (!ok) continue;
        long count = waiting(S, clo, chi);
        if (count < 0) return -1;
        if (count > best_count) {
            best_count = count;
            some = 1;
            choice_lo = clo;
            choice_hi = chi;
        }
    }
    e = map_add(&S->swaps, lo, key_hi);
    if (!e) return -1;
    e->u.swap.lo = choice_lo;
    e->u.swap.hi = choice_hi;
    e->u.swap.some = some;
    *out_lo = choice_lo;
    *out_hi = choice_hi;
    return some;
}

/* Whether the work, the clock or the memory says stop (capped then set), without counting anything. */
static int limited(Solver *S) {
    Kernel *K = S->kernel;
    if (S->memo.used + S->answered >= MEMO_LIMIT || K->facts.used >= FACT_LIMIT ||
        (S->work_limit >= 0 && work_done(S) >= S->work_limit) || past_end(S)) {
        S->capped = 1;
        S->stops++;
        return 1;
    }
    return 0;
}

/* The limits every expansion checks first: 1 (and capped set) when the work, the clock or the memory
 * says stop, -1 on an exception (a signal), else 0 with the state counted as expanded. */
static int stop_here(Solver *S) {
    if (limited(S)) return 1;
    if ((++S->fresh & 1023) == 0 && PyErr_CheckSignals() < 0) return -1;
    return 0;
}

/* What every recursion does first with a state: 0 with (*v, *e) when it is answered already (no draw
 * left, known, too far for the draws left: 0), 1 with its memo key and facts when it is to be solved,
 * -1 on an exception. */
static int begin_known(Solver *S, uint64_t lo, uint64_t hi, int draws, uint64_t *key_hi, int *k, uint64_t *wins,
                       uint64_t *useful, double *v, double *e) {
    *v = *e = 0.0;
    if (draws <= 0) return 0;
    *key_hi = hi | (uint64_t)draws << 56;
    Solved *known = map_find(&S->memo, lo, *key_hi);
    if (known) {
        *v = known->v;
        *e = known->e;
        return 0;
    }
    if (info(S->kernel, lo, hi, k, wins, useful) < 0) return -1;
    if (*k > draws) {
        Solved *m = map_add(&S->memo, lo, *key_hi);
        return m ? 0 : -1;
    }
    return 1;
}

/* begin_known, and then the state counted as expanded (stop_here): 0 also when a limit stops it (the
 * state then counts 0). */
static int begin(Solver *S, uint64_t lo, uint64_t hi, int draws, uint64_t *key_hi, int *k, uint64_t *wins,
                 uint64_t *useful, double *v, double *e) {
    int known = begin_known(S, lo, hi, draws, key_hi, k, wins, useful, v, e);
    if (known <= 0) return known;
    int stop = stop_here(S);
    return stop ? (stop < 0 ? -1 : 0) : 1;
}

typedef int (*SolveFn)(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e);

/* *best_v and *best_e raised to the V and E of the children kept after a helpful draw
 * (kept_store[offset .. + count)), each solved by `fn` with `rest` draws. -1 on an exception. */
static int raise_by_children(Solver *S, uint32_t offset, uint32_t count, int rest, SolveFn fn, double *best_v,
                             double *best_e) {
    Kernel *K = S->kernel;
    for (uint32_t i = 0; i < count; i++) {
        /* kept_store may move while solving a child: read the child first */
        uint64_t clo = K->kept_store[2 * ((size_t)offset + i)];
        uint64_t chi = K->kept_store[2 * ((size_t)offset + i) + 1];
        double cv, ce;
        if (fn(S, clo, chi, rest, &cv, &ce) < 0) return -1;
        if (cv > *best_v) *best_v = cv;
        if (ce > *best_e) *best_e = ce;
    }
    return 0;
}

/* The best V and E over the 14-tile states one discard from the 15-tile state (lo, hi) + x leaves at
 * most `bound` away, each solved by `fn` with `rest` draws; *best_v and *best_e are raised to them
 * (they keep what they held when no child is better). -1 on an exception. */
static int best_kept(Solver *S, uint64_t lo, uint64_t hi, int x, int bound, int rest, SolveFn fn, double *best_v,
                     double *best_e) {
    Kernel *K = S->kernel;
    uint64_t glo = lo, ghi = hi;
    add_to(&glo, &ghi, x, 1);
    uint32_t offset, count;
    if (kept_of(K, glo, ghi, bound, kept_after(K, lo, hi, x), lo, hi, x, rest + 1, 1, &offset, &count) < 0) return -1;
    return raise_by_children(S, offset, count, rest, fn, best_v, best_e);
}

/* A solved state's (V, E): the totals scaled by the pool and the risk, into *v, *e and the memo. */
static int remember(Solver *S, uint64_t lo, uint64_t key_hi, double total_v, double total_e, double *v, double *e) {
    *v = total_v * S->scale;
    *e = total_e * S->scale;
    Solved *m = map_add(&S->memo, lo, key_hi);
    if (!m) return -1;
    m->v = *v;
    m->e = *e;
    return 0;
}

/* ChanceSolver._solve_held for ``exact``: every draw followed by every discard that leaves the
 * hand at most the draws left away (the only pruning, and a proved one), winning hands also held;
 * the same sums in the same order as the Python recursion, so the same floats. -1 on an exception. */
static int solve_exact(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e) {
    uint64_t key_hi;
    int k;
    uint64_t wins, useful;
    int begun = begin(S, lo, hi, draws, &key_hi, &k, &wins, &useful, v, e);
    if (begun <= 0) return begun;
    Kernel *K = S->kernel;
    int rest = draws - 1;
    double total_v = 0.0, total_e = 0.0;
    for (int x = 0; x < SLOTS; x++) {
        int n = S->left[x] - count_of(lo, hi, x);
        if (n <= 0) continue;
        int win = (wins >> x & 1) != 0;
        if (!win && !rest) continue;
        /* No discard of the 15 leaves it nearer than one less than k after a useful draw, k after
         * any other: beyond the draws left, no child is kept (the answer is the same, without
         * asking the cover of the 15). */
        if (!win && ((useful >> x & 1) ? k - 1 : k) > rest) continue;
        double best_v = 0.0, best_e = 0.0;
        if (win) {
            int points = value(K, lo, hi, x);
            if (points < 0) return -1;
            best_e = (double)points;
        }
        if (rest && best_kept(S, lo, hi, x, rest, rest, solve_exact, &best_v, &best_e) < 0) return -1;
        total_v += win ? (double)n : n * best_v;
        total_e += n * best_e;
    }
    return remember(S, lo, key_hi, total_v, total_e, v, e);
}

static int solve(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e);

/* A state the general recursion answers (count by count, through the memo) that is the child of a
 * series: its answers at 0..room draws copied to values[at ..], those up to `upto` known. */
typedef struct {
    uint64_t lo, hi;
    size_t at;
    int8_t room, upto;
} Copy;

/* A winning draw's expected points (rules.md 4.1): finish now for `points`, or hold on for `held`
 * (the state's answer one draw fewer), the larger. */
static inline double finish_or_hold(double points, double held) { return points >= held ? points : held; }

/* Room in `values` for a series' answers at 0..room draws, all 0: its offset into *at; -1 with
 * MemoryError set. */
static int values_new(Solver *S, int room, size_t *at) {
    size_t width = 2 * (size_t)(room + 1), need = S->values_used + width;
    double *store = reserve(S->values, &S->values_capacity, need, sizeof *store, 1 << 12);
    if (!store) return -1;
    S->values = store;
    *at = S->values_used;
    memset(store + *at, 0, width * sizeof *store);
    S->values_used = need;
    return 0;
}

/* (lo, hi)'s answer at `draws` counts, 0, in the memo (unless there): the entry the general recursion
 * leaves for the count below a state's distance, which its own count asks first. -1 on an exception. */
static int memo_zero(Solver *S, uint64_t lo, uint64_t hi, int draws) {
    uint64_t key_hi = hi | (uint64_t)draws << 56;
    return map_find(&S->memo, lo, key_hi) || map_add(&S->memo, lo, key_hi) ? 0 : -1;
}

/* The series of (lo, hi), a state k away with winning draws `wins` and helpful draws `useful`, made
 * with room for `room` draws: its winning draws and their points (one away), or its helpful draws
 * and the children kept after each, covered at recursion depth `depth` (farther; kept_of). Nothing
 * is answered yet. -1 on an exception. */
static int series_new(Solver *S, uint64_t lo, uint64_t hi, int k, uint64_t wins, uint64_t useful, int room,
                      int depth) {
    Kernel *K = S->kernel;
    Series r = {lo, hi, 0, 0, 0, 0, (int8_t)k, (int8_t)room, (int8_t)(k - 1)};
    long visited = 0;
    if (k == 1) {
        size_t most = S->win_used + WIN_SUMS + 2 * (size_t)popcount64(wins & ALL_SLOTS);
        int32_t *store = reserve(S->win_store, &S->win_capacity, most, sizeof *store, 1024);
        if (!store) return -1;
        S->win_store = store;
        r.offset = (uint32_t)S->win_used;
        int32_t *sums = store + r.offset, *won = sums + WIN_SUMS;
        int32_t copies = 0, points_sum = 0, least = INT32_MAX;
        for (uint64_t ws = wins & ALL_SLOTS; ws; ws &= ws - 1) {
            int x = __builtin_ctzll(ws);
            int n = S->left[x] - count_of(lo, hi, x);
            if (n <= 0) continue;
            int points = value(K, lo, hi, x);
            if (points < 0) return -1;
            won[2 * r.count] = n;
            won[2 * r.count + 1] = points;
            copies += n;
            points_sum += n * points;
            if (points < least) least = points;
            visited += n;
            r.count++;
        }
        sums[0] = copies;
        sums[1] = points_sum;
        sums[2] = least;
        S->win_used += WIN_SUMS + 2 * (size_t)r.count;
    } else {
        if (memo_zero(S, lo, hi, k - 1) < 0) return -1; /* its answer at k - 1 draws, as the recursion leaves it */
        Edge edges[SLOTS];
        for (uint64_t helpful = useful & ALL_SLOTS; helpful; helpful &= helpful - 1) {
            int x = __builtin_ctzll(helpful);
            int n = S->left[x] - count_of(lo, hi, x);
            if (n <= 0) continue;
            visited += n;
            uint64_t glo = lo, ghi = hi;
            add_to(&glo, &ghi, x, 1);
            uint32_t offset, kept;
            if (kept_of(K, glo, ghi, k - 1, kept_after(K, lo, hi, x), lo, hi, x, depth, k - 1 >= 2, &offset, &kept) < 0)
                return -1;
            edges[r.count++] = (Edge){n, offset, kept};
        }
        Edge *store = reserve(S->edge_store, &S->edge_capacity, S->edge_used + r.count, sizeof *store, 1024);
        if (!store) return -1;
        S->edge_store = store;
        memcpy(store + S->edge_used, edges, r.count * sizeof *edges);
        r.offset = (uint32_t)S->edge_used;
        S->edge_used += r.count;
    }
    r.back = S->pool - visited;
    if (values_new(S, room, &r.at) < 0) return -1;
    Series *added = map_add(&S->series, lo, hi);
    if (!added) return -1;
    *added = r;
    return 0;
}

static int series_answers(Solver *S, uint64_t lo, uint64_t hi, int need, size_t *at);

/* After a stop: the answers of (lo, hi) as they stand, without solving anything (a series' own,
 * lower bounds beyond what it knows; else all 0). -1 with MemoryError set. */
static int series_known(Solver *S, uint64_t lo, uint64_t hi, int need, size_t *at) {
    const Series *R = map_find(&S->series, lo, hi);
    if (R && need <= R->room) {
        *at = R->at;
        return 0;
    }
    if (S->zeros == (size_t)-1 && values_new(S, 15, &S->zeros) < 0) return -1; /* draws are 0-15 */
    *at = S->zeros;
    return 0;
}

/* The answers at `draws` of a series or a plan whose answers are at `at` in values, into *v, *e; 0. */
static inline int answer_at(const Solver *S, size_t at, int draws, double *v, double *e) {
    *v = S->values[at + 2 * draws];
    *e = S->values[at + 2 * draws + 1];
    return 0;
}

/* Room in R's answers (a series or a plan) for `draws`: asked for more draws than it was made for,
 * its answers move to more room. Their offset into *at; -1 with MemoryError set. */
static int series_room(Solver *S, Series *R, int draws, size_t *at) {
    if (draws > R->room) {
        size_t moved;
        if (values_new(S, draws, &moved) < 0) return -1;
        memcpy(S->values + moved, S->values + R->at, 2 * (size_t)(R->room + 1) * sizeof *S->values);
        R->at = moved;
        R->room = (int8_t)draws;
    }
    *at = R->at;
    return 0;
}

/* The series R (an entry of S->series) answered up to `draws` (at least its k), the offset of its
 * answers into *at; -1 on an exception. After a stop (a limit), the sums go on with what is known (a
 * state not yet answered counting 0), so the counts from the stop on hold lower bounds, not kept as
 * known. */
static int series_grow(Solver *S, Series *R, int draws, size_t *at) {
    uint64_t lo = R->lo, hi = R->hi;
    if (series_room(S, R, draws, at) < 0) return -1;
    if (draws <= R->upto) return 0;
    Series r = *R; /* R may move while its children are answered */
    double scale = S->scale;
    unsigned long stops = S->stops;
    if (r.k == 1) {
        /* The sums over the winning draws hold whole numbers (copies, and copies times points) while
         * the answer at one draw fewer is below every win's points, so in any order they are exact:
         * worked out once, not once a count. */
        const int32_t *won = S->win_store + r.offset + WIN_SUMS;
        double copies = (double)won[-3], points = (double)won[-2], least = (double)won[-1];
        for (int t = r.upto + 1; t <= draws; t++) {
            if (stop_here(S) < 0) return -1;
            double *now = S->values + r.at + 2 * t, back_v = now[-2], back_e = now[-1];
            double total_v = copies, total_e = points;
            if (back_e > least) { /* some win's points below it: each draw's term as the recursion sums it */
                total_e = 0.0;
                for (uint32_t i = 0; i < r.count; i++) {
                    int n = won[2 * i];
                    total_e += n * finish_or_hold((double)won[2 * i + 1], back_e);
                }
            }
            total_v += r.back * back_v;
            total_e += r.back * back_e;
            now[0] = total_v * scale;
            now[1] = total_e * scale;
            if (S->stops == stops) {
                r.upto = (int8_t)t;
                S->answered++;
            }
        }
    } else {
        /* each child answered up to draws - 1 first (a child is one nearer: never this state again) */
        Kernel *K = S->kernel;
        uint32_t child_at[SLOTS * 16]; /* a 15-tile hand has at most 15 discards */
        uint32_t m = 0;
        for (uint32_t i = 0; i < r.count; i++) {
            Edge edge = S->edge_store[r.offset + i];
            if (m + edge.count > sizeof child_at / sizeof *child_at) {
                PyErr_SetString(PyExc_RuntimeError, "more children than a hand has discards");
                return -1;
            }
            for (uint32_t j = 0; j < edge.count; j++) {
                uint64_t clo = K->kept_store[2 * ((size_t)edge.offset + j)];
                uint64_t chi = K->kept_store[2 * ((size_t)edge.offset + j) + 1];
                const Series *C = map_find(&S->series, clo, chi);
                size_t c;
                if (C && C->k < draws && draws - 1 <= C->upto) /* known already (most are): nothing to do */
                    c = C->at;
                else if ((limited(S) ? series_known(S, clo, chi, draws - 1, &c) /* stopped: it counts as it stands */
                                     : series_answers(S, clo, chi, draws - 1, &c)) < 0)
                    return -1;
                child_at[m++] = (uint32_t)c;
            }
        }
        /* then each count's sums over the helpful draws in slot order, as the recursion's: V and E
         * side by side, the best child's (the first of the best, as `>` keeps it) times the copies */
        int first = r.upto + 1;
        Pair total[16];
        for (int t = first; t <= draws; t++) total[t] = pair_zero();
        const double *values = S->values;
        m = 0;
        for (uint32_t i = 0; i < r.count; i++) {
            Edge edge = S->edge_store[r.offset + i];
            Pair best[16];
            for (int t = first; t <= draws; t++) best[t] = pair_zero();
            for (uint32_t j = 0; j < edge.count; j++) {
                const double *child = values + child_at[m++];
                for (int t = first; t <= draws; t++) best[t] = pair_max(pair_load(child + 2 * t - 2), best[t]);
            }
            for (int t = first; t <= draws; t++) total[t] = pair_add(total[t], pair_times(edge.n, best[t]));
        }
        for (int t = first; t <= draws; t++) {
            if (stop_here(S) < 0) return -1;
            double *now = S->values + r.at + 2 * t;
            Pair back = pair_times(r.back, pair_load(now - 2));
            pair_store(now, pair_times(scale, pair_add(total[t], back)));
            if (S->stops == stops) {
                r.upto = (int8_t)t;
                S->answered++;
            }
        }
    }
    if (r.k == 1) R->upto = r.upto; /* (no child: R did not move) */
    else ((Series *)map_find(&S->series, lo, hi))->upto = r.upto; /* R may have moved */
    return 0;
}

/* series_grow for the series of (lo, hi). */
static int series_extend(Solver *S, uint64_t lo, uint64_t hi, int draws, size_t *at) {
    return series_grow(S, map_find(&S->series, lo, hi), draws, at);
}

/* The answers at 0..need draws of a child of a series (need at least its k), the offset of them into
 * *at: its own series, made where it qualifies (``solve``); else, for a state the recursion answers
 * count by count, those answers copied into room of their own (Copy), once for all its parents.
 * -1 on an exception. */
static int series_answers(Solver *S, uint64_t lo, uint64_t hi, int need, size_t *at) {
    const Series *R = map_find(&S->series, lo, hi);
    if (R && need >= R->k) return series_extend(S, lo, hi, need, at);
    const Copy *known = map_find(&S->copies, lo, hi);
    if (known && need <= known->upto) {
        *at = known->at;
        return 0;
    }
    double v, e;
    unsigned long stops = S->stops;
    if (solve(S, lo, hi, need, &v, &e) < 0) return -1;
    R = map_find(&S->series, lo, hi);
    if (R && need >= R->k) {
        *at = R->at;
        return 0;
    }
    Copy *copy = map_find(&S->copies, lo, hi);
    if (!copy || need > copy->room) { /* new room (a copy outgrown keeps its old, unused) */
        size_t room;
        if (values_new(S, need, &room) < 0) return -1;
        if (!copy && !(copy = map_add(&S->copies, lo, hi))) return -1;
        copy->at = room;
        copy->room = (int8_t)need;
    }
    size_t where = copy->at;
    int k;
    uint64_t wins, useful;
    if (info(S->kernel, lo, hi, &k, &wins, &useful) < 0) return -1;
    for (int t = k > 1 ? k : 1; t <= need; t++) { /* below k: 0, not asked (the memo holds no more) */
        if (solve(S, lo, hi, t, &v, &e) < 0) return -1; /* the memo's (its solve above answered them) */
        S->values[where + 2 * t] = v;
        S->values[where + 2 * t + 1] = e;
    }
    copy = map_find(&S->copies, lo, hi); /* (the map may have grown meanwhile) */
    copy->upto = (int8_t)(S->stops == stops ? need : 0); /* after a stop: lower bounds, not kept */
    *at = where;
    return 0;
}

static int plan_extend(Solver *S, Series *R, int draws, size_t *at);

/* The answer at `draws` of a state from its entry R in the series map (a series, or extra's plan):
 * read where answered already, else grown to that count first. -1 on an exception. */
static int entry_answer(Solver *S, Series *R, int draws, double *v, double *e) {
    if (draws <= R->upto) return answer_at(S, R->at, draws, v, e);
    size_t at;
    if ((R->plan ? plan_extend(S, R, draws, &at) : series_grow(S, R, draws, &at)) < 0) return -1;
    return answer_at(S, at, draws, v, e);
}

/* ChanceSolver._solve_planned: (V, E) into *v, *e; -1 on an exception. */
static int solve(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e) {
    *v = *e = 0.0;
    if (draws <= 0) return 0;
    int by_series = S->shortcuts && S->pool >= 0;
    size_t at;
    if (by_series) {
        Series *R = map_find(&S->series, lo, hi);
        if (R && draws >= R->k) return entry_answer(S, R, draws, v, e);
    }
    uint64_t key_hi;
    int k;
    uint64_t wins, useful;
    int begun = begin_known(S, lo, hi, draws, &key_hi, &k, &wins, &useful, v, e);
    if (begun <= 0) return begun;
    if (by_series && ((k == 1 && !S->swapping && !(useful & ~wins & ALL_SLOTS)) || (k >= 2 && !(wins & ALL_SLOTS)))) {
        if (limited(S)) return 0; /* as stop_here would: it counts 0, its draws not looked up */
        if (series_new(S, lo, hi, k, wins, useful, draws > S->top ? draws : S->top, draws) < 0 ||
            series_extend(S, lo, hi, draws, &at) < 0)
            return -1;
        return answer_at(S, at, draws, v, e);
    }
    int stop = stop_here(S);
    if (stop) return stop < 0 ? -1 : 0;
    Kernel *K = S->kernel;
    int rest = draws - 1;
    double back_v = 0.0, back_e = 0.0;
    if (rest && solve(S, lo, hi, rest, &back_v, &back_e) < 0) return -1;
    int swapping = k == 1 && S->swapping;
    double total_v = 0.0, total_e = 0.0;
    long back = 0;
    uint64_t one, two;
    masks_of(lo, hi, &one, &two);
    /* Without swaps a draw that neither wins nor helps is thrown back: only the others are visited
     * (in slot order, so the sums are the same), and the copies thrown back are the pool less theirs. */
    int every = swapping || S->pool < 0;
    long visited = 0;
    uint64_t draws_seen = every ? ALL_SLOTS : (wins | useful) & ALL_SLOTS;
    for (; draws_seen; draws_seen &= draws_seen - 1) {
        int x = __builtin_ctzll(draws_seen);
        int n = S->left[x] - count_of(lo, hi, x);
        if (n <= 0) continue;
        visited += n;
        uint64_t bit = 1ULL << x;
        if (wins & bit) {
            int points = value(K, lo, hi, x);
            if (points < 0) return -1;
            total_v += n;
            total_e += n * finish_or_hold((double)points, back_e);
        } else if (!(useful & bit)) {
            if (swapping && x != WILD_SLOT && (K->near[x] & one)) {
                uint64_t slo = 0, shi = 0;
                int some = 0;
                if (rest) {
                    some = swap_to(S, lo, hi, x, &slo, &shi);
                    if (some < 0) return -1;
                }
                if (!some) {
                    back += n;
                    continue;
                }
                double sv, se;
                if (solve(S, slo, shi, rest, &sv, &se) < 0) return -1;
                total_v += n * (sv >= back_v ? sv : back_v);
                total_e += n * (se >= back_e ? se : back_e);
            } else {
                back += n;
            }
        } else {
            if (!rest) continue;
            double best_v = 0.0, best_e = 0.0;
            if (k - 1 <= rest && best_kept(S, lo, hi, x, k - 1, rest, solve, &best_v, &best_e) < 0) return -1;
            total_v += n * best_v;
            total_e += n * best_e;
        }
    }
    if (!every) back = S->pool - visited;
    total_v += back * back_v;
    total_e += back * back_e;
    return remember(S, lo, key_hi, total_v, total_e, v, e);
}

/* ChanceSolver.exchanged: the copies of a state beyond the hand they count from (the origin). Counts
 * are 0-2 in two bits a slot: a copy beyond is a first copy the origin lacks or a second copy it
 * lacks, so it is the count of the state's one-or-more bits the origin's lack, and of its two bits. */
static inline int exchanged_of(const Solver *S, uint64_t lo, uint64_t hi) {
    const uint64_t low = 0x5555555555555555ULL, high = 0x55555555555ULL; /* slots 0-31; 32-52 */
    uint64_t olo = S->origin_lo, ohi = S->origin_hi;
    uint64_t one = (lo | lo >> 1) & low & ~((olo | olo >> 1) & low), two = lo >> 1 & low & ~(olo >> 1 & low);
    uint64_t one_hi = (hi | hi >> 1) & high & ~((ohi | ohi >> 1) & high), two_hi = hi >> 1 & high & ~(ohi >> 1 & high);
    return popcount64(one) + popcount64(two) + popcount64(one_hi) + popcount64(two_hi);
}

static int solve_extra(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e);

/* A draw of a state that ``extra`` answers by its plan (plan_new): one that wins (its points), or one
 * followed by the children kept after it within its distance (PLAN_KEEP: looked up once, where first
 * asked) or within the draws left (PLAN_BACK: a step back, looked up for each count). */
typedef struct PlanDraw {
    int32_t n, points;
    int8_t kind, after;
    uint8_t x;
    /* PLAN_KEEP: its children (kept_store[offset ..], `count` of them) and their entries in the series
     * map at plan_children[held ..], taken while the map's capacity was `capacity` (0: not yet taken);
     * the entries move only when the map grows */
    uint32_t offset, count, held, capacity;
} PlanDraw;
enum { PLAN_WIN, PLAN_KEEP, PLAN_BACK };

/* What ``extra`` does with draw x of (lo, hi), a state k away, `exchanged` tiles from the origin: 0
 * when no copy is left to draw, 1 when the draw is thrown back (its copies in d->n), 2 when it wins or
 * is followed (*d filled: a win's points, or a followed draw's lowest distance after a discard and
 * whether its children are kept within that (PLAN_KEEP) or within the draws left (PLAN_BACK: a step
 * back)); -1 on an exception. */
static int plan_draw(Solver *S, uint64_t lo, uint64_t hi, int x, int k, uint64_t wins, uint64_t useful, int exchanged,
                     PlanDraw *d) {
    int held = count_of(lo, hi, x);
    int n = S->left[x] - held;
    if (n <= 0) return 0;
    uint64_t bit = 1ULL << x;
    *d = (PlanDraw){n, 0, PLAN_WIN, 0, (uint8_t)x, 0, 0, 0, 0};
    if (wins & bit) return (d->points = value(S->kernel, lo, hi, x)) < 0 ? -1 : 2;
    int closer = (useful & bit) != 0;
    if (!closer && exchanged + k >= S->allowance) return 1; /* neither closer nor a swap */
    d->after = (int8_t)(closer ? k - 1 : k); /* the lowest deficiency a discard of the 15 leaves */
    int grown = exchanged + (held >= count_of(S->origin_lo, S->origin_hi, x));
    d->kind = grown + d->after < S->allowance ? PLAN_BACK : PLAN_KEEP;
    return 2;
}

/* The plan of (lo, hi) for ``extra``, a state k away, `exchanged` tiles from the origin: its draws in
 * slot order as the recursion meets them (those thrown back summed into `back`), with room for `room`
 * draws, nothing answered. Its answer at k - 1 draws, 0, goes in the memo as the recursion leaves it.
 * -1 on an exception. */
static int plan_new(Solver *S, uint64_t lo, uint64_t hi, int k, uint64_t wins, uint64_t useful, int exchanged,
                    int room) {
    Series r = {lo, hi, (uint32_t)S->plan_used, 0, 0, 0, (int8_t)k, (int8_t)room, (int8_t)(k > 0 ? k - 1 : 0), 1};
    if (k >= 2 && memo_zero(S, lo, hi, k - 1) < 0) return -1;
    PlanDraw *store = reserve(S->plan_store, &S->plan_capacity, S->plan_used + SLOTS, sizeof *store, 1024);
    if (!store) return -1;
    S->plan_store = store;
    for (int x = 0; x < SLOTS; x++) {
        PlanDraw d;
        int met = plan_draw(S, lo, hi, x, k, wins, useful, exchanged, &d);
        if (met < 0) return -1;
        if (met == 1) r.back += d.n;
        if (met != 2) continue;
        S->plan_store[S->plan_used++] = d;
        r.count++;
    }
    if (values_new(S, room, &r.at) < 0) return -1;
    Series *added = map_add(&S->series, lo, hi);
    if (!added) return -1;
    *added = r;
    return 0;
}

/* The plan R (an entry of S->series) answered up to `draws`, the offset of its answers into *at; -1
 * on an exception. Each count is the recursion's expansion of the state at that count, unrolled: the
 * same calls of its children in the same order, the same sums, so the same floats and work; a count a
 * limit stops counts 0 and is not kept, as the recursion's stopped state. */
static int plan_extend(Solver *S, Series *R, int draws, size_t *at) {
    uint64_t lo = R->lo, hi = R->hi;
    if (series_room(S, R, draws, at) < 0) return -1;
    if (draws <= R->upto) return 0;
    Series r = *R; /* R, the values and the plans' draws may move while children are solved */
    Kernel *K = S->kernel;
    for (int t = r.upto + 1; t <= draws; t++) {
        int stop = stop_here(S);
        if (stop) {
            if (stop < 0) return -1;
            break;
        }
        int rest = t - 1;
        double back_v = S->values[r.at + 2 * t - 2], back_e = S->values[r.at + 2 * t - 1];
        double total_v = 0.0, total_e = 0.0;
        for (uint32_t i = 0; i < r.count; i++) {
            PlanDraw d = S->plan_store[r.offset + i];
            if (d.kind == PLAN_WIN) {
                total_v += d.n;
                total_e += d.n * finish_or_hold((double)d.points, back_e);
                continue;
            }
            if (!rest || d.after > rest) continue;
            uint32_t offset = d.offset, count = d.count;
            if (d.kind == PLAN_BACK || !d.capacity) { /* its children looked up: each count, or the first */
                uint64_t glo = lo, ghi = hi;
                add_to(&glo, &ghi, d.x, 1);
                int bound = d.kind == PLAN_BACK ? rest : d.after;
                if (kept_of(K, glo, ghi, bound, kept_after(K, lo, hi, d.x), lo, hi, d.x, rest + 1, 1, &offset, &count) < 0)
                    return -1;
            }
            /* each child answered as solve_extra would: from its entry where the draw holds it */
            double best_v = 0.0, best_e = 0.0;
            for (uint32_t j = 0; j < count; j++) {
                Series *C = d.capacity && d.capacity == S->series.capacity ? S->plan_children[d.held + j] : NULL;
                const uint64_t *child = K->kept_store + 2 * ((size_t)offset + j);
                double cv, ce;
                if (C) {
                    size_t where = C->at;
                    if (rest > C->upto &&
                        (C->plan ? plan_extend(S, C, rest, &where) : series_grow(S, C, rest, &where)) < 0)
                        return -1;
                    cv = S->values[where + 2 * rest];
                    ce = S->values[where + 2 * rest + 1];
                } else if (solve_extra(S, child[0], child[1], rest, &cv, &ce) < 0) {
                    return -1;
                }
                if (cv > best_v) best_v = cv;
                if (ce > best_e) best_e = ce;
            }
            if (d.kind == PLAN_KEEP && d.capacity != S->series.capacity) { /* its children's entries, answered now */
                void **held = reserve(S->plan_children, &S->plan_children_capacity, S->plan_children_used + count,
                                      sizeof *held, 1024);
                if (!held) return -1;
                S->plan_children = held;
                PlanDraw *w = &S->plan_store[r.offset + i];
                w->offset = offset;
                w->count = count;
                w->held = (uint32_t)S->plan_children_used;
                w->capacity = (uint32_t)S->series.capacity;
                for (uint32_t j = 0; j < count; j++)
                    held[S->plan_children_used++] = map_find(&S->series, K->kept_store[2 * ((size_t)offset + j)],
                                                             K->kept_store[2 * ((size_t)offset + j) + 1]);
            }
            total_v += d.n * best_v;
            total_e += d.n * best_e;
        }
        total_v += r.back * back_v;
        total_e += r.back * back_e;
        S->values[r.at + 2 * t] = total_v * S->scale;
        S->values[r.at + 2 * t + 1] = total_e * S->scale;
        r.upto = (int8_t)t;
        S->answered++;
        /* known from here on: a child that throws the drawn tile back is this state, one draw fewer */
        ((Series *)map_find(&S->series, lo, hi))->upto = r.upto;
    }
    return 0;
}

/* ChanceSolver._solve_extra: advance, but a state whose tiles exchanged plus deficiency are below
 * the allowance follows every draw (a swap), and a 15-tile state below it may throw any tile (a
 * step back); the same sums in the same order as the Python recursion, so the same floats. With the
 * shortcuts on, the states it plays as ``advance`` one away (most of those it meets) are answered at
 * every count in one pass by the series of ``solve``, and every other state by its plan (plan_new,
 * plan_extend); off, every state count by count through the memo (the tests hold the two together).
 * -1 on an exception. */
static int solve_extra(Solver *S, uint64_t lo, uint64_t hi, int draws, double *v, double *e) {
    int by_series = S->shortcuts && S->pool >= 0;
    size_t at;
    Series *R = S->shortcuts && draws > 0 ? map_find(&S->series, lo, hi) : NULL; /* a series one away, or a plan */
    if (R) return entry_answer(S, R, draws, v, e); /* most are answered already */
    uint64_t key_hi;
    int k;
    uint64_t wins, useful;
    int begun = begin_known(S, lo, hi, draws, &key_hi, &k, &wins, &useful, v, e);
    if (begun <= 0) return begun;
    int exchanged = exchanged_of(S, lo, hi);
    int swapping = exchanged + k < S->allowance;
    /* One away, not swapping, every helpful draw a win: the state plays as in ``advance`` (its other
     * draws thrown back, no child), so its series gives the same floats at every count in one pass. */
    if (by_series && k == 1 && !swapping && !(useful & ~wins & ALL_SLOTS)) {
        if (limited(S)) return 0; /* as stop_here would: it counts 0, its draws not looked up */
        if (series_new(S, lo, hi, k, wins, useful, draws > S->top ? draws : S->top, draws) < 0 ||
            series_extend(S, lo, hi, draws, &at) < 0)
            return -1;
        return answer_at(S, at, draws, v, e);
    }
    if (S->shortcuts) { /* every other state by its plan: its draws looked at once, not once a count */
        if (limited(S)) return 0; /* as stop_here would: it counts 0, its draws not looked up */
        if (plan_new(S, lo, hi, k, wins, useful, exchanged, draws > S->top ? draws : S->top) < 0 ||
            plan_extend(S, map_find(&S->series, lo, hi), draws, &at) < 0)
            return -1;
        return answer_at(S, at, draws, v, e);
    }
    int stop = stop_here(S);
    if (stop) return stop < 0 ? -1 : 0;
    int rest = draws - 1;
    double back_v = 0.0, back_e = 0.0;
    if (rest && solve_extra(S, lo, hi, rest, &back_v, &back_e) < 0) return -1;
    double total_v = 0.0, total_e = 0.0;
    long back = 0;
    for (int x = 0; x < SLOTS; x++) {
        PlanDraw d;
        int met = plan_draw(S, lo, hi, x, k, wins, useful, exchanged, &d);
        if (met < 0) return -1;
        if (met == 1) back += d.n;
        if (met != 2) continue;
        if (d.kind == PLAN_WIN) {
            total_v += d.n;
            total_e += d.n * finish_or_hold((double)d.points, back_e);
            continue;
        }
        if (!rest || d.after > rest) continue;
        double best_v = 0.0, best_e = 0.0;
        if (best_kept(S, lo, hi, x, d.kind == PLAN_BACK ? rest : d.after, rest, solve_extra, &best_v, &best_e) < 0)
            return -1;
        total_v += d.n * best_v;
        total_e += d.n * best_e;
    }
    total_v += back * back_v;
    total_e += back * back_e;
    return remember(S, lo, key_hi, total_v, total_e, v, e);
}

/* Kernel.solver(left, scale, swap[, exact[, origin, allowance[, shortcuts]]]) -> Solver; an origin
 * (a state) makes it the ``extra`` recursion, its exchanges counted from that hand; shortcuts false answers every state by
 * the general recursion, count by count (the tests hold the series to it). */
static PyObject *Kernel_solver(Kernel *self, PyObject *args) {
    if (ready(self) < 0) return NULL;
    PyObject *left, *origin = Py_None;
    double scale;
    int swapping, exact = 0, allowance = 0, shortcuts = 1;
    if (!PyArg_ParseTuple(args, "Odp|pOip", &left, &scale, &swapping, &exact, &origin, &allowance, &shortcuts))
        return NULL;
    uint64_t origin_lo = 0, origin_hi = 0;
    if (origin != Py_None && read_state(origin, &origin_lo, &origin_hi) < 0) return NULL;
    Solver *S = PyObject_New(Solver, &SolverType);
    if (!S) return NULL;
    S->kernel = self;
    Py_INCREF(self);
    S->memo.entries = S->swaps.entries = S->series.entries = S->copies.entries = NULL;
    S->plan_store = NULL;
    S->plan_used = S->plan_capacity = 0;
    S->plan_children = NULL;
    S->plan_children_used = S->plan_children_capacity = 0;
    S->top = 0;
    S->values = NULL;
    S->values_used = S->values_capacity = S->answered = 0;
    S->zeros = (size_t)-1;
    S->stops = 0;
    S->win_store = NULL;
    S->win_used = S->win_capacity = 0;
    S->edge_store = NULL;
    S->edge_used = S->edge_capacity = 0;
    S->scale = scale;
    S->swapping = swapping;
    S->shortcuts = shortcuts;
    S->exact = exact;
    S->extra = origin != Py_None;
    S->origin_lo = origin_lo;
    S->origin_hi = origin_hi;
    S->allowance = allowance;
    S->capped = S->timed = S->ended = 0;
    S->clock_skip = 0;
    S->fresh = 0;
    S->work_limit = -1;
    S->fact_cost = 0;
    S->facts_start = 0;
    S->pool = -1;
    if (read_ints(left, S->left, SLOTS, "left has one count per slot (53)") < 0 ||
        map_init(&S->memo, sizeof(Solved), 1 << 12) < 0 || map_init(&S->swaps, sizeof(Item), 1 << 8) < 0 ||
        map_init(&S->series, sizeof(Series), 1 << 10) < 0 || map_init(&S->copies, sizeof(Copy), 1 << 6) < 0) {
        Py_DECREF(S);
        return NULL;
    }
    return (PyObject *)S;
}

static void Solver_dealloc(Solver *self) {
    map_free(&self->memo);
    map_free(&self->swaps);
    map_free(&self->series);
    map_free(&self->copies);
    PyMem_Free(self->plan_store);
    PyMem_Free(self->plan_children);
    PyMem_Free(self->values);
    PyMem_Free(self->win_store);
    PyMem_Free(self->edge_store);
    Py_XDECREF(self->kernel);
    PyObject_Free(self);
}

/* Solver.solve(state, draws, budget, info, deficiency[, work, fact_cost]) -> (V, E, capped) */
static PyObject *Solver_solve(Solver *self, PyObject *args) {
    PyObject *state, *info_cb, *deficiency_cb;
    int draws;
    double budget;
    long work = -1, fact_cost = 0;
    if (!PyArg_ParseTuple(args, "OidOO|ll", &state, &draws, &budget, &info_cb, &deficiency_cb, &work, &fact_cost))
        return NULL;
    self->work_limit = work;
    self->fact_cost = fact_cost;
    self->fresh = 0;
    self->facts_start = self->kernel->facts.used;
    self->top = draws;
    uint64_t lo, hi;
    if (read_state(state, &lo, &hi) < 0) return NULL;
    if (draws < 0 || draws > 15) {
        PyErr_SetString(PyExc_ValueError, "draws must be 0-15");
        return NULL;
    }
    self->timed = budget >= 0;
    self->ended = 0;
    self->clock_skip = 0;
    if (self->timed) {
        clock_gettime(CLOCK_MONOTONIC, &self->end);
        double whole = (double)(long)budget;
        self->end.tv_sec += (time_t)whole;
        self->end.tv_nsec += (long)((budget - whole) * 1e9);
        if (self->end.tv_nsec >= 1000000000L) {
            self->end.tv_sec += 1;
            self->end.tv_nsec -= 1000000000L;
        }
    }
    Kernel *K = self->kernel;
    K->info_cb = info_cb;
    K->deficiency_cb = deficiency_cb;
    self->pool = 0;
    for (int x = 0; x < SLOTS; x++) {
        int n = self->left[x] - count_of(lo, hi, x);
        if (n < 0) { /* holds more than the pool leaves: count each state's draws one by one */
            self->pool = -1;
            break;
        }
        self->pool += n;
    }
    double v, e;
    int status = self->exact   ? solve_exact(self, lo, hi, draws, &v, &e)
                 : self->extra ? solve_extra(self, lo, hi, draws, &v, &e)
                               : solve(self, lo, hi, draws, &v, &e);
    K->info_cb = K->deficiency_cb = NULL;
    if (status < 0) return NULL;
    return Py_BuildValue("(ddO)", v, e, self->capped ? Py_True : Py_False);
}

static PyObject *Solver_size(Solver *self, PyObject *unused) {
    return PyLong_FromSize_t(self->memo.used + self->answered);
}

static PyObject *Solver_work(Solver *self, PyObject *unused) {
    return PyLong_FromLong(work_done(self));
}

static PyObject *Kernel_known(Kernel *self, PyObject *unused) {
    return PyLong_FromUnsignedLong(self->facts.used);
}

static PyMethodDef Kernel_methods[] = {
    {"solver", (PyCFunction)Kernel_solver, METH_VARARGS,
     "solver(left, scale, swap[, exact[, origin, allowance]]) -> Solver"},
    {"known", (PyCFunction)Kernel_known, METH_NOARGS, "The number of hands whose facts the kernel holds."},
    {"info", (PyCFunction)Kernel_info, METH_VARARGS, "info(state, info, deficiency) -> (k, wins, useful)"},
    {"rows", (PyCFunction)Kernel_rows, METH_VARARGS,
     "rows(state, slots, info, deficiency) -> [(k, wins, useful, found), ...]"},
    {"kept", (PyCFunction)Kernel_kept, METH_VARARGS, "kept(after, bound, info, deficiency) -> [state, ...]"},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)Solver_solve, METH_VARARGS,
     "solve(state, draws, budget, info, deficiency[, work, fact_cost]) -> (V, E, capped)"},
    {"size", (PyCFunction)Solver_size, METH_NOARGS, "The number of solved (state, draws) pairs."},
    {"work", (PyCFunction)Solver_work, METH_NOARGS, "The work of the last solve: states expanded, plus fact_cost a hand met first."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "okeytool.solver.classic._chance.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The hand facts of one deal, and the cover programme they come from.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "okeytool.solver.classic._chance.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One set of tiles out of play, one risk, one method: the recursion and its memo.",
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_chance", "Compiled advancing chance recursion (see okeytool.solver.classic.chance).", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__chance(void) {
    PyObject *cover = PyImport_ImportModule("okeytool.solver.classic._cover");
    if (!cover) return NULL;
    PyObject *layout = PyObject_GetAttrString(cover, "LAYOUT");
    long got = layout ? PyLong_AsLong(layout) : -1;
    Py_XDECREF(layout);
    if (got != PROGRAMME_LAYOUT) {
        Py_DECREF(cover);
        PyErr_Clear();
        PyErr_SetString(PyExc_ImportError, "_cover was built from another cover_programme.h: rebuild both");
        return NULL;
    }
    TableType = (PyTypeObject *)PyObject_GetAttrString(cover, "Table");
    Py_DECREF(cover);
    if (!TableType) return NULL;
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    /* The constants the recursion was built with, checked by okeytool.solver.classic.chance at import. */
    if (PyModule_AddIntConstant(m, "FACES", FACES) < 0 || PyModule_AddIntConstant(m, "SLOTS", SLOTS) < 0 ||
        PyModule_AddIntConstant(m, "WILD_SLOT", WILD_SLOT) < 0 || PyModule_AddIntConstant(m, "PAIRS", PAIRS) < 0 ||
        PyModule_AddIntConstant(m, "WILDS", MAX_WILDS) < 0 ||
        PyModule_AddIntConstant(m, "SPARE_BYTES", KEEP_SPARES ? SPARE_BYTES : 0) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
