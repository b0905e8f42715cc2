/*
 * lib_torch.c - torch.* functions that make tensors (tensor, ones, zeros,
 * empty, the _like ones, rand, randn, arange, stack, cat, Size,
 * manual_seed), F.linear and F.dropout, and the nn modules (Parameter,
 * Linear, Dropout, Softmax): one C function per entry, or per family with
 * the same body (the row passes what differs), and their rows.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

static struct pyobj *
torch_tensor(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *t, *c;
	int dt;

	(void)self;
	if (a[0] == NULL)
		return py_fail(s, "tensor() missing required argument 'data' (pos 1)");
	if (lib_dtype(s, b, a[1], &dt) != 0)
		return NULL;
	if (a[0]->type != PY_TENSOR)
		return lib_with_grad(op_from_data(s, a[0], dt), s, b, a[2]);
	t = op_clone(s, a[0], NULL);	/* torch.tensor(t): a copy, with a warning in PyTorch */
	if (t != NULL && dt >= 0) {
		c = op_to(s, t, dt);
		py_decref(t);
		t = c;
	}
	return lib_with_grad(t, s, b, a[2]);
}

/* a new tensor of the shape in a[0] and the dtype in a[1]; rand's only float32 */
static struct pyobj *
shaped(struct py_session *s, const struct builtin *b, struct pyobj **a, int float_only)
{
	int nd, shape[TENSOR_MAXDIM], dt;
	struct pyobj *t;

	if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 0) != 0 ||
	    lib_dtype(s, b, a[1], &dt) != 0)
		return NULL;
	if (float_only && dt >= 0 && dt != DT_FLOAT && dt != DT_DOUBLE)
		return py_fail(s, "\"check_uniform_bounds\" not implemented for '%s'", dt == DT_INT64 ? "Long" : "Bool");
	if ((t = pyt_empty(dt < 0 ? DT_FLOAT : dt, nd, shape)) == NULL)
		return py_oom(s) ? NULL : py_fail(s, "%s(): the tensor is too large (more than %zu elements)", b->name, py_max_numel);
	return t;
}

/*
 * What torch_new() fills a new tensor with: zeros (torch.zeros, and
 * torch.empty as the book uses it: filled before it is read), ones, rand, randn.
 */
enum { NEW_ZEROS, NEW_ONES, NEW_RAND, NEW_RANDN };

static struct pyobj *
torch_new(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *t;
	struct rng *g = &s->rng;

	(void)self;
	if (b->op >= NEW_RAND && (g = lib_rng(s, b, a[3])) == NULL)	/* rand, randn: a[3] the generator */
		return NULL;
	if (a[0]->u.seq.n == 0)	/* torch.rand(): no size, no overload (the first line of PyTorch's message) */
		return py_fail(s, "%s() received an invalid combination of arguments - got (%s%s%s%s), but expected one of:",
		    b->name, a[1] ? "dtype=torch.dtype, " : "", a[2] ? "requires_grad=" : "", a[2] ? py_type_name(a[2]) : "",
		    a[2] ? ", " : "");
	if ((t = shaped(s, b, a, b->op >= NEW_RAND)) == NULL)
		return NULL;
	if (b->op == NEW_ONES)
		lib_fill(t, 1);
	else if (b->op == NEW_RAND && t->u.t.dtype == DT_DOUBLE)
		rng_rand64(g, t->u.t.st->data, t->u.t.numel);
	else if (b->op == NEW_RANDN && t->u.t.dtype == DT_DOUBLE)
		rng_randn64(g, t->u.t.st->data, t->u.t.numel);
	else if (b->op == NEW_RAND)
		rng_rand(g, pyt_data(&t->u.t), t->u.t.numel);
	else if (b->op == NEW_RANDN)
		rng_randn(g, pyt_data(&t->u.t), t->u.t.numel);
	return lib_with_grad(t, s, b, a[2]);
}

/* ones_like (op 1), zeros_like (op 0) */
static struct pyobj *
torch_like(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *c, *t;
	int dt;

	(void)self;
	if (lib_need_tensor(s, b, a[0], "input", 1) == NULL || lib_dtype(s, b, a[1], &dt) != 0)
		return NULL;
	if ((c = op_clone(s, a[0], NULL)) == NULL)
		return NULL;
	if (dt >= 0 && dt != c->u.t.dtype) {
		t = op_to(s, c, dt);
		py_decref(c);
		if ((c = t) == NULL)
			return NULL;
	}
	c->u.t.grad_fn = NULL;
	c->deps = 0;
	lib_fill(c, b->op);
	return lib_with_grad(c, s, b, a[2]);
}

