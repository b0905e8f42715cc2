/*
 * pyval.c - the interpreter's values: Python objects (numbers, strings,
 * tuples, torch.Size, tensors, modules), tensors as storage + sizes +
 * strides + offset with a dtype, and their text as Python's repr() and
 * str() give it.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

struct pyobj *
py_new(int type)
{
	struct pyobj *o = xcalloc(1, sizeof *o);

	o->type = type;
	o->refs = 1;
	return o;
}

struct pyobj *
py_func(const struct builtin *b, struct pyobj *self)
{
	struct pyobj *o = py_new(PY_FUNC);

	o->u.fn.fn = b;
	o->u.fn.self = self;
	py_incref(self);
	return o;
}

void
py_incref(struct pyobj *o)
{
	if (o != NULL)
		o->refs++;
}

/*
 * Freeing never recurses: a tuple nested a million deep is freed one object at
 * a time.  An object whose count reaches zero goes on the pending stack; only
 * the outermost py_decref drains it.  Should the stack itself not grow, the
 * object is freed recursively (the rare case of no memory at all).
 */
static struct pyobj **dead;
static size_t ndead, capdead;
static int draining;

static void obj_free(struct pyobj *o);

static void
dead_push(struct pyobj *o)
{
	if (ndead == capdead) {
		size_t cap = capdead ? 2 * capdead : 256;
		struct pyobj **v = realloc(dead, cap * sizeof *v);

		if (v == NULL) {
			obj_free(o);
			return;
		}
		dead = v;
		capdead = cap;
	}
	dead[ndead++] = o;
}

/* a list of variables (a frame's locals, a closure's names) released */
void
varlist_free(struct pyvar *head)
{
	struct pyvar *v, *next;

	for (v = head; v != NULL; v = next) {
		next = v->next;
		py_decref(v->v);
		free(v->name);
		free(v);
	}
}

void
py_decref(struct pyobj *o)
{
	if (o == NULL || --o->refs > 0)
		return;
	if (draining) {
		dead_push(o);
		return;
	}
	draining = 1;
	obj_free(o);
	while (ndead > 0)
		obj_free(dead[--ndead]);
	draining = 0;
	if (capdead > 4096) {
		free(dead);
		dead = NULL;
		capdead = 0;
	}
}

/* a lazy iterator's walks, names and frame (py_iter_end's, without calling lib_iter.c) */
static void
gen_free(struct pygen *g)
{
	int i;

	for (i = 0; i < g->depth; i++)
		py_decref(g->it[i].src);
	for (i = 0; i < g->nn; i++)
		py_decref(g->vals[i]);
	if (g->fprev != NULL && (*g->fprev = g->fnext) != NULL)	/* off its running frame's list */
		g->fnext->fprev = g->fprev;
	if (g->own != NULL) {	/* the names it kept of a call that returned */
		varlist_free(g->own->vars);
		py_decref(g->own->fn);
		free(g->own);
	}
	code_decref(g->code);
	py_decref(g->outer);
	varlist_free(g->cells);
	free(g);
}

/* o's own memory, its references dropped (those reaching zero wait on the stack) */
static void
obj_free(struct pyobj *o)
{
	int i;
	int was = draining;

	draining = 1;
	switch (o->type) {
	case PY_STR:
		free(o->u.str.s);
		break;
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS: case PY_DVIEW:
		for (i = 0; i < o->u.seq.n; i++)
			py_decref(o->u.seq.v[i]);
		free(o->u.seq.v);
		break;
	case PY_DICT:
		for (i = 0; i < 2 * o->u.dict.n; i++)
			py_decref(o->u.dict.kv[i]);
		free(o->u.dict.kv);
		break;
	case PY_TENSOR:
		storage_decref(o->u.t.st);
		py_decref(o->u.t.base);
		break;
	case PY_MODULE:
		py_decref(o->u.m.weight);
		py_decref(o->u.m.bias);
		break;
	case PY_FUNC:
		py_decref(o->u.fn.self);
		break;
	case PY_SLICE:
		py_decref(o->u.slice.start);
		py_decref(o->u.slice.stop);
		py_decref(o->u.slice.step);
		break;
	case PY_GEN:
		gen_free(o->u.gen);
		break;
	case PY_RNG:
		free(o->u.rng);
		break;
	case PY_UFUNC:
		for (i = 0; i < o->u.uf.def->nnames; i++)
			py_decref(o->u.uf.defaults[i]);
		free(o->u.uf.defaults);
		free(o->u.uf.qualname);
		code_decref(o->u.uf.code);
		varlist_free(o->u.uf.cap);
		py_decref(o->u.uf.outer);
		break;
	case PY_CLASS: case PY_OBJ: case PY_METHOD: case PY_SUPER:
		free(o->u.obj.name);
		py_decref(o->u.obj.cls);
		py_decref(o->u.obj.self);
		for (i = 0; i < o->u.obj.n; i++) {
			free(o->u.obj.a[i].name);
			py_decref(o->u.obj.a[i].v);
		}
		free(o->u.obj.a);
		break;
	}
	free(o);
	draining = was;
}

struct pyobj *
py_none(void)
{
	return py_new(PY_NONE);
}

