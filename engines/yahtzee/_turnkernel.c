/* The row loops of the Yahtzee one-turn expectimax (engines/yahtzee/solver.py), in C.
 *
 * The arrays are laid out row x state (a row is a roll or a keep, C-contiguous).  numpy does the
 * work by first copying the rows it needs into a temporary (take, fancy indexing) and then running
 * one maximum or add over it; these loops read the rows in place, a block of states at a time.  Each
 * function names the numpy code it replaces and does the same sums in the same order (the maxima
 * in any order: a maximum is exact), so the table comes out bit for bit the same
 * (tests/engines/yahtzee/test_solver.py builds sub-games both ways and compares the bits).
 *
 * Arrays come in through the buffer protocol (engines/_pybuffers.h).  Every index and state is
 * checked against its array before any row is touched, and the loops run without the GIL (the
 * build's threads share a layer).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../_pybuffers.h"

/* The end of every entry point: the buffers released; None, or NULL with the exception set. */
static PyObject *finish(Buf *b, int n, int ok) {
    release(b, n);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

/* Every entry of an int64 array in [0, limit). */
static int indices_ok(const Buf *idx, Py_ssize_t limit, const char *name) {
    const int64_t *p = idx->view.buf;
    Py_ssize_t n = idx->view.len / 8;
    for (Py_ssize_t i = 0; i < n; i++)
        if (p[i] < 0 || p[i] >= limit) {
            PyErr_Format(PyExc_IndexError, "%s: index %lld outside 0..%zd", name, (long long)p[i], limit - 1);
            return 0;
        }
    return 1;
}

/* np.maximum's result for the values a table holds (finite or -inf, never NaN: no inf - inf arises),
 * written so that the compiler can vectorize it. */
static inline double maxd(double a, double b) { return b > a ? b : a; }

/* The keep passes go through a block of BLOCK states (columns) at a time, all rows of one block before
 * the next: a block's rows (462 x BLOCK doubles) stay in the cache from one keep level to the next,
 * where whole rows of a 512-state chunk (1.9 MB an array) would not.  Loops over whole blocks have a
 * constant trip count, which GCC vectorizes at -O2 (a loop over n states it leaves scalar). */
#ifndef BLOCK
#define BLOCK 32
#endif

/* The row loops, with restrict: a row written is never one of the rows read (the callers check
 * nothing of the kind for speed's sake, but the keep levels make it so), and without the promise
 * the compiler will not vectorize. */
static void max1(double *restrict dst, const double *restrict src, Py_ssize_t n) {
    for (Py_ssize_t s = 0; s < n; s++) dst[s] = maxd(dst[s], src[s]);
}

static void max2(double *restrict dst, const double *restrict a, const double *restrict b, Py_ssize_t n) {
    for (Py_ssize_t s = 0; s < n; s++) dst[s] = maxd(maxd(dst[s], a[s]), b[s]);
}

static void mean6(double *restrict dst, const double *restrict const *r, Py_ssize_t n) {
    const double sixth = 1.0 / 6.0;
    const double *restrict r0 = r[0], *restrict r1 = r[1], *restrict r2 = r[2];
    const double *restrict r3 = r[3], *restrict r4 = r[4], *restrict r5 = r[5];
    for (Py_ssize_t s = 0; s < n; s++) {
        double v = r0[s];
        v += r1[s];
        v += r2[s];
        v += r3[s];
        v += r4[s];
        v += r5[s];
        dst[s] = v * sixth;
    }
}

static void raise_row(double *restrict dst, double p, const double *restrict after, Py_ssize_t n) {
    for (Py_ssize_t s = 0; s < n; s++) dst[s] = maxd(dst[s], p + after[s]);
}

/* No fused multiply-add here (setup.py builds with -ffp-contract=off): w * row rounds, then the sum. */
static void add_scaled(double *restrict out, double w, const double *restrict row, Py_ssize_t n) {
    for (Py_ssize_t s = 0; s < n; s++) out[s] += w * row[s];
}


/* The two keep passes over the rows of `base` (row r at base + r * stride), w states wide; see
 * mean_rows and max_rows.  A whole block's width is a constant for the compiler (vectorized). */
static void mean_pass(double *base, Py_ssize_t stride, Py_ssize_t w, const int64_t *targets,
                      const int64_t *children, Py_ssize_t m) {
    for (Py_ssize_t i = 0; i < m; i++) {
        const double *r[6];
        for (int j = 0; j < 6; j++) r[j] = base + children[6 * i + j] * stride;
        if (w == BLOCK)
            mean6(base + targets[i] * stride, r, BLOCK);
        else
            mean6(base + targets[i] * stride, r, w);
    }
}

static void max_pass(double *base, Py_ssize_t stride, Py_ssize_t w, const int64_t *targets,
                     const int64_t *parents, Py_ssize_t m, Py_ssize_t k) {
    for (Py_ssize_t i = 0; i < m; i++) {
        const int64_t *p = parents + k * i;
        Py_ssize_t d = 1, j = 0;
        while (d < k && p[d] != p[0]) d++;
        double *dst = base + targets[i] * stride;
        if (w == BLOCK) {
            for (; j + 2 <= d; j += 2) max2(dst, base + p[j] * stride, base + p[j + 1] * stride, BLOCK);
            if (j < d) max1(dst, base + p[j] * stride, BLOCK);
        } else {
            for (; j + 2 <= d; j += 2) max2(dst, base + p[j] * stride, base + p[j + 1] * stride, w);
            if (j < d) max1(dst, base + p[j] * stride, w);
        }
    }
}

/* The rows (targets, sources) of a pass, checked: every index inside out, k sources a target. */
static int check_pass(Buf *b, Py_ssize_t k, const char *what) {
    Py_ssize_t rows = SHAPE(b[0], 0), m = SHAPE(b[1], 0);
    if (SHAPE(b[2], 0) != m || SHAPE(b[2], 1) != k) {
        PyErr_Format(PyExc_ValueError, "%s: expected (len(targets), %zd) sources", what, k);
        return 0;
    }
    return indices_ok(&b[1], rows, "targets") && indices_ok(&b[2], rows, "sources");
}

/* mean_rows(out, targets, children): for each i in order, out[targets[i]] = (out[children[i, 0]] + ...
 * + out[children[i, 5]]) * (1 / 6), summed left to right: Solver.keep_values' numpy loop
 *     np.copyto(seg, out.take(children[:, 0])); seg += out.take(children[:, f]) for f in 1..5; seg *= 1/6
 * with the levels' rows one after another (keeps of size 4, then 3, ... 0: a keep's children are
 * one die bigger, so they are written before it is and it is never one of them). */
static PyObject *mean_rows(PyObject *self, PyObject *args) {
    PyObject *o[3];
    if (!PyArg_ParseTuple(args, "OOO", &o[0], &o[1], &o[2])) return NULL;
    static const char *const names[] = {"out", "targets", "children"};
    Buf b[3];
    if (get_all(o, b, 3, names, "d2wq1-q2-") < 0) return NULL;
    int ok = 0;
    if (!check_pass(b, 6, "mean_rows")) goto done;
    {
        double *out = b[0].view.buf;
        const int64_t *tg = b[1].view.buf, *ch = b[2].view.buf;
        Py_ssize_t n = SHAPE(b[0], 1), m = SHAPE(b[1], 0);
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t c = 0; c < n; c += BLOCK)
            mean_pass(out + c, n, n - c < BLOCK ? n - c : BLOCK, tg, ch, m);
        Py_END_ALLOW_THREADS
    }
    ok = 1;
done:
    return finish(b, 3, ok);
}

