/* Arrays in through the buffer protocol, for the C extensions under engines/ (numpy arrays,
 * C-contiguous; the builds need no numpy headers).  Included by each extension's one C file. */
#ifndef ENGINES_PYBUFFERS_H
#define ENGINES_PYBUFFERS_H

#include <Python.h>

typedef struct {
    Py_buffer view;
    int held;
} Buf;

static void release(Buf *bufs, int n) {
    for (int i = 0; i < n; i++)
        if (bufs[i].held) PyBuffer_Release(&bufs[i].view);
}

/* kinds: 'f' float32, 'd' float64, 'i' int32, 'q' int64, 'B' uint8 (or bool) */
static int get(PyObject *obj, Buf *buf, const char *name, char kind, int ndim, int writable) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &buf->view, flags) < 0) return -1;
    buf->held = 1;
    const char *f = buf->view.format ? buf->view.format : "B";
    if (*f == '<' || *f == '=' || *f == '@') f++;
    Py_ssize_t size = buf->view.itemsize;
    int ok;
    switch (kind) {
    case 'f': ok = *f == 'f' && size == 4; break;
    case 'd': ok = *f == 'd' && size == 8; break;
    case 'i': ok = (*f == 'i' || *f == 'l') && size == 4; break;
    case 'q': ok = (*f == 'q' || *f == 'l') && size == 8; break;
    default: ok = (*f == 'B' || *f == '?') && size == 1; break;
    }
    if (!ok || buf->view.ndim != ndim) {
        PyErr_Format(PyExc_TypeError, "%s: expected a %d-d array of kind '%c', got format '%s' (%d-d)", name,
                     ndim, kind, buf->view.format ? buf->view.format : "B", buf->view.ndim);
        return -1;
    }
    return 0;
}

/* The buffers of n arguments, each described by three letters in specs: its kind (as for get), its
 * number of dimensions, and 'w' (written), 'o' (may be None: then not held) or '-'.  On failure
 * nothing is held and an exception is set. */
static int get_all(PyObject **o, Buf *b, int n, const char *const *names, const char *specs) {
    for (int i = 0; i < n; i++) {
        const char *spec = specs + 3 * i;
        b[i].held = 0;
        if (spec[2] == 'o' && o[i] == Py_None) continue;
        if (get(o[i], &b[i], names[i], spec[0], spec[1] - '0', spec[2] == 'w') < 0) {
            release(b, i + 1);
            return -1;
        }
    }
    return 0;
}

#define SHAPE(b, i) ((b).view.shape[i])

#endif
