/*
 * lib_layers.c - the layers of Karpathy's lecture beyond Linear and
 * Dropout: torch.relu, relu_, x.relu(), F.relu, nn.ReLU; F.gelu, nn.GELU
 * (the kernels' gelu.c); F.layer_norm, torch.layer_norm, nn.LayerNorm (the
 * kernels' tensor_layer_norm, ATen's LayerNormKernelImplInternal), with
 * PyTorch 1.13's checks and messages.  The modules are nn.Module instances
 * (OBJ_LAYER) whose attributes are the ones their __init__ sets
 * (normalized_shape, eps, elementwise_affine and the parameters weight and
 * bias; inplace; approximate), read again by each call as their forward
 * does, their repr their extra_repr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* ---- relu ---- */

/* relu(x) (clamp_min(x, 0): NaN and -0.0 kept), or x.relu_() (inplace): x written, x returned */
static struct pyobj *
relu_op(struct py_session *s, struct pyobj *x, int inplace)
{
	struct pyobj *y;
	struct tensor_view v;
	size_t i, n;
	int req = pyt_grad(x);

	if (x->u.t.dtype == DT_BOOL)
		return py_fail(s, "RuntimeError: Boolean inputs not supported for relu");
	if (inplace || x->u.t.dtype == DT_INT64) {
		y = pyt_contig(s, x);
	} else if ((y = op_unary_out(s, x, x, &v)) != NULL) {
		tensor_copy_view(y->u.t.st->data, &v);
	}
	if (y == NULL)
		return NULL;
	n = y->u.t.st->n;
	for (i = 0; i < n; i++)
		if (y->u.t.dtype == DT_FLOAT && ((float *)y->u.t.st->data)[i] < 0)
			((float *)y->u.t.st->data)[i] = 0.0f;
		else if (y->u.t.dtype == DT_DOUBLE && ((double *)y->u.t.st->data)[i] < 0)
			((double *)y->u.t.st->data)[i] = 0.0;
		else if (y->u.t.dtype == DT_INT64 && ((long long *)y->u.t.st->data)[i] < 0)
			((long long *)y->u.t.st->data)[i] = 0;
	if (inplace)
		return pyt_inplace_result(s, x, y, "ReluBackward0", req);
	y->deps = x->deps;
	pyt_set_grad(y, "ReluBackward0", req);
	return y;
}

/* x.relu(), torch.relu(x) (op 0); x.relu_(), torch.relu_(x) (op 1); F.relu(x, inplace=False) (op 2) */
static struct pyobj *
f_relu(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int inplace = b->op == 1;

	if (b->op == 2 && a[0] != NULL && op_truth(s, a[0], &inplace) != 0)
		return NULL;
	return relu_op(s, x, inplace);
}

/* ---- gelu ---- */

/* the length of TensorIterator's inner loop over v (x's view in the result's order); 0: x is not
 * contiguous along it (its scalar loop), as cpu_kernel_vec's VectorizedLoop2d decides */
static size_t
inner_row(const struct tensor_view *v)
{
	int shape[TENSOR_MAXDIM], d, nd = 0;
	long long stride[TENSOR_MAXDIM];
	size_t row;

	for (d = 0; d < v->ndim; d++)
		if (v->shape[d] != 1) {
			shape[nd] = v->shape[d];
			stride[nd++] = v->stride[d];
		}
	if (nd == 0)
		return v->numel;
	if (stride[nd - 1] != 1 && stride[nd - 1] != 0)
		return 0;
	row = (size_t)shape[nd - 1];
	for (d = nd - 2; d >= 0 && stride[d] == (long long)shape[d + 1] * stride[d + 1]; d--)
		row *= (size_t)shape[d];
	return row;
}