/* max_rows(best, targets, parents): for each i in order, best[targets[i]] = max(best[targets[i]],
 * best[parents[i, 0]], ..., best[parents[i, k - 1]]): Solver.roll_values' numpy loop
 *     np.maximum(seg, best.take(parents[:, j]), out=seg) for each j
 * with the levels' rows one after another (keeps of size 1, then 2, ... 5).  A keep with fewer distinct
 * faces than k lists its parents cyclically ([a, b, a, b, a]); the repeats are skipped, which the
 * maximum does not notice. */
static PyObject *max_rows(PyObject *self, PyObject *args) {
    PyObject *o[3];
    if (!PyArg_ParseTuple(args, "OOO", &o[0], &o[1], &o[2])) return NULL;
    static const char *const names[] = {"best", "targets", "parents"};
    Buf b[3];
    if (get_all(o, b, 3, names, "d2wq1-q2-") < 0) return NULL;
    int ok = 0;
    Py_ssize_t k = SHAPE(b[2], 1);
    if (!check_pass(b, k, "max_rows")) goto done;
    {
        double *best = b[0].view.buf;
        const int64_t *tg = b[1].view.buf, *pa = b[2].view.buf;
        Py_ssize_t n = SHAPE(b[0], 1), m = SHAPE(b[1], 0);
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t c = 0; c < n; c += BLOCK)
            max_pass(best + c, n, n - c < BLOCK ? n - c : BLOCK, tg, pa, m, k);
        Py_END_ALLOW_THREADS
    }
    ok = 1;
