/*
 * The cover programme of okeytool.solver.classic.cover, compiled: the same recursion, the same pruning,
 * the same answers (the tests hold the two together). Faces are bits 0..51 of a 64-bit mask; bit 52
 * of an answer mask means "any face" (a whole new piece is part of an optimal choice).
 *
 * Table(options) takes, for each of the 52 faces, the list of (mask, length) of the candidate
 * pieces containing it. Table.best(one, two, room) returns (kept, faces) for the hand whose faces
 * with at least one copy are `one` and with two copies are `two`, with `room` slots to fill.
 * Solved states are kept in an open-addressing table shared by every call until it fills up.
 * Table.certify(one, two, room, supply, walks) is MeldCover.certify's walk over the solved states,
 * the same choices in the same order: it returns (kept, faces, realisable, shown).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define FACES 52
#define MAX_OPTIONS 32
#define MIN_PIECE 3
#define ANY_FACE (1ULL << 52)
#define IMPOSSIBLE (-1000)
#define MEMO_BITS 18
#define MEMO_SIZE (1u << MEMO_BITS)
#define MEMO_FILL (MEMO_SIZE / 2)

typedef struct {
    uint64_t one, two; /* key; one == UINT64_MAX marks an empty entry */
    uint64_t faces;
    int32_t room;
    int32_t kept;
} Entry;

typedef struct {
    PyObject_HEAD
    uint64_t masks[FACES][MAX_OPTIONS];
    int lengths[FACES][MAX_OPTIONS];
    int count[FACES];
    Entry *memo;
    uint32_t used;
} Table;

static inline uint32_t slot_of(uint64_t one, uint64_t two, int room) {
    uint64_t h = one * 0x9E3779B97F4A7C15ULL ^ (two + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)room * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return (uint32_t)(h & (MEMO_SIZE - 1));
}

static void clear_memo(Table *t) {
    for (uint32_t k = 0; k < MEMO_SIZE; k++) t->memo[k].one = UINT64_MAX;
    t->used = 0;
}

static int best(Table *t, uint64_t one, uint64_t two, int room, uint64_t *faces_out) {
    if (!one) {
        if (room == 0) { *faces_out = 0; return 0; }
        if (room >= MIN_PIECE) { *faces_out = ANY_FACE; return 0; }
        *faces_out = 0;
        return IMPOSSIBLE;
    }
    uint32_t k = slot_of(one, two, room);
    for (;;) {
        Entry *e = &t->memo[k];
        if (e->one == UINT64_MAX) break;
        if (e->one == one && e->two == two && e->room == room) { *faces_out = e->faces; return e->kept; }
        k = (k + 1) & (MEMO_SIZE - 1);
    }
    uint64_t low = one & (~one + 1);
    int face = __builtin_ctzll(one);
    int held = __builtin_popcountll(one) + __builtin_popcountll(two);

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
    int bestv = IMPOSSIBLE;
    uint64_t faces = 0, more;
    for (int g = 0; g < groups; g++) {
        uint64_t taken = g_taken[g];
        int length = g_len[g];
        int gain = __builtin_popcountll(taken);
        int rest = room - length < held - gain ? room - length : held - gain;
        if (gain + rest < bestv) continue;
        int value = best(t, (one & ~taken) | (two & taken), two & ~taken, room - length, &more) + gain;
        if (value > bestv) { bestv = value; faces = more | g_unfilled[g]; }
        else if (value == bestv) faces |= more | g_unfilled[g];
    }
    int bound = room < held - 1 ? room : held - 1;
    if (bound >= bestv) {
        int value = (two & low) ? best(t, one, two & ~low, room, &more) : best(t, one & ~low, two, room, &more);
        if (value > bestv) { bestv = value; faces = more; }
        else if (value == bestv) faces |= more;
    }
    if (t->used >= MEMO_FILL) clear_memo(t);
    k = slot_of(one, two, room);
    while (t->memo[k].one != UINT64_MAX) k = (k + 1) & (MEMO_SIZE - 1);
    t->memo[k].one = one; t->memo[k].two = two; t->memo[k].room = room;
    t->memo[k].kept = bestv; t->memo[k].faces = faces;
    t->used++;
    *faces_out = faces;
    return bestv;
}

#define MAX_PIECES 16
#define SUPPLY_WILDS 2

/* One optimal layout from (one, two, room), preferring choices that reach faces of `want` (and most
 * of all `target`): MeldCover._walk. Fills the piece masks and unfilled masks; returns the piece count
 * and the slots left for new pieces in *rest. */