static struct pyobj *
torch_manual_seed(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double f;

	(void)b, (void)self;
	if (a[0] == NULL)
		return py_fail(s, "manual_seed() missing 1 required positional argument: 'seed'");
	if (a[0]->type == PY_FLOAT) {	/* torch.manual_seed does int(seed) first */
		f = a[0]->u.f;
		if (isinf(f))
			return py_fail(s, "cannot convert float infinity to integer");
		if (isnan(f))
			return py_fail(s, "cannot convert float NaN to integer");
		if (f >= 2 * UTIL_INT64_LIMIT || f <= -UTIL_INT64_LIMIT)
			return py_fail(s, "Overflow when unpacking long");
		rng_seed(&s->rng, f >= UTIL_INT64_LIMIT ? (uint64_t)f : (uint64_t)(long long)f);
		s->initial_seed = f >= UTIL_INT64_LIMIT ? (uint64_t)f : (uint64_t)(long long)f;
		return py_none();
	}
	if (a[0]->type != PY_INT && a[0]->type != PY_BOOL)
		return py_fail(s, "manual_seed expected a long, but got %s", py_type_name(a[0]));
	rng_seed(&s->rng, (uint64_t)a[0]->u.i);	/* negative seeds wrap to [0, 2^64), as PyTorch's */
	s->initial_seed = (uint64_t)a[0]->u.i;
	return py_none();
}

/* torch.Generator(device='cpu'): a stream of its own, seeded as PyTorch seeds a new CPU generator */
static struct pyobj *
torch_generator(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *g;

	(void)b, (void)self;
	if (a[0] != NULL && (a[0]->type != PY_STR || strcmp(a[0]->u.str.s, "cpu") != 0))
		return py_fail(s, "torch.Generator(): a device other than 'cpu' is not supported");
	g = py_new(PY_RNG);
	g->u.rng = xcalloc(1, sizeof *g->u.rng);
	rng_seed(g->u.rng, 67280421310721ULL);	/* c10's default_rng_seed_val */
	return g;
}

/* g.manual_seed(seed): g reseeded (a negative seed wraps to [0, 2^64)), g returned */
static struct pyobj *
gen_manual_seed(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b;
	if (a[0]->type != PY_INT && a[0]->type != PY_BOOL)
		return py_fail(s, "RuntimeError: manual_seed expected a long, but got %s", py_type_name(a[0]));
	rng_seed(self->u.rng, (uint64_t)a[0]->u.i);
	py_incref(self);
	return self;
}

/* g.initial_seed(): the seed it was last given */
static struct pyobj *
gen_initial_seed(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)a;
	return lib_seed_int(s, self->u.rng->seed);
}

/* cat (op 0), stack (op 1) */
static struct pyobj *
torch_cat(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long k = 0;

	(void)self;
	if (a[0] == NULL)
		return py_fail(s, "%s() missing required argument 'tensors' (pos 1)", b->name);
	if (a[1] != NULL && py_to_long(s, a[1], "dim", &k) != 0)
		return NULL;
	return op_cat(s, a[0], k, b->op);
}

/*
 * arange's values as ATen's CPU arange_kernel writes them (its AVX2 build contracts each
 * a + b * c to one fused multiply-add): the accumulate type double, each element
 * start + step * i, but cpu_serial_kernel_vec's vector loop (16 floats or 8 doubles a
 * round, two vectors) makes a vector from its first element base = (T)(start + step * i),
 * then (T)(base + k * step); the tail past the last whole round is the scalar formula
 */
static void
arange_fill(struct pyobj *t, double start, double step, long long n)
{
	int lanes = t->u.t.dtype == DT_DOUBLE ? 4 : 8, k;
	long long i, r;

	for (r = 0; r + 2 * lanes <= n; r += 2 * lanes)
		for (i = r; i < r + 2 * lanes; i += lanes)
			if (t->u.t.dtype == DT_DOUBLE) {
				double base = fma(step, (double)i, start), *o = (double *)t->u.t.st->data + i;

				for (k = 0; k < lanes; k++)
					o[k] = k == 0 ? base : fma((double)k, step, base);
			} else {
				float base = (float)fma(step, (double)i, start), *o = (float *)t->u.t.st->data + i;

				for (k = 0; k < lanes; k++)
					o[k] = k == 0 ? base : (float)fma((double)k, step, (double)base);
			}
	for (i = r; i < n; i++)
		if (t->u.t.dtype == DT_DOUBLE)
			((double *)t->u.t.st->data)[i] = fma(step, (double)i, start);
		else
			((float *)t->u.t.st->data)[i] = (float)fma(step, (double)i, start);
}