done:
    return finish(b, 3, ok);
}

#define NBOX 13
#define YBOX 11
#define UPPER_LEVELS 64

/* Every state (mask, upper, bonus) inside the (8192, 64, 2) table. */
static int states_ok(const Buf *mask, const Buf *upper, const Buf *bonus) {
    const int64_t *mk = mask->view.buf, *up = upper->view.buf, *bn = bonus->view.buf;
    for (Py_ssize_t j = 0; j < SHAPE(*mask, 0); j++)
        if (mk[j] < 0 || mk[j] >= (1 << NBOX) || up[j] < 0 || up[j] >= UPPER_LEVELS || bn[j] < 0 || bn[j] > 1) {
            PyErr_SetString(PyExc_ValueError, "a state outside the table");
            return 0;
        }
    return 1;
}

/* final(best, values, mask, upper, bonus, scores, rolls, cap, has_bonus): best (252, N) the value of each
 * final roll of each state (mask[j], upper[j], bonus[j]): the best open box's points plus the value of
 * the state it leads to, Joker rows aside (joker() does those): Solver.final_values' numpy path.
 * scores (13, 252) are the boxes' ordinary points, rolls (252, 6) each roll's count of each face.
 * Per block of states: the value after each box (-inf where it is filled), then each row the maximum
 * over the boxes.  The numpy path takes the same maxima in another order, which a maximum does not
 * notice, and the same sums (points + the value after). */
