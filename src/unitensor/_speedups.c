/* unitensor._speedups: the hot path of unitensor._api._base in C.
 *
 * It holds what runs on every operation of small arrays: ``wrap`` (a new
 * tensor around a native array, no ``__init__``) and the fast paths that
 * ``fast_path``, ``unary_fast_path``, ``reduction_fast_path`` and
 * ``clip_fast_path`` write as Python source (the templates ``_BINARY``,
 * ``_UNARY``, ``_REDUCTION`` and ``_CLIP`` of ``_api/_fast.py``). The Python
 * templates stay the reference: a fast path object holds the Python
 * function compiled from its template (``__python__``) and the checked
 * method (``__wrapped__``), and
 *
 * - on the operands the template handles itself (a real float tensor and a
 *   Python int or float, two real float tensors of one class and dtype
 *   whose shapes are equal or broadcast; a float32 or float64 tensor reduced over
 *   all axes or one; a real float tensor clipped to two Python numbers) it makes the same tests in the same order, computes the same
 *   expression and wraps it the same way;
 * - where the template calls the checked method, it calls the checked
 *   method with the same arguments;
 * - for anything else (keyword arguments, a wrong number of arguments, a
 *   ``self`` that is not a tensor or has no ``raw``) it calls the Python
 *   function, so that the errors are the template's own.
 *
 * It computes what the template computes, with three shortcuts that change no
 * result: the last dtype (or array type) found in each set the templates test is
 * compared by identity first (the sets only grow); the primitive last called is kept
 * on the fast path per class; and where the backend has a ``scalar_operand``
 * primitive (PyTorch), a Python float beside a float array becomes the 0-d array it
 * makes, kept in a table of 64 (PyTorch computes with either alike, but converts a
 * Python float anew on every call).
 *
 * Stored on a class, a fast path is a method (Py_TPFLAGS_METHOD_DESCRIPTOR,
 * ``__get__`` gives a bound method), and ``functools.update_wrapper`` gives
 * it the checked method's name, qualified name, module and docstring.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

/* What ``setup`` learns once: the tensor base class and the offset of its
 * ``raw`` slot. */
static PyTypeObject *tensor_base = NULL;
static PyObject *raw_descr = NULL;
static Py_ssize_t raw_offset = -1;
/* object.__dict__["__class__"]: a type whose look-up of __class__ finds it
 * (and that keeps the generic getattr) has Py_TYPE(x) as x.__class__. */
static PyObject *object_class_descr = NULL;

static PyObject *s_dtype, *s_shape, *s_ns, *s_raw, *s_class, *s_sharding_errors;
static PyObject *s_weak_float_dtypes, *s_operator_types, *s_float_dtypes, *s_float_ns;
static PyObject *s_scalar_operand, *s_float_operators, *s_full_width_dtypes;
static PyObject *s_axis, *s_keepdims, *s_ndim;
static PyObject *s_in_place, *s_in_place_bytes, *s_nbytes, *s_out, *out_kwnames;
static PyObject *s_clip_int_bounds, *s_in_c, *s_dtype_holder;

enum { OP_NONE = 0, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_LT, OP_LE, OP_GT, OP_GE, N_OPS };
/* The float primitive of each operator (``float_operators``), by OP_* code: the names of
   ``operators`` below, interned by the module's init. */
static PyObject *operator_primitives[N_OPS];

typedef struct {
    PyObject_HEAD
    PyObject *method;   /* the checked method */
    PyObject *python;   /* the Python fast path, compiled from the template */
    PyObject *name;     /* the primitive's name (interned), or NULL for an operator */
    PyObject *dict;     /* __dict__: what functools.update_wrapper copies */
    vectorcallfunc vectorcall;
    int unary;
    int reduction;      /* a reduction's parameters after self: 2 (axis, keepdims), 3 (dtype) */
    int clip;           /* clip(self, min_, max_) */
    int op;             /* OP_* for a Python operator */
    int reflected;      /* other (op) self */
    int zero_checked;   /* a zero divisor takes the checked path */
    /* The primitive last called (``self._float_ns.<name>``) and the class and class version
       it was looked up for (strong references, or NULL): the primitives are frozen, and a
       new ``_float_ns`` on a class renews its version tag. */
    PyObject *fn;
    PyTypeObject *fn_type;
    unsigned int fn_version;
    PyObject *fn_name;  /* (borrowed: f->name or an interned operator primitive's name) */
} FastPath;

static PyTypeObject FastPath_Type;

/* Whether ``x.raw`` of an instance of ``tp`` reads (or writes) the slot. */
static int
has_raw_slot(PyTypeObject *tp)
{
    return tensor_base != NULL && PyType_IsSubtype(tp, tensor_base) &&
           _PyType_Lookup(tp, s_raw) == raw_descr;
}

/* ``x.__class__`` (a new reference). */
static PyObject *
class_of(PyObject *x)
{
    PyTypeObject *tp = Py_TYPE(x);
    if (tp->tp_getattro == PyObject_GenericGetAttr &&
        _PyType_Lookup(tp, s_class) == object_class_descr) {
        Py_INCREF(tp);
        return (PyObject *)tp;
    }
    return PyObject_GetAttr(x, s_class);
}

/* Whether ``key in getattr(owner, attr)``: 1, 0, or -1 with an exception. */
static int
in_attribute(PyObject *key, PyObject *owner, PyObject *attr)
{
    PyObject *container = PyObject_GetAttr(owner, attr);
    if (container == NULL) {
        return -1;
    }
    int found = PySequence_Contains(container, key);
    Py_DECREF(container);
    return found;
}

/* What the fast paths read from a tensor's class, per class: ``self.raw`` is
 * the slot, and the class attributes the templates read
 * (``self._float_dtypes``, ...). An attribute of an instance of a class with
 * the generic getattr and no instance ``__dict__`` is the class attribute
 * itself where that is no descriptor, so the cache holds the values
 * ``_PyType_Lookup`` finds, and is valid while the class's version tag is
 * (CPython renews it whenever an attribute of the class or of a base is
 * set). A class that does not fit takes the generic path. */
enum { ATTR_WEAK_FLOATS, ATTR_OPERATOR_TYPES, ATTR_FLOATS, ATTR_FLOAT_NS, ATTR_FULL_WIDTH, N_ATTRS };
static PyObject **attr_names[N_ATTRS] = {
    &s_weak_float_dtypes, &s_operator_types, &s_float_dtypes, &s_float_ns, &s_full_width_dtypes};

typedef struct {
    PyTypeObject *type; /* (a strong reference) */
    unsigned int version;
    int plain; /* object.__new__(type) and setting raw are tp_alloc and the slot */
    PyObject *attrs[N_ATTRS]; /* (strong references; NULL where not plain) */
    /* The last key found in each container (strong references, or NULL). The containers
       (the sets of dtypes and array types seen) only ever grow, and a new container set on
       the class renews its version tag and so this entry: a key found once stays found,
       and the next test of the same key (a dtype object, an array type) is a pointer
       comparison, not a hash (TensorFlow's DType hashes in Python, 0.18 us). */
    PyObject *found[N_ATTRS];
    /* ``self._float_ns.scalar_operand`` (a strong reference, Py_None where there is none),
       NULL until first needed: the primitives are frozen, and a new ``_float_ns`` on the
       class renews the version tag and so this entry. */
    PyObject *scalar_fn;
    int float_operators; /* ``self._float_ns.float_operators``: 1, 0, or -1 until read */
    /* ``self._float_ns.in_place`` (a strong reference, or NULL where there is none) and
       ``in_place_bytes``, read with ``float_operators`` */
    PyObject *in_place_fn;
    Py_ssize_t in_place_bytes;
    int clip_int_bounds; /* ``self._float_ns.clip_int_bounds``, read with ``float_operators`` */
    /* ``self._float_ns.dtype_holder`` (an interned str, a strong reference), or NULL where it
       is None or missing; read once where ``holder_read`` is 0 */
    PyObject *dtype_holder;
    int holder_read;
} ClassEntry;

#define N_ENTRIES 8
static ClassEntry entries[N_ENTRIES];
static int next_entry = 0;

static void
clear_entry(ClassEntry *e)
{
    Py_CLEAR(e->type);
    for (int i = 0; i < N_ATTRS; i++) {
        Py_CLEAR(e->attrs[i]);
        Py_CLEAR(e->found[i]);
    }
    Py_CLEAR(e->scalar_fn);
    Py_CLEAR(e->in_place_fn);
    Py_CLEAR(e->dtype_holder);
}

/* The cache entry of a tensor class whose ``raw`` is the slot, or NULL (no
 * exception) for any other class. */
