/* unitensor._kernels: elementwise kernels over raw memory, for the forms no
 * framework kernel gives in one pass.
 *
 * sign(source, target, count, itemsize) writes the standard's sign of `count`
 * float32 (itemsize 4) or float64 (itemsize 8) numbers at address `source`
 * to address `target`: 1 for a positive number, -1 for a negative one, +0.0
 * for either zero and NaN for NaN. PyTorch's own sign gives 0 for NaN;
 * keeping NaN with its kernels costs a second pass over memory (see
 * _backends/torch.py, _real_sign), where this is one. The caller guarantees
 * that both addresses hold `count` numbers of that size and that the memory
 * stays alive: the tensors are arguments in its frame.
 *
 * The loop is branch-free, so that compilers vectorize it; on x86-64 Linux
 * it is also built for AVX-512 and AVX2 and the CPU picks the version at load
 * time (target_clones), as PyTorch picks its own kernels' (1000x1000 float32
 * on an AVX-512 Xeon: 2-4 µs over `torch.sign`'s 175, against 5-6 with
 * AVX2). Above SERIAL_FREE numbers the GIL is released, as the frameworks
 * release it around their own kernels. Above the grain size
 * that torch_setup gives (PyTorch's grain size), the numbers are split over
 * the threads of PyTorch's own OpenMP runtime, as PyTorch splits its
 * elementwise kernels: torch_setup takes the runtime's entry points, found
 * by the caller in the process (they are the GNU OpenMP ABI that compilers
 * emit for `#pragma omp parallel`), so that no second thread pool competes
 * with PyTorch's for the cores.
 *
 * torch_holds(a, value) reads whether a plain int64 CPU tensor holds `value`
 * (crossentropy's one label PyTorch leaves out, _backends/torch.py's
 * _crossentropy), after the same tests as torch_sign: one pass in C where
 * `a.min().item()` cost a reduction's dispatch and a 0-d tensor, and 8 µs of
 * the demo's training step (docs/benchmarks.md).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && !defined(__clang__)
#define VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define VECTOR_CLONES
#endif

#define SERIAL_FREE 16384 /* numbers: from here the GIL is released during the loop */

/* One kernel per float type: a positive number gives 1, a negative one -1, either zero
   +0, NaN itself (v != v). */
#define SIGN_KERNEL(NAME, TYPE)                                                        \
    VECTOR_CLONES static void NAME(const TYPE *restrict x, TYPE *restrict out,        \
                                   Py_ssize_t n)                                       \
    {                                                                                  \
        for (Py_ssize_t i = 0; i < n; i++) {                                           \
            TYPE v = x[i];                                                             \
            TYPE s = v > 0 ? (TYPE)1 : (TYPE)0;                                        \
            s = v < 0 ? (TYPE)-1 : s;                                                  \
            out[i] = v != v ? v : s;                                                   \
        }                                                                              \
    }

SIGN_KERNEL(sign_float32, float)
SIGN_KERNEL(sign_float64, double)

/* The kernel of the itemsize over `count` numbers, from the start of both. */
static void
sign_range(const char *source, char *target, Py_ssize_t count, Py_ssize_t itemsize)
{
    if (itemsize == 4) {
        sign_float32((const float *)source, (float *)target, count);
    }
    else {
        sign_float64((const double *)source, (double *)target, count);
    }
}

/* PyTorch's OpenMP runtime (set by torch_setup; NULL where none was found): GOMP_parallel
   runs fn(data) on a team of threads, the caller among them. */
typedef void (*parallel_call)(void (*fn)(void *), void *data, unsigned threads, unsigned flags);
typedef int (*count_call)(void);
static struct {
    parallel_call parallel;    /* GOMP_parallel */
    count_call thread_num;     /* omp_get_thread_num: this thread's number in the team */
    count_call num_threads;    /* omp_get_num_threads: the team's size */
    PyObject *threads;         /* torch.get_num_threads (it also sets a new thread's
                                  OpenMP count from torch.set_num_threads', as PyTorch's
                                  own kernels do before they split their work) */
} omp;
static Py_ssize_t grain = 0; /* numbers: from one more, the work is split over threads */