#define CHANCE 12
static PyObject *final(PyObject *self, PyObject *args) {
    PyObject *o[7];
    long long cap;
    int has_bonus;
    if (!PyArg_ParseTuple(args, "OOOOOOOLi", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &cap, &has_bonus))
        return NULL;
    static const char *const names[] = {"best", "values", "mask", "upper", "bonus", "scores", "rolls"};
    Buf b[7];
    if (get_all(o, b, 7, names, "d2wd1-q1-q1-q1-q2-q2-") < 0) return NULL;
    Py_ssize_t rows = SHAPE(b[0], 0), n = SHAPE(b[0], 1);
    int ok = 0;
    if (SHAPE(b[2], 0) != n || SHAPE(b[3], 0) != n || SHAPE(b[4], 0) != n || SHAPE(b[5], 0) != NBOX ||
        SHAPE(b[5], 1) != rows || SHAPE(b[6], 0) != rows || SHAPE(b[6], 1) != 6 ||
        SHAPE(b[1], 0) != (Py_ssize_t)(1 << NBOX) * UPPER_LEVELS * 2 || cap < 0 || cap >= UPPER_LEVELS) {
        PyErr_SetString(PyExc_ValueError, "final: arrays of the wrong shape");
        goto done;
    }
    if (!states_ok(&b[2], &b[3], &b[4]) || !indices_ok(&b[6], 6, "rolls")) goto done;
    {
        double *best = b[0].view.buf;
        const double *values = b[1].view.buf;
        const int64_t *mk = b[2].view.buf, *up = b[3].view.buf, *bn = b[4].view.buf;
        const int64_t *scores = b[5].view.buf, *counts = b[6].view.buf;
        /* after[box] (the value after a box scoring 0, for the lower boxes), after_y (after a scoring
         * YAHTZEE), table[box][count] (after an upper box with count dice, its points included). */
        double after[NBOX][BLOCK], after_y[BLOCK], table[6][6][BLOCK], floor_[BLOCK], v[BLOCK];
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t c = 0; c < n; c += BLOCK) {
            Py_ssize_t w = n - c < BLOCK ? n - c : BLOCK;
            for (Py_ssize_t s = 0; s < BLOCK; s++) {
                /* Past the last state of a short block: a state with every box filled, never written. */
                int64_t mask = s < w ? mk[c + s] : (1 << NBOX) - 1, upper = s < w ? up[c + s] : 0;
                int64_t bonus = s < w ? bn[c + s] : 0;
                floor_[s] = -INFINITY;
                for (int box = 6; box < NBOX; box++) {
                    int64_t nxt = (mask | (int64_t)1 << box) * UPPER_LEVELS + upper;
                    int open = !(mask >> box & 1);
                    after[box][s] = open ? values[nxt * 2 + (box == YBOX ? 0 : bonus)] : -INFINITY;
                    if (box == YBOX) after_y[s] = open ? values[nxt * 2 + has_bonus] : -INFINITY;
                    if (box != CHANCE && after[box][s] > floor_[s]) floor_[s] = after[box][s];
                }
                if (!has_bonus) after_y[s] = after[YBOX][s];
                for (int box = 0; box < 6; box++)
                    for (int count = 0; count < 6; count++) {
                        int64_t points = count * (box + 1), nup = upper + points;
                        if (nup > cap) nup = cap;
                        table[box][count][s] = mask >> box & 1 ? -INFINITY
                            : values[(((mask | (int64_t)1 << box) * UPPER_LEVELS + nup) * 2 + bonus)] + (double)points;
                    }
            }
            for (Py_ssize_t r = 0; r < rows; r++) {
                for (Py_ssize_t s = 0; s < BLOCK; s++) v[s] = floor_[s];
                for (int box = 6; box < NBOX; box++) {
                    int64_t points = scores[box * rows + r];
                    if (points > 0)
                        raise_row(v, (double)points, box == YBOX ? after_y : after[box], BLOCK);
                }
                for (int box = 0; box < 6; box++) max1(v, table[box][counts[r * 6 + box]], BLOCK);
                memcpy(best + r * n + c, v, w * sizeof(double));
            }
        }
        Py_END_ALLOW_THREADS
    }
    ok = 1;
done:
    return finish(b, 7, ok);
}

/* joker(best, values, mask, upper, bonus, yahtzee_rolls, points, joker_points, forced, cap, yahtzee_bonus):
 * for each state j (mask[j], upper[j], bonus[j]) whose YAHTZEE box is filled and each face f, sets
 * best[yahtzee_rolls[f], j] to the best allowed box for five f's under the Joker rules:
 * Solver._apply_joker through Solver.box_values, for a table with the YAHTZEE bonus.
 * points (6, 13) are the boxes' ordinary points for five f's, joker_points (6, 13) the Joker's; forced
 * is 1 for the manual's convention, 0 for the free one.  A box's value is (points + the value of the
 * state it leads to) + the bonus, summed in that order as box_values does. */