static ClassEntry *
entry_of(PyTypeObject *tp)
{
    for (int i = 0; i < N_ENTRIES; i++) {
        ClassEntry *e = &entries[i];
        if (e->type == tp) {
            if ((tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) && tp->tp_version_tag == e->version) {
                return e;
            }
            clear_entry(e);
            break;
        }
    }
    if (tp->tp_getattro != PyObject_GenericGetAttr || tp->tp_dictoffset != 0 ||
        !has_raw_slot(tp) || !(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG)) {
        return NULL; /* (_PyType_Lookup in has_raw_slot gives the class a version tag) */
    }
    unsigned int version = tp->tp_version_tag;
    PyObject *found[N_ATTRS];
    for (int i = 0; i < N_ATTRS; i++) {
        PyObject *value = _PyType_Lookup(tp, *attr_names[i]);
        found[i] = value != NULL && Py_TYPE(value)->tp_descr_get == NULL ? value : NULL;
    }
    if (!(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) || tp->tp_version_tag != version) {
        return NULL;
    }
    ClassEntry *e = &entries[next_entry];
    next_entry = (next_entry + 1) % N_ENTRIES;
    clear_entry(e);
    Py_INCREF(tp);
    e->type = tp;
    e->version = version;
    e->float_operators = -1;
    e->clip_int_bounds = 0;
    e->holder_read = 0;
    e->plain = tp->tp_new == tensor_base->tp_new && tp->tp_setattro == PyObject_GenericSetAttr &&
               !(tp->tp_flags & Py_TPFLAGS_IS_ABSTRACT);
    for (int i = 0; i < N_ATTRS; i++) {
        e->attrs[i] = Py_XNewRef(found[i]);
    }
    return e;
}

/* ``getattr(self, name)`` for the class attribute ``which`` (a new reference). */
static PyObject *
class_attr(ClassEntry *e, PyObject *self, int which)
{
    if (e->attrs[which] != NULL) {
        return Py_NewRef(e->attrs[which]);
    }
    return PyObject_GetAttr(self, *attr_names[which]);
}

/* Whether ``key in self.<which>``: 1, 0, or -1 with an exception. */
static int
in_class_attr(PyObject *key, ClassEntry *e, PyObject *self, int which)
{
    PyObject *container = e->attrs[which];
    if (container == NULL) {
        return in_attribute(key, self, *attr_names[which]);
    }
    if (key == e->found[which]) {
        return 1;
    }
    int found = PySequence_Contains(container, key);
    if (found == 1 && (PyAnySet_Check(container) || PyDict_Check(container))) {
        Py_XSETREF(e->found[which], Py_NewRef(key));
    }
    return found;
}

/* The ``raw`` slot of a tensor whose class has an entry (a new reference,
 * NULL without an exception where it is empty). */
static PyObject *
slot_of(PyObject *obj)
{
    PyObject *raw = *(PyObject **)((char *)obj + raw_offset);
    Py_XINCREF(raw);
    return raw;
}

static PyObject *
new_tensor(PyTypeObject *cls, PyObject *raw)
{
    PyObject *out = cls->tp_alloc(cls, 0);
    if (out == NULL) {
        return NULL;
    }
    Py_INCREF(raw);
    *(PyObject **)((char *)out + raw_offset) = raw;
    return out;
}

/* ``a.<name>`` of a native array (a new reference; NULL with an exception). Where the
   array's class takes attributes generically and finds ``name`` as a getset descriptor
   of one of its own bases (a C type's attribute: PyTorch's and NumPy's ``dtype`` and
   ``shape``), that getter is what ``getattr`` calls, so it is called directly, kept per class and name while the
   class's version tag stands (any change to the class or a base renews the tag); the
   rest takes ``getattr``. On PyTorch this halves the cost of a fast path's tests. */
#define N_GETTERS 8
typedef struct {
    PyTypeObject *type; /* (a strong reference) */
    unsigned int version;
    PyObject *name;
    getter get;
    void *closure;
} Getter;
static Getter getters[N_GETTERS];
static int next_getter = 0;

/* The C getter of ``name`` that ``getattr`` calls on instances of ``tp`` (kept), or NULL
   (no exception) where there is none: a class that takes attributes otherwise, a name
   that is no getset descriptor of one of the class's own bases. */
static Getter *
getter_of(PyTypeObject *tp, PyObject *name)
{
    for (int i = 0; i < N_GETTERS; i++) {
        if (getters[i].type == tp && getters[i].name == name) {
            if ((tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) &&
                tp->tp_version_tag == getters[i].version) {
                return &getters[i];
            }
            Py_CLEAR(getters[i].type);
            break;
        }
    }
    if (tp->tp_getattro != PyObject_GenericGetAttr) {
        return NULL;
    }
    PyObject *d = _PyType_Lookup(tp, name); /* (borrowed; gives the class a version tag) */
    if (d == NULL || Py_TYPE(d) != &PyGetSetDescr_Type ||
        ((PyGetSetDescrObject *)d)->d_getset->get == NULL ||
        !PyType_IsSubtype(tp, PyDescr_TYPE(d)) || /* (getattr's own test: a descriptor of
                                                     another C type raises there) */
        !(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG)) {
        return NULL;
    }
    PyGetSetDef *def = ((PyGetSetDescrObject *)d)->d_getset;
    Getter *g = &getters[next_getter];
    next_getter = (next_getter + 1) % N_GETTERS;
    Py_XSETREF(g->type, (PyTypeObject *)Py_NewRef(tp));
    g->version = tp->tp_version_tag;
    g->name = name;
    g->get = def->get;
    g->closure = def->closure;
    return g;
}

static PyObject *
native_attr(PyObject *a, PyObject *name)
{
    Getter *g = getter_of(Py_TYPE(a), name);
    return g != NULL ? g->get(a, g->closure) : PyObject_GetAttr(a, name);
}

/* ``len(a.shape)`` of a native array, or -1 with an exception. Where ``ndim`` is a C
   getter (PyTorch, NumPy: the standard's number of axes, ``len(shape)``), it is read
   instead: PyTorch builds a new ``torch.Size`` for every ``shape``. */
static Py_ssize_t
native_rank(PyObject *a)
{
    Getter *g = getter_of(Py_TYPE(a), s_ndim);
    PyObject *v = g != NULL ? g->get(a, g->closure) : native_attr(a, s_shape);
    if (v == NULL) {
        return -1;
    }
    Py_ssize_t n = g != NULL ? PyLong_AsSsize_t(v) : PyObject_Length(v);
    Py_DECREF(v);
    return n;
}

/* ``object.__new__(cls)`` with ``raw`` set: python_wrap, step by step. */
static PyObject *
wrap_generic(PyObject *cls, PyObject *raw)
{
    PyObject *new = PyObject_GetAttrString((PyObject *)&PyBaseObject_Type, "__new__");
    if (new == NULL) {
        return NULL;
    }
    PyObject *out = PyObject_CallOneArg(new, cls);
    Py_DECREF(new);
    if (out == NULL) {
        return NULL;
    }
    if (PyObject_SetAttr(out, s_raw, raw) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* A new ``cls`` tensor around ``raw`` (what python_wrap gives). */
static PyObject *
make_tensor(PyObject *cls, PyObject *raw)
{
    ClassEntry *e = PyType_Check(cls) ? entry_of((PyTypeObject *)cls) : NULL;
    if (e != NULL && e->plain) {
        return new_tensor((PyTypeObject *)cls, raw);
    }
    return wrap_generic(cls, raw);
}

/* wrap(cls, raw, /) */
static PyObject *
wrap(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "wrap() takes 2 positional arguments but %zd were given",
                     nargs);
        return NULL;
    }
    return make_tensor(args[0], args[1]);
}

/* What ``accelerate_astensor`` was given: the registry's dict of native array types to
   tensor classes, and the Python function the C ``astensor`` stands for (strong
   references, kept for the life of the process). */
static PyObject *astensor_classes = NULL;
static PyObject *astensor_python = NULL;

/* The C ``astensor`` (made by ``accelerate_astensor``). One positional argument whose
   class is a key of ``astensor_classes`` is wrapped here, and a tensor (an instance of
   ``tensor_base``, which the Python function returns as it is after its look-up fails)
   comes back itself; any other call is ``astensor_python``'s (its look-up, its errors). */
static PyObject *
astensor(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs == 1 && kwnames == NULL) {
        PyObject *tp = class_of(args[0]);
        if (tp == NULL) {
            return NULL;
        }
        PyObject *cls = PyDict_GetItemWithError(astensor_classes, tp);
        Py_DECREF(tp);
        if (cls != NULL) {
            return make_tensor(cls, args[0]);
        }
        if (PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_KeyError)) {
                return NULL;
            }
            PyErr_Clear(); /* (a class whose hash raises KeyError: the Python function's
                              ``except KeyError`` takes it) */
        }
        else if (tensor_base != NULL && PyObject_TypeCheck(args[0], tensor_base)) {
            return Py_NewRef(args[0]); /* (the Python function's raise and catch of KeyError
                                          cost 0.2 us warm, 2-3 between large kernels) */
        }
    }
    return PyObject_Vectorcall(astensor_python, args, nargs, kwnames);
}