/*
 * A number (bool, int, dtype, float): its header and the number only, not
 * the whole union (a tensor's shape and strides, 200 bytes): x.tolist() of
 * 16.7M floats took 3.3 GB, PyTorch 0.95.  Nothing reads a number's object
 * past u.i / u.f, and nothing copies a struct pyobj whole.
 */
static struct pyobj *
new_number(int type)
{
	struct pyobj *o = xcalloc(1, offsetof(struct pyobj, u) + sizeof(long long));

	o->type = type;
	o->refs = 1;
	return o;
}

/* a new object of an integer kind (bool, int, dtype) holding i */
static struct pyobj *
new_i(int type, long long i)
{
	struct pyobj *o = new_number(type);

	o->u.i = i;
	return o;
}

struct pyobj *
py_bool(int b)
{
	return new_i(PY_BOOL, b != 0);
}

struct pyobj *
py_int(long long i)
{
	return new_i(PY_INT, i);
}

struct pyobj *
py_float(double f)
{
	struct pyobj *o = new_number(PY_FLOAT);

	o->u.f = f;
	return o;
}

struct pyobj *
py_str(const char *s, size_t len)
{
	struct pyobj *o = py_new(PY_STR);

	o->u.str.s = xmalloc(len + 1);
	memcpy(o->u.str.s, s, len);
	o->u.str.s[len] = '\0';
	o->u.str.len = len;
	return o;
}

struct pyobj *
py_number_try(int type, double f, long long i)
{
	struct pyobj *o = try_calloc(1, offsetof(struct pyobj, u) + sizeof(long long));

	if (o == NULL)
		return NULL;
	o->type = type;
	o->refs = 1;
	if (type == PY_FLOAT)
		o->u.f = f;
	else
		o->u.i = i;
	return o;
}

struct pyobj *
py_seq_try(int type, int n)
{
	struct pyobj *o = try_calloc(1, sizeof *o);

	if (o == NULL || (o->u.seq.v = try_calloc(n > 0 ? (size_t)n : 1, sizeof *o->u.seq.v)) == NULL) {
		free(o);
		return NULL;
	}
	o->type = type;
	o->refs = 1;
	o->u.seq.n = n;
	return o;
}

struct pyobj *
py_seq(int type, int n)
{
	struct pyobj **v = xcalloc(n > 0 ? (size_t)n : 1, sizeof *v);	/* first: refused, it leaves nothing */
	struct pyobj *o = py_new(type);

	o->u.seq.n = n;
	o->u.seq.v = v;
	return o;
}

struct pyobj *
py_size(int ndim, const int *shape)
{
	struct pyobj *o = py_seq(PY_SIZE, ndim);
	int d;

	for (d = 0; d < ndim; d++)
		o->u.seq.v[d] = py_int(shape[d]);
	return o;
}

struct pyobj *
py_dtype(int dt)
{
	return new_i(PY_DTYPE, dt);
}

const char *
py_type_name(const struct pyobj *o)
{
	switch (o->type) {
	case PY_NONE: return "NoneType";
	case PY_BOOL: return "bool";
	case PY_INT: return "int";
	case PY_FLOAT: return "float";
	case PY_STR: return "str";
	case PY_ELLIPSIS: return "ellipsis";
	case PY_TUPLE: return "tuple";
	case PY_LIST: return "list";
	case PY_SIZE: return "torch.Size";	/* its tp_name, as Python's messages say it */
	case PY_RETURNS: return strcmp(o->u.seq.name, "min") == 0 ? "torch.return_types.min" : "torch.return_types.max";
	case PY_TENSOR: return o->u.t.parameter ? "Parameter" : "Tensor";
	case PY_MODULE:
		return o->u.m.kind == MOD_LINEAR ? "Linear" : o->u.m.kind == MOD_DROPOUT ? "Dropout" :
		    o->u.m.kind == MOD_SOFTMAX ? "Softmax" : o->u.m.kind == MOD_EMBED ? "Embedding" : "CausalAttention";
	case PY_NS: return "module";
	case PY_FUNC: return "builtin_function_or_method";
	case PY_DTYPE: return "torch.dtype";
	case PY_SLICE: return "slice";
	case PY_UFUNC: return "function";
	case PY_CLASS: return "type";
	case PY_OBJ:
		if (o->u.obj.cls != NULL)
			return o->u.obj.cls->u.obj.name;
		if (o->u.obj.kind == OBJ_LAYER)
			return o->u.obj.layer->name;
		return o->u.obj.kind == OBJ_LIST ? "ModuleList" : o->u.obj.kind == OBJ_SEQ ? "Sequential" : "Module";
	case PY_METHOD: return "method";
	case PY_SUPER: return "super";
	case PY_RANGE: return "range";
	case PY_GEN: return o->u.gen->kind == GEN_ENUM ? "enumerate" : o->u.gen->kind == GEN_ZIP ? "zip" : "generator";
	case PY_RNG: return "torch._C.Generator";
	case PY_DICT: return "dict";
	case PY_DVIEW: return o->u.seq.name;
	}
	return "object";
}

