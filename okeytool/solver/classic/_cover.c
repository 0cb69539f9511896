/*
 * The cover programme of okeytool.solver.classic.cover, compiled (the programme itself is in
 * cover_programme.h): the same recursion, the same pruning, the same answers (the tests hold the two
 * together).
 *
 * Table(options) takes, for each of the 52 faces, the list of (mask, length) of the candidate
 * pieces containing it. Table.best(one, two, room) returns (kept, faces) for the hand whose faces
 * with at least one copy are `one` and with two copies are `two`, with `room` slots to fill.
 * Table.certify(one, two, room, supply, walks[, known]) is MeldCover.certify: (kept, faces, realisable, shown);
 * `known`, the most kept where the caller knows it, lets the rows cut off more (the same answer).
 * Where the pieces are the templates' and the room is at most 15, both are answered by colour rows
 * (cover_rows.h; the certificate's walks built from the rows); elsewhere by the whole-hand
 * programme, whose solved states are kept in an open-addressing table shared by every call until it
 * fills up. Table.programme answers by the programme always (the reference the tests hold the rows
 * to), Table.layout shows one walk of the rows, Table.child answers a hand one spare fewer from its
 * optimal choices and Table.grow a hand one unfilled face more (as the chance kernel does), beside
 * Table.solved, a hand's own optimal choices.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "cover_programme.h"

static int Table_init(Table *self, PyObject *args, PyObject *kwds) {
    PyObject *options;
    if (!PyArg_ParseTuple(args, "O", &options)) return -1;
    return programme_load(&self->prog, options);
}

static void Table_dealloc(Table *self) {
    programme_free(&self->prog);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The (one, two, room) arguments of best and best_spares, checked; 0, or -1 with an exception set. */
static int hand_args(Table *self, PyObject *args, unsigned long long *one, unsigned long long *two, int *room) {
    if (!self->prog.memo) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not initialised");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "KKi", one, two, room)) return -1;
    if ((*one | *two) >> FACES || (*two & ~*one) || *room < 0 || *room > 31) {
        PyErr_SetString(PyExc_ValueError, "not a hand: faces are bits 0-51, two within one, room 0-31");
        return -1;
    }
    return 0;
}

static PyObject *Table_best(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room;
    if (hand_args(self, args, &one, &two, &room) < 0) return NULL;
    uint64_t faces, spares;
    int kept = answer(&self->prog, one, two, room, &faces, &spares);
    return Py_BuildValue("(iK)", kept, (unsigned long long)faces);
}

/* Table.best_spares(one, two, room) -> (kept, faces, spares): best with the faces of which some
 * optimal choice leaves a copy out (MeldCover.kept_and_spares). */
static PyObject *spares_of(Table *self, PyObject *args, int by_programme) {
    unsigned long long one, two;
    int room;
    if (hand_args(self, args, &one, &two, &room) < 0) return NULL;
    uint64_t faces, spares;
    int kept = by_programme ? best_spares(&self->prog, one, two, room, &faces, &spares)
                            : answer(&self->prog, one, two, room, &faces, &spares);
    return Py_BuildValue("(iKK)", kept, (unsigned long long)faces, (unsigned long long)spares);
}

static PyObject *Table_best_spares(Table *self, PyObject *args) { return spares_of(self, args, 0); }

/* Table.programme(one, two, room) -> (kept, faces, spares): best_spares by the whole-hand programme
 * even where the colour rows apply (the reference the rows are held to). */
static PyObject *Table_programme(Table *self, PyObject *args) { return spares_of(self, args, 1); }

/* A supply (one count per face) into supply[]: 0, or -1 with an exception set. */
static int read_supply(PyObject *obj, int *supply) {
    PyObject *seq = PySequence_Fast(obj, "supply must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != FACES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "supply must have one entry per face (52)");
        return -1;
    }
    for (int f = 0; f < FACES; f++) {
        long n = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, f));
        if (n == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        supply[f] = (int)n;
    }
    Py_DECREF(seq);
    return 0;
}

/* Whether (one, two, room) is a question the rows answer: 0, or -1 with an exception set. */
static int rows_hand_check(Table *self, unsigned long long one, unsigned long long two, int room) {
    if (!self->prog.memo) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not initialised");
        return -1;
    }
    if ((one | two) >> FACES || (two & ~one) || !rows_fit(&self->prog.rows, room)) {
        PyErr_SetString(PyExc_ValueError, "not a hand the rows answer: faces are bits 0-51, two within one, room 0-15");
        return -1;
    }
    return 0;
}