/* The definition of the C ``astensor``; its docstring (``ml_doc``) is the Python function's,
   set once by ``accelerate_astensor`` and kept for the life of the process. */
static PyMethodDef astensor_def = {"astensor", (PyCFunction)(void (*)(void))astensor,
                                   METH_FASTCALL | METH_KEYWORDS, NULL};
static PyObject *astensor_doc = NULL;
static PyObject *astensor_function = NULL;

/* accelerate_astensor(classes, python, /) */
static PyObject *
accelerate_astensor(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyDict_CheckExact(args[0]) || !PyFunction_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError,
                        "accelerate_astensor() takes a dict and a Python function");
        return NULL;
    }
    if (astensor_function != NULL) {
        return Py_NewRef(astensor_function); /* (once per process: the docstring is kept) */
    }
    PyObject *python = args[1];
    PyObject *doc = PyObject_GetAttrString(python, "__doc__");
    if (doc == NULL) {
        return NULL;
    }
    PyObject *text = doc == Py_None ? PyUnicode_FromString("astensor(x)\n--\n\n")
                                    : PyUnicode_FromFormat("astensor(x)\n--\n\n%S", doc);
    Py_DECREF(doc);
    PyObject *bytes = text == NULL ? NULL : PyUnicode_AsUTF8String(text);
    Py_XDECREF(text);
    if (bytes == NULL) {
        return NULL;
    }
    PyObject *name = PyObject_GetAttrString(python, "__module__");
    if (name == NULL) {
        Py_DECREF(bytes);
        return NULL;
    }
    astensor_doc = bytes;
    astensor_def.ml_doc = PyBytes_AS_STRING(bytes);
    astensor_function = PyCFunction_NewEx(&astensor_def, module, name);
    Py_DECREF(name);
    if (astensor_function == NULL) {
        return NULL;
    }
    astensor_classes = Py_NewRef(args[0]);
    astensor_python = Py_NewRef(python);
    return Py_NewRef(astensor_function);
}

static PyObject *
call_checked(FastPath *f, PyObject *const *args, Py_ssize_t n)
{
    return PyObject_Vectorcall(f->method, args, n, NULL);
}

/* The native 0-d arrays that stand for Python floats in the fast paths, made by the
 * primitive ``scalar_operand(a, value)`` (PyTorch converts a Python scalar into a tensor
 * on every call, about 1 us of its 2 us ``x - 0.5``; a 0-d tensor of ``x``'s dtype gives
 * the same values). A direct-mapped table keyed by the function, ``a``'s dtype, ``a``'s
 * type and the float's bits (so -0.0 and each NaN are their own keys); a slot holds the
 * array, or None where the function gave None (the float stays as it is). */
#define N_SCALARS 64
typedef struct {
    PyObject *fn; /* (strong references; NULL where the slot is empty) */
    PyObject *dtype;
    PyObject *type;
    unsigned long long bits;
    PyObject *operand;
} ScalarSlot;
static ScalarSlot scalar_slots[N_SCALARS];

/* Read what the class's float primitives say of the fast paths into its entry: the
   primitive ``scalar_operand`` and the flag ``float_operators``. 0, or -1 with an
   exception. Where ``_float_ns`` is not a plain class attribute (the primitives are not
   loaded yet), nothing is kept: no scalar operands, Python's operators. */
static int
read_float_ns(ClassEntry *e, PyObject *self)
{
    PyObject *ns = class_attr(e, self, ATTR_FLOAT_NS);
    if (ns == NULL) {
        return -1;
    }
    PyObject *fn = PyObject_GetAttr(ns, s_scalar_operand);
    PyObject *flag = fn == NULL ? NULL : PyObject_GetAttr(ns, s_float_operators);
    int truth = flag == NULL ? -1 : PyObject_IsTrue(flag);
    Py_XDECREF(flag);
    PyObject *in_place = truth < 0 ? NULL : PyObject_GetAttr(ns, s_in_place);
    PyObject *bytes = in_place == NULL ? NULL : PyObject_GetAttr(ns, s_in_place_bytes);
    Py_ssize_t least = bytes == NULL ? -1 : PyNumber_AsSsize_t(bytes, PyExc_OverflowError);
    Py_XDECREF(bytes);
    PyObject *ints = least == -1 && PyErr_Occurred() ? NULL : PyObject_GetAttr(ns, s_clip_int_bounds);
    int int_bounds = ints == NULL ? -1 : PyObject_IsTrue(ints);
    Py_XDECREF(ints);
    Py_DECREF(ns);
    if (int_bounds < 0) {
        Py_XDECREF(fn);
        Py_XDECREF(in_place);
        return -1;
    }
    if (e->attrs[ATTR_FLOAT_NS] == NULL) {
        Py_DECREF(fn);
        Py_DECREF(in_place);
        return 0;
    }
    Py_XSETREF(e->scalar_fn, fn);
    e->float_operators = truth;
    if (in_place == Py_None) {
        Py_CLEAR(in_place);
    }
    Py_XSETREF(e->in_place_fn, in_place);
    e->in_place_bytes = least;
    e->clip_int_bounds = int_bounds;
    return 0;
}

/* The primitive scalar_operand of the class (borrowed), Py_None where there is none, or
   NULL with an exception. */
static PyObject *
scalar_function(ClassEntry *e, PyObject *self)
{
    if (e->scalar_fn == NULL && read_float_ns(e, self) < 0) {
        return NULL;
    }
    return e->scalar_fn == NULL ? Py_None : e->scalar_fn;
}

/* Whether the class's operators' fast paths call its float primitives: 1, 0, or -1 with an
   exception. */
static int
float_operators(ClassEntry *e, PyObject *self)
{
    if (e->float_operators < 0 && read_float_ns(e, self) < 0) {
        return -1;
    }
    return e->float_operators > 0;
}

/* ``getattr(obj, name, None)`` into ``*out`` (a new reference, or NULL where there is none):
   1, 0, or -1 with an exception. */
static int
optional_attr(PyObject *obj, PyObject *name, PyObject **out)
{
#if PY_VERSION_HEX >= 0x030D0000
    return PyObject_GetOptionalAttr(obj, name, out);
#else
    return _PyObject_LookupAttr(obj, name, out);
#endif
}

/* ``x.dtype`` of the native array ``x`` held by a tensor of the class (a new reference;
   NULL with an exception): as ``x.<holder>.dtype`` where the class's float primitives
   name such a ``dtype_holder`` (JAX's ``aval``: its ``dtype`` property is Python code
   reading it, 35 ns more), else as ``native_attr``. */
static PyObject *
array_dtype(ClassEntry *e, PyObject *self, PyObject *x)
{
    if (!e->holder_read) {
        PyObject *ns = class_attr(e, self, ATTR_FLOAT_NS), *holder = NULL;
        int found = ns == NULL ? -1 : optional_attr(ns, s_dtype_holder, &holder);
        Py_XDECREF(ns);
        if (found < 0 && !PyErr_ExceptionMatches(PyExc_AttributeError)) {
            return NULL;
        }
        PyErr_Clear(); /* (a class without float primitives, or none loaded: a.dtype) */
        if (holder != NULL && !PyUnicode_CheckExact(holder)) {
            Py_CLEAR(holder); /* (None, or not a name: a.dtype) */
        }
        if (e->attrs[ATTR_FLOAT_NS] != NULL) { /* (kept only where the class holds them) */
            if (holder != NULL) {
                PyUnicode_InternInPlace(&holder);
            }
            Py_XSETREF(e->dtype_holder, holder);
            holder = NULL;
            e->holder_read = 1;
        }
        Py_XDECREF(holder);
    }
    if (e->dtype_holder != NULL) {
        PyObject *holder = PyObject_GetAttr(x, e->dtype_holder);
        if (holder != NULL) {
            PyObject *dtype = PyObject_GetAttr(holder, s_dtype);
            Py_DECREF(holder);
            return dtype;
        }
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            return NULL;
        }
        PyErr_Clear(); /* (an array without it: its own dtype) */
    }
    return native_attr(x, s_dtype);
}

/* The operand standing for the Python float ``b`` beside the native array ``a`` of dtype
   ``da`` (a new reference): the cached array, or ``b`` itself; NULL with an exception. */