void *
py_fail(struct py_session *s, const char *fmt, ...)
{
	va_list ap;

	if (s->failed)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s->err, s->errlen, fmt, ap);
	va_end(ap);
	s->failed = 1;
	return NULL;
}

void
py_warn(struct py_session *s, const char *fmt, ...)
{
	struct sbuf b = { NULL, 0, 0 };
	va_list ap;

	sbuf_add(&b, "warning: ");
	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	diag("%s", b.s);
	free(b.s);
	s->warned = 1;
}

/* ---- storages and tensors ---- */

size_t
dtype_size(int dt)
{
	return dt == DT_FLOAT ? sizeof(float) : dt == DT_INT64 ? sizeof(long long) : dt == DT_DOUBLE ? sizeof(double) : 1;
}

const char *
dtype_name(int dt)
{
	return dt == DT_FLOAT ? "torch.float32" : dt == DT_INT64 ? "torch.int64" : dt == DT_DOUBLE ? "torch.float64" :
	    "torch.bool";
}

size_t py_max_numel = PY_MAX_NUMEL;

static struct pystorage *
new_storage(int dtype, size_t n, int zeroed)
{
	struct pystorage *st;

	if (n > py_max_numel)
		return NULL;
	st = xcalloc(1, sizeof *st);
	st->refs = 1;
	st->dtype = dtype;
	st->n = n;
	st->origin = -1;
	/* a result that writes every element skips the zeroing: malloc reuses warm memory; no memory
	 * for the data is the line's error (py_alloc_failed), not the end of the session */
	st->data = zeroed ? calloc(n ? n : 1, dtype_size(dtype)) : malloc((n ? n : 1) * dtype_size(dtype));
	if (st->data == NULL) {
		py_alloc_failed = (n ? n : 1) * dtype_size(dtype);
		free(st);
		return NULL;
	}
	return st;
}

struct pystorage *
storage_new(int dtype, size_t n)
{
	return new_storage(dtype, n, 1);
}

/* off its session's list of storages on the run's memory */
void
storage_unlink(struct pystorage *st)
{
	if (st->s == NULL)
		return;
	if (st->prev != NULL)
		st->prev->next = st->next;
	else
		st->s->borrowed = st->next;
	if (st->next != NULL)
		st->next->prev = st->prev;
	st->s = NULL;
	st->prev = st->next = NULL;
}

/* the run's memory st borrows copied into its own, and st off the session's list */
void
storage_own(struct pystorage *st)
{
	size_t bytes = st->n * dtype_size(st->dtype);
	void *copy = xmalloc(bytes ? bytes : 1);

	memcpy(copy, st->data, bytes);
	st->data = copy;
	st->borrowed = 0;
	st->origin = -1;
	storage_unlink(st);
}

void
storage_decref(struct pystorage *st)
{
	if (st == NULL || --st->refs > 0)
		return;
	storage_unlink(st);
	if (!st->borrowed)
		free(st->data);
	free(st);
}

void
pyt_contiguous_strides(long long *stride, int ndim, const int *shape)
{
	long long s = 1;
	int d;

	for (d = ndim - 1; d >= 0; d--) {
		stride[d] = s;
		s *= shape[d] > 1 ? shape[d] : 1;
	}
}

struct pyobj *
pyt_new(struct pystorage *st, int ndim, const int *shape, const long long *stride, long long offset)
{
	struct pyobj *o = py_new(PY_TENSOR);
	struct pytensor *t = &o->u.t;
	int d;

	t->st = st;
	t->dtype = st->dtype;
	t->ndim = ndim;
	t->numel = 1;
	for (d = 0; d < ndim; d++) {
		t->shape[d] = shape[d];
		t->stride[d] = stride[d];
		t->numel *= (size_t)shape[d];
	}
	t->offset = offset;
	return o;
}

static struct pyobj *
new_empty(int dtype, int ndim, const int *shape, int zeroed)
{
	long long stride[TENSOR_MAXDIM];
	size_t n = 1;
	int d;
	struct pystorage *st;

	for (d = 0; d < ndim; d++) {
		if (shape[d] < 0 || (shape[d] > 0 && n > TENSOR_MAX_NUMEL / (size_t)shape[d]))
			return NULL;
		n *= (size_t)shape[d];
	}
	if ((st = new_storage(dtype, n, zeroed)) == NULL)
		return NULL;
	pyt_contiguous_strides(stride, ndim, shape);
	return pyt_new(st, ndim, shape, stride, 0);
}

size_t py_alloc_failed;

int
py_oom(struct py_session *s)
{
	size_t n = py_alloc_failed;

	if (n == 0)
		return 0;
	py_alloc_failed = 0;
	py_fail(s, "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate "
	    "memory: you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)", n);
	return 1;
}

void *
py_fail_nomem(struct py_session *s)
{
	return py_fail(s, "MemoryError: out of memory: malloc refused %zu bytes", diag_nomem_bytes);
}

void *
py_fail_repr(struct py_session *s, const char *fmt, const struct pyobj *o)
{
	struct sbuf r = { 0 };

	py_repr(&r, o, s->po);
	py_fail(s, fmt, r.s != NULL ? r.s : "");
	free(r.s);
	return NULL;
}