typedef struct {
    const char *source;
    char *target;
    Py_ssize_t count, itemsize;
} SignJob;

/* One thread's share of a SignJob: equal runs of whole 64-number blocks, in thread order
   (as PyTorch's parallel_for divides a range). */
static void
sign_share(void *data)
{
    const SignJob *job = data;
    Py_ssize_t threads = omp.num_threads(), me = omp.thread_num();
    Py_ssize_t share = ((job->count + threads - 1) / threads + 63) / 64 * 64;
    Py_ssize_t begin = me * share;
    if (begin < job->count) {
        Py_ssize_t n = job->count - begin < share ? job->count - begin : share;
        sign_range(job->source + begin * job->itemsize, job->target + begin * job->itemsize,
                   n, job->itemsize);
    }
}

/* The kernel of the itemsize, without the GIL from SERIAL_FREE numbers, split over
   PyTorch's threads above the grain size (at most one thread per grain, as PyTorch): 0, or
   -1 with an exception (from torch.get_num_threads). */
static int
run_sign(void *source, void *target, Py_ssize_t count, Py_ssize_t itemsize)
{
    Py_ssize_t threads = 1;
    if (omp.parallel != NULL && count > grain) {
        PyObject *v = PyObject_CallNoArgs(omp.threads);
        threads = v == NULL ? -1 : PyLong_AsSsize_t(v);
        Py_XDECREF(v);
        if (threads == -1 && PyErr_Occurred()) {
            return -1;
        }
        Py_ssize_t most = (count + grain - 1) / grain;
        threads = threads < most ? threads : most;
    }
    PyThreadState *saved = count < SERIAL_FREE ? NULL : PyEval_SaveThread();
    if (threads > 1) {
        SignJob job = {source, target, count, itemsize};
        omp.parallel(sign_share, &job, (unsigned)threads, 0);
    }
    else {
        sign_range(source, target, count, itemsize);
    }
    if (saved != NULL) {
        PyEval_RestoreThread(saved);
    }
    return 0;
}