static PyObject *
scalar_operand(ClassEntry *e, PyObject *self, PyObject *a, PyObject *da, PyObject *b)
{
    PyObject *fn = scalar_function(e, self);
    if (fn == NULL) {
        return NULL;
    }
    if (fn == Py_None) {
        return Py_NewRef(b);
    }
    double value = PyFloat_AS_DOUBLE(b);
    unsigned long long bits;
    memcpy(&bits, &value, sizeof bits);
    PyObject *type = (PyObject *)Py_TYPE(a);
    unsigned long long h = bits ^ (bits >> 31) ^ ((unsigned long long)(size_t)da >> 4) ^
                           ((unsigned long long)(size_t)type >> 6);
    ScalarSlot *slot = &scalar_slots[(h ^ (h >> 17)) % N_SCALARS];
    if (slot->fn == fn && slot->dtype == da && slot->type == type && slot->bits == bits) {
        return Py_NewRef(slot->operand == Py_None ? b : slot->operand);
    }
    PyObject *made = PyObject_CallFunctionObjArgs(fn, a, b, NULL);
    if (made == NULL || made == b) {
        return made; /* (the float itself: use it this once, keep nothing) */
    }
    PyObject *out = Py_NewRef(made == Py_None ? b : made);
    /* (the slot is written whole before the old references go, which may run any code) */
    PyObject *old[4] = {slot->fn, slot->dtype, slot->type, slot->operand};
    slot->fn = Py_NewRef(fn);
    slot->dtype = Py_NewRef(da);
    slot->type = Py_NewRef(type);
    slot->bits = bits;
    slot->operand = made;
    for (int i = 0; i < 4; i++) {
        Py_XDECREF(old[i]);
    }
    return out;
}

/* ``self._float_ns.<name>`` (a new reference), kept on the fast path for the next call
   on the same class. */
static PyObject *
primitive_of(FastPath *f, ClassEntry *e, PyObject *self, PyObject *name)
{
    PyTypeObject *tp = Py_TYPE(self);
    if (f->fn != NULL && f->fn_type == tp && f->fn_version == e->version && f->fn_name == name) {
        return Py_NewRef(f->fn);
    }
    PyObject *ns = class_attr(e, self, ATTR_FLOAT_NS);
    if (ns == NULL) {
        return NULL;
    }
    PyObject *fn = PyObject_GetAttr(ns, name);
    Py_DECREF(ns);
    PyObject *in_c = NULL; /* (a primitive's version for the C fast paths only: _in_c) */
    if (fn != NULL && PyFunction_Check(fn) && optional_attr(fn, s_in_c, &in_c) < 0) {
        Py_CLEAR(fn);
    }
    if (in_c != NULL) {
        Py_SETREF(fn, in_c);
    }
    if (fn != NULL && e->attrs[ATTR_FLOAT_NS] != NULL && e->type == tp) {
        Py_XSETREF(f->fn, Py_NewRef(fn));
        Py_XSETREF(f->fn_type, (PyTypeObject *)Py_NewRef(tp));
        f->fn_version = e->version;
        f->fn_name = name;
    }
    return fn;
}

/* Whether this operator was called by the interpreter's own ``x op y`` (BINARY_OP) on the
 * operands of its value stack, with nothing between, or by the Array API namespace's
 * function of the operator (``xp.add(x, y)``: ``operator.add`` in ``ArraysOnly``) that
 * the interpreter's CALL called with the operands of its value stack: 1 or 0. A
 * reference count of 1 shows that one reference holds the tensor, not whose it is: C
 * code may hold it and use it again after the operator returns (NumPy's loops over an
 * object array of tensors, a ``functools.partial`` or ``itertools.starmap`` holding one,
 * a Cython function's local). Only where the interpreter's stack holds it is the operand
 * gone once the operator returns. The C call stack tells: ``calibrate`` runs each
 * operator once from Python code, in both forms, and keeps the return addresses from
 * this function up to the interpreter's frame function (``_PyEval_EvalFrameDefault``,
 * found by name); an operator whose return addresses are one of those sequences, all of
 * them, was called from the same place in the interpreter by the same functions, with
 * no other code between (another caller adds frames or ends at another place). Where
 * the C library cannot walk the stack (not glibc), on Python 3.14 and later and on
 * free-threaded builds (where a reference count of 1 does not show that one reference
 * holds an object), it is always 0. */
#if defined(__GLIBC__) && PY_VERSION_HEX < 0x030E0000 && !defined(Py_GIL_DISABLED)
#include <dlfcn.h>
#include <execinfo.h>
#define ELIDE 1
#define N_TRACES 16
#define TRACE_DEPTH 32
typedef struct {
    int own;   /* the first frames, this module's own (compared from here on) */
    int depth; /* up to the interpreter's frame function */
    void *at[TRACE_DEPTH];
} Trace;
static Trace traces[N_TRACES];
static int n_traces = 0;
static int longest_trace = 0;
static int calibrated = 0;
/* While ``calibrate`` runs: its thread and the code of its function (the operators of that
   code in that thread are recorded; every other operator meanwhile is done as usual) */
static int calibrating = 0;
static PyThreadState *calibrating_thread = NULL;
static PyObject *calibrating_code = NULL;

/* Whether this operator is one that ``calibrate`` records: in its thread, in its code. */
static int
calibrating_here(void)
{
    if (!calibrating || PyThreadState_Get() != calibrating_thread) {
        return 0;
    }
    PyFrameObject *frame = PyThreadState_GetFrame(calibrating_thread);
    if (frame == NULL) {
        return 0;
    }
    PyCodeObject *code = PyFrame_GetCode(frame);
    Py_DECREF(frame);
    int here = (PyObject *)code == calibrating_code;
    Py_DECREF(code);
    return here;
}

static int from_interpreter(void);

/* Keep the current call stack as a known one (calibrate): the return addresses past this
   module's own frames (which the compiler may lay out as several copies of one call)
   up to the interpreter's frame function. */
static void
record_trace(void **at, int depth)
{
    Dl_info info;
    if (!dladdr((void *)&from_interpreter, &info)) {
        return;
    }
    void *own_base = info.dli_fbase;
    int own = 0;
    while (own < depth && dladdr(at[own], &info) && info.dli_fbase == own_base) {
        own++;
    }
    for (int i = own; i < depth; i++) {
        if (dladdr(at[i], &info) && info.dli_sname != NULL &&
            strcmp(info.dli_sname, "_PyEval_EvalFrameDefault") == 0) {
            int n = i + 1;
            for (int k = 0; k < n_traces; k++) {
                if (traces[k].own == own && traces[k].depth == n &&
                    memcmp(traces[k].at + own, at + own, (n - own) * sizeof(void *)) == 0) {
                    return;
                }
            }
            if (n_traces < N_TRACES) {
                traces[n_traces].own = own;
                traces[n_traces].depth = n;
                memcpy(traces[n_traces].at, at, n * sizeof(void *));
                n_traces++;
                longest_trace = n > longest_trace ? n : longest_trace;
            }
            return;
        }
    }
}

static __attribute__((noinline)) int
from_interpreter(void)
{
    void *at[TRACE_DEPTH];
    if (calibrating) { /* (another thread's operators meanwhile: as usual) */
        if (calibrating_here()) {
            record_trace(at, backtrace(at, TRACE_DEPTH));
        }
        return 0;
    }
    if (longest_trace == 0) {
        return 0;
    }
    int depth = backtrace(at, longest_trace);
    for (int k = 0; k < n_traces; k++) {
        const Trace *t = &traces[k];
        if (t->depth <= depth &&
            memcmp(t->at + t->own, at + t->own, (t->depth - t->own) * sizeof(void *)) == 0) {
            return 1;
        }
    }
    return 0;
}
#else
#define ELIDE 0
static int
calibrating_here(void)
{
    return 0;
}
static int
from_interpreter(void)
{
    return 0;
}
#endif

/* Whether ``t``, a tensor holding the native array ``arr`` (our own reference to it
   aside), is a temporary worth writing into: one reference holds ``t``, only ``t`` holds
   ``arr``, ``arr`` has at least ``in_place_bytes`` bytes, and nothing can see ``t`` again
   once the operator returns (its class has no ``__del__`` and takes no weak reference).
   1, 0, or -1 with an exception. */
static int
is_temporary(ClassEntry *e, PyObject *t, PyObject *arr)
{
    PyTypeObject *tp = Py_TYPE(t);
    if (Py_REFCNT(t) != 1 || Py_REFCNT(arr) != 2 || tp->tp_finalize != NULL ||
        tp->tp_del != NULL || tp->tp_weaklistoffset != 0) {
        return 0;
    }
    PyObject *n = native_attr(arr, s_nbytes);
    if (n == NULL) {
        return -1;
    }
    Py_ssize_t nbytes = PyNumber_AsSsize_t(n, NULL);
    Py_DECREF(n);
    if (nbytes == -1 && PyErr_Occurred()) {
        return -1;
    }
    return nbytes >= e->in_place_bytes;
}