static PyObject *joker(PyObject *self, PyObject *args) {
    PyObject *o[8];
    int forced;
    long long cap, ybonus;
    if (!PyArg_ParseTuple(args, "OOOOOOOOiLL", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &forced,
                          &cap, &ybonus))
        return NULL;
    static const char *const names[] = {"best",          "values", "mask",   "upper",
                                        "yahtzee_bonus", "yahtzee_rolls", "points", "joker_points"};
    Buf b[8];
    if (get_all(o, b, 8, names, "d2wd1-q1-q1-q1-q1-q2-q2-") < 0) return NULL;
    Py_ssize_t rows = SHAPE(b[0], 0), n = SHAPE(b[0], 1);
    int ok = 0;
    if (SHAPE(b[2], 0) != n || SHAPE(b[3], 0) != n || SHAPE(b[4], 0) != n || SHAPE(b[5], 0) != 6 ||
        SHAPE(b[6], 0) != 6 || SHAPE(b[6], 1) != NBOX || SHAPE(b[7], 0) != 6 || SHAPE(b[7], 1) != NBOX ||
        SHAPE(b[1], 0) != (Py_ssize_t)(1 << NBOX) * UPPER_LEVELS * 2 || cap < 0 || cap >= UPPER_LEVELS) {
        PyErr_SetString(PyExc_ValueError, "joker: arrays of the wrong shape");
        goto done;
    }
    if (!indices_ok(&b[5], rows, "yahtzee_rolls")) goto done;
    {
        if (!states_ok(&b[2], &b[3], &b[4])) goto done;
        const int64_t *mk = b[2].view.buf, *up = b[3].view.buf, *bn = b[4].view.buf;
        double *best = b[0].view.buf;
        const double *values = b[1].view.buf;
        const int64_t *yr = b[5].view.buf, *base = b[6].view.buf, *full = b[7].view.buf;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t j = 0; j < n; j++) {
            int64_t mask = mk[j], upper = up[j], bonus = bn[j];
            if (!(mask >> YBOX & 1)) continue;
            int lower_open = (mask >> 6 & 127) != 127;
            double extra = (double)(bonus * ybonus);
            for (int f = 0; f < 6; f++) {
                int matching_open = !(mask >> f & 1);
                double top = -INFINITY;
                for (int box = 0; box < NBOX; box++) {
                    if (mask >> box & 1) continue;
                    int64_t pts;
                    if (forced) {
                        int ok = box < 6 ? box == f || (!matching_open && !lower_open) : !matching_open;
                        if (!ok) continue;
                        pts = full[NBOX * f + box];
                    } else {
                        pts = matching_open ? base[NBOX * f + box] : full[NBOX * f + box];
                    }
                    int64_t nup = upper, nbonus = bonus;
                    if (box < 6) {
                        nup = upper + pts;
                        if (nup > cap) nup = cap;
                    } else if (box == YBOX) {
                        nbonus = pts > 0;
                    }
                    double after = values[((mask | (int64_t)1 << box) * UPPER_LEVELS + nup) * 2 + nbonus];
                    double v = ((double)pts + after) + extra;
                    if (v > top) top = v;
                }
                best[yr[f] * n + j] = top;
            }
        }
        Py_END_ALLOW_THREADS
    }
    ok = 1;
done:
    return finish(b, 8, ok);
}

/* expected(out, final, roll_keep, child_targets, children, parent_targets, parents, first_roll,
 *          stop_rows, passes): out[j] = the value of state j before its first roll, from final (252, N):
 * Solver.turn's passes (keep_values, then roll_values, then stop_rows (the five of a kinds when they
 * end the rolling) taken back from final; `passes` times) and weighted_rows, the same operations in
 * the same order, one block of BLOCK states at a time with the keep and roll values of the block in
 * scratch rows that stay in the cache; the (462, N) keep arrays of a chunk are never made.  The
 * scratch loops run over whole blocks, a constant trip count that GCC's -O2 vectorizes. */