static struct pyobj *
gelu_op(struct py_session *s, struct pyobj *x, const struct pyobj *approx)
{
	struct pyobj *y;
	struct tensor_view v;
	int tanh_approx;

	if (approx != NULL && approx->type != PY_STR)
		return py_fail(s, "gelu(): argument 'approximate' must be str, not %s", py_type_name(approx));
	if (approx != NULL && strcmp(approx->u.str.s, "none") != 0 && strcmp(approx->u.str.s, "tanh") != 0)
		return py_fail(s, "RuntimeError: approximate argument must be either none or tanh.");
	tanh_approx = approx != NULL && strcmp(approx->u.str.s, "tanh") == 0;
	if (x->u.t.dtype == DT_DOUBLE)
		return f64_refuse(s, "gelu");
	if (x->u.t.dtype != DT_FLOAT)
		return py_fail(s, "\"GeluKernelImpl\" not implemented for '%s'", pyt_cat_name[x->u.t.dtype]);
	if ((y = op_unary_out(s, x, x, &v)) == NULL)
		return NULL;
	tensor_copy_view(y->u.t.st->data, &v);
	if (!tanh_approx && pyt_is_contiguous(&x->u.t) && x->u.t.numel > 1) {	/* use_mkldnn: oneDNN's kernel */
		tensor_gelu_dnnl_array(y->u.t.st->data, x->u.t.numel);
	} else if (tensor_gelu(y->u.t.st->data, x->u.t.numel, inner_row(&v), tanh_approx,
	    tensor_intraop_threads()) != 0) {
		py_decref(y);
		return py_fail(s, "NotImplementedError: gelu(approximate='none') of a non-contiguous tensor runs ATen's "
		    "vector erf (SLEEF's), which attn-explain does not have; call .contiguous() first");
	}
	y->deps = x->deps;
	pyt_set_grad(y, "GeluBackward0", pyt_grad(x));
	return y;
}

/* F.gelu(x, *, approximate='none') */
static struct pyobj *
f_gelu(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)b;
	return gelu_op(s, x, a[0]);
}

/* ---- layer_norm ---- */

/* "[2, 3]": a shape as c10 prints an IntArrayRef (open "[*, ": a shape's last dims) */
static void
shape_str(struct sbuf *b, const int *shape, int n, const char *open)
{
	char buf[TENSOR_MAXDIM * 13 + 8];

	sbuf_add(b, text_dims(buf, sizeof buf, n, shape, open, "]"));
}

/* normalized_shape as the argument parser reads an IntArrayRef: an int, or a sequence of ints */
static int
int_list(struct py_session *s, const struct pyobj *o, int *out, int *n)
{
	int i;

	if (py_is_int(o)) {
		*n = 1;
		out[0] = (int)o->u.i;
		return 0;
	}
	if (!arith_is_seq(o) || o->u.seq.n > TENSOR_MAXDIM) {
		py_fail(s, "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not %s",
		    py_type_name(o));
		return -1;
	}
	for (i = 0; i < o->u.seq.n; i++) {
		if (!py_is_int(o->u.seq.v[i])) {
			py_fail(s, "layer_norm(): argument 'normalized_shape' must be tuple of ints, but found "
			    "element of type %s at pos %d", py_type_name(o->u.seq.v[i]), i + 1);	/* the parser's wording */
			return -1;
		}
		out[i] = (int)o->u.seq.v[i]->u.i;
	}
	*n = o->u.seq.n;
	return 0;
}

/* ATen's _check_layer_norm_inputs: 0, or -1 after its message */
static int
check_layer_norm(struct py_session *s, const struct pytensor *x, const int *ns, int nn, const struct pyobj *w,
    const char *what)
{
	struct sbuf b = { 0 };
	int d, ok = 1;

	if (w != NULL) {
		ok = w->u.t.ndim == nn;
		for (d = 0; ok && d < nn; d++)
			ok = w->u.t.shape[d] == ns[d];
		if (!ok) {
			sbuf_addf(&b, "Expected %s to be of same shape as normalized_shape, but got %s of shape ", what, what);
			shape_str(&b, w->u.t.shape, w->u.t.ndim, "[");
		}
	} else {
		ok = x->ndim >= nn;
		for (d = 0; ok && d < nn; d++)
			ok = x->shape[x->ndim - nn + d] == ns[d];
		if (!ok) {
			sbuf_add(&b, "Given normalized_shape=");
			shape_str(&b, ns, nn, "[");
			sbuf_add(&b, ", expected input with shape ");
			shape_str(&b, ns, nn, "[*, ");	/* nn >= 1 here */
			sbuf_add(&b, ", but got input of size");
			shape_str(&b, x->shape, x->ndim, "[");
		}
	}
	if (!ok && w != NULL) {
		sbuf_add(&b, " and normalized_shape = ");
		shape_str(&b, ns, nn, "[");
	}
	if (!ok)
		py_fail(s, "%s", b.s);
	free(b.s);
	return ok ? 0 : -1;
}

/* a contiguous float32 copy of an optional weight or bias, else n copies of fill */
static float *
affine_row(const struct pyobj *p, size_t n, float fill)
{
	float *r = xmalloc((n ? n : 1) * sizeof *r);
	size_t i;

	for (i = 0; i < n; i++)
		r[i] = p != NULL ? (float)pyt_get(&p->u.t, i) : fill;
	return r;
}