static PyObject *
sign(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "sign() takes 4 arguments (%zd given)", nargs);
        return NULL;
    }
    void *source = PyLong_AsVoidPtr(args[0]);
    if (source == NULL && PyErr_Occurred()) {
        return NULL;
    }
    void *target = PyLong_AsVoidPtr(args[1]);
    if (target == NULL && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t count = PyLong_AsSsize_t(args[2]);
    if (count == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_ssize_t itemsize = PyLong_AsSsize_t(args[3]);
    if (itemsize == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (source == NULL || target == NULL || count < 0 || (itemsize != 4 && itemsize != 8)) {
        PyErr_SetString(PyExc_ValueError,
                        "sign() needs two nonzero addresses, a count >= 0 and an itemsize of 4 or 8");
        return NULL;
    }
    if (run_sign(source, target, count, itemsize) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* PyTorch's sign in one pass: the tests of _backends/torch.py's _real_sign that decide
 * whether a tensor may take the kernel, made here, where each costs a C call and not a
 * line of Python (set by torch_setup). */
static struct {
    PyObject *types;        /* tuple: the plain tensor classes (torch.Tensor, Parameter) */
    PyObject *float32;      /* torch.float32 */
    PyObject *float64;      /* torch.float64 */
    PyObject *int64;        /* torch.int64: torch_holds' dtype */
    PyObject *strided;      /* torch.strided */
    PyObject *level;        /* torch._C._functorch.maybe_current_level: None outside */
    PyObject *off;          /* tuple of calls that return a false value outside modes */
    PyObject *forward_ad;   /* torch.autograd.forward_ad: _current_level < 0 outside */
    PyObject *empty_like;   /* torch.empty_like */
    PyObject *contiguous;   /* torch.contiguous_format: the strides torch.sign gives */
    PyObject *sign;         /* torch.sign: above the grain size without OpenMP, with a
                               finite check of the sum */
} pt;

static PyObject *s_requires_grad, *s_is_cpu, *s_dtype, *s_layout, *s_is_contiguous, *s_is_neg,
    *s_numel, *s_data_ptr, *s_current_level, *s_sum, *s_item, *s_is_nested, *s_div_,
    *k_memory_format;

/* The address in the Python int `v` as a function pointer (NULL with an exception). */
static void *
entry_point(PyObject *v)
{
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "torch_setup(): an entry point is an int address");
        return NULL;
    }
    void *p = PyLong_AsVoidPtr(v);
    if (p == NULL && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "torch_setup(): an entry point is a nonzero address");
    }
    return p;
}

static PyObject *
torch_setup(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 13) {
        PyErr_Format(PyExc_TypeError, "torch_setup() takes 13 arguments (%zd given)", nargs);
        return NULL;
    }
    if (!PyTuple_Check(args[0]) || !PyTuple_Check(args[6])) {
        PyErr_SetString(PyExc_TypeError, "torch_setup(): the classes and the calls are tuples");
        return NULL;
    }
    Py_ssize_t serial = PyLong_AsSsize_t(args[11]);
    if (serial == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (serial < 1) {
        PyErr_SetString(PyExc_ValueError, "torch_setup(): the grain size is at least 1");
        return NULL;
    }
    PyObject *threads = args[12], *count = NULL;
    void *points[3] = {NULL, NULL, NULL};
    if (threads != Py_None) {
        if (!PyTuple_Check(threads) || PyTuple_GET_SIZE(threads) != 4 ||
            !PyCallable_Check(count = PyTuple_GET_ITEM(threads, 3))) {
            PyErr_SetString(PyExc_TypeError,
                            "torch_setup(): threads is None or a 4-tuple: three OpenMP entry "
                            "points and torch.get_num_threads");
            return NULL;
        }
        for (int i = 0; i < 3; i++) {
            if ((points[i] = entry_point(PyTuple_GET_ITEM(threads, i))) == NULL) {
                return NULL;
            }
        }
    }
    PyObject **slots[] = {&pt.types,      &pt.float32,    &pt.float64, &pt.int64,
                          &pt.strided,    &pt.level,      &pt.off,     &pt.forward_ad,
                          &pt.empty_like, &pt.contiguous, &pt.sign};
    for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
        Py_XSETREF(*slots[i], Py_NewRef(args[i]));
    }
    grain = serial;
    omp.parallel = (parallel_call)points[0];
    omp.thread_num = (count_call)points[1];
    omp.num_threads = (count_call)points[2];
    Py_XSETREF(omp.threads, Py_XNewRef(count));
    Py_RETURN_NONE;
}

/* Whether ``a.<name>`` (or ``a.<name>()`` where ``call``) is ``expected``: 1, 0, or -1
   with an exception. */
static int
attr_is(PyObject *a, PyObject *name, int call, PyObject *expected)
{
    PyObject *v = call ? PyObject_CallMethodNoArgs(a, name) : PyObject_GetAttr(a, name);
    if (v == NULL) {
        return -1;
    }
    int same = v == expected;
    Py_DECREF(v);
    return same;
}

/* Above the grain size where no OpenMP runtime was found: torch.sign(a) where a's sum
   is finite (no NaN, no infinity: the common case, one read more than torch.sign), else
   False (then the caller's general form). */
static PyObject *
large_sign(PyObject *a)
{
    PyObject *out = PyObject_CallOneArg(pt.sign, a);
    if (out == NULL) {
        return NULL;
    }
    PyObject *sum = PyObject_CallMethodNoArgs(a, s_sum);
    PyObject *item = sum == NULL ? NULL : PyObject_CallMethodNoArgs(sum, s_item);
    Py_XDECREF(sum);
    double total = item == NULL ? 0.0 : PyFloat_AsDouble(item);
    Py_XDECREF(item);
    if (item == NULL || (total == -1.0 && PyErr_Occurred())) {
        Py_DECREF(out);
        return NULL;
    }
    if (isfinite(total)) {
        return out;
    }
    Py_DECREF(out);
    Py_RETURN_FALSE;
}