struct pyobj *
pyt_empty(int dtype, int ndim, const int *shape)
{
	return new_empty(dtype, ndim, shape, 1);
}

struct pyobj *
pyt_empty_uninit(int dtype, int ndim, const int *shape)
{
	return new_empty(dtype, ndim, shape, 0);
}

/* t's elements packed with its dims in order (innermost first), size-1 dims ignored */
int
pyt_dense_in(const struct pytensor *t, const int *order)
{
	long long expect = 1;
	int k;

	for (k = 0; k < t->ndim; k++) {
		int d = order[k];

		if (t->shape[d] == 1)
			continue;
		if (t->stride[d] != expect)
			return 0;
		expect *= t->shape[d];
	}
	return 1;
}

/* torch's is_contiguous: strides as computed for the sizes, size-1 dims ignored */
int
pyt_is_contiguous(const struct pytensor *t)
{
	int order[TENSOR_MAXDIM], k;

	if (t->numel == 0)
		return 1;
	for (k = 0; k < t->ndim; k++)
		order[k] = t->ndim - 1 - k;
	return pyt_dense_in(t, order);
}

int
pyt_has_grad(const struct pytensor *t)
{
	return t->grad_fn != NULL || t->requires_grad;
}

const char *
pyt_grad_name(const struct pytensor *t)
{
	if (t->grad_fn != NULL && t->base != NULL && t->base->u.t.version != t->base_version)
		return "AsStridedBackward0";
	return t->grad_fn;
}

float *
pyt_data(const struct pytensor *t)
{
	return (float *)t->st->data + t->offset;
}

void
pyt_view(struct tensor_view *v, const struct pytensor *t)
{
	int d;

	v->data = t->dtype == DT_DOUBLE ? NULL : pyt_data(t);
	v->data64 = t->dtype == DT_DOUBLE ? (const double *)t->st->data + t->offset : NULL;
	v->ndim = t->ndim;
	v->numel = t->numel;
	for (d = 0; d < t->ndim; d++) {
		v->shape[d] = t->shape[d];
		v->stride[d] = t->stride[d];
	}
}

/* the storage offset of element i of the view, in row-major order */
static long long
elem_off(const struct pytensor *t, size_t i)
{
	long long off = t->offset;
	int d;

	for (d = t->ndim - 1; d >= 0; d--) {
		size_t n = (size_t)t->shape[d];

		off += (long long)(i % n) * t->stride[d];
		i /= n;
	}
	return off;
}

double
pyt_get(const struct pytensor *t, size_t i)
{
	long long off = elem_off(t, i);

	switch (t->dtype) {
	case DT_FLOAT: return ((const float *)t->st->data)[off];
	case DT_DOUBLE: return ((const double *)t->st->data)[off];
	case DT_INT64: return (double)((const long long *)t->st->data)[off];
	default: return ((const unsigned char *)t->st->data)[off];
	}
}

/* element i of an int64 or bool tensor, exactly (a double holds 53 bits only) */
long long
pyt_geti(const struct pytensor *t, size_t i)
{
	long long off = elem_off(t, i);

	switch (t->dtype) {
	case DT_FLOAT: return (long long)((const float *)t->st->data)[off];
	case DT_DOUBLE: return (long long)((const double *)t->st->data)[off];
	case DT_INT64: return ((const long long *)t->st->data)[off];
	default: return ((const unsigned char *)t->st->data)[off];
	}
}

/* storage element i (from the storage's start) = v, converted to t's dtype */
void
pyt_store(struct pytensor *t, size_t i, double v)
{
	switch (t->dtype) {
	case DT_FLOAT: ((float *)t->st->data)[i] = (float)v; break;
	case DT_DOUBLE: ((double *)t->st->data)[i] = v; break;
	case DT_INT64: ((long long *)t->st->data)[i] = (long long)v; break;
	default: ((unsigned char *)t->st->data)[i] = v != 0; break;
	}
}

/* out (contiguous, the view's dtype) = the view's elements in order */
static void
gather(void *out, const struct pytensor *t)
{
	size_t es = dtype_size(t->dtype), i, n = t->numel, inner;
	const char *src = t->st->data;
	char *dst = out;
	int d;

	if (n == 0)
		return;
	if (t->dtype == DT_FLOAT) {
		struct tensor_view v;

		pyt_view(&v, t);
		tensor_copy_view(out, &v);
		return;
	}
	if (t->ndim == 0) {
		memcpy(dst, src + (size_t)t->offset * es, es);
		return;
	}
	d = t->ndim - 1;
	inner = (size_t)t->shape[d];
	for (i = 0; i < n; i += inner) {
		long long off = elem_off(t, i);
		size_t k;

		if (t->stride[d] == 1) {
			memcpy(dst + i * es, src + (size_t)off * es, inner * es);
			continue;
		}
		for (k = 0; k < inner; k++)
			memcpy(dst + (i + k) * es, src + (size_t)(off + (long long)k * t->stride[d]) * es, es);
	}
}