/* NumPy's temporary elision, which unitensor's tensors would otherwise lose (NumPy's own
   test sees this module among the callers and declines): where only the interpreter's
   stack holds an operand (a temporary: ``t - 0.5`` in ``(t - 0.5) * 2``, or, for the
   commutative ``+`` and ``*``, the right-hand ``0.5 * t`` in ``t + 0.5 * t``, which NumPy
   tries after the left; see from_interpreter), only that tensor holds its array (our
   reference aside), and the array has at least ``in_place_bytes`` bytes, the class's
   primitive ``in_place(name, target, operand)`` may give the function that writes the
   result into the target's memory, called here from C (so that NumPy's warnings name the
   caller's line) as ``fn(x, y, out=target)``, ``x`` and ``y`` in the operator's order
   (``a`` and ``b``, ``b`` and ``a`` where reflected), or ``fn(b, a, out=b)`` for the
   right-hand temporary ``b``, as NumPy's own elision computes it (where both are NaN, the
   payload is what NumPy's operator gives): what NumPy's operators do to a temporary
   array, one new array of that size fewer. It gives None where it declines (an array
   that does not own its memory, an operand of another shape). Sets ``*taken`` to 1 where
   it computed (the result, or NULL with an exception), else to 0 (NULL, or NULL with an
   exception). */
static PyObject *
in_place(FastPath *f, ClassEntry *e, PyObject *self, PyObject *other, PyObject *a,
         PyObject *b, int *taken)
{
    *taken = 0;
    int commutative = f->op == OP_ADD || f->op == OP_MUL;
    if (e->in_place_fn == NULL || f->op == OP_NONE || f->op > OP_DIV ||
        (f->reflected && !commutative)) {
        return NULL;
    }
    /* the candidates, in NumPy's order: self (0) and, for + and *, other (1), a tensor of
       self's class whose array is b (binary's tensor branch) */
    PyObject *tensors[2] = {self, other}, *arrays[2] = {a, b};
    int picks[2], n = 0;
    if (calibrating_here()) {
        picks[n++] = 0;
    }
    else {
        int tries = commutative && !f->reflected && Py_TYPE(other) == Py_TYPE(self) ? 2 : 1;
        for (int k = 0; k < tries; k++) {
            int temporary = is_temporary(e, tensors[k], arrays[k]);
            if (temporary < 0) {
                return NULL;
            }
            if (temporary) {
                picks[n++] = k;
            }
        }
    }
    if (n == 0 || !from_interpreter()) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        int k = picks[i];
        PyObject *target = arrays[k];
        PyObject *decide_args[3] = {operator_primitives[f->op], target, arrays[1 - k]};
        PyObject *fn = PyObject_Vectorcall(e->in_place_fn, decide_args, 3, NULL);
        if (fn == NULL) {
            return NULL;
        }
        /* (again: Python code ran since, a tracer's or another thread's, which may have
           kept a reference) */
        if (fn == Py_None || Py_REFCNT(tensors[k]) != 1 || Py_REFCNT(target) != 2) {
            Py_DECREF(fn);
            continue;
        }
        PyObject *x = k == 1 || f->reflected ? b : a, *y = x == b ? a : b;
        PyObject *call_args[3] = {x, y, target};
        PyObject *out = PyObject_Vectorcall(fn, call_args, 2, out_kwnames);
        Py_DECREF(fn);
        *taken = 1;
        return out;
    }
    return NULL;
}

/* calibrate(fn, /): once per process (unitensor's NumPy backend calls it when it loads):
   run ``fn()``, a Python function applying each operator whose fast path may work in place
   to a NumPy tensor in its own code (as ``x op y``, and as the namespace's ``xp.add(x, y)``),
   and keep the call stacks that these operators see (from_interpreter); the number kept. Later calls run nothing and return
   that number, as do all calls where the C call stack cannot be compared (not ELIDE). */
static PyObject *
calibrate(PyObject *module, PyObject *fn)
{
    if (!PyFunction_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "calibrate() needs a Python function");
        return NULL;
    }
#if ELIDE
    if (calibrated || calibrating) {
        return PyLong_FromLong(n_traces);
    }
    n_traces = 0;
    longest_trace = 0;
    calibrating = 1;
    calibrating_thread = PyThreadState_Get();
    calibrating_code = PyFunction_GET_CODE(fn);
    PyObject *out = PyObject_CallNoArgs(fn);
    calibrating = 0;
    calibrating_thread = NULL;
    calibrating_code = NULL;
    calibrated = 1;
    if (out == NULL) {
        n_traces = 0;
        longest_trace = 0;
        return NULL;
    }
    Py_DECREF(out);
    return PyLong_FromLong(n_traces);
#else
    return PyLong_FromLong(0); /* (no stack to compare: nothing to run or keep) */
#endif
}

/* The result of the expression on the two native operands. */
static PyObject *
compute(FastPath *f, ClassEntry *e, PyObject *self, PyObject *other, PyObject *a, PyObject *b)
{
    PyObject *x = f->reflected ? b : a, *y = f->reflected ? a : b;
    PyObject *name = f->name;
    if (f->op != OP_NONE) {
        int through = float_operators(e, self);
        if (through < 0) {
            return NULL;
        }
        if (through) {
            name = operator_primitives[f->op];
        }
        else {
            int taken;
            PyObject *out = in_place(f, e, self, other, a, b, &taken);
            if (taken || PyErr_Occurred()) {
                return out;
            }
        }
    }
    switch (name == NULL ? f->op : OP_NONE) {
    case OP_ADD: return PyNumber_Add(x, y);
    case OP_SUB: return PyNumber_Subtract(x, y);
    case OP_MUL: return PyNumber_Multiply(x, y);
    case OP_DIV: return PyNumber_TrueDivide(x, y);
    case OP_LT: return PyObject_RichCompare(x, y, Py_LT);
    case OP_LE: return PyObject_RichCompare(x, y, Py_LE);
    case OP_GT: return PyObject_RichCompare(x, y, Py_GT);
    case OP_GE: return PyObject_RichCompare(x, y, Py_GE);
    default: break;
    }
    PyObject *fn = primitive_of(f, e, self, name);
    if (fn == NULL) {
        return NULL;
    }
    PyObject *call_args[2] = {x, y};
    PyObject *out = PyObject_Vectorcall(fn, call_args, 2, NULL);
    Py_DECREF(fn);
    return out;
}

/* ``result`` as a tensor of ``self``'s class (a new reference; NULL with an exception). */
static PyObject *
wrapped(ClassEntry *e, PyObject *self, PyObject *result)
{
    return e->plain ? new_tensor(Py_TYPE(self), result)
                    : wrap_generic((PyObject *)Py_TYPE(self), result);
}

/* ``wrap(self.__class__, self._float_ns.<name>(*args))`` (a new reference; NULL with an
   exception). */
static PyObject *
primitive_result(FastPath *f, ClassEntry *e, PyObject *self, PyObject *const *args,
                 Py_ssize_t n)
{
    PyObject *fn = primitive_of(f, e, self, f->name);
    if (fn == NULL) {
        return NULL;
    }
    PyObject *result = PyObject_Vectorcall(fn, args, n, NULL);
    Py_DECREF(fn);
    if (result == NULL) {
        return NULL;
    }
    PyObject *out = wrapped(e, self, result);
    Py_DECREF(result);
    return out;
}

/* unitensor._broadcast.broadcastable(sa, sb): 1 where two shapes of known Python-int
   sizes and rank at most FAST_RANK broadcast, 0 where not (or where a rank is not known:
   len() raises TypeError or ValueError), -1 with an exception set. */
#define FAST_RANK 8
static int
broadcastable(PyObject *sa, PyObject *sb)
{
    Py_ssize_t na = PyObject_Length(sa);
    Py_ssize_t nb = na < 0 ? -1 : PyObject_Length(sb);
    if (nb < 0) {
        if (PyErr_ExceptionMatches(PyExc_TypeError) || PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyErr_Clear();
            return 0;
        }
        return -1;
    }
    if (na > FAST_RANK || nb > FAST_RANK) {
        return 0;
    }
    Py_ssize_t n = na < nb ? na : nb;
    for (Py_ssize_t i = 1; i <= n; i++) {
        PyObject *x = PySequence_GetItem(sa, na - i);
        if (x == NULL) {
            return -1;
        }
        PyObject *y = PySequence_GetItem(sb, nb - i);
        if (y == NULL) {
            Py_DECREF(x);
            return -1;
        }
        int ok = PyLong_CheckExact(x) && PyLong_CheckExact(y);
        if (ok) {
            int equal = PyObject_RichCompareBool(x, y, Py_EQ);
            ok = equal < 0 ? -1 : equal;
            if (ok == 0) {
                long dx = PyLong_AsLong(x), dy = PyLong_AsLong(y);
                if ((dx == -1 || dy == -1) && PyErr_Occurred()) {
                    ok = -1;
                }
                else {
                    ok = dx == 1 || dy == 1;
                }
            }
        }
        Py_DECREF(x);
        Py_DECREF(y);
        if (ok <= 0) {
            return ok;
        }
    }
    return 1;
}