/* Whether ``a``'s class is one of torch_setup's plain tensor types (exactly). */
static int
is_plain(PyObject *a)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pt.types); i++) {
        if ((PyObject *)Py_TYPE(a) == PyTuple_GET_ITEM(pt.types, i)) {
            return 1;
        }
    }
    return 0;
}

/* Whether ``a`` is a plain CPU tensor in strided memory, not nested, without autograd: 1,
   0, or -1 with an exception. */
static int
plain_cpu(PyObject *a)
{
    if (!is_plain(a)) {
        return 0;
    }
    int ok = attr_is(a, s_requires_grad, 0, Py_False);
    if (ok > 0) ok = attr_is(a, s_is_cpu, 0, Py_True);
    if (ok > 0) ok = attr_is(a, s_layout, 0, pt.strided);
    if (ok > 0) ok = attr_is(a, s_is_nested, 0, Py_False);
    return ok;
}

/* Whether no torch.func transformation, forward AD, dispatch or function mode or
   torch.jit.trace is on: 1, 0, or -1 with an exception. */
static int
outside_modes(void)
{
    PyObject *v = PyObject_CallNoArgs(pt.level);
    if (v == NULL) {
        return -1;
    }
    int ok = v == Py_None;
    Py_DECREF(v);
    for (Py_ssize_t i = 0; ok > 0 && i < PyTuple_GET_SIZE(pt.off); i++) {
        v = PyObject_CallNoArgs(PyTuple_GET_ITEM(pt.off, i));
        int on = v == NULL ? -1 : PyObject_IsTrue(v);
        Py_XDECREF(v);
        ok = on < 0 ? -1 : !on;
    }
    if (ok > 0) {
        v = PyObject_GetAttr(pt.forward_ad, s_current_level);
        long level = v == NULL ? 0 : PyLong_AsLong(v);
        Py_XDECREF(v);
        ok = PyErr_Occurred() ? -1 : level < 0;
    }
    return ok;
}

/* Whether ``a``'s memory may be read as its numbers now: outside modes, contiguous, without
   the negative bit: 1, 0, or -1 with an exception. */
static int
readable_now(PyObject *a)
{
    int ok = outside_modes();
    if (ok > 0) ok = attr_is(a, s_is_contiguous, 1, Py_True);
    if (ok > 0) ok = attr_is(a, s_is_neg, 1, Py_False);
    return ok;
}

/* ``a.numel()``, or -1 with an exception. */
static Py_ssize_t
numel_of(PyObject *a)
{
    PyObject *v = PyObject_CallMethodNoArgs(a, s_numel);
    Py_ssize_t n = v == NULL ? -1 : PyLong_AsSsize_t(v);
    Py_XDECREF(v);
    return n;
}

/* ``a``'s data address in ``*source``: 1, 0 where it has none to read (no storage: a tensor
   escaped from torch.func, whose PyTorch operations then say so; address 0: a
   functionalization wrapper, whose storage holds no data), or -1 with an exception. */