struct pyobj *
pyt_contig(struct py_session *s, struct pyobj *x)
{
	const struct pytensor *t = &x->u.t;
	struct pyobj *y = pyt_empty(t->dtype, t->ndim, t->shape);

	if (y == NULL)
		return py_oom(s) ? NULL : py_fail(s, "the tensor is too large (more than %zu elements)", py_max_numel);
	gather(y->u.t.st->data, t);
	y->deps = x->deps;
	return y;
}

struct tensor *
pyt_export(const struct pytensor *t)
{
	struct tensor *y = tensor_new_uninit(t->ndim, t->shape);
	size_t i;

	if (y == NULL)
		return NULL;
	if (t->dtype == DT_FLOAT) {
		gather(y->data, t);
	} else {
		for (i = 0; i < t->numel; i++)
			y->data[i] = (float)pyt_get(t, i);
	}
	y->grad_fn = pyt_grad_name(t);
	y->requires_grad = t->requires_grad;
	y->parameter = t->parameter;
	return y;
}

/* ---- text ---- */

/* Python's repr of a float: the shortest digits that read back as f. */
void
py_float_repr(char *buf, size_t len, double f)
{
	char tmp[64], digits[32], *p;
	int exp10, nd = 0, decpt, i;
	size_t k = 0;

	if (isnan(f)) {
		snprintf(buf, len, "nan");
		return;
	}
	if (isinf(f)) {
		snprintf(buf, len, f < 0 ? "-inf" : "inf");
		return;
	}
	if (f == 0) {
		snprintf(buf, len, signbit(f) ? "-0.0" : "0.0");
		return;
	}
	text_shortest(tmp, sizeof tmp, f, 0, 'e');
	/* tmp: [-]d.ddde[+-]XX */
	p = tmp;
	if (*p == '-')
		p++;
	for (; *p != 'e'; p++)
		if (*p != '.')
			digits[nd++] = *p;
	while (nd > 1 && digits[nd - 1] == '0')
		nd--;
	digits[nd] = '\0';
	exp10 = atoi(p + 1);
	decpt = exp10 + 1;
	if (f < 0 && k + 1 < len)
		buf[k++] = '-';
	if (decpt > -4 && decpt <= 16) {
		if (decpt <= 0) {
			k += (size_t)snprintf(buf + k, len - k, "0.");
			for (i = 0; i < -decpt; i++)
				k += (size_t)snprintf(buf + k, len - k, "0");
			snprintf(buf + k, len - k, "%s", digits);
		} else if (decpt >= nd) {
			k += (size_t)snprintf(buf + k, len - k, "%s", digits);
			for (i = nd; i < decpt; i++)
				k += (size_t)snprintf(buf + k, len - k, "0");
			snprintf(buf + k, len - k, ".0");
		} else {
			snprintf(buf + k, len - k, "%.*s.%s", decpt, digits, digits + decpt);
		}
	} else {
		if (nd == 1)
			k += (size_t)snprintf(buf + k, len - k, "%c", digits[0]);
		else
			k += (size_t)snprintf(buf + k, len - k, "%c.%s", digits[0], digits + 1);
		snprintf(buf + k, len - k, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
	}
}

/* Python's repr of a str: quotes and escapes */
static void
str_repr(struct sbuf *b, const char *s, size_t n)
{
	char q = memchr(s, '\'', n) != NULL && memchr(s, '"', n) == NULL ? '"' : '\'';
	size_t i;

	sbuf_addc(b, q);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == (unsigned char)q || c == '\\') {
			sbuf_addc(b, '\\');
			sbuf_addc(b, (char)c);
		} else if (c == '\n') {
			sbuf_add(b, "\\n");
		} else if (c == '\r') {
			sbuf_add(b, "\\r");
		} else if (c == '\t') {
			sbuf_add(b, "\\t");
		} else if (c < 0x20 || c == 0x7f) {
			sbuf_addf(b, "\\x%02x", c);
		} else {
			sbuf_addc(b, (char)c);
		}
	}
	sbuf_addc(b, q);
}

static void
tensor_repr(struct sbuf *b, const struct pytensor *t, const struct print_opts *po)
{
	char *s;

	if (t->dtype == DT_FLOAT) {
		struct tensor *e = pyt_export(t);

		if (e == NULL) {
			sbuf_add(b, "tensor(<too large to print>)");
			return;
		}
		s = print_tensor_str(e, po);
		tensor_free(e);
	} else if (t->dtype == DT_DOUBLE) {
		struct tensor *e = tensor_new_uninit(t->ndim, t->shape);
		double *v;
		size_t i;

		if (e == NULL) {
			sbuf_add(b, "tensor(<too large to print>)");
			return;
		}
		v = xmalloc((t->numel ? t->numel : 1) * sizeof *v);
		for (i = 0; i < t->numel; i++)
			v[i] = pyt_get(t, i);
		e->data64 = v;
		e->grad_fn = pyt_grad_name(t);
		e->requires_grad = t->requires_grad;
		e->parameter = t->parameter;
		s = print_tensor_str(e, po);
		tensor_free(e);
		free(v);
	} else {
		long long *v = xmalloc((t->numel ? t->numel : 1) * sizeof *v);
		size_t i;

		for (i = 0; i < t->numel; i++)
			v[i] = pyt_geti(t, i);
		s = print_ints_str(t->ndim, t->shape, v, t->dtype == DT_BOOL, po);
		free(v);
	}
	sbuf_add(b, s);
	free(s);
}