static struct pyobj *
torch_arange(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double v[3] = { 0, 0, 1 }, size;	/* start, end, step */
	long long n, k;
	struct pyobj *t, *c;
	int i, shape[1], dt, fl = 0;
	static const int at[] = { 3, 0, 4 };	/* a[]: end, dtype, requires_grad, start, step */

	(void)self;
	for (i = 0; i < 3; i++)
		if (a[at[i]] != NULL) {
			if (!py_is_number(a[at[i]]))
				return py_fail(s, "arange(): only number bounds are supported");
			fl |= a[at[i]]->type == PY_FLOAT;
			v[i] = a[at[i]]->type == PY_FLOAT ? a[at[i]]->u.f : (double)a[at[i]]->u.i;
		}
	if (lib_dtype(s, b, a[1], &dt) != 0)
		return NULL;
	if (dt < 0)
		dt = fl ? DT_FLOAT : DT_INT64;
	for (i = 0; i < 3 && (dt == DT_INT64 || dt == DT_BOOL); i++)	/* start.to<int64_t>() */
		v[i] = (double)(long long)v[i];
	if (!(v[2] > 0 || v[2] < 0))
		return py_fail(s, "RuntimeError: step must be nonzero");
	if (!isfinite(v[0]) || !isfinite(v[1]))
		return py_fail(s, "unsupported range: %g -> %g", v[0], v[1]);
	if (!((v[2] > 0 && v[1] >= v[0]) || (v[2] < 0 && v[1] <= v[0])))
		return py_fail(s, "upper bound and larger bound inconsistent with step sign");
	size = ceil((v[1] - v[0]) / v[2]);
	if (size > (double)py_max_numel)
		return py_oom(s) ? NULL : py_fail(s, "arange(): the tensor is too large (more than %zu elements)", py_max_numel);
	n = (long long)size;
	shape[0] = (int)n;
	if (dt == DT_FLOAT || dt == DT_DOUBLE) {
		t = pyt_empty(dt, 1, shape);
		arange_fill(t, v[0], v[2], n);
		return lib_with_grad(t, s, b, a[2]);
	}
	t = pyt_empty(DT_INT64, 1, shape);
	for (k = 0; k < n; k++)
		((long long *)t->u.t.st->data)[k] = (long long)v[0] + k * (long long)v[2];
	if (dt != DT_INT64) {
		c = op_to(s, t, dt);
		py_decref(t);
		t = c;
	}
	return lib_with_grad(t, s, b, a[2]);
}

static struct pyobj *
torch_size(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM];

	(void)b, (void)self;
	if (a[0] == NULL)
		return py_size(0, NULL);
	if (py_shape_args(s, a, 1, "Size", &nd, shape, 0) != 0)
		return NULL;
	return py_size(nd, shape);
}

static struct pyobj *
f_linear(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)self;
	if (lib_need_tensor(s, b, a[0], "input", 1) == NULL || lib_need_tensor(s, b, a[1], "weight", 2) == NULL)
		return NULL;
	if (a[1]->u.t.ndim != 2)
		return py_fail(s, "linear(): the weight must be 2-d (out_features, in_features)");
	if (a[2] != NULL && a[2]->type != PY_NONE && lib_need_tensor(s, b, a[2], "bias", 3) == NULL)
		return NULL;
	return op_linear(s, a[0], a[1], a[2] != NULL && a[2]->type != PY_NONE ? a[2] : NULL);
}

static struct pyobj *
f_dropout(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double p = 0.5;
	int train, inplace;

	(void)self;
	if (lib_need_tensor(s, b, a[0], "input", 1) == NULL)
		return NULL;
	if (a[1] != NULL && py_to_double(s, a[1], "dropout(): argument 'p'", &p) != 0)
		return NULL;
	if (b->op == 1 && a[2]->type != PY_BOOL)	/* torch.dropout: ATen's parser and check */
		return py_fail(s, "TypeError: dropout(): argument 'train' (position 3) must be bool, not %s", py_type_name(a[2]));
	if (b->op == 1 && !(p >= 0 && p <= 1))
		return py_fail(s, "RuntimeError: dropout probability has to be between 0 and 1, but got %g", p);
	inplace = 0;	/* torch.dropout has no inplace */
	if (lib_flag(s, b, a[2], "training", 1, &train) != 0 || lib_check_p(s, a[1], p) != 0 ||
	    (b->op == 0 && lib_flag(s, b, a[3], "inplace", 0, &inplace) != 0))
		return NULL;
	if (!train) {
		py_incref(a[0]);
		return a[0];
	}
	return inplace ? op_dropout_inplace(s, a[0], p) : op_dropout(s, a[0], p);
}