/* F.layer_norm(x, normalized_shape, weight, bias, eps): ATen's checks, then its kernel on x.contiguous() */
static struct pyobj *
layer_norm_op(struct py_session *s, struct pyobj *x, const struct pyobj *shape, struct pyobj *w, struct pyobj *bias,
    double eps)
{
	int ns[TENSOR_MAXDIM], nn, d;
	size_t n = 1, rows;
	struct pyobj *c, *y;
	float *g, *be;

	if (w != NULL && w->type == PY_NONE)
		w = NULL;
	if (bias != NULL && bias->type == PY_NONE)
		bias = NULL;
	if ((w != NULL && w->type != PY_TENSOR) || (bias != NULL && bias->type != PY_TENSOR))
		return py_fail(s, "layer_norm(): argument '%s' (position %d) must be Tensor, not %s", w != NULL &&
		    w->type != PY_TENSOR ? "weight" : "bias", w != NULL && w->type != PY_TENSOR ? 3 : 4,
		    py_type_name(w != NULL && w->type != PY_TENSOR ? w : bias));
	if (int_list(s, shape, ns, &nn) != 0)
		return NULL;
	if (nn < 1) {
		struct sbuf b = { 0 };

		shape_str(&b, ns, nn, "[");
		py_fail(s, "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, "
		    "but got normalized_shape = %s", b.s);
		free(b.s);
		return NULL;
	}
	if (check_layer_norm(s, &x->u.t, ns, nn, w, "weight") != 0 || check_layer_norm(s, &x->u.t, ns, nn, bias, "bias") != 0 ||
	    check_layer_norm(s, &x->u.t, ns, nn, NULL, NULL) != 0)
		return NULL;
	if (x->u.t.dtype == DT_DOUBLE || (w != NULL && w->u.t.dtype == DT_DOUBLE) || (bias != NULL && bias->u.t.dtype == DT_DOUBLE))
		return f64_refuse(s, "layer_norm");
	if (x->u.t.dtype != DT_FLOAT)
		return py_fail(s, "\"LayerNormKernelImpl\" not implemented for '%s'", pyt_cat_name[x->u.t.dtype]);
	for (d = 0; d < nn; d++)
		n *= (size_t)ns[d];
	if ((y = pyt_result(s, DT_FLOAT, x->u.t.ndim, x->u.t.shape, NULL)) == NULL)
		return NULL;
	if (x->u.t.numel > 0 && n > 0) {
		rows = x->u.t.numel / n;
		if ((c = pyt_contig(s, x)) == NULL)
			return py_drop(NULL, y);
		g = affine_row(w, n, 1.0f);
		be = affine_row(bias, n, 0.0f);
		/* affine: vec::map3's two fused steps; else its scalar loop, compiled to the same two fmas */
		tensor_layer_norm(pyt_data(&y->u.t), pyt_data(&c->u.t), g, be, rows, (int)n, (float)eps);
		free(g);
		free(be);
		py_decref(c);
	}
	y->deps = x->deps | (w ? w->deps : 0) | (bias ? bias->deps : 0);
	pyt_set_grad(y, "NativeLayerNormBackward0", pyt_grad(x) || (w && pyt_grad(w)) || (bias && pyt_grad(bias)));
	return y;
}

/* F.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05); torch.layer_norm(..., cudnn_enable) */
static struct pyobj *
f_layer_norm(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	double eps = 1e-5;

	(void)b;
	if (a[3] != NULL && py_to_double(s, a[3], "layer_norm(): argument 'eps'", &eps) != 0)
		return NULL;
	return layer_norm_op(s, x, a[0], a[1], a[2], eps);
}

/* ---- the modules ---- */

static struct pyobj *
attr(const struct pyobj *m, const char *name)
{
	struct pyattr *a = nn_attr_find(m, name, -1);

	return a != NULL ? a->v : NULL;
}