static void
module_repr(struct sbuf *b, const struct pymodule *m)
{
	char buf[64];

	switch (m->kind) {
	case MOD_LINEAR:
		sbuf_addf(b, "Linear(in_features=%d, out_features=%d, bias=%s)", m->in, m->out,
		    m->bias != NULL ? "True" : "False");
		break;
	case MOD_EMBED:
		sbuf_addf(b, "Embedding(%d, %d)", m->in, m->out);
		break;
	case MOD_DROPOUT:
		py_float_repr(buf, sizeof buf, m->p);
		sbuf_addf(b, "Dropout(p=%s, inplace=%s)", buf, m->inplace ? "True" : "False");
		break;
	case MOD_HEAD:	/* the book's CausalAttention: submodules in the order its __init__ makes them */
		sbuf_add(b, "CausalAttention(\n");
		if (m->head_linear) {
			const char *const *names = input_layer_names;
			int l;

			for (l = 0; l < 3; l++)
				sbuf_addf(b, "  (%s): Linear(in_features=%d, out_features=%d, bias=%s)\n", names[l], m->in, m->out,
				    m->head_bias >> l & 1 ? "True" : "False");
		}
		py_float_repr(buf, sizeof buf, m->p);
		sbuf_addf(b, "  (dropout): Dropout(p=%s, inplace=False)\n)", buf);
		break;
	default:
		if (m->dim == -1000)
			sbuf_add(b, "Softmax(dim=None)");
		else
			sbuf_addf(b, "Softmax(dim=%lld)", m->dim);
	}
}

/*
 * An nn.Module's repr as torch/nn/modules/module.py's __repr__ writes it:
 * "Name(", each child "(key): repr" indented by two (its own lines too),
 * ")"; no children: "Name()".
 */
static void
obj_repr(struct sbuf *b, const struct pyobj *o, const struct print_opts *po)
{
	int i, any = 0;

	sbuf_addf(b, "%s(", py_type_name(o));
	if (o->u.obj.kind == OBJ_LAYER)	/* extra_repr's one line (these layers have no children) */
		o->u.obj.layer->extra_repr(b, o, po);
	for (i = 0; i < o->u.obj.n; i++) {
		struct sbuf c = { 0 };
		size_t k;

		if (o->u.obj.a[i].kind != A_MODULE)
			continue;
		py_repr(&c, o->u.obj.a[i].v, po);
		sbuf_addf(b, "\n  (%s): ", o->u.obj.a[i].name);
		for (k = 0; k < c.len; k++)
			if (c.s[k] == '\n')
				sbuf_add(b, "\n  ");
			else
				sbuf_addc(b, c.s[k]);
		free(c.s);
		any = 1;
	}
	sbuf_add(b, any ? "\n)" : ")");
}

/*
 * repr's recursion is bounded as Python's (its limit of 1000) and stops at a
 * Ctrl-C: a tuple nested 10^6 deep, or 2^40 times shared, ends in one error
 * that py_repr_failed() reports, never a stack overflow or a hang.
 */
#define REPR_MAX_DEPTH 1000
static int repr_depth, repr_stop;	/* repr_stop: 1 too deep, 2 interrupted */
/* the objects being written, outermost first: a list inside itself is "[...]" (Py_ReprEnter) */
static const struct pyobj *repr_open[REPR_MAX_DEPTH];

int
py_repr_failed(struct py_session *s)
{
	int stop = repr_stop;

	repr_stop = 0;
	if (stop == 0)
		return 0;
	if (stop == 2)
		py_fail(s, "KeyboardInterrupt");
	else
		py_fail(s, "maximum recursion depth exceeded while getting the repr of an object");
	return 1;
}

static void repr_in(struct sbuf *b, const struct pyobj *o, const struct print_opts *po);

/* a row that is a class (int, torch.Tensor, nn.Linear, ...): its qualified name, else NULL */
const char *
lib_ns(const struct builtin *b)
{
	while (!(b->flags & LIB_HEAD))	/* every table opens with a head */
		b--;
	return b->name;
}

/* d's keys (op 0), values (1) or (key, value) pairs (2) as a new tuple */
struct pyobj *
dict_items(const struct pyobj *d, int op)
{
	struct pyobj *r = py_seq(PY_TUPLE, d->u.dict.n), *p;
	int i;

	for (i = 0; i < d->u.dict.n; i++) {
		if (op < 2) {
			p = d->u.dict.kv[2 * i + op];
			py_incref(p);
		} else {
			p = py_seq(PY_TUPLE, 2);
			py_incref(p->u.seq.v[0] = d->u.dict.kv[2 * i]);
			py_incref(p->u.seq.v[1] = d->u.dict.kv[2 * i + 1]);
		}
		r->u.seq.v[i] = p;
	}
	return r;
}