static struct pyobj *
nn_parameter(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *t;
	int rg;

	(void)self;
	if (a[0] != NULL && a[0]->type != PY_NONE && a[0]->type != PY_TENSOR)	/* Parameter.__new__ calls data.detach() */
		return py_fail(s, "'%s' object has no attribute 'detach'", py_type_name(a[0]));
	if (lib_flag(s, b, a[1], "requires_grad", 1, &rg) != 0)
		return NULL;
	if (a[0] == NULL || a[0]->type == PY_NONE) {	/* torch.empty(0) */
		int zero = 0;

		if ((t = pyt_empty(DT_FLOAT, 1, &zero)) == NULL)
			return NULL;
	} else {
		if (rg && a[0]->u.t.dtype != DT_FLOAT && a[0]->u.t.dtype != DT_DOUBLE)
			return py_fail(s, "Only Tensors of floating point and complex dtype can require gradients");
		t = op_detach(s, a[0]);
	}
	t->u.t.parameter = 1;
	t->u.t.requires_grad = rg;
	return t;
}

static struct pyobj *
linear_module(struct py_session *s, long long in, long long out, int bias, int dt)
{
	struct pyobj *m = py_new(PY_MODULE);
	int ws[2], bs[1];

	ws[0] = (int)out;
	ws[1] = (int)in;
	bs[0] = (int)out;
	m->u.m.kind = MOD_LINEAR;
	m->u.m.in = (int)in;
	m->u.m.out = (int)out;
	m->u.m.weight = pyt_empty(dt, 2, ws);
	m->u.m.bias = bias ? pyt_empty(dt, 1, bs) : NULL;
	if (m->u.m.weight == NULL || (bias && m->u.m.bias == NULL)) {
		py_decref(m);
		return py_fail(s, "nn.Linear(%lld, %lld): the weight is too large", in, out);
	}
	/* weight then bias, each uniform(-1/sqrt(in), 1/sqrt(in)), from the session's generator */
	if (dt == DT_DOUBLE)	/* dtype=torch.float64: uniform_ on doubles */
		rng_linear64(&s->rng, m->u.m.weight->u.t.st->data, bias ? m->u.m.bias->u.t.st->data : NULL,
		    (int)in, (int)out);
	else
		rng_linear(&s->rng, pyt_data(&m->u.m.weight->u.t), bias ? pyt_data(&m->u.m.bias->u.t) : NULL,
		    (int)in, (int)out, 1);
	m->u.m.weight->u.t.parameter = m->u.m.weight->u.t.requires_grad = 1;
	if (bias)
		m->u.m.bias->u.t.parameter = m->u.m.bias->u.t.requires_grad = 1;
	return m;
}

static struct pyobj *
nn_linear(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long in, out;
	int bias = 1, dt;

	(void)self;
	/* Linear.__init__ asks `if bias:` (any value); a[3] is dtype */
	if (py_to_long(s, a[0], "in_features", &in) != 0 || py_to_long(s, a[1], "out_features", &out) != 0 ||
	    (a[2] != NULL && op_truth(s, a[2], &bias) != 0) || lib_dtype(s, b, a[3], &dt) != 0)
		return NULL;
	if (dt >= 0 && dt != DT_FLOAT && dt != DT_DOUBLE)
		return py_fail(s, "Only Tensors of floating point and complex dtype can require gradients");
	if (in < 0 || out < 0)
		return py_fail(s, "Trying to create tensor with negative dimension %lld: [%lld, %lld]",
		    out < 0 ? out : in, out, in);
	if (in > 1000000000 || out > 1000000000 || (size_t)(in * out) > py_max_numel)
		return py_fail(s, "nn.Linear(%lld, %lld): the weight is too large (more than %zu elements)", in, out,
		    py_max_numel);
	return linear_module(s, in, out, bias, dt == DT_DOUBLE ? DT_DOUBLE : DT_FLOAT);
}

static struct pyobj *
nn_dropout(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *m;
	double p = 0.5;
	int inplace;

	(void)self;
	if (a[0] != NULL && py_to_double(s, a[0], "Dropout(): argument 'p'", &p) != 0)
		return NULL;
	if (lib_check_p(s, a[0], p) != 0 || lib_flag(s, b, a[1], "inplace", 0, &inplace) != 0)
		return NULL;
	m = py_new(PY_MODULE);
	m->u.m.kind = MOD_DROPOUT;
	m->u.m.p = p;
	m->u.m.inplace = inplace;
	return m;
}

