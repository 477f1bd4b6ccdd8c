/* The two hot loops of the Monopoly Dice turn build (engines/monopoly_dice/solver.py), in C.
 *
 * solver.py's numpy kernel is the reference: each function below names the numpy code it follows
 * and computes the same numbers (tests/engines/monopoly_dice/test_md_solver.py builds a part of a
 * turn both ways and compares).  The one difference is the layout: here the W values of a level are
 * row-major, (placement row, bank state), so the rows a placement reaches are read one contiguous
 * run of bank states at a time instead of one scattered value per bank state.
 *
 * Arrays come in through the buffer protocol (numpy arrays, C-contiguous), so the build needs no
 * numpy headers.  A level's rows are ordered by the number of dice pending, then by pair: the rows
 * of pair p with k dice pending start at first[k] + (counts[k][0] + ... + counts[k][p-1]).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NUMBERS 8 /* 0..7 dice pending */
#ifndef PREFETCH
#define PREFETCH 16 /* placement targets read ahead (0: none) */
#endif

#include "../_pybuffers.h"

/* Check first (9) and counts (8, npairs) against a level of `rows` rows. */
static int check_rows(Buf *first, Buf *counts, Py_ssize_t npairs, Py_ssize_t rows) {
    const int64_t *fi = first->view.buf, *co = counts->view.buf;
    if (SHAPE(*first, 0) != NUMBERS + 1 || SHAPE(*counts, 0) != NUMBERS || SHAPE(*counts, 1) != npairs ||
        fi[NUMBERS] != rows) {
        PyErr_SetString(PyExc_ValueError, "first/counts do not fit the level");
        return -1;
    }
    for (int k = 0; k < NUMBERS; k++) {
        int64_t total = 0;
        for (Py_ssize_t p = 0; p < npairs; p++) total += co[k * npairs + p];
        if (fi[k] + total != fi[k + 1]) {
            PyErr_SetString(PyExc_ValueError, "counts do not add up to first");
            return -1;
        }
    }
    return 0;
}

/* wplus(out, below_plain, below_colour, ent_count, ent_row, skip, n, plain_rows)
 *
 * TurnSolver._wplus: per row r (from n on), the best of the rows one placement of its first pending
 * die reaches in the level below (ent_row; targets under plain_rows are rows of below_plain, the
 * others rows of below_colour from plain_rows on; the first `width` bank states of either), and of
 * the row without that die (skip, -1: none).  The rows before n (nothing pending) are -inf. */