const char *
class_name(const struct builtin *f)
{
	static const char *const cls[][3] = {
		{ "", "bool", "bool" }, { "", "int", "int" }, { "", "float", "float" }, { "", "str", "str" },
		{ "", "list", "list" }, { "", "tuple", "tuple" }, { "", "range", "range" }, { "", "dict", "dict" },
		{ "", "enumerate", "enumerate" }, { "", "zip", "zip" },
		{ "torch", "Tensor", "torch.Tensor" }, { "torch", "Size", "torch.Size" },
		{ "torch.nn", "Parameter", "torch.nn.parameter.Parameter" },
		{ "torch.nn", "Linear", "torch.nn.modules.linear.Linear" },
		{ "torch.nn", "Dropout", "torch.nn.modules.dropout.Dropout" },
		{ "torch.nn", "Softmax", "torch.nn.modules.activation.Softmax" },
		{ "torch.nn", "Module", "torch.nn.modules.module.Module" },
		{ "torch.nn", "ModuleList", "torch.nn.modules.container.ModuleList" },
		{ "torch.nn", "Sequential", "torch.nn.modules.container.Sequential" },
		{ "torch.nn", "LayerNorm", "torch.nn.modules.normalization.LayerNorm" },
		{ "torch.nn", "ReLU", "torch.nn.modules.activation.ReLU" },
		{ "torch.nn", "GELU", "torch.nn.modules.activation.GELU" },
	};
	const char *ns = lib_ns(f);
	size_t i;

	for (i = 0; i < sizeof cls / sizeof cls[0]; i++)
		if (strcmp(ns, cls[i][0]) == 0 && strcmp(f->name, cls[i][1]) == 0)
			return cls[i][2];
	return NULL;
}

void
py_repr(struct sbuf *b, const struct pyobj *o, const struct print_opts *po)
{
	if (repr_depth == 0)
		repr_stop = 0;
	if (repr_stop != 0)
		return;
	if (interrupt_pending) {
		repr_stop = 2;
		return;
	}
	if (repr_depth >= REPR_MAX_DEPTH) {
		repr_stop = 1;
		return;
	}
	if (o->type == PY_LIST || o->type == PY_TUPLE) {
		int i;

		for (i = 0; i < repr_depth; i++)
			if (repr_open[i] == o) {
				sbuf_add(b, o->type == PY_LIST ? "[...]" : "(...)");
				return;
			}
	}
	repr_open[repr_depth++] = o;
	repr_in(b, o, po);
	repr_depth--;
}

/* a dict's repr, {'a': 1}, or a view's, dict_keys(['a']) */
static void
dict_repr(struct sbuf *b, const struct pyobj *o, const struct print_opts *po)
{
	int i, set;

	if (o->type == PY_DICT) {
		sbuf_addc(b, '{');
		for (i = 0; i < o->u.dict.n; i++) {
			sbuf_add(b, i > 0 ? ", " : "");
			py_repr(b, o->u.dict.kv[2 * i], po);
			sbuf_add(b, ": ");
			py_repr(b, o->u.dict.kv[2 * i + 1], po);
		}
		sbuf_addc(b, '}');
		return;
	}
	set = strcmp(o->u.seq.name, "set") == 0;
	if (set && o->u.seq.n == 0) {	/* set() */
		sbuf_add(b, "set()");
		return;
	}
	sbuf_add(b, set ? "{" : o->u.seq.name);	/* {1, 2}; dict_keys([1, 2]) */
	sbuf_add(b, set ? "" : "([");
	for (i = 0; i < o->u.seq.n; i++) {
		sbuf_add(b, i > 0 ? ", " : "");
		py_repr(b, o->u.seq.v[i], po);
	}
	sbuf_add(b, set ? "}" : "])");
}

