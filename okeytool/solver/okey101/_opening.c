/*
 * The opening search's recursion of okeytool.solver.okey101.search, compiled: the same states, the
 * same order, the same values (the tests hold the two together).
 *
 * A state is (first, wilds, code): the template position the current face starts from (-1: none
 * opened yet), the wilds left and the remaining face counts packed two bits per face (52 faces,
 * 104 bits, face 0 lowest). Kernel(reachable) takes, for each face and each wild count 0..15, the
 * templates holding the face that the wilds can reach as (position, mask low 64 bits, mask high
 * bits, value); a mask has the lowest bit of each of its faces' two. Kernel.best(first, wilds, code)
 * is the best value still to gain from a state. Solved states are kept in an open-addressing table
 * that grows as needed; clear() forgets them and len() counts them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FACES 52
#define MAX_WILDS 15
#define MAX_ENTRIES 32
#define EMPTY UINT64_MAX

typedef unsigned __int128 u128;

typedef struct {
    int pos;
    int value;
    u128 mask;
} Entry;

typedef struct {
    uint64_t lo, hi; /* key: the code's low 64 bits; its high 40 bits, wilds and first; hi == EMPTY: free */
    int32_t value;
} Slot;

typedef struct {
    PyObject_HEAD
    Entry entries[FACES][MAX_WILDS + 1][MAX_ENTRIES];
    int count[FACES][MAX_WILDS + 1];
    Slot *memo;
    size_t capacity; /* a power of two */
    size_t used;
} Kernel;

static u128 LOW_BITS;

static inline size_t slot_of(uint64_t lo, uint64_t hi, size_t capacity) {
    uint64_t h = lo * 0x9E3779B97F4A7C15ULL ^ (hi + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
    h *= 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    return (size_t)(h & (capacity - 1));
}

static int allocate(Kernel *k, size_t capacity) {
    Slot *memo = PyMem_RawMalloc(capacity * sizeof(Slot));
    if (!memo) return -1;
    for (size_t i = 0; i < capacity; i++) memo[i].hi = EMPTY;
    PyMem_RawFree(k->memo);
    k->memo = memo;
    k->capacity = capacity;
    k->used = 0;
    return 0;
}

static void insert(Kernel *k, uint64_t lo, uint64_t hi, int32_t value) {
    size_t i = slot_of(lo, hi, k->capacity);
    while (k->memo[i].hi != EMPTY) i = (i + 1) & (k->capacity - 1);
    k->memo[i].lo = lo;
    k->memo[i].hi = hi;
    k->memo[i].value = value;
    k->used++;
}

/* Doubles the table when it is half full; keeps the table as it is if memory runs out. */
static void grow(Kernel *k) {
    size_t capacity = k->capacity * 2;
    Slot *memo = PyMem_RawMalloc(capacity * sizeof(Slot));
    if (!memo) return;
    for (size_t i = 0; i < capacity; i++) memo[i].hi = EMPTY;
    Slot *old = k->memo;
    size_t old_capacity = k->capacity;
    k->memo = memo;
    k->capacity = capacity;
    k->used = 0;
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].hi != EMPTY) insert(k, old[i].lo, old[i].hi, old[i].value);
    PyMem_RawFree(old);
}