static int
data_of(PyObject *a, void **source)
{
    PyObject *v = PyObject_CallMethodNoArgs(a, s_data_ptr);
    if (v == NULL && PyErr_ExceptionMatches(PyExc_RuntimeError)) {
        PyErr_Clear();
        return 0;
    }
    *source = v == NULL ? NULL : PyLong_AsVoidPtr(v);
    Py_XDECREF(v);
    if (*source == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    return 1;
}

/* The standard's sign of ``a`` in one pass, or None where ``a`` may not take the kernel:
   not a plain float32 or float64 CPU tensor in contiguous strided memory without the
   negative bit and autograd (not nested), or under a torch.func transformation, forward AD, a
   dispatch or function mode or torch.jit.trace; above the grain size without OpenMP entry
   points, large_sign's. */
static PyObject *
torch_sign(PyObject *module, PyObject *a)
{
    (void)module;
    if (pt.types == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "torch_sign() before torch_setup()");
        return NULL;
    }
    int ok = plain_cpu(a);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    PyObject *dtype = PyObject_GetAttr(a, s_dtype);
    if (dtype == NULL) {
        return NULL;
    }
    Py_ssize_t itemsize = dtype == pt.float32 ? 4 : dtype == pt.float64 ? 8 : 0;
    Py_DECREF(dtype);
    if (itemsize == 0) {
        Py_RETURN_NONE;
    }
    ok = readable_now(a);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    Py_ssize_t n = numel_of(a);
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (n <= 0) {
        Py_RETURN_NONE; /* (an empty tensor: torch.sign's strides) */
    }
    if (n > grain && omp.parallel == NULL) {
        return large_sign(a);
    }
    void *source = NULL;
    ok = data_of(a, &source);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    PyObject *like[2] = {a, pt.contiguous};
    PyObject *out = PyObject_Vectorcall(pt.empty_like, like, 1, k_memory_format);
    if (out == NULL) {
        return NULL;
    }
    PyObject *v = PyObject_CallMethodNoArgs(out, s_data_ptr);
    void *target = v == NULL ? NULL : PyLong_AsVoidPtr(v);
    Py_XDECREF(v);
    if (target == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_RuntimeError, "torch_sign(): empty_like gave no memory");
        }
        Py_DECREF(out);
        return NULL;
    }
    if (run_sign(source, target, n, itemsize) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* Whether any of ``n`` int64 numbers at ``x`` is ``value`` (branch-free: vectorized). */
VECTOR_CLONES static int
holds_int64(const int64_t *restrict x, Py_ssize_t n, int64_t value)
{
    int found = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        found |= x[i] == value;
    }
    return found;
}

/* torch_holds(a, value, /): whether the int64 tensor ``a`` holds ``value`` (True or False),
   read in its memory; None where ``a`` may not be read so (torch_sign's tests, with int64
   for the float dtypes: then the caller's reduction). */