/* The arguments (one, two, room, n) of a question the rows answer: 0, or -1 with an exception set. */
static int rows_hand_args(Table *self, PyObject *args, unsigned long long *one, unsigned long long *two, int *room,
                          int *n) {
    if (!PyArg_ParseTuple(args, "KKii", one, two, room, n)) return -1;
    return rows_hand_check(self, *one, *two, *room);
}

/* The hand (one, two, room) solved into F->hand and its child less one copy of `face` answered from
 * its choices into F->child (hand_child's answer, its optimal choices in F->choices); -1 with an
 * exception set for a face out of range. */
static int family_child(Table *self, uint64_t one, uint64_t two, int room, int face, Family *F, uint64_t *faces,
                        uint64_t *spares, int *kept) {
    if (face < 0 || face >= FACES) {
        PyErr_SetString(PyExc_ValueError, "not a face: 0-51");
        return -1;
    }
    hand_start(&F->hand, &self->prog.rows, one, two, room, NULL);
    hand_solve(&F->hand, -1);
    *kept = hand_child(&F->hand, &F->child, face, F->choices, faces, spares);
    return 0;
}

/* Table.best_known(one, two, room, known) -> (kept, faces, spares): best_spares by the rows with the
 * most kept given beforehand (where a caller knows it; a wrong one is found out and the hand solved
 * without it), not from the answers kept, for the tests that hold it to best_spares. */
static PyObject *Table_best_known(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room, known;
    if (rows_hand_args(self, args, &one, &two, &room, &known) < 0) return NULL;
    Hand H;
    hand_start(&H, &self->prog.rows, one, two, room, NULL);
    hand_solve(&H, known);
    uint64_t faces = (H.faces & ANY_FACE) ? EVERY_FACE : H.faces;
    return Py_BuildValue("(iKK)", H.best < 0 ? -1000 : H.best, (unsigned long long)faces, (unsigned long long)H.spares);
}

/* Table.child(one, two, room, face) -> (kept, faces, spares) or None: the answer for the hand less
 * one copy of `face` from the hand's own optimal choices (hand_child), for the tests that hold it to
 * best_spares of the smaller hand; None where the face is no spare (the smaller hand keeps fewer),
 * and kept -1 where the hand's choices do not tell (its first pass kept more than it holds). */
/* The (one, two, room, face) arguments of Table.child and Table.child_solved answered by
 * family_child into a new Family (the caller frees it); NULL with an exception set. */
static Family *child_of(Table *self, PyObject *args, uint64_t *faces, uint64_t *spares, int *kept) {
    unsigned long long one, two;
    int room, face;
    if (rows_hand_args(self, args, &one, &two, &room, &face) < 0) return NULL;
    Family *F = PyMem_Malloc(sizeof *F);
    if (!F) return (Family *)PyErr_NoMemory();
    *faces = *spares = 0;
    if (family_child(self, one, two, room, face, F, faces, spares, kept) < 0) {
        PyMem_Free(F);
        return NULL;
    }
    return F;
}

static PyObject *Table_child(Table *self, PyObject *args) {
    uint64_t faces, spares;
    int kept;
    Family *F = child_of(self, args, &faces, &spares, &kept);
    if (!F) return NULL;
    PyMem_Free(F);
    if (kept == CHILD_FEWER) Py_RETURN_NONE;
    if (kept == CHILD_UNKNOWN) faces = spares = 0;
    return Py_BuildValue("(iKK)", kept, (unsigned long long)faces, (unsigned long long)spares);
}

/* Table.child_certify(one, two, room, face, supply, walks) -> (kept, faces, realisable, shown) or
 * None: certify for the hand less one copy of `face`, walked on its optimal choices as hand_child
 * finds them from the hand's (None where it cannot), for the tests that hold it to certify of the
 * smaller hand. */