static PyObject *expected(PyObject *self, PyObject *args) {
    PyObject *o[9];
    int passes;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOi", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8],
                          &passes))
        return NULL;
    static const char *const names[] = {"out",     "final",      "roll_keep",  "child_targets", "children",
                                        "parent_targets", "parents", "first_roll", "stop_rows"};
    Buf b[9];
    if (get_all(o, b, 9, names, "d1wd2-q1-q1-q2-q1-q2-d1-q1-") < 0) return NULL;
    int ok = 0;
    double *scratch = NULL;
    Py_ssize_t n = SHAPE(b[0], 0), rolls = SHAPE(b[1], 0), keeps = 0, k = SHAPE(b[6], 1);
    const int64_t *rk = b[2].view.buf;
    for (Py_ssize_t r = 0; r < SHAPE(b[2], 0); r++)
        if (rk[r] >= keeps) keeps = rk[r] + 1;
    if (SHAPE(b[1], 1) != n || SHAPE(b[2], 0) != rolls || SHAPE(b[7], 0) != rolls || SHAPE(b[4], 1) != 6 ||
        SHAPE(b[3], 0) != SHAPE(b[4], 0) || SHAPE(b[5], 0) != SHAPE(b[6], 0) || passes < 0) {
        PyErr_SetString(PyExc_ValueError, "expected: arrays of the wrong shape");
        goto done;
    }
    if (!indices_ok(&b[2], keeps, "roll_keep") || !indices_ok(&b[3], keeps, "child_targets") ||
        !indices_ok(&b[4], keeps, "children") || !indices_ok(&b[5], keeps, "parent_targets") ||
        !indices_ok(&b[6], keeps, "parents") || !indices_ok(&b[8], rolls, "stop_rows"))
        goto done;
    /* Zeroed: the columns past the last state of a short last block are computed on but never read. */
    scratch = PyMem_Calloc(BLOCK * (2 * keeps + rolls + 1), sizeof(double));
    if (!scratch) {
        PyErr_NoMemory();
        goto done;
    }
    {
        double *out = b[0].view.buf, *keep = scratch, *best = scratch + BLOCK * keeps;
        double *roll = best + BLOCK * keeps, *sum = roll + BLOCK * rolls;
        const double *final = b[1].view.buf, *weights = b[7].view.buf;
        const int64_t *ct = b[3].view.buf, *ch = b[4].view.buf, *pt = b[5].view.buf, *pa = b[6].view.buf;
        const int64_t *stop = b[8].view.buf;
        Py_ssize_t nchild = SHAPE(b[3], 0), nparent = SHAPE(b[5], 0), nstop = SHAPE(b[8], 0);
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t c = 0; c < n; c += BLOCK) {
            Py_ssize_t w = n - c < BLOCK ? n - c : BLOCK;
            for (Py_ssize_t r = 0; r < rolls; r++) memcpy(roll + r * BLOCK, final + r * n + c, w * sizeof(double));
            for (int pass = 0; pass < passes; pass++) {
                for (Py_ssize_t r = 0; r < rolls; r++)
                    memcpy(keep + rk[r] * BLOCK, roll + r * BLOCK, BLOCK * sizeof(double));
                mean_pass(keep, BLOCK, BLOCK, ct, ch, nchild);
                memcpy(best, keep, keeps * BLOCK * sizeof(double));
                max_pass(best, BLOCK, BLOCK, pt, pa, nparent, k);
                for (Py_ssize_t r = 0; r < rolls; r++)
                    memcpy(roll + r * BLOCK, best + rk[r] * BLOCK, BLOCK * sizeof(double));
                for (Py_ssize_t i = 0; i < nstop; i++)
                    memcpy(roll + stop[i] * BLOCK, final + stop[i] * n + c, w * sizeof(double));
            }
            for (Py_ssize_t s = 0; s < BLOCK; s++) sum[s] = 0.0;
            for (Py_ssize_t r = 0; r < rolls; r++)
                if (weights[r] != 0.0) add_scaled(sum, weights[r], roll + r * BLOCK, BLOCK);
            memcpy(out + c, sum, w * sizeof(double));
        }
        Py_END_ALLOW_THREADS
    }
    ok = 1;
done:
    PyMem_Free(scratch);
    return finish(b, 9, ok);
}

static PyMethodDef methods[] = {
    {"mean_rows", mean_rows, METH_VARARGS, "out[targets[i]] = mean of out[children[i, :]], in order"},
    {"max_rows", max_rows, METH_VARARGS, "best[targets[i]] = max(itself, best[parents[i, :]]), in order"},
    {"final", final, METH_VARARGS, "best = the value of each final roll of each state, Joker rows aside"},
    {"expected", expected, METH_VARARGS, "out = each state's value before the first roll, from final"},
    {"joker", joker, METH_VARARGS, "best[yahtzee rolls] of the states with YAHTZEE filled, Joker rules"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_turnkernel",
                                    "The row loops of the Yahtzee turn build (see solver.py).", -1, methods};

PyMODINIT_FUNC PyInit__turnkernel(void) { return PyModule_Create(&module); }