static PyObject *
torch_holds(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "torch_holds() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    if (pt.types == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "torch_holds() before torch_setup()");
        return NULL;
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(args[1], &overflow);
    if (value == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (overflow) {
        PyErr_SetString(PyExc_OverflowError, "torch_holds(): the value is outside int64");
        return NULL;
    }
    PyObject *a = args[0];
    int ok = plain_cpu(a);
    if (ok > 0) ok = attr_is(a, s_dtype, 0, pt.int64);
    if (ok > 0) ok = readable_now(a);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    Py_ssize_t n = numel_of(a);
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (n == 0) {
        Py_RETURN_FALSE;
    }
    void *source = NULL;
    ok = data_of(a, &source);
    if (ok <= 0) {
        return ok < 0 ? NULL : Py_NewRef(Py_None);
    }
    PyThreadState *saved = n < SERIAL_FREE ? NULL : PyEval_SaveThread();
    int found = holds_int64((const int64_t *)source, n, (int64_t)value);
    if (saved != NULL) {
        PyEval_RestoreThread(saved);
    }
    return PyBool_FromLong(found);
}

/* The C function made by ``sign_then``: ``torch_sign(a)``, and where that takes no form
   (None, or False from large_sign), ``otherwise(a, that)``; ``otherwise`` is its self. */
static PyObject *
sign_or_otherwise(PyObject *otherwise, PyObject *a)
{
    PyObject *out = torch_sign(NULL, a);
    if (out == NULL || (out != Py_None && out != Py_False)) {
        return out;
    }
    PyObject *result = PyObject_CallFunctionObjArgs(otherwise, a, out, NULL);
    Py_DECREF(out);
    return result;
}

static PyMethodDef sign_or_otherwise_def = {
    "sign", (PyCFunction)sign_or_otherwise, METH_O,
    PyDoc_STR("sign(a, /): torch_sign(a), or where that gives None or False, "
              "otherwise(a, that) (see sign_then).")};

/* sign_then(otherwise, /) */
static PyObject *
sign_then(PyObject *module, PyObject *otherwise)
{
    if (!PyCallable_Check(otherwise)) {
        PyErr_SetString(PyExc_TypeError, "sign_then() needs a callable");
        return NULL;
    }
    return PyCFunction_NewEx(&sign_or_otherwise_def, otherwise, NULL);
}

/* The C function made by ``mean_then``; its self is the tuple ``(otherwise, divisors, sum,
   off)``. ``(a, None, keepdims)`` of a plain tensor (``torch_setup``'s types) where every
   callable of ``off`` gives false (``torch.compiler.is_compiling``, ``torch.jit.trace``'s
   test: the tests ``otherwise`` makes) and whose ``(dtype, numel)`` has a divisor in
   ``divisors`` is ``sum(a, None, keepdims).div_(divisor)``; any other call is
   ``otherwise``'s. */
static PyObject *
mean_or_otherwise(PyObject *state, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *otherwise = PyTuple_GET_ITEM(state, 0);
    if (nargs == 3 && args[1] == Py_None && pt.types != NULL) {
        PyObject *a = args[0];
        int plain = is_plain(a);
        PyObject *off = PyTuple_GET_ITEM(state, 3);
        int on = 0;
        for (Py_ssize_t i = 0; plain && !on && i < PyTuple_GET_SIZE(off); i++) {
            PyObject *v = PyObject_CallNoArgs(PyTuple_GET_ITEM(off, i));
            on = v == NULL ? -1 : PyObject_IsTrue(v);
            Py_XDECREF(v);
        }
        if (on < 0) {
            return NULL;
        }
        if (plain && !on) {
            PyObject *dtype = PyObject_GetAttr(a, s_dtype);
            PyObject *n = dtype == NULL ? NULL : PyObject_CallMethodNoArgs(a, s_numel);
            PyObject *key = n == NULL ? NULL : PyTuple_Pack(2, dtype, n);
            Py_XDECREF(dtype);
            Py_XDECREF(n);
            if (key == NULL) {
                return NULL;
            }
            PyObject *divisor = PyDict_GetItemWithError(PyTuple_GET_ITEM(state, 1), key);
            Py_DECREF(key);
            if (divisor != NULL) {
                Py_INCREF(divisor); /* (the dict's reference is borrowed: the sum may run code) */
                PyObject *sum = PyObject_Vectorcall(PyTuple_GET_ITEM(state, 2), args, 3, NULL);
                PyObject *out = sum == NULL ? NULL : PyObject_CallMethodOneArg(sum, s_div_, divisor);
                Py_XDECREF(sum);
                Py_DECREF(divisor);
                return out;
            }
            if (PyErr_Occurred()) {
                return NULL;
            }
        }
    }
    return PyObject_Vectorcall(otherwise, args, nargs, NULL);
}

static PyMethodDef mean_or_otherwise_def = {
    "mean", (PyCFunction)(void (*)(void))mean_or_otherwise, METH_FASTCALL,
    PyDoc_STR("mean(a, axes, keepdims, /): sum(a, None, keepdims).div_(divisor) where "
              "mean_then's conditions hold, else otherwise(a, axes, keepdims).")};

/* mean_then(otherwise, divisors, sum, off, /) */
static PyObject *
mean_then(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int ok = nargs == 4 && PyCallable_Check(args[0]) && PyDict_Check(args[1]) &&
             PyCallable_Check(args[2]) && PyTuple_Check(args[3]);
    for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(args[3]); i++) {
        ok = PyCallable_Check(PyTuple_GET_ITEM(args[3], i));
    }
    if (!ok) {
        PyErr_SetString(PyExc_TypeError, "mean_then() takes a callable, a dict, a callable "
                                         "and a tuple of callables");
        return NULL;
    }
    PyObject *state = PyTuple_Pack(4, args[0], args[1], args[2], args[3]);
    if (state == NULL) {
        return NULL;
    }
    PyObject *fn = PyCFunction_NewEx(&mean_or_otherwise_def, state, NULL);
    Py_DECREF(state);
    return fn;
}