static PyObject *py_wplus(PyObject *self, PyObject *args) {
    PyObject *o[6];
    Py_ssize_t n, plain_rows;
    if (!PyArg_ParseTuple(args, "OOOOOOnn", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &n, &plain_rows))
        return NULL;
    Buf b[6];
    static const char *const names[6] = {"out",       "below_plain", "below_colour",
                                         "ent_count", "ent_row",     "skip"};
    if (get_all(o, b, 6, names, "f2wf2-f2-B1-i1-i1-") < 0) return NULL;
    Py_ssize_t rows = SHAPE(b[0], 0), width = SHAPE(b[0], 1);
    Py_ssize_t rp = SHAPE(b[1], 0), wp = SHAPE(b[1], 1), rc = SHAPE(b[2], 0), wc = SHAPE(b[2], 1);
    Py_ssize_t nent = SHAPE(b[4], 0);
    if (SHAPE(b[3], 0) != rows || SHAPE(b[5], 0) != rows || n < 0 || n > rows || plain_rows < 0 ||
        (plain_rows > 0 && (plain_rows != rp || wp < width)) || (rc > 0 && wc < width)) {
        PyErr_SetString(PyExc_ValueError, "wplus: the arrays do not fit together");
        release(b, 6);
        return NULL;
    }
    float *out = b[0].view.buf;
    const float *plain = b[1].view.buf, *colour = b[2].view.buf;
    const uint8_t *ent_count = b[3].view.buf;
    const int32_t *ent_row = b[4].view.buf, *skip = b[5].view.buf;
    int bad = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n * width; i++) out[i] = -INFINITY;
    Py_ssize_t e = 0;
    for (Py_ssize_t r = n; r < rows && !bad; r++) {
        float *best = out + r * width;
        for (Py_ssize_t x = 0; x < width; x++) best[x] = -INFINITY;
        int count = ent_count[r];
        if (e + count > nent) {
            bad = 1;
            break;
        }
        for (int j = 0; j < count; j++, e++) {
            Py_ssize_t t = ent_row[e];
            /* the targets are scattered: ask for the one PREFETCH entries ahead now */
            if (PREFETCH && e + PREFETCH < nent) {
                Py_ssize_t u = ent_row[e + PREFETCH];
                const float *ahead = NULL;
                if (u >= 0 && u < plain_rows)
                    ahead = plain + u * wp;
                else if (u >= plain_rows && u - plain_rows < rc)
                    ahead = colour + (u - plain_rows) * wc;
                if (ahead) {
                    __builtin_prefetch(ahead);
                    __builtin_prefetch(ahead + width - 1); /* a row of 25 spans two cache lines */
                }
            }
            const float *src;
            if (t >= 0 && t < plain_rows)
                src = plain + t * wp;
            else if (t >= plain_rows && t - plain_rows < rc)
                src = colour + (t - plain_rows) * wc;
            else {
                bad = 1;
                break;
            }
            for (Py_ssize_t x = 0; x < width; x++)
                if (src[x] > best[x]) best[x] = src[x];
        }
        Py_ssize_t s = skip[r];
        if (s >= r)
            bad = 1;
        else if (s >= 0) {
            const float *held = out + s * width;
            for (Py_ssize_t x = 0; x < width; x++)
                if (held[x] > best[x]) best[x] = held[x];
        }
    }
    if (e != nent) bad = 1;
    Py_END_ALLOW_THREADS
    release(b, 6);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "wplus: a placement row points outside the level below");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* hold(w, value, first, counts)
 *
 * The end of TurnSolver._solve_block: W = max(W+, the pair's value), the value rounded to float32
 * first, on every row (placing nothing is allowed). */
static PyObject *py_hold(PyObject *self, PyObject *args) {
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Buf b[4];
    static const char *const names[4] = {"w", "value", "first", "counts"};
    if (get_all(o, b, 4, names, "f2wd2-q1-q2-") < 0) return NULL;
    Py_ssize_t rows = SHAPE(b[0], 0), width = SHAPE(b[0], 1), npairs = SHAPE(b[1], 0);
    if (SHAPE(b[1], 1) != width || check_rows(&b[2], &b[3], npairs, rows) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hold: the arrays do not fit together");
        release(b, 4);
        return NULL;
    }
    float *w = b[0].view.buf;
    const double *value = b[1].view.buf;
    const int64_t *first = b[2].view.buf, *counts = b[3].view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (int k = 0; k < NUMBERS; k++) {
        float *row = w + first[k] * width;
        for (Py_ssize_t p = 0; p < npairs; p++) {
            const double *v = value + p * width;
            for (int64_t c = counts[k * npairs + p]; c > 0; c--, row += width)
                for (Py_ssize_t x = 0; x < width; x++) {
                    float held = (float)v[x];
                    if (held > row[x]) row[x] = held;
                }
        }
    }
    Py_END_ALLOW_THREADS
    release(b, 4);
    Py_RETURN_NONE;
}

/* placing(w, prob, value, first, counts, active, placed, chance)
 *
 * solver._placing: per pair and bank state, the sum over the pair's rows with dice pending of
 * prob * W+ where W+ beats the pair's value (placed), and of prob there (chance), over the pairs
 * with active[p] (active None: all).  placed and chance are written whole (0 for the others). */
static PyObject *py_placing(PyObject *self, PyObject *args) {
    PyObject *o[8];
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]))
        return NULL;
    Buf b[8];
    static const char *const names[8] = {"w",      "prob",   "value",  "first",
                                         "counts", "active", "placed", "chance"};
    if (get_all(o, b, 8, names, "f2-d1-d2-q1-q2-B1od2wd2w") < 0) return NULL;
    Py_ssize_t rows = SHAPE(b[0], 0), width = SHAPE(b[0], 1), npairs = SHAPE(b[2], 0);
    int fits = SHAPE(b[1], 0) == rows && SHAPE(b[2], 1) == width && (!b[5].held || SHAPE(b[5], 0) == npairs);
    for (int i = 6; i < 8; i++) fits = fits && SHAPE(b[i], 0) == npairs && SHAPE(b[i], 1) == width;
    if (!fits || check_rows(&b[3], &b[4], npairs, rows) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "placing: the arrays do not fit together");
        release(b, 8);
        return NULL;
    }
    const float *w = b[0].view.buf;
    const double *prob = b[1].view.buf, *value = b[2].view.buf;
    const int64_t *first = b[3].view.buf, *counts = b[4].view.buf;
    const uint8_t *active = b[5].held ? b[5].view.buf : NULL;
    double *placed = b[6].view.buf, *chance = b[7].view.buf;
    Py_BEGIN_ALLOW_THREADS
    memset(placed, 0, sizeof(double) * npairs * width);
    memset(chance, 0, sizeof(double) * npairs * width);
    for (int k = 1; k < NUMBERS; k++) {
        Py_ssize_t r = first[k];
        for (Py_ssize_t p = 0; p < npairs; p++) {
            int64_t c = counts[k * npairs + p];
            if (!c) continue;
            if (active && !active[p]) {
                r += c;
                continue;
            }
            const double *held = value + p * width;
            double *sum = placed + p * width, *odds = chance + p * width;
            for (; c > 0; c--, r++) {
                const float *row = w + r * width;
                double pr = prob[r];
                for (Py_ssize_t x = 0; x < width; x++)
                    if ((double)row[x] > held[x]) {
                        sum[x] += (double)row[x] * pr;
                        odds[x] += pr;
                    }
            }
        }
    }
    Py_END_ALLOW_THREADS
    release(b, 8);
    Py_RETURN_NONE;
}