static void
repr_in(struct sbuf *b, const struct pyobj *o, const struct print_opts *po)
{
	char buf[64];
	int i;

	switch (o->type) {
	case PY_NONE: sbuf_add(b, "None"); break;
	case PY_BOOL: sbuf_add(b, o->u.i ? "True" : "False"); break;
	case PY_INT: sbuf_addf(b, "%lld", o->u.i); break;
	case PY_FLOAT:
		py_float_repr(buf, sizeof buf, o->u.f);
		sbuf_add(b, buf);
		break;
	case PY_STR: str_repr(b, o->u.str.s, o->u.str.len); break;
	case PY_ELLIPSIS: sbuf_add(b, "Ellipsis"); break;
	case PY_TUPLE: case PY_LIST: case PY_SIZE:
		sbuf_add(b, o->type == PY_TUPLE ? "(" : o->type == PY_LIST ? "[" : "torch.Size([");
		for (i = 0; i < o->u.seq.n; i++) {
			if (i > 0)
				sbuf_add(b, ", ");
			py_repr(b, o->u.seq.v[i], po);
		}
		if (o->type == PY_TUPLE && o->u.seq.n == 1)
			sbuf_addc(b, ',');
		sbuf_add(b, o->type == PY_TUPLE ? ")" : o->type == PY_LIST ? "]" : "])");
		break;
	case PY_RETURNS:
		sbuf_addf(b, "torch.return_types.%s(\nvalues=", o->u.seq.name);
		py_repr(b, o->u.seq.v[0], po);
		sbuf_add(b, ",\nindices=");
		py_repr(b, o->u.seq.v[1], po);
		sbuf_addc(b, ')');
		break;
	case PY_TENSOR: tensor_repr(b, &o->u.t, po); break;
	case PY_MODULE: module_repr(b, &o->u.m); break;
	case PY_OBJ:
		if (o->u.obj.kind == OBJ_PLAIN)
			sbuf_addf(b, "<__main__.%s object at %p>", py_type_name(o), (void *)o);
		else
			obj_repr(b, o, po);
		break;
	case PY_CLASS: sbuf_addf(b, "<class '__main__.%s'>", o->u.obj.name); break;
	case PY_METHOD:
		sbuf_addf(b, "<bound method %s of ", o->u.obj.cls->u.uf.qualname ? o->u.obj.cls->u.uf.qualname :
		    o->u.obj.cls->u.uf.def->names[0]);
		py_repr(b, o->u.obj.self, po);
		sbuf_addc(b, '>');
		break;
	case PY_SUPER:
		sbuf_addf(b, "<super: <class '%s'>, <%s object>>", o->u.obj.cls->u.obj.name, py_type_name(o->u.obj.self));
		break;
	case PY_NS: sbuf_addf(b, "<module '%s'>", o->u.ns); break;
	case PY_FUNC:
		if (o->u.fn.self != NULL)
			sbuf_addf(b, "<built-in method %s of Tensor object>", o->u.fn.fn->name);
		else if (class_name(o->u.fn.fn) != NULL)
			sbuf_addf(b, "<class '%s'>", class_name(o->u.fn.fn));
		else if (strcmp(lib_ns(o->u.fn.fn), "") == 0)
			sbuf_addf(b, "<built-in function %s>", o->u.fn.fn->name);
		else if (strcmp(lib_ns(o->u.fn.fn), "torch.nn") == 0)
			sbuf_addf(b, "<class 'torch.nn.%s'>", o->u.fn.fn->name);
		else
			sbuf_addf(b, "<built-in function %s>", o->u.fn.fn->name);
		break;
	case PY_DTYPE: sbuf_add(b, dtype_name((int)o->u.i)); break;
	case PY_UFUNC: sbuf_addf(b, "<function %s at %p>", o->u.uf.qualname != NULL ? o->u.uf.qualname : o->u.uf.def->names[0], (void *)o); break;
	case PY_RNG: sbuf_addf(b, "<torch._C.Generator object at %p>", (void *)o); break;
	case PY_GEN:
		if (o->u.gen->kind == GEN_EXPR)
			sbuf_addf(b, "<generator object <genexpr> at %p>", (void *)o);
		else
			sbuf_addf(b, "<%s object at %p>", py_type_name(o), (void *)o);
		break;
	case PY_DICT: case PY_DVIEW:
		dict_repr(b, o, po);
		break;
	case PY_RANGE:
		sbuf_addf(b, "range(%lld, %lld", o->u.range.start, o->u.range.stop);
		sbuf_add(b, o->u.range.step != 1 ? "" : ")");
		if (o->u.range.step != 1)
			sbuf_addf(b, ", %lld)", o->u.range.step);
		break;
	case PY_SLICE:
		sbuf_add(b, "slice(");
		for (i = 0; i < 3; i++) {
			const struct pyobj *e = i == 0 ? o->u.slice.start : i == 1 ? o->u.slice.stop : o->u.slice.step;

			if (i > 0)
				sbuf_add(b, ", ");
			if (e == NULL)
				sbuf_add(b, "None");
			else
				py_repr(b, e, po);
		}
		sbuf_addc(b, ')');
		break;
	}
}

void
py_str_of(struct sbuf *b, const struct pyobj *o, const struct print_opts *po)
{
	if (o->type == PY_STR)
		sbuf_addn(b, o->u.str.s, o->u.str.len);
	else
		py_repr(b, o, po);
}

long long
py_slice_adjust(long long a, long long n, long long st)
{
	if (a < 0) {
		a += n;
		if (a < 0)
			a = st < 0 ? -1 : 0;
	} else if (a >= n) {
		a = st < 0 ? n - 1 : n;
	}
	return a;
}

/* ---- generators: pycomp.c runs them; here, below every caller, what a pull needs ---- */

int (*py_gen_next)(struct py_session *s, struct pyobj *g, struct pyobj **item);

struct pyobj *
py_seq_of_buf(int type, struct sbuf *b, int ok)
{
	struct pyobj **v = (struct pyobj **)(void *)b->s, *r = NULL;
	int i, n = (int)(b->len / sizeof *v);

	if (ok) {
		r = py_seq(type, n);
		for (i = 0; i < n; i++) {
			r->u.seq.v[i] = v[i];
			r->deps |= v[i]->deps;
		}
	} else {
		for (i = 0; i < n; i++)
			py_decref(v[i]);
	}
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
	return r;
}

/* a generator's items from where it is to its end, as a tuple (list(g)); NULL after an error inside */
struct pyobj *
py_gen_drain(struct py_session *s, struct pyobj *g)
{
	struct sbuf b = { 0 };
	struct pyobj *v;
	int rc;

	while ((rc = py_gen_next(s, g, &v)) == 1)
		sbuf_addn(&b, (const char *)&v, sizeof v);
	return py_seq_of_buf(PY_TUPLE, &b, rc == 0);
}