static PyMethodDef module_methods[] = {
    {"sign", (PyCFunction)(void (*)(void))sign, METH_FASTCALL,
     PyDoc_STR("sign(source, target, count, itemsize, /): the standard's sign of count float32 "
               "(itemsize 4) or float64 (itemsize 8) numbers at address source, written at "
               "address target.")},
    {"torch_setup", (PyCFunction)(void (*)(void))torch_setup, METH_FASTCALL,
     PyDoc_STR("torch_setup(types, float32, float64, int64, strided, level, off, forward_ad, "
               "empty_like, contiguous_format, sign, grain, threads, /): what torch_sign "
               "and torch_holds test and call; threads: None, or the addresses of GOMP_parallel, "
               "omp_get_thread_num and omp_get_num_threads in PyTorch's OpenMP runtime and "
               "torch.get_num_threads (then above grain numbers sign splits its work over "
               "that runtime's threads, as many as torch.get_num_threads() gives).")},
    {"mean_then", (PyCFunction)(void (*)(void))mean_then, METH_FASTCALL,
     PyDoc_STR("mean_then(otherwise, divisors, sum, off, /): a function (a, axes, "
               "keepdims) that gives sum(a, None, keepdims).div_(divisors[(a.dtype, "
               "a.numel())]) for a plain tensor (torch_setup's types) reduced over every axis "
               "where every callable of the tuple off gives false and that divisor is kept, "
               "and otherwise(a, axes, keepdims) for any other call: the C fast paths call it "
               "with no Python frame between them and the sum.")},
    {"sign_then", (PyCFunction)sign_then, METH_O,
     PyDoc_STR("sign_then(otherwise, /): a function of one tensor a that gives torch_sign(a), "
               "or where that is None or False, otherwise(a, that): the C fast paths call it "
               "with no Python frame between them and the kernel.")},
    {"torch_holds", (PyCFunction)(void (*)(void))torch_holds, METH_FASTCALL,
     PyDoc_STR("torch_holds(a, value, /): whether the int64 PyTorch tensor a holds the int "
               "value, read in its memory, or None where torch_sign's tests (with int64 for "
               "its float dtypes) leave a.")},
    {"torch_sign", (PyCFunction)torch_sign, METH_O,
     PyDoc_STR("torch_sign(a, /): the standard's sign of a PyTorch tensor in one pass (without "
               "OpenMP entry points, above the grain size: torch.sign where the sum is finite, "
               "else False), or None where it may not take these forms.")},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "unitensor._kernels",
    .m_doc = PyDoc_STR("unitensor's kernels over raw memory: sign in one pass."),
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__kernels(void)
{
    struct {
        PyObject **slot;
        const char *text;
    } names[] = {{&s_requires_grad, "requires_grad"}, {&s_is_cpu, "is_cpu"},
                 {&s_dtype, "dtype"}, {&s_layout, "layout"},
                 {&s_is_contiguous, "is_contiguous"}, {&s_is_neg, "is_neg"},
                 {&s_numel, "numel"}, {&s_data_ptr, "data_ptr"},
                 {&s_current_level, "_current_level"}, {&s_sum, "sum"}, {&s_item, "item"}, {&s_div_, "div_"},
                 {&s_is_nested, "is_nested"}};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if ((*names[i].slot = PyUnicode_InternFromString(names[i].text)) == NULL) {
            return NULL;
        }
    }
    k_memory_format = Py_BuildValue("(s)", "memory_format");
    if (k_memory_format == NULL) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