/* times(x, matrix, add, out)
 *
 * NumpyKernel.times: out = x @ matrix.T (+ add, None: nothing), the small bank-state matrix applied
 * to every pair's row, without BLAS threads. */
static PyObject *py_times(PyObject *self, PyObject *args) {
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Buf b[4];
    static const char *const names[4] = {"x", "matrix", "add", "out"};
    if (get_all(o, b, 4, names, "d2-d2-d2od2w") < 0) return NULL;
    Py_ssize_t m = SHAPE(b[0], 0), k = SHAPE(b[0], 1), w = SHAPE(b[1], 0);
    if (SHAPE(b[1], 1) != k || SHAPE(b[3], 0) != m || SHAPE(b[3], 1) != w ||
        (b[2].held && (SHAPE(b[2], 0) != m || SHAPE(b[2], 1) != w))) {
        PyErr_SetString(PyExc_ValueError, "times: the arrays do not fit together");
        release(b, 4);
        return NULL;
    }
    const double *x = b[0].view.buf, *matrix = b[1].view.buf, *add = b[2].held ? b[2].view.buf : NULL;
    double *out = b[3].view.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < m; i++) {
        const double *xi = x + i * k;
        for (Py_ssize_t j = 0; j < w; j++) {
            const double *mj = matrix + j * k;
            double sum = 0.0;
            for (Py_ssize_t y = 0; y < k; y++) sum += mj[y] * xi[y];
            out[i * w + j] = add ? sum + add[i * w + j] : sum;
        }
    }
    Py_END_ALLOW_THREADS
    release(b, 4);
    Py_RETURN_NONE;
}

/* evaluate(matrix, a, b, known, stop, roll, out)
 *
 * NumpyKernel.evaluate: per pair, the values of a policy, solving
 *     V = roll (M (a + b V) + known) + (1 - roll) stop
 * that is (I - roll M b) V = roll (M a + known) + (1 - roll) stop, by Gaussian elimination with
 * partial pivoting (a pair that throws nowhere is worth its stop values). */