static inline int popcount128(u128 x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

static inline int ctz128(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static int best(Kernel *k, int first, int wilds, u128 code) {
    if (!code) return 0;
    uint64_t lo = (uint64_t)code;
    uint64_t hi = (uint64_t)(code >> 64) | ((uint64_t)wilds << 40) | ((uint64_t)(first + 1) << 44);
    size_t i = slot_of(lo, hi, k->capacity);
    for (;;) {
        Slot *s = &k->memo[i];
        if (s->hi == EMPTY) break;
        if (s->lo == lo && s->hi == hi) return s->value;
        i = (i + 1) & (k->capacity - 1);
    }
    int shift = ctz128(code) & ~1;
    int face = shift >> 1;
    int result = first < 0 ? best(k, -1, wilds, code - ((u128)1 << shift)) : 0;
    u128 held = (code | (code >> 1)) & LOW_BITS;
    const Entry *entries = k->entries[face][wilds];
    int count = k->count[face][wilds];
    for (int e = 0; e < count; e++) {
        int pos = entries[e].pos;
        if (pos < first) continue;
        u128 mask = entries[e].mask;
        u128 have = held & mask;
        int left = wilds;
        if (have != mask) {
            left -= popcount128(mask ^ have);
            if (left < 0) continue;
        }
        u128 rest = code - have;
        int value = entries[e].value + best(k, ((rest >> shift) & 3) ? pos : -1, left, rest);
        if (value > result) result = value;
    }
    if (2 * (k->used + 1) > k->capacity) grow(k);
    insert(k, lo, hi, result);
    return result;
}

static PyObject *SIXTY_FOUR;

static int to_u128(PyObject *obj, u128 *out) {
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a packed code must be an int");
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(obj);
    if (lo == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *high = PyNumber_Rshift(obj, SIXTY_FOUR);
    if (!high) return -1;
    uint64_t hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (hi == (uint64_t)-1 && PyErr_Occurred()) return -1;
    if (hi >> 40) {
        PyErr_SetString(PyExc_ValueError, "a packed code holds 52 faces (104 bits)");
        return -1;
    }
    *out = ((u128)hi << 64) | lo;
    return 0;
}

static int Kernel_init(Kernel *self, PyObject *args, PyObject *kwds) {
    PyObject *reachable;
    if (!PyArg_ParseTuple(args, "O", &reachable)) return -1;
    PyObject *faces = PySequence_Fast(reachable, "reachable must be a sequence");
    if (!faces) return -1;
    if (PySequence_Fast_GET_SIZE(faces) != FACES) {
        Py_DECREF(faces);
        PyErr_SetString(PyExc_ValueError, "reachable must hold 52 faces");
        return -1;
    }
    for (int f = 0; f < FACES; f++) {
        PyObject *by_wilds = PySequence_Fast(PySequence_Fast_GET_ITEM(faces, f), "a face's entries must be a sequence");
        if (!by_wilds) { Py_DECREF(faces); return -1; }
        if (PySequence_Fast_GET_SIZE(by_wilds) != MAX_WILDS + 1) {
            Py_DECREF(by_wilds); Py_DECREF(faces);
            PyErr_SetString(PyExc_ValueError, "each face needs entries for 0 to 15 wilds");
            return -1;
        }
        for (int w = 0; w <= MAX_WILDS; w++) {
            PyObject *list = PySequence_Fast(PySequence_Fast_GET_ITEM(by_wilds, w), "entries must be a sequence");
            if (!list) { Py_DECREF(by_wilds); Py_DECREF(faces); return -1; }
            Py_ssize_t n = PySequence_Fast_GET_SIZE(list);
            if (n > MAX_ENTRIES) {
                Py_DECREF(list); Py_DECREF(by_wilds); Py_DECREF(faces);
                PyErr_SetString(PyExc_ValueError, "too many templates for one face");
                return -1;
            }
            for (Py_ssize_t e = 0; e < n; e++) {
                int pos, value;
                PyObject *mask;
                if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(list, e), "iOi", &pos, &mask, &value) ||
                    to_u128(mask, &self->entries[f][w][e].mask) < 0) {
                    Py_DECREF(list); Py_DECREF(by_wilds); Py_DECREF(faces);
                    return -1;
                }
                self->entries[f][w][e].pos = pos;
                self->entries[f][w][e].value = value;
            }
            self->count[f][w] = (int)n;
            Py_DECREF(list);
        }
        Py_DECREF(by_wilds);
    }
    Py_DECREF(faces);
    if (allocate(self, 1u << 14) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Kernel_dealloc(Kernel *self) {
    PyMem_RawFree(self->memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Kernel_best(Kernel *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "best(first, wilds, code) takes 3 arguments");
        return NULL;
    }
    long first = PyLong_AsLong(args[0]);
    if (first == -1 && PyErr_Occurred()) return NULL;
    long wilds = PyLong_AsLong(args[1]);
    if (wilds == -1 && PyErr_Occurred()) return NULL;
    if (wilds < 0 || wilds > MAX_WILDS || first < -1 || first >= MAX_ENTRIES) {
        PyErr_SetString(PyExc_ValueError, "first or wilds out of range");
        return NULL;
    }
    u128 code;
    if (to_u128(args[2], &code) < 0) return NULL;
    if (!self->memo) {
        PyErr_SetString(PyExc_RuntimeError, "Kernel not initialised");
        return NULL;
    }
    return PyLong_FromLong(best(self, (int)first, (int)wilds, code));
}

/* The first best layout in search order from a state, as a tuple of (face, position, slots held:
 * low 64 bits, high bits) for each piece laid, in the order the search lays them. */
static PyObject *Kernel_layout(Kernel *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "layout(first, wilds, code) takes 3 arguments");
        return NULL;
    }
    long first = PyLong_AsLong(args[0]);
    if (first == -1 && PyErr_Occurred()) return NULL;
    long wilds = PyLong_AsLong(args[1]);
    if (wilds == -1 && PyErr_Occurred()) return NULL;
    if (wilds < 0 || wilds > MAX_WILDS || first < -1 || first >= MAX_ENTRIES) {
        PyErr_SetString(PyExc_ValueError, "first or wilds out of range");
        return NULL;
    }
    u128 code;
    if (to_u128(args[2], &code) < 0) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    while (code) {
        int target = best(self, (int)first, (int)wilds, code);
        if (target == 0) break;
        int shift = ctz128(code) & ~1;
        int face = shift >> 1;
        if (first < 0 && best(self, -1, (int)wilds, code - ((u128)1 << shift)) == target) {
            code -= (u128)1 << shift;
            continue;
        }
        u128 held = (code | (code >> 1)) & LOW_BITS;
        const Entry *entries = self->entries[face][wilds];
        int count = self->count[face][wilds], found = 0;
        for (int e = 0; e < count && !found; e++) {
            int pos = entries[e].pos;
            if (pos < first) continue;
            u128 mask = entries[e].mask;
            u128 have = held & mask;
            int left = (int)wilds;
            if (have != mask) {
                left -= popcount128(mask ^ have);
                if (left < 0) continue;
            }
            u128 rest = code - have;
            int next = ((rest >> shift) & 3) ? pos : -1;
            if (entries[e].value + best(self, next, left, rest) != target) continue;
            PyObject *step = Py_BuildValue("(iiKK)", face, pos, (unsigned long long)(uint64_t)have,
                                           (unsigned long long)(uint64_t)(have >> 64));
            if (!step || PyList_Append(out, step) < 0) {
                Py_XDECREF(step);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(step);
            first = next;
            wilds = left;
            code = rest;
            found = 1;
        }
        if (!found) {
            Py_DECREF(out);
            PyErr_SetString(PyExc_AssertionError, "opening search lost its best choice");
            return NULL;
        }
    }
    return out;
}

static PyObject *Kernel_clear(Kernel *self, PyObject *Py_UNUSED(ignored)) {
    if (allocate(self, 1u << 14) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static Py_ssize_t Kernel_len(Kernel *self) { return (Py_ssize_t)self->used; }

static PyMappingMethods Kernel_mapping = {.mp_length = (lenfunc)Kernel_len};

static PyMethodDef Kernel_methods[] = {
    {"best", (PyCFunction)(void (*)(void))Kernel_best, METH_FASTCALL, "best(first, wilds, code) -> value"},
    {"layout", (PyCFunction)(void (*)(void))Kernel_layout, METH_FASTCALL,
     "layout(first, wilds, code) -> [(face, position, held low, held high), ...]"},
    {"clear", (PyCFunction)Kernel_clear, METH_NOARGS, "Forget every solved state."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "okeytool.solver.okey101._opening.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The opening search's templates and solved states.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
    .tp_as_mapping = &Kernel_mapping,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_opening", "Compiled opening search (see okeytool.solver.okey101.search).", -1, NULL,
};

PyMODINIT_FUNC PyInit__opening(void) {
    LOW_BITS = 0;
    for (int f = 0; f < FACES; f++) LOW_BITS |= (u128)1 << (2 * f);
    SIXTY_FOUR = PyLong_FromLong(64);
    if (!SIXTY_FOUR) return NULL;
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