/* The template _BINARY: fast(self, other). */
static PyObject *
binary(FastPath *f, PyObject *const *args)
{
    PyObject *self = args[0], *other = args[1];
    ClassEntry *e = entry_of(Py_TYPE(self));
    PyObject *a = e == NULL ? NULL : slot_of(self);
    if (a == NULL) {
        return NULL; /* (no exception: the caller runs the Python function) */
    }
    PyObject *out = NULL, *b = NULL, *da = NULL, *db = NULL, *sa = NULL, *sb = NULL;
    PyObject *kind = (PyObject *)Py_TYPE(other);
    int found;
    if (kind == (PyObject *)&PyFloat_Type || kind == (PyObject *)&PyLong_Type) {
        da = array_dtype(e, self, a);
        if (da == NULL) goto done;
        found = in_class_attr(da, e, self, ATTR_WEAK_FLOATS);
        if (found < 0) goto done;
        if (found) {
            PyObject *cls = class_of(a);
            if (cls == NULL) goto done;
            found = in_class_attr(cls, e, self, ATTR_OPERATOR_TYPES);
            Py_DECREF(cls);
            if (found < 0) goto done;
        }
        if (!found) {
            out = call_checked(f, args, 2);
            goto done;
        }
        if (kind == (PyObject *)&PyFloat_Type) {
            b = Py_NewRef(other);
        }
        else if ((b = PyNumber_Float(other)) == NULL) {
            goto done;
        }
        if (f->zero_checked && PyFloat_AS_DOUBLE(b) == 0.0) {
            out = call_checked(f, args, 2);
            goto done;
        }
        /* (operators only: a primitive such as maximum may take a float otherwise than an
           array, and PyTorch's 2.5 / x is 2.5 * (1 / x)) */
        if (f->op != OP_NONE && !(f->op == OP_DIV && f->reflected)) {
            PyObject *operand = scalar_operand(e, self, a, da, b);
            if (operand == NULL) goto done;
            Py_SETREF(b, operand);
        }
    }
    else if (kind == (PyObject *)Py_TYPE(self)) {
        b = slot_of(other); /* (the class of self: it has an entry) */
        if (b == NULL) {
            goto done; /* (no exception: the caller runs the Python function) */
        }
        if ((da = array_dtype(e, self, a)) == NULL) goto done;
        if ((db = array_dtype(e, self, b)) == NULL) goto done;
        found = da == db;
        if (found) {
            if ((sa = native_attr(a, s_shape)) == NULL) goto done;
        }
        if (found && a != b) { /* (one array twice, ``x * x``: its shape read once, for the
                                   errors of the read, as the template's: a nested tensor) */
            if ((sb = native_attr(b, s_shape)) == NULL) goto done;
            /* (not RichCompareBool: ``!=`` compares even one object with itself) */
            PyObject *ne = PyObject_RichCompare(sa, sb, Py_NE);
            if (ne == NULL) goto done;
            int differ = PyObject_IsTrue(ne);
            Py_DECREF(ne);
            if (differ < 0) goto done;
            found = differ ? broadcastable(sa, sb) : 1;
            if (found < 0) goto done;
        }
        if (found) {
            found = in_class_attr(da, e, self, ATTR_FLOATS);
            if (found < 0) goto done;
        }
        if (!found) {
            out = call_checked(f, args, 2);
            goto done;
        }
    }
    else {
        out = call_checked(f, args, 2);
        goto done;
    }
    PyObject *result = compute(f, e, self, other, a, b);
    if (result != NULL) {
        out = wrapped(e, self, result);
        Py_DECREF(result);
    }
done:
    Py_DECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(da);
    Py_XDECREF(db);
    Py_XDECREF(sa);
    Py_XDECREF(sb);
    return out;
}

/* The template _UNARY: fast(self). */
static PyObject *
unary(FastPath *f, PyObject *const *args)
{
    PyObject *self = args[0];
    ClassEntry *e = entry_of(Py_TYPE(self));
    PyObject *a = e == NULL ? NULL : slot_of(self);
    if (a == NULL) {
        return NULL; /* (no exception: the caller runs the Python function) */
    }
    PyObject *out = NULL;
    PyObject *da = array_dtype(e, self, a);
    if (da == NULL) goto done;
    int found = in_class_attr(da, e, self, ATTR_FLOATS);
    if (found < 0) goto done;
    out = found ? primitive_result(f, e, self, &a, 1) : call_checked(f, args, 1);
done:
    Py_DECREF(a);
    Py_XDECREF(da);
    return out;
}

/* The template _REDUCTION: fast(self, axis=None, keepdims=False[, dtype=None]). NULL
   without an exception for a call it leaves to the template (a keyword it does not know,
   a parameter given twice, too many arguments: the template's own errors). */
static PyObject *
reduction(FastPath *f, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *params[4] = {NULL, Py_None, Py_False, Py_None}; /* self, axis, keepdims, dtype */
    Py_ssize_t n_kw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nargs < 1 || nargs > 1 + f->reduction) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        params[i] = args[i];
    }
    for (Py_ssize_t k = 0; k < n_kw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        int at = key == s_axis ? 1 : key == s_keepdims ? 2 : key == s_dtype ? 3 : 0;
        if (at == 0 || at > f->reduction || at < nargs) {
            return NULL; /* (an uninterned name too: the template compares it) */
        }
        params[at] = args[nargs + k];
    }
    PyObject *self = params[0], *axis = params[1], *keepdims = params[2];
    ClassEntry *e = entry_of(Py_TYPE(self));
    PyObject *a = e == NULL ? NULL : slot_of(self);
    if (a == NULL) {
        return NULL; /* (no exception: the caller runs the Python function) */
    }
    PyObject *out = NULL, *da = NULL, *axes = NULL;
    int fast = (f->reduction < 3 || params[3] == Py_None) &&
               (keepdims == Py_False || keepdims == Py_True);
    if (fast) {
        if ((da = array_dtype(e, self, a)) == NULL) goto done;
        fast = in_class_attr(da, e, self, ATTR_FLOATS);
        if (fast > 0) {
            fast = in_class_attr(da, e, self, ATTR_FULL_WIDTH);
        }
        if (fast < 0) goto done;
    }
    if (fast && axis != Py_None) {
        fast = PyLong_CheckExact(axis);
        if (fast) {
            Py_ssize_t n = native_rank(a);
            if (n < 0) goto done;
            int overflow;
            long long i = PyLong_AsLongLongAndOverflow(axis, &overflow);
            if (i == -1 && PyErr_Occurred()) goto done;
            fast = !overflow && -n <= i && i < n;
            if (fast && i < 0 && (axes = PyLong_FromLongLong(i + n)) == NULL) goto done;
        }
    }
    if (fast) {
        PyObject *call_args[3] = {a, axes == NULL ? axis : axes, keepdims};
        out = primitive_result(f, e, self, call_args, 3);
    }
    else {
        out = call_checked(f, params, 1 + f->reduction);
    }
done:
    Py_DECREF(a);
    Py_XDECREF(da);
    Py_XDECREF(axes);
    return out;
}

/* A Python int or float bound of ``clip`` as the float primitive takes it (a new
   reference; NULL with an exception): the float, or an int in [-2048, 2048] itself where
   the class's ``clip_int_bounds`` says the primitive takes it faster (exact as a float and
   within float16's range, so the dtype rounds the int as it rounds the float: the same
   result). */
static PyObject *
clip_bound(ClassEntry *e, PyObject *v)
{
    if (e->clip_int_bounds > 0 && PyLong_CheckExact(v)) {
        int overflow;
        long i = PyLong_AsLongAndOverflow(v, &overflow);
        if (!overflow && -2048 <= i && i <= 2048) {
            return Py_NewRef(v);
        }
    }
    return PyNumber_Float(v);
}

/* The template _CLIP: fast(self, min_, max_), called with three positional arguments. */
static PyObject *
clip(FastPath *f, PyObject *const *args)
{
    PyObject *self = args[0], *lo = args[1], *hi = args[2];
    ClassEntry *e = entry_of(Py_TYPE(self));
    PyObject *a = e == NULL ? NULL : slot_of(self);
    if (a == NULL) {
        return NULL; /* (no exception: the caller runs the Python function) */
    }
    PyObject *out = NULL, *da = NULL, *flo = NULL, *fhi = NULL;
    int found = (PyFloat_CheckExact(lo) || PyLong_CheckExact(lo)) &&
                (PyFloat_CheckExact(hi) || PyLong_CheckExact(hi));
    if (found) {
        if ((da = array_dtype(e, self, a)) == NULL) goto done;
        found = in_class_attr(da, e, self, ATTR_WEAK_FLOATS);
        if (found < 0) goto done;
    }
    if (!found) {
        out = call_checked(f, args, 3);
        goto done;
    }
    if (float_operators(e, self) < 0) goto done; /* (reads clip_int_bounds) */
    if ((flo = clip_bound(e, lo)) == NULL) goto done;
    if ((fhi = clip_bound(e, hi)) == NULL) goto done;
    PyObject *call_args[3] = {a, flo, fhi};
    out = primitive_result(f, e, self, call_args, 3);
done:
    Py_DECREF(a);
    Py_XDECREF(da);
    Py_XDECREF(flo);
    Py_XDECREF(fhi);
    return out;
}