static int walk(Table *t, uint64_t one, uint64_t two, int room, uint64_t want, uint64_t target,
                uint64_t *piece_masks, uint64_t *piece_unfilled, int *rest) {
    int pieces = 0;
    uint64_t more;
    while (one) {
        int goal = best(t, one, two, room, &more);
        uint64_t low = one & (~one + 1);
        int face = __builtin_ctzll(one);
        int held = __builtin_popcountll(one) + __builtin_popcountll(two);
        int have = 0, choice_score = 0, choice_room = 0;
        uint64_t choice_mask = 0, choice_one = 0, choice_two = 0;
        for (int i = 0; i < t->count[face]; i++) {
            int length = t->lengths[face][i];
            if (length > room) continue;
            uint64_t mask = t->masks[face][i];
            uint64_t taken = mask & one;
            int gain = __builtin_popcountll(taken);
            int bound = room - length < held - gain ? room - length : held - gain;
            if (gain + bound < goal) continue;
            uint64_t c_one = (one & ~taken) | (two & taken), c_two = two & ~taken;
            int value = best(t, c_one, c_two, room - length, &more);
            if (value + gain != goal) continue;
            uint64_t reach = more | (mask & ~one);
            int score = __builtin_popcountll(reach & want) + ((reach & target) ? 64 : 0);
            if (!have || score > choice_score) {
                have = 1; choice_score = score; choice_mask = mask;
                choice_one = c_one; choice_two = c_two; choice_room = room - length;
            }
        }
        uint64_t c_one = one, c_two = two;
        if (two & low) c_two = two & ~low; else c_one = one & ~low;
        int value = best(t, c_one, c_two, room, &more);
        if (value == goal) {
            int score = __builtin_popcountll(more & want) + ((more & target) ? 64 : 0);
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
static int fits_supply(const uint64_t *piece_masks, int pieces, const int *supply) {
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

static int Table_init(Table *self, PyObject *args, PyObject *kwds) {
    PyObject *options;
    if (!PyArg_ParseTuple(args, "O", &options)) return -1;
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
            self->masks[f][i] = mask;
            self->lengths[f][i] = length;
        }
        self->count[f] = (int)n;
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    self->memo = PyMem_Malloc(sizeof(Entry) * MEMO_SIZE);
    if (!self->memo) { PyErr_NoMemory(); return -1; }
    clear_memo(self);
    return 0;
}

static void Table_dealloc(Table *self) {
    PyMem_Free(self->memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_best(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room;
    if (!PyArg_ParseTuple(args, "KKi", &one, &two, &room)) return NULL;
    if ((one | two) >> FACES || (two & ~one) || room < 0 || room > 31) {
        PyErr_SetString(PyExc_ValueError, "not a hand: faces are bits 0-51, two within one, room 0-31");
        return NULL;
    }
    uint64_t faces;
    int kept = best(self, one, two, room, &faces);
    return Py_BuildValue("(iK)", kept, (unsigned long long)faces);
}

static PyObject *Table_certify(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room, walks;
    PyObject *supply_obj;
    if (!PyArg_ParseTuple(args, "KKiOi", &one, &two, &room, &supply_obj, &walks)) return NULL;
    if ((one | two) >> FACES || (two & ~one) || room < 0 || room > 31) {
        PyErr_SetString(PyExc_ValueError, "not a hand: faces are bits 0-51, two within one, room 0-31");
        return NULL;
    }
    int supply[FACES];
    PyObject *seq = PySequence_Fast(supply_obj, "supply must be a sequence");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != FACES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "supply must have one entry per face (52)");
        return NULL;
    }
    for (int f = 0; f < FACES; f++) {
        long n = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, f));
        if (n == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
        supply[f] = (int)n;
    }
    Py_DECREF(seq);
    uint64_t faces;
    int kept = best(self, one, two, room, &faces);
    uint64_t want = faces, shown = 0;
    int realisable = 0;
    uint64_t masks[MAX_PIECES], unfilled[MAX_PIECES];
    for (int w = 0; w < walks; w++) {
        if (!want && w) break;
        uint64_t target = want & (~want + 1);
        int rest = 0;
        int pieces = walk(self, one, two, room, want, target, masks, unfilled, &rest);
        if (pieces < 0) {
            PyErr_SetString(PyExc_RuntimeError, "the cover walk found no optimal choice");
            return NULL;
        }
        uint64_t got = rest >= MIN_PIECE ? (ANY_FACE | (ANY_FACE - 1)) : 0;
        for (int p = 0; p < pieces; p++) got |= unfilled[p];
        if (fits_supply(masks, pieces, supply)) {
            realisable = 1;
            shown |= got;
            want &= ~got;
        }
        want &= ~target;
    }
    return Py_BuildValue("(iKOK)", kept, (unsigned long long)faces, realisable ? Py_True : Py_False,
                         (unsigned long long)(shown & faces));
}

static PyObject *Table_clear(Table *self, PyObject *unused) {
    clear_memo(self);
    Py_RETURN_NONE;
}

static PyMethodDef Table_methods[] = {
    {"best", (PyCFunction)Table_best, METH_VARARGS, "best(one, two, room) -> (kept, faces)"},
    {"certify", (PyCFunction)Table_certify, METH_VARARGS,
     "certify(one, two, room, supply, walks) -> (kept, faces, realisable, shown)"},
    {"clear", (PyCFunction)Table_clear, METH_NOARGS, "Forget every solved state."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "okeytool.solver.classic._cover.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The cover programme's pieces and solved states.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cover", "Compiled cover programme (see okeytool.solver.classic.cover).", -1, NULL,
};

PyMODINIT_FUNC PyInit__cover(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