static PyObject *Table_child_certify(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room, face, walks, kept;
    PyObject *supply_obj;
    if (!PyArg_ParseTuple(args, "KKiiOi", &one, &two, &room, &face, &supply_obj, &walks)) return NULL;
    int supply[FACES];
    if (rows_hand_check(self, one, two, room) < 0 || read_supply(supply_obj, supply) < 0) return NULL;
    Family *F = PyMem_Malloc(sizeof *F);
    if (!F) return PyErr_NoMemory();
    uint64_t faces = 0, spares, shown = 0;
    int realisable = 0, walked = 0;
    int status = family_child(self, one, two, room, face, F, &faces, &spares, &kept);
    if (status == 0 && kept >= 0) {
        uint64_t bit = 1ULL << face, c_one = one, c_two = two; /* the smaller hand (face is checked) */
        if (c_two & bit) c_two &= ~bit;
        else c_one &= ~bit;
        walked = rows_certify_walks(&F->child, c_one, c_two, faces, supply, walks, &realisable, &shown);
    }
    PyMem_Free(F);
    if (status < 0) return NULL;
    if (walked == CERTIFY_FAILED) {
        PyErr_SetString(PyExc_RuntimeError, "the cover walk found no optimal choice");
        return NULL;
    }
    if (kept < 0) Py_RETURN_NONE;
    return Py_BuildValue("(iKOK)", kept, (unsigned long long)faces, realisable ? Py_True : Py_False,
                         (unsigned long long)shown);
}

/* The answer of a solved hand with its optimal choices in the order they were met, as
 * (kept, faces, spares, choices), a choice as (picks, length, flex, gain, unfilled, one, two) with
 * picks as (number, colours taken, slots) and one, two the rows it leaves, by colour. */
static PyObject *solved_tuple(const Choice *choices, int count, int kept, uint64_t faces, uint64_t spares) {
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int j = 0; j < count; j++) {
        const Choice *k = &choices[j];
        if (k->kept != kept) continue;
        PyObject *picks = PyTuple_New(k->picks);
        if (!picks) { Py_DECREF(list); return NULL; }
        for (int p = 0; p < k->picks; p++) {
            PyObject *pick = Py_BuildValue("(iii)", k->pick[p].n, k->pick[p].taken, k->pick[p].slots);
            if (!pick) { Py_DECREF(picks); Py_DECREF(list); return NULL; }
            PyTuple_SET_ITEM(picks, p, pick);
        }
        PyObject *item = Py_BuildValue("(NiiiK(IIII)(IIII))", picks, k->length, k->flex, k->gain,
                                       (unsigned long long)k->unfilled, k->one[0], k->one[1], k->one[2], k->one[3],
                                       k->two[0], k->two[1], k->two[2], k->two[3]);
        if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); Py_DECREF(list); return NULL; }
        Py_DECREF(item);
    }
    return Py_BuildValue("(iKKN)", kept, (unsigned long long)faces, (unsigned long long)spares, list);
}

/* Table.solved(one, two, room) -> (kept, faces, spares, choices): the rows' answer with the hand's
 * optimal choices in the order the search meets them (solved_tuple), for the tests of Table.grow. */
static PyObject *Table_solved(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room;
    if (!PyArg_ParseTuple(args, "KKi", &one, &two, &room) || rows_hand_check(self, one, two, room) < 0) return NULL;
    Hand *H = PyMem_Malloc(sizeof *H);
    if (!H) return PyErr_NoMemory();
    hand_start(H, &self->prog.rows, one, two, room, NULL);
    hand_solve(H, -1);
    PyObject *out = H->overflow ? (Py_INCREF(Py_None), Py_None)
                                : solved_tuple(H->pend, H->pending, H->best,
                                               (H->faces & ANY_FACE) ? EVERY_FACE : H->faces, H->spares);
    PyMem_Free(H);
    return out;
}

/* Table.grow(one, two, room, face) -> (kept, faces, spares, choices) or None: the answer for the hand
 * plus one copy of `face` from the hand's own optimal choices (hand_grow), as Table.solved gives it;
 * None where they do not tell. */
static PyObject *Table_grow(Table *self, PyObject *args) {
    unsigned long long one, two;
    int room, face;
    if (rows_hand_args(self, args, &one, &two, &room, &face) < 0) return NULL;
    if (face < 0 || face >= FACES) {
        PyErr_SetString(PyExc_ValueError, "not a face: 0-51");
        return NULL;
    }
    Family *F = PyMem_Malloc(sizeof *F);
    if (!F) return PyErr_NoMemory();
    hand_start(&F->hand, &self->prog.rows, one, two, room, NULL);
    hand_solve(&F->hand, -1);
    uint64_t faces = 0, spares = 0;
    int kept = hand_grow(&F->hand, &F->child, face, &faces, &spares);
    PyObject *out = kept < 0 ? (Py_INCREF(Py_None), Py_None)
                             : solved_tuple(F->child.pend, F->child.pending, kept, faces, spares);
    PyMem_Free(F);
    return out;
}