/* After a binary fast path, a reduction or clip raised: whether the exception is one of the framework's
   sharding refusals (type(self)._ns.sharding_errors, empty but on JAX). Then it is
   dropped, and the template runs the call again: it raises unitensor's ShardingError.
   Any other exception stays raised. */
static int
sharding_refusal(PyObject *self)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    int match = 0;
    PyObject *ns = PyObject_GetAttr((PyObject *)Py_TYPE(self), s_ns);
    PyObject *refusals = ns == NULL ? NULL : PyObject_GetAttr(ns, s_sharding_errors);
    if (refusals != NULL && PyTuple_Check(refusals) && PyTuple_GET_SIZE(refusals) > 0) {
        match = PyErr_GivenExceptionMatches(type, refusals);
    }
    Py_XDECREF(ns);
    Py_XDECREF(refusals);
    PyErr_Clear(); /* (a failed look-up: the original exception stands) */
    if (match) {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return 1;
    }
    PyErr_Restore(type, value, tb);
    return 0;
}

static PyObject *
FastPath_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    FastPath *f = (FastPath *)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (raw_offset >= 0 &&
        (f->reduction || (kwnames == NULL && nargs == (f->unary ? 1 : f->clip ? 3 : 2)))) {
        PyObject *out = f->reduction ? reduction(f, args, nargs, kwnames)
                        : f->clip    ? clip(f, args)
                        : f->unary   ? unary(f, args)
                                     : binary(f, args);
        if (out != NULL) {
            return out;
        }
        if (PyErr_Occurred() && (f->unary || !sharding_refusal(args[0]))) {
            return NULL;
        }
    }
    /* the template itself: its own errors for unusual calls */
    return PyObject_Vectorcall(f->python, args, nargsf, kwnames);
}

static PyObject *
FastPath_descr_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        return Py_NewRef(self);
    }
    return PyMethod_New(self, obj);
}

static int
FastPath_traverse(FastPath *f, visitproc visit, void *arg)
{
    Py_VISIT(f->method);
    Py_VISIT(f->python);
    Py_VISIT(f->dict);
    Py_VISIT(f->fn);
    Py_VISIT(f->fn_type);
    return 0;
}

static int
FastPath_clear(FastPath *f)
{
    Py_CLEAR(f->method);
    Py_CLEAR(f->python);
    Py_CLEAR(f->name);
    Py_CLEAR(f->dict);
    Py_CLEAR(f->fn);
    Py_CLEAR(f->fn_type);
    return 0;
}

static void
FastPath_dealloc(FastPath *f)
{
    PyObject_GC_UnTrack(f);
    FastPath_clear(f);
    Py_TYPE(f)->tp_free((PyObject *)f);
}

static PyObject *
FastPath_repr(FastPath *f)
{
    return PyUnicode_FromFormat("<unitensor fast path of %R>", f->method);
}

static const struct {
    const char *symbol;
    int op;
    const char *primitive;
} operators[] = {
    {"+", OP_ADD, "add"},   {"-", OP_SUB, "subtract"},   {"*", OP_MUL, "multiply"},
    {"/", OP_DIV, "divide"}, {"<", OP_LT, "less"},        {"<=", OP_LE, "less_equal"},
    {">", OP_GT, "greater"}, {">=", OP_GE, "greater_equal"},
};

/* FastPath(method, python, op, reflected=False, unary=False, form="") */
static PyObject *
FastPath_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"method", "python", "op", "reflected", "unary", "form", NULL};
    PyObject *method, *python, *op;
    const char *form = "";
    int reflected = 0, is_unary = 0, reduction_parameters = 0, is_clip = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOU|pps:FastPath", keywords, &method, &python,
                                     &op, &reflected, &is_unary, &form)) {
        return NULL;
    }
    if (strcmp(form, "reduction") == 0) {
        reduction_parameters = 2;
    }
    else if (strcmp(form, "reduction with dtype") == 0) {
        reduction_parameters = 3;
    }
    else if (strcmp(form, "clip") == 0) {
        is_clip = 1;
    }
    else if (form[0] != '\0') {
        PyErr_Format(PyExc_ValueError, "not a fast path's form: %s", form);
        return NULL;
    }
    if (!PyCallable_Check(method) || !PyCallable_Check(python)) {
        PyErr_SetString(PyExc_TypeError, "FastPath needs a callable method and Python function");
        return NULL;
    }
    int code = OP_NONE;
    for (size_t i = 0; i < sizeof(operators) / sizeof(operators[0]); i++) {
        if (PyUnicode_CompareWithASCIIString(op, operators[i].symbol) == 0) {
            code = operators[i].op;
        }
    }
    if (code == OP_NONE && !PyUnicode_IsIdentifier(op)) {
        PyErr_Format(PyExc_ValueError, "not an operator or a primitive's name: %R", op);
        return NULL;
    }
    if ((is_unary || reduction_parameters || is_clip) && code != OP_NONE) {
        PyErr_Format(PyExc_ValueError, "not a primitive's name: %R", op);
        return NULL;
    }
    FastPath *f = (FastPath *)type->tp_alloc(type, 0);
    if (f == NULL) {
        return NULL;
    }
    f->method = Py_NewRef(method);
    f->python = Py_NewRef(python);
    if (code == OP_NONE) {
        Py_INCREF(op);
        PyUnicode_InternInPlace(&op);
        f->name = op;
    }
    f->op = code;
    f->unary = is_unary;
    f->reduction = reduction_parameters;
    f->clip = is_clip;
    f->reflected = reflected;
    f->zero_checked = code == OP_DIV && !reflected;
    f->vectorcall = FastPath_vectorcall;
    return (PyObject *)f;
}

static PyMemberDef FastPath_members[] = {
    {"__python__", T_OBJECT, offsetof(FastPath, python), READONLY,
     "The same fast path in Python (what TorchDynamo traces)."},
    {NULL},
};

static PyGetSetDef FastPath_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL},
};

static PyTypeObject FastPath_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "unitensor._speedups.FastPath",
    .tp_doc = PyDoc_STR("A tensor method's fast path in C (see unitensor._api._fast.fast_path)."),
    .tp_basicsize = sizeof(FastPath),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_new = FastPath_new,
    .tp_dealloc = (destructor)FastPath_dealloc,
    .tp_traverse = (traverseproc)FastPath_traverse,
    .tp_clear = (inquiry)FastPath_clear,
    .tp_repr = (reprfunc)FastPath_repr,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(FastPath, vectorcall),
    .tp_descr_get = FastPath_descr_get,
    .tp_dictoffset = offsetof(FastPath, dict),
    .tp_members = FastPath_members,
    .tp_getset = FastPath_getset,
};

/* setup(tensor_base): learn the class and its ``raw`` slot. */
static PyObject *
setup(PyObject *module, PyObject *base)
{
    if (!PyType_Check(base)) {
        PyErr_SetString(PyExc_TypeError, "setup() needs the tensor base class");
        return NULL;
    }
    PyObject *descr = PyDict_GetItemWithError(((PyTypeObject *)base)->tp_dict, s_raw);
    if (descr == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "the tensor base class has no raw slot");
        }
        return NULL;
    }
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type) ||
        ((PyMemberDescrObject *)descr)->d_member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "raw is not a slot of the tensor base class");
        return NULL;
    }
    Py_XSETREF(tensor_base, (PyTypeObject *)Py_NewRef(base));
    Py_XSETREF(raw_descr, Py_NewRef(descr));
    raw_offset = ((PyMemberDescrObject *)descr)->d_member->offset;
    Py_RETURN_NONE;
}

/* ArraysOnly(fn, fix, scalar, as_array, other=None, positional=0): ``fn`` whose tensor
 * results holding an instance of ``scalar`` get ``as_array(raw)`` as their raw (a new
 * tensor of the same class, or where ``fn``'s result is a plain tensor held nowhere else,
 * that tensor with the array in its slot: 0.03 us less); any other tensor result is
 * returned as it is, and any other result goes through ``fix`` (the Array API
 * namespace's 0-d results: NumPy scalars become 0-d arrays, unitensor.array_api._build,
 * whose ``_as_arrays`` does the same for a tensor). Where ``other`` is given, only a call of ``positional`` positional arguments
 * and no keyword arguments calls ``fn``; any other call calls ``other`` (the standard's
 * function, where the method has other names or no defaults). */
typedef struct {
    PyObject_HEAD
    PyObject *fn;
    PyObject *fix;
    PyObject *scalar; /* a type */
    PyObject *as_array;
    PyObject *other; /* or NULL */
    Py_ssize_t positional;
    PyObject *dict;
    vectorcallfunc vectorcall;
} ArraysOnly;