static struct pyobj *
nn_softmax(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *m;
	long long k = -1000;	/* None */

	(void)b, (void)self;
	if (a[0] != NULL && a[0]->type != PY_NONE && py_to_long(s, a[0], "dim", &k) != 0)
		return NULL;
	m = py_new(PY_MODULE);
	m->u.m.kind = MOD_SOFTMAX;
	m->u.m.dim = k;
	return m;
}

/* PyTorch 1.13's overloads (lib.h: the grammar); a[] is size, dtype, requires_grad */
#define NEW_TAIL ", dtype=None, ~layout=None, ~device=None, ~pin_memory=False, requires_grad=False"
#define NEW_PARAMS "*size, ~out=None" NEW_TAIL " | *size, ~names" NEW_TAIL
#define EMPTY_PARAMS "*size, ~memory_format=None, ~out=None" NEW_TAIL " | *size, ~names, ~memory_format=None" NEW_TAIL
#define RAND_PARAMS "*size, ~out=None" NEW_TAIL " | *size, generator, ~out=None" NEW_TAIL \
	" | *size, generator, ~names" NEW_TAIL " | *size, ~names" NEW_TAIL
/* a[] is input, dtype, requires_grad */
#define LIKE_PARAMS "input, *" NEW_TAIL ", ~memory_format=None"
/* a[] is end, dtype, requires_grad, start, step */
#define ARANGE_PARAMS "end, *, ~out=None" NEW_TAIL " | start, end, *" NEW_TAIL \
	" | start, end, step=1, *, ~out=None" NEW_TAIL

const struct builtin lib_torch_rows[] = {
	LIB_NS("torch"),
	{ "dropout", f_dropout, 1, "input, p, train", LIB_VF | LIB_F64 },	/* ATen's: the draws of F.dropout */
	{ "tensor", torch_tensor, 0, "data, *, dtype=None, ~device=None, ~pin_memory=False, requires_grad=False, ~names=None", LIB_VF | LIB_F64 },
	{ "ones", torch_new, NEW_ONES, NEW_PARAMS, LIB_VF | LIB_F64 },
	{ "zeros", torch_new, NEW_ZEROS, NEW_PARAMS, LIB_VF | LIB_F64 },
	{ "empty", torch_new, NEW_ZEROS, EMPTY_PARAMS, LIB_VF | LIB_F64 },
	{ "ones_like", torch_like, 1, LIKE_PARAMS, LIB_VF | LIB_F64 },
	{ "zeros_like", torch_like, 0, LIKE_PARAMS, LIB_VF | LIB_F64 },
	{ "rand", torch_new, NEW_RAND, RAND_PARAMS, LIB_VF | LIB_F64 },
	{ "randn", torch_new, NEW_RANDN, RAND_PARAMS, LIB_VF | LIB_F64 },
	{ "manual_seed", torch_manual_seed, 0, "[def] seed", 0 },
	{ "stack", torch_cat, 1, "tensors, dim=0, *, ~out=None", LIB_VF | LIB_F64 },
	{ "cat", torch_cat, 0, "tensors, dim=0, *, ~out=None | tensors, dim, *, ~out=None", LIB_VF | LIB_F64 },
	{ "arange", torch_arange, 0, ARANGE_PARAMS, LIB_VF | LIB_F64 },
	{ "Size", torch_size, 0, "[builtin tuple] iterable=(), /", 0 },
	{ "Generator", torch_generator, 0, "device='cpu'", 0 },
	LIB_NS("Generator"),
	{ "manual_seed", gen_manual_seed, 0, "[meth_o manual_seed] seed, /", 0 },
	{ "initial_seed", gen_initial_seed, 0, "[noargs initial_seed] /", 0 },
	LIB_NS("torch.nn.functional"),
	{ "linear", f_linear, 0, "input, weight, bias=None", LIB_F64 },
	{ "dropout", f_dropout, 0, "[def] input, p=0.5, training=True, inplace=False", LIB_F64 },
	LIB_NS("torch.nn"),
	{ "Parameter", nn_parameter, 0, "[def Parameter.__new__] data=None, requires_grad=True", LIB_F64 },
	{ "Linear", nn_linear, 0, "in_features, out_features, bias=True, ~device=None, dtype=None", LIB_F64 },
	{ "Dropout", nn_dropout, 0, "[def _DropoutNd.__init__] p=0.5, inplace=False", 0 },
	{ "Softmax", nn_softmax, 0, "dim=None", 0 },
	LIB_END
};