static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    PyObject *o[7];
    if (!PyArg_ParseTuple(args, "OOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6])) return NULL;
    Buf bf[7];
    static const char *const names[7] = {"matrix", "a", "b", "known", "stop", "roll", "out"};
    if (get_all(o, bf, 7, names, "d2-d2-d2-d2-d2-B2-d2w") < 0) return NULL;
    Py_ssize_t w = SHAPE(bf[0], 0), m = SHAPE(bf[1], 0);
    int fits = SHAPE(bf[0], 1) == w;
    for (int i = 1; i < 7; i++) fits = fits && SHAPE(bf[i], 0) == m && SHAPE(bf[i], 1) == w;
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "evaluate: the arrays do not fit together");
        release(bf, 7);
        return NULL;
    }
    const double *matrix = bf[0].view.buf, *a = bf[1].view.buf, *b = bf[2].view.buf;
    const double *known = bf[3].view.buf, *stop = bf[4].view.buf;
    const uint8_t *roll = bf[5].view.buf;
    double *out = bf[6].view.buf;
    double *sys = malloc(sizeof(double) * (w * w + 1));
    if (!sys) {
        release(bf, 7);
        return PyErr_NoMemory();
    }
    int singular = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < m && !singular; i++) {
        const double *ai = a + i * w, *bi = b + i * w, *ki = known + i * w, *si = stop + i * w;
        const uint8_t *ri = roll + i * w;
        double *v = out + i * w;
        int any = 0;
        for (Py_ssize_t x = 0; x < w; x++) any |= ri[x];
        if (!any) {
            memcpy(v, si, sizeof(double) * w);
            continue;
        }
        for (Py_ssize_t x = 0; x < w; x++) {
            double *row = sys + x * w;
            const double *mx = matrix + x * w;
            if (ri[x]) {
                double rhs = ki[x];
                for (Py_ssize_t y = 0; y < w; y++) {
                    row[y] = -mx[y] * bi[y];
                    rhs += mx[y] * ai[y];
                }
                v[x] = rhs;
            } else {
                for (Py_ssize_t y = 0; y < w; y++) row[y] = 0.0;
                v[x] = si[x];
            }
            row[x] += 1.0;
        }
        for (Py_ssize_t c = 0; c < w; c++) {
            Py_ssize_t pivot = c;
            for (Py_ssize_t x = c + 1; x < w; x++)
                if (fabs(sys[x * w + c]) > fabs(sys[pivot * w + c])) pivot = x;
            if (sys[pivot * w + c] == 0.0) {
                singular = 1;
                break;
            }
            if (pivot != c) {
                for (Py_ssize_t y = c; y < w; y++) {
                    double t = sys[c * w + y];
                    sys[c * w + y] = sys[pivot * w + y];
                    sys[pivot * w + y] = t;
                }
                double t = v[c];
                v[c] = v[pivot];
                v[pivot] = t;
            }
            const double *prow = sys + c * w;
            for (Py_ssize_t x = c + 1; x < w; x++) {
                double f = sys[x * w + c] / prow[c];
                if (f == 0.0) continue;
                double *row = sys + x * w;
                for (Py_ssize_t y = c + 1; y < w; y++) row[y] -= f * prow[y];
                v[x] -= f * v[c];
            }
        }
        for (Py_ssize_t c = w - 1; c >= 0 && !singular; c--) {
            double sum = v[c];
            for (Py_ssize_t y = c + 1; y < w; y++) sum -= sys[c * w + y] * v[y];
            v[c] = sum / sys[c * w + c];
        }
    }
    Py_END_ALLOW_THREADS
    free(sys);
    release(bf, 7);
    if (singular) {
        PyErr_SetString(PyExc_ValueError, "evaluate: a policy's system is singular");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"wplus", py_wplus, METH_VARARGS,
     "wplus(out, below_plain, below_colour, ent_count, ent_row, skip, n, plain_rows): W+ of a level."},
    {"hold", py_hold, METH_VARARGS, "hold(w, value, first, counts): W = max(W+, the pair's value)."},
    {"placing", py_placing, METH_VARARGS,
     "placing(w, prob, value, first, counts, active, placed, chance): E[W+; placed] and its chance."},
    {"times", py_times, METH_VARARGS, "times(x, matrix, add, out): out = x @ matrix.T (+ add)."},
    {"evaluate", py_evaluate, METH_VARARGS,
     "evaluate(matrix, a, b, known, stop, roll, out): the values of a policy, per pair."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_turnkernel",
                                    "The Monopoly Dice turn build's hot loops.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__turnkernel(void) { return PyModule_Create(&module); }