/* Table.child_solved(one, two, room, face) -> (kept, faces, spares, choices) or None: Table.child
 * with the smaller hand's optimal choices as hand_child records them (the chance kernel keeps them
 * to grow from), as Table.solved gives them; None where Table.child gives no answer or more
 * choices were met than are recorded. */
static PyObject *Table_child_solved(Table *self, PyObject *args) {
    uint64_t faces, spares;
    int kept;
    Family *F = child_of(self, args, &faces, &spares, &kept);
    if (!F) return NULL;
    const Hand *C = &F->child;
    PyObject *out = kept < 0 || C->chosen != C->met ? (Py_INCREF(Py_None), Py_None)
                                                    : solved_tuple(F->choices, C->chosen, kept, faces, spares);
    PyMem_Free(F);
    return out;
}

/* Table.layout(one, two, room, want, target) -> (pieces, rest): the optimal layout the rows' walk
 * builds (pieces as (mask, unfilled mask)), for the tests that check it piece by piece. */
static PyObject *Table_layout(Table *self, PyObject *args) {
    unsigned long long one, two, want, target;
    int room;
    if (!self->prog.memo) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not initialised");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "KKiKK", &one, &two, &room, &want, &target)) return NULL;
    if ((one | two) >> FACES || (two & ~one) || !rows_fit(&self->prog.rows, room)) {
        PyErr_SetString(PyExc_ValueError, "not a hand the rows answer: faces are bits 0-51, two within one, room 0-15");
        return NULL;
    }
    Choice choices[MAX_CHOICES];
    Hand H;
    hand_start(&H, &self->prog.rows, one, two, room, choices);
    hand_solve(&H, -1);
    uint64_t masks[MAX_PIECES], unfilled[MAX_PIECES];
    int rest = 0;
    Leaves leaves; /* as a certificate's walk splits (keep_leaves: how many splits it keeps) */
    if (H.best >= 0) hand_leaves(&H, &leaves);
    int pieces = H.best < 0 ? 0 : rows_layout(&H, want, target, masks, unfilled, &rest);
    if (pieces < 0) {
        PyErr_SetString(PyExc_RuntimeError, "the rows' walk found no optimal layout");
        return NULL;
    }
    PyObject *list = PyList_New(pieces);
    if (!list) return NULL;
    for (int p = 0; p < pieces; p++) {
        PyObject *item = Py_BuildValue("(KK)", (unsigned long long)masks[p], (unsigned long long)unfilled[p]);
        if (!item) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, p, item);
    }
    return Py_BuildValue("(Ni)", list, rest);
}

/* Table.by_rows -> bool: whether best and best_spares answer by colour rows (rooms up to 15). */
static PyObject *Table_by_rows(Table *self, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(self->prog.rows.usable);
}

static PyObject *Table_certify(Table *self, PyObject *args) {
    if (!self->prog.memo) {
        PyErr_SetString(PyExc_RuntimeError, "the table was not initialised");
        return NULL;
    }
    unsigned long long one, two;
    int room, walks, known = -1;
    PyObject *supply_obj;
    if (!PyArg_ParseTuple(args, "KKiOi|i", &one, &two, &room, &supply_obj, &walks, &known)) return NULL;
    if ((one | two) >> FACES || (two & ~one) || room < 0 || room > 31) {
        PyErr_SetString(PyExc_ValueError, "not a hand: faces are bits 0-51, two within one, room 0-31");
        return NULL;
    }
    int supply[FACES];
    if (read_supply(supply_obj, supply) < 0) return NULL;
    uint64_t faces, shown;
    int realisable;
    int kept = certify_answer(&self->prog, one, two, room, known, supply, walks, &faces, &realisable, &shown);
    if (kept == CERTIFY_FAILED) {
        PyErr_SetString(PyExc_RuntimeError, "the cover walk found no optimal choice");
        return NULL;
    }
    return Py_BuildValue("(iKOK)", kept, (unsigned long long)faces, realisable ? Py_True : Py_False,
                         (unsigned long long)shown);
}

static PyObject *Table_clear(Table *self, PyObject *unused) {
    if (self->prog.memo) clear_memo(&self->prog);
    if (self->prog.rows.rows) {
        memset(self->prog.rows.rows, 0, sizeof(Row) * ROWS_SIZE);
        memset(self->prog.rows.answers, 0, sizeof(Answer) * ANSWERS_SIZE);
        memset(self->prog.rows.recent_key, 0, sizeof self->prog.rows.recent_key);
        self->prog.rows.used = 0;
    }
    Py_RETURN_NONE;
}