/* Module.__call__(input) of a layer whose forward(self, input) is fwd */
static struct pyobj *
layer_call(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw, struct pyobj *(*fwd)(struct py_session *, struct pyobj *, struct pyobj *))
{
	const char *name = m->u.obj.layer->name;
	struct pyobj *x = nargs > 0 ? args[0] : NULL;

	if (nargs > 1)
		return py_fail(s, "%s.forward() takes 2 positional arguments but %d were given", name, nargs + 1);
	if (nkw > 1 || (nkw == 1 && strcmp(kwnames[0], "input") != 0))
		return py_fail(s, "%s.forward() got an unexpected keyword argument '%s'", name,
		    strcmp(kwnames[0], "input") != 0 ? kwnames[0] : kwnames[1]);
	if (nkw == 1 && x != NULL)
		return py_fail(s, "%s.forward() got multiple values for argument 'input'", name);
	if (nkw == 1)
		x = kwargs[0];
	if (x == NULL)
		return py_fail(s, "%s.forward() missing 1 required positional argument: 'input'", name);
	if (x->type != PY_TENSOR)
		return py_fail(s, "%s(): argument 'input' (position 1) must be Tensor, not %s",
		    strcmp(name, "LayerNorm") == 0 ? "layer_norm" : strcmp(name, "ReLU") == 0 ? "relu" : "gelu",
		    py_type_name(x));
	return fwd(s, m, x);
}

static struct pyobj *
ln_forward(struct py_session *s, struct pyobj *m, struct pyobj *x)
{
	double eps;

	if (py_to_double(s, attr(m, "eps"), "layer_norm(): argument 'eps'", &eps) != 0)
		return NULL;
	return layer_norm_op(s, x, attr(m, "normalized_shape"), attr(m, "weight"), attr(m, "bias"), eps);
}

static struct pyobj *
relu_forward(struct py_session *s, struct pyobj *m, struct pyobj *x)
{
	int inplace;

	if (op_truth(s, attr(m, "inplace"), &inplace) != 0)
		return NULL;
	return relu_op(s, x, inplace);
}

static struct pyobj *
gelu_forward(struct py_session *s, struct pyobj *m, struct pyobj *x)
{
	return gelu_op(s, x, attr(m, "approximate"));
}

static struct pyobj *
ln_call(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames, struct pyobj **kwargs,
    int nkw)
{
	return layer_call(s, m, args, nargs, kwnames, kwargs, nkw, ln_forward);
}

static struct pyobj *
relu_call(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	return layer_call(s, m, args, nargs, kwnames, kwargs, nkw, relu_forward);
}

static struct pyobj *
gelu_call(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	return layer_call(s, m, args, nargs, kwnames, kwargs, nkw, gelu_forward);
}

/* '{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}'.format(**self.__dict__) */
static void
ln_repr(struct sbuf *b, const struct pyobj *m, const struct print_opts *po)
{
	py_repr(b, attr(m, "normalized_shape"), po);
	sbuf_add(b, ", eps=");
	py_repr(b, attr(m, "eps"), po);
	sbuf_add(b, ", elementwise_affine=");
	py_repr(b, attr(m, "elementwise_affine"), po);
}

/* 'inplace=True' if self.inplace else '' */
static void
relu_repr(struct sbuf *b, const struct pyobj *m, const struct print_opts *po)
{
	const struct pyobj *v = attr(m, "inplace");

	(void)po;
	if (!(v->type == PY_NONE || ((v->type == PY_BOOL || v->type == PY_INT) && v->u.i == 0)))
		sbuf_add(b, "inplace=True");
}

/* 'approximate={}'.format(repr(self.approximate)) */
static void
gelu_repr(struct sbuf *b, const struct pyobj *m, const struct print_opts *po)
{
	sbuf_add(b, "approximate=");
	py_repr(b, attr(m, "approximate"), po);
}

static const struct nnlayer layer_norm = { "LayerNorm", ln_repr, ln_call };
static const struct nnlayer relu_layer = { "ReLU", relu_repr, relu_call };
static const struct nnlayer gelu_layer = { "GELU", gelu_repr, gelu_call };

static struct pyobj *
layer_new(const struct nnlayer *l)
{
	struct pyobj *o = nn_obj_new(OBJ_LAYER, NULL);

	o->u.obj.layer = l;
	return o;
}

/* a parameter of shape ns filled with v (LayerNorm.reset_parameters: ones_, zeros_) */
static struct pyobj *
filled_param(struct py_session *s, const int *ns, int nn, float v)
{
	struct pyobj *p = pyt_zeros(s, DT_FLOAT, nn, ns, NULL);
	size_t i;

	if (p == NULL)
		return NULL;
	for (i = 0; i < p->u.t.numel; i++)
		((float *)p->u.t.st->data)[i] = v;
	p->u.t.parameter = p->u.t.requires_grad = 1;
	return p;
}