static PyObject *
ArraysOnly_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    ArraysOnly *w = (ArraysOnly *)callable;
    PyObject *fn = w->fn;
    if (w->other != NULL && ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) ||
                             PyVectorcall_NARGS(nargsf) != w->positional)) {
        fn = w->other;
    }
    PyObject *out = PyObject_Vectorcall(fn, args, nargsf, kwnames);
    if (out == NULL) {
        return NULL;
    }
    if (raw_offset >= 0 && tensor_base != NULL && PyObject_TypeCheck(out, tensor_base)) {
        PyObject *raw = *(PyObject **)((char *)out + raw_offset);
        if (raw != NULL && !PyObject_TypeCheck(raw, (PyTypeObject *)w->scalar)) {
            return out;
        }
        if (raw != NULL) {
            PyObject *fixed = PyObject_CallOneArg(w->as_array, raw);
            if (fixed == NULL) {
                Py_DECREF(out);
                return NULL;
            }
            PyTypeObject *tp = Py_TYPE(out);
            ClassEntry *e = entry_of(tp);
            if (Py_REFCNT(out) == 1 && e != NULL && e->plain &&
                tp->tp_basicsize == tensor_base->tp_basicsize && tp->tp_dictoffset == 0 &&
                tp->tp_weaklistoffset == 0 && tp->tp_finalize == NULL && tp->tp_del == NULL) {
                /* (the only reference to a plain tensor that holds nothing but its raw slot:
                   no other slot, __dict__ or weak reference, no __del__ to run on it: the
                   slot takes the array, and the tensor is what a new one around the array
                   would be, without its allocation) */
                Py_SETREF(*(PyObject **)((char *)out + raw_offset), fixed);
                return out;
            }
            PyObject *tensor = make_tensor((PyObject *)Py_TYPE(out), fixed);
            Py_DECREF(fixed);
            Py_DECREF(out);
            return tensor;
        }
    }
    PyObject *fixed = PyObject_CallOneArg(w->fix, out);
    Py_DECREF(out);
    return fixed;
}

static PyObject *
ArraysOnly_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"fn", "fix", "scalar", "as_array", "other", "positional", NULL};
    PyObject *fn, *fix, *scalar, *as_array, *other = Py_None;
    Py_ssize_t positional = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO!O|On:ArraysOnly", keywords, &fn, &fix,
                                     &PyType_Type, &scalar, &as_array, &other, &positional)) {
        return NULL;
    }
    if (!PyCallable_Check(fn) || !PyCallable_Check(fix) || !PyCallable_Check(as_array) ||
        (other != Py_None && !PyCallable_Check(other))) {
        PyErr_SetString(PyExc_TypeError,
                        "ArraysOnly needs a callable fn, fix, as_array and other (or None)");
        return NULL;
    }
    ArraysOnly *w = (ArraysOnly *)type->tp_alloc(type, 0);
    if (w == NULL) {
        return NULL;
    }
    w->fn = Py_NewRef(fn);
    w->fix = Py_NewRef(fix);
    w->scalar = Py_NewRef(scalar);
    w->as_array = Py_NewRef(as_array);
    w->other = other == Py_None ? NULL : Py_NewRef(other);
    w->positional = positional;
    w->vectorcall = ArraysOnly_vectorcall;
    return (PyObject *)w;
}

static int
ArraysOnly_traverse(ArraysOnly *w, visitproc visit, void *arg)
{
    Py_VISIT(w->fn);
    Py_VISIT(w->fix);
    Py_VISIT(w->scalar);
    Py_VISIT(w->as_array);
    Py_VISIT(w->other);
    Py_VISIT(w->dict);
    return 0;
}

static int
ArraysOnly_clear(ArraysOnly *w)
{
    Py_CLEAR(w->fn);
    Py_CLEAR(w->fix);
    Py_CLEAR(w->scalar);
    Py_CLEAR(w->as_array);
    Py_CLEAR(w->other);
    Py_CLEAR(w->dict);
    return 0;
}

static void
ArraysOnly_dealloc(ArraysOnly *w)
{
    PyObject_GC_UnTrack(w);
    ArraysOnly_clear(w);
    Py_TYPE(w)->tp_free((PyObject *)w);
}

static PyObject *
ArraysOnly_repr(ArraysOnly *w)
{
    return PyUnicode_FromFormat("<unitensor namespace function %R>", w->fn);
}

static PyGetSetDef ArraysOnly_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL},
};

static PyTypeObject ArraysOnly_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "unitensor._speedups.ArraysOnly",
    .tp_doc = PyDoc_STR("A namespace function whose 0-d results are arrays (see "
                        "unitensor.array_api._build)."),
    .tp_basicsize = sizeof(ArraysOnly),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = ArraysOnly_new,
    .tp_dealloc = (destructor)ArraysOnly_dealloc,
    .tp_traverse = (traverseproc)ArraysOnly_traverse,
    .tp_clear = (inquiry)ArraysOnly_clear,
    .tp_repr = (reprfunc)ArraysOnly_repr,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(ArraysOnly, vectorcall),
    .tp_dictoffset = offsetof(ArraysOnly, dict),
    .tp_getset = ArraysOnly_getset,
};

static PyMethodDef module_methods[] = {
    {"wrap", (PyCFunction)(void (*)(void))wrap, METH_FASTCALL,
     PyDoc_STR("wrap($module, cls, raw, /)\n--\n\n"
               "A new ``cls`` tensor around ``raw``, without calling ``__init__``.")},
    {"accelerate_astensor", (PyCFunction)(void (*)(void))accelerate_astensor, METH_FASTCALL,
     PyDoc_STR("accelerate_astensor($module, classes, python, /)\n--\n\n"
               "Once per process: ``python`` (unitensor.astensor) in C, with its docstring.\n"
               "One positional argument whose class is a key of ``classes`` is wrapped as\n"
               "the tensor class it maps to; any other call is ``python``'s.")},
    {"setup", setup, METH_O,
     PyDoc_STR("setup($module, tensor_base, /)\n--\n\n"
               "Learn the tensor base class and the offset of its ``raw`` slot.")},
    {"calibrate", calibrate, METH_O,
     PyDoc_STR("calibrate($module, fn, /)\n--\n\n"
               "Once per process, for unitensor's NumPy backend: run fn() and keep the\n"
               "call stacks of the operators it applies (the only ones that may write\n"
               "into a temporary's array); the number kept.")},
    {NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "unitensor._speedups",
    .m_doc = PyDoc_STR("unitensor's hot path in C: wrap and the fast paths of operations."),
    .m_size = -1,
    .m_methods = module_methods,
};

static int
intern(PyObject **slot, const char *text)
{
    *slot = PyUnicode_InternFromString(text);
    return *slot == NULL ? -1 : 0;
}

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (intern(&s_dtype, "dtype") < 0 || intern(&s_shape, "shape") < 0 ||
        intern(&s_ns, "_ns") < 0 || intern(&s_float_ns, "_float_ns") < 0 || intern(&s_raw, "raw") < 0 ||
        intern(&s_class, "__class__") < 0 ||
        intern(&s_weak_float_dtypes, "_weak_float_dtypes") < 0 ||
        intern(&s_operator_types, "_operator_types") < 0 ||
        intern(&s_float_dtypes, "_float_dtypes") < 0 ||
        intern(&s_sharding_errors, "sharding_errors") < 0 ||
        intern(&s_scalar_operand, "scalar_operand") < 0 ||
        intern(&s_float_operators, "float_operators") < 0 ||
        intern(&s_full_width_dtypes, "_full_width_dtypes") < 0 || intern(&s_axis, "axis") < 0 ||
        intern(&s_ndim, "ndim") < 0 ||
        intern(&s_keepdims, "keepdims") < 0 || intern(&s_in_place, "in_place") < 0 ||
        intern(&s_in_place_bytes, "in_place_bytes") < 0 || intern(&s_nbytes, "nbytes") < 0 ||
        intern(&s_clip_int_bounds, "clip_int_bounds") < 0 || intern(&s_in_c, "_in_c") < 0 ||
        intern(&s_dtype_holder, "dtype_holder") < 0 ||
        intern(&s_out, "out") < 0 || (out_kwnames = PyTuple_Pack(1, s_out)) == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < sizeof(operators) / sizeof(operators[0]); i++) {
        if (intern(&operator_primitives[operators[i].op], operators[i].primitive) < 0) {
            return NULL;
        }
    }
    object_class_descr = _PyType_Lookup(&PyBaseObject_Type, s_class);
    if (object_class_descr == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "object has no __class__");
        return NULL;
    }
    Py_INCREF(object_class_descr);
    if (PyType_Ready(&FastPath_Type) < 0 || PyType_Ready(&ArraysOnly_Type) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "FastPath", (PyObject *)&FastPath_Type) < 0 ||
        PyModule_AddObjectRef(m, "ArraysOnly", (PyObject *)&ArraysOnly_Type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