/* The count a keep_* method was given, 0 to `most` (of `what`): 0, or -1 with an exception set. */
static int limit_arg(PyObject *args, const char *method, int most, const char *what, int *limit) {
    if (!PyArg_ParseTuple(args, "i", limit)) return -1;
    if (*limit < 0 || *limit > most) {
        PyErr_Format(PyExc_ValueError, "%s takes 0 to %d %s, not %d", method, most, what, *limit);
        return -1;
    }
    return 0;
}

static PyObject *Table_keep_pending(Table *self, PyObject *args) {
    int limit;
    if (limit_arg(args, "keep_pending", MAX_PENDING, "choices", &limit) < 0) return NULL;
    self->prog.rows.pending_limit = limit;
    return Table_clear(self, NULL);
}

static PyObject *Table_keep_leaves(Table *self, PyObject *args) {
    int limit;
    if (limit_arg(args, "keep_leaves", LEAF_POOL, "splits", &limit) < 0) return NULL;
    self->prog.rows.leaf_limit = limit;
    Py_RETURN_NONE;
}

static PyMethodDef Table_methods[] = {
    {"keep_leaves", (PyCFunction)Table_keep_leaves, METH_VARARGS,
     "keep_leaves(n): the splits of a hand's optimal choices a certificate keeps for its walks (default "
     "and most 2048; a choice with more is split again at each walk). For tests of that fallback."},
    {"keep_pending", (PyCFunction)Table_keep_pending, METH_VARARGS,
     "keep_pending(n): the choices a hand's first pass keeps for its second (default and most 128; "
     "beyond them one full pass answers). Forgets every solved state. For tests of that fallback."},
    {"best", (PyCFunction)Table_best, METH_VARARGS, "best(one, two, room) -> (kept, faces)"},
    {"best_spares", (PyCFunction)Table_best_spares, METH_VARARGS,
     "best_spares(one, two, room) -> (kept, faces, spares)"},
    {"certify", (PyCFunction)Table_certify, METH_VARARGS,
     "certify(one, two, room, supply, walks[, known]) -> (kept, faces, realisable, shown)"},
    {"programme", (PyCFunction)Table_programme, METH_VARARGS,
     "programme(one, two, room) -> (kept, faces, spares): best_spares by the whole-hand programme"},
    {"best_known", (PyCFunction)Table_best_known, METH_VARARGS,
     "best_known(one, two, room, known) -> (kept, faces, spares), the most kept given beforehand"},
    {"child", (PyCFunction)Table_child, METH_VARARGS,
     "child(one, two, room, face) -> (kept, faces, spares) or None, from the hand's optimal choices"},
    {"child_certify", (PyCFunction)Table_child_certify, METH_VARARGS,
     "child_certify(one, two, room, face, supply, walks) -> (kept, faces, realisable, shown) or None"},
    {"layout", (PyCFunction)Table_layout, METH_VARARGS,
     "layout(one, two, room, want, target) -> (pieces, rest): the rows' walk (rooms up to 15)"},
    {"by_rows", (PyCFunction)Table_by_rows, METH_NOARGS, "Whether answers come by colour rows (rooms up to 15)."},
    {"solved", (PyCFunction)Table_solved, METH_VARARGS,
     "solved(one, two, room) -> (kept, faces, spares, choices): the rows' answer with its optimal choices"},
    {"child_solved", (PyCFunction)Table_child_solved, METH_VARARGS,
     "child_solved(one, two, room, face) -> (kept, faces, spares, choices) or None: child with its choices"},
    {"grow", (PyCFunction)Table_grow, METH_VARARGS,
     "grow(one, two, room, face) -> (kept, faces, spares, choices) or None: the hand plus face, from its choices"},
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
    /* The constants the programme was built with, checked by okeytool.solver.classic.cover at import. */
    if (PyModule_AddIntConstant(m, "LAYOUT", PROGRAMME_LAYOUT) < 0 || PyModule_AddIntConstant(m, "FACES", FACES) < 0 ||
        PyModule_AddIntConstant(m, "ANY_FACE_BIT", ANY_FACE_BIT) < 0 || PyModule_AddIntConstant(m, "MIN_PIECE", MIN_PIECE) < 0 ||
        PyModule_AddIntConstant(m, "WILDS", SUPPLY_WILDS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