/* nn.LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True) */
static struct pyobj *
nn_layer_norm(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *o, *shape, *eps, *aff, *w = NULL, *bias = NULL;
	int ns[TENSOR_MAXDIM], nn = 0, affine = 1, d, i;

	(void)b, (void)self;
	if (py_is_int(a[0])) {
		shape = py_seq(PY_TUPLE, 1);
		shape->u.seq.v[0] = py_int(a[0]->u.i);
	} else if ((shape = py_iter_items(s, a[0])) == NULL) {
		return NULL;
	} else if (shape->type != PY_TUPLE) {
		struct pyobj *t = py_seq(PY_TUPLE, shape->u.seq.n);

		for (i = 0; i < shape->u.seq.n; i++)
			py_incref(t->u.seq.v[i] = shape->u.seq.v[i]);
		py_decref(shape);
		shape = t;
	}
	if (shape->u.seq.n > TENSOR_MAXDIM || int_list(s, shape, ns, &nn) != 0 ||
	    (a[2] != NULL && op_truth(s, a[2], &affine) != 0))
		return py_drop(shape->u.seq.n > TENSOR_MAXDIM ? py_fail(s, "nn.LayerNorm: more than %d dims",
		    TENSOR_MAXDIM) : NULL, shape);
	for (d = 0; d < nn; d++)
		if (ns[d] < 0) {
			struct sbuf sb = { 0 };

			shape_str(&sb, ns, nn, "[");
			py_fail(s, "Trying to create tensor with negative dimension %d: %s", ns[d], sb.s);
			free(sb.s);
			return py_drop(NULL, shape);
		}
	if (affine && ((w = filled_param(s, ns, nn, 1.0f)) == NULL || (bias = filled_param(s, ns, nn, 0.0f)) == NULL)) {
		py_decref(w);
		return py_drop(NULL, shape);
	}
	o = layer_new(&layer_norm);
	eps = a[1] != NULL ? a[1] : py_float(1e-5);
	aff = a[2] != NULL ? a[2] : py_bool(1);
	nn_attr_put(o, "normalized_shape", shape, A_DICT);
	nn_attr_put(o, "eps", eps, A_DICT);
	nn_attr_put(o, "elementwise_affine", aff, A_DICT);
	if (w == NULL) {	/* register_parameter('weight', None), ('bias', None) */
		w = py_none();
		bias = py_none();
	}
	nn_attr_put(o, "weight", w, A_PARAM);
	nn_attr_put(o, "bias", bias, A_PARAM);
	if (a[1] == NULL)
		py_decref(eps);
	if (a[2] == NULL)
		py_decref(aff);
	py_decref(shape);
	py_decref(w);
	py_decref(bias);
	return o;
}

/* nn.ReLU(inplace=False) (op 0), nn.GELU(approximate='none') (op 1): the argument kept as given */
static struct pyobj *
nn_activation(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *o = layer_new(b->op ? &gelu_layer : &relu_layer);
	struct pyobj *v = a[0] != NULL ? a[0] : b->op ? py_str("none", 4) : py_bool(0);

	(void)s, (void)self;
	nn_attr_put(o, b->op ? "approximate" : "inplace", v, A_DICT);
	if (a[0] == NULL)
		py_decref(v);
	return o;
}

const struct builtin lib_layers_rows[] = {
	LIB_NS("Tensor"),
	{ "relu", f_relu, 0, "/", LIB_F64 },
	{ "relu_", f_relu, 1, "/", LIB_F64 },
	LIB_NS("torch"),
	{ "relu", f_relu, 0, "", LIB_SELF_FIRST | LIB_F64 },
	{ "relu_", f_relu, 1, "", LIB_SELF_FIRST | LIB_F64 },
	{ "layer_norm", f_layer_norm, 0, "normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True",
	    LIB_SELF_FIRST | LIB_F64 },
	LIB_NS("torch.nn.functional"),
	{ "relu", f_relu, 2, "[def] inplace=False", LIB_SELF_FIRST | LIB_F64 },
	{ "gelu", f_gelu, 0, "*, approximate='none'", LIB_SELF_FIRST | LIB_F64 },
	{ "layer_norm", f_layer_norm, 0, "[def] normalized_shape, weight=None, bias=None, eps=1e-05",
	    LIB_SELF_FIRST | LIB_F64 },
	LIB_NS("torch.nn"),
	{ "LayerNorm", nn_layer_norm, 0, "[def LayerNorm.__init__] normalized_shape, eps=1e-05, elementwise_affine=True, "
	    "~device=None, ~dtype=None", 0 },
	{ "ReLU", nn_activation, 0, "[def ReLU.__init__] inplace=False", 0 },
	{ "GELU", nn_activation, 1, "[def GELU.__init__] approximate='none'", 0 },
	LIB_END
};
