/*
 * lib_bigram.c - what Karpathy's bigram language model needs beyond the
 * rest of the library, each as PyTorch 1.13 computes it on the CPU:
 * torch.randint (random_from_to: one 32-bit draw per element below a
 * range of 2^32, else a 64-bit one), torch.multinomial (without
 * replacement q = exponential_(1), then argmax or topk of p / q; with
 * replacement, even one sample, the cumulative distribution searched), log_softmax over the last dim,
 * F.cross_entropy (log_softmax then nll_loss with its cascade sum),
 * and nn.Embedding (weight drawn by normal_, its forward index_select);
 * the lecture's set() is lib_set.c's.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "lib.h"

/* ---- torch.randint ---- */

/* randint's draws into t: random_from_to's uniform_int_from_to, one element after another */
static void
randint_fill(struct rng *g, struct pyobj *t, long long low, long long high)
{
	uint64_t range = (uint64_t)high - (uint64_t)low, v;
	size_t i;

	for (i = 0; i < t->u.t.numel; i++) {
		v = range >= ((uint64_t)1 << 32) ? rng_u64(g) % range : (uint64_t)rng_u32(g) % range;
		if (t->u.t.dtype == DT_INT64)
			((long long *)t->u.t.st->data)[i] = (long long)(v + (uint64_t)low);
		else
			pyt_store(&t->u.t, i, (double)(long long)(v + (uint64_t)low));
	}
}

/* an int argument of randint: PyTorch's message when it is not one */
static int
randint_int(struct py_session *s, const struct pyobj *o, const char *name, int pos, long long *v)
{
	if (o->type == PY_BOOL || !pyt_int_like(o, v))
		return py_fail(s, "randint(): argument '%s' (position %d) must be int, not %s", name, pos,
		    py_type_name(o)), -1;
	return 0;
}

/* a[] is high, size, generator, dtype, requires_grad, low */
static struct pyobj *
torch_randint(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long low = 0, high;
	int nd, shape[TENSOR_MAXDIM], dt, lowp = a[5] != NULL;
	struct pyobj *t;
	struct rng *g;

	(void)self;
	if ((lowp && randint_int(s, a[5], "low", 1, &low) != 0) || randint_int(s, a[0], "high", 1 + lowp, &high) != 0)
		return NULL;
	if (a[1]->type != PY_TUPLE && a[1]->type != PY_LIST && a[1]->type != PY_SIZE)
		return py_fail(s, "randint(): argument 'size' (position %d) must be tuple of ints, not %s", 2 + lowp,
		    py_type_name(a[1]));
	if (py_shape_args(s, &a[1], 1, "randint", &nd, shape, 0) != 0 || lib_dtype(s, b, a[3], &dt) != 0 ||
	    (g = lib_rng(s, b, a[2])) == NULL)
		return NULL;
	if (dt == DT_BOOL)
		return py_fail(s, "to - 1 is out of bounds for bool");
	if (dt >= 0 && dt != DT_INT64 && (low < -(1LL << 24) || high > (1LL << 24) + 1))
		return py_fail(s, "randint(): a floating dtype with bounds past 2^24 is not supported");
	if (low >= high)
		return py_fail(s, "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld", low, high);
	if ((t = pyt_empty(dt < 0 ? DT_INT64 : dt, nd, shape)) == NULL)
		return py_fail(s, "randint(): the tensor is too large (more than %zu elements)", py_max_numel);
	randint_fill(g, t, low, high);
	return lib_with_grad(t, s, b, a[4]);
}

/* ---- torch.multinomial ---- */

/* the checks of multinomial_out, in its order; -1 after the error */
static int
multinomial_check(struct py_session *s, const struct pytensor *p, long long n, int repl)
{
	if (p->ndim < 1 || p->ndim > 2)
		return py_fail(s, "RuntimeError: prob_dist must be 1 or 2 dim"), -1;
	if (p->dtype != DT_FLOAT)
		return py_fail(s, "multinomial only supports floating-point dtypes for input, got: %s",
		    p->dtype == DT_INT64 ? "Long" : "Bool"), -1;
	if (n <= 0)
		return py_fail(s, "cannot sample n_sample <= 0 samples"), -1;
	if (!repl && n > p->shape[p->ndim - 1])
		return py_fail(s, "cannot sample n_sample > prob_dist.size(-1) samples without replacement"), -1;
	if (p->shape[p->ndim - 1] > (1 << 24))
		return py_fail(s, "number of categories cannot exceed 2^24"), -1;
	return 0;
}

/* the fast path's checks: no inf, nan or negative element; no row summing to 0 */
static int
multinomial_valid(struct py_session *s, const float *p, size_t rows, int cats)
{
	size_t r;
	int j, bad = 0, zero = 0;

	for (r = 0; r < rows; r++) {
		int any = 0;

		for (j = 0; j < cats; j++) {
			float v = p[r * (size_t)cats + (size_t)j];

			bad |= !(v >= 0) || isinf(v);
			any |= v != 0;
		}
		zero |= !any;
	}
	if (bad)
		return py_fail(s, "probability tensor contains either `inf`, `nan` or element < 0"), -1;
	if (zero)
		return py_fail(s, "invalid multinomial distribution (sum of probabilities <= 0)"), -1;
	return 0;
}

/* the k largest of row q (cats floats), in descending order, first index first among equals (topk) */
static void
top_k(const float *q, int cats, long long k, long long *out)
{
	long long i;
	int j;

	for (i = 0; i < k; i++) {
		int best = -1;

		for (j = 0; j < cats; j++) {
			long long m;
			int taken = 0;

			for (m = 0; m < i && !taken; m++)
				taken = out[m] == j;
			if (taken)
				continue;
			if (best < 0 || q[j] > q[best] || (q[j] != q[j] && q[best] == q[best]))
				best = j;
		}
		out[i] = best;
	}
}

/* without replacement: argmax / topk of p / q, q ~ Exp(1) drawn in double per element */
static void
multinomial_fast(struct rng *g, const float *p, size_t rows, int cats, long long n, long long *out,
    float *q)
{
	size_t r, i;

	for (i = 0; i < rows * (size_t)cats; i++) {
		double u = rng_double(g);

		q[i] = (float)(-1.0 / 1.0 * log(1.0 - u));
	}
	for (i = 0; i < rows * (size_t)cats; i++)
		q[i] = p[i] / q[i];
	for (r = 0; r < rows; r++)
		top_k(q + r * (size_t)cats, cats, n, out + r * (size_t)n);
}

/* with replacement: multinomial_with_replacement_apply; -1 after its error */
static int
multinomial_repl(struct py_session *s, struct rng *g, const float *p, size_t rows, int cats, long long n, long long *out,
    float *cum)
{
	size_t r;
	long long k;
	int j;

	for (r = 0; r < rows; r++) {
		float sum = 0;

		for (j = 0; j < cats; j++) {
			float v = p[r * (size_t)cats + (size_t)j];

			if (!(v >= 0))	/* NaN too: TORCH_CHECK(val >= 0) comes first */
				return py_fail(s, "invalid multinomial distribution (encountering probability entry < 0)"), -1;
			if (!isfinite(v))
				return py_fail(s, "invalid multinomial distribution (encountering probability entry = infinity "
				    "or NaN)"), -1;
			sum += v;
			cum[j] = sum;
		}
		if (!(sum > 0))
			return py_fail(s, "invalid multinomial distribution (sum of probabilities <= 0)"), -1;
		for (j = 0; j < cats; j++)
			cum[j] /= sum;
		for (k = 0; k < n; k++) {
			double u = rng_double(g);
			int left = 0, right = cats;

			cum[cats - 1] = 1;
			while (right - left > 0) {
				int mid = left + (right - left) / 2;

				if (cum[mid] < u)
					left = mid + 1;
				else
					right = mid;
			}
			out[r * (size_t)n + (size_t)k] = left;
		}
	}
	return 0;
}

/* self the input; a[] is num_samples, replacement, generator */
static struct pyobj *
torch_multinomial(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *x = self, *c = NULL, *y = NULL, *scratch = NULL;
	long long n;
	int repl = 0, shape[2], cats;
	size_t rows;
	struct rng *g;

	if (a[0]->type == PY_BOOL || !pyt_int_like(a[0], &n))
		return py_fail(s, "multinomial(): argument 'num_samples' (position 2) must be int, not %s",
		    py_type_name(a[0]));
	if (lib_flag(s, b, a[1], "replacement", 0, &repl) != 0 || (g = lib_rng(s, b, a[2])) == NULL ||
	    multinomial_check(s, &x->u.t, n, repl) != 0)
		return NULL;
	cats = x->u.t.shape[x->u.t.ndim - 1];
	rows = x->u.t.ndim == 2 ? (size_t)x->u.t.shape[0] : 1;
	shape[0] = (int)rows;
	shape[1] = (int)n;
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = pyt_zeros(s, DT_INT64, x->u.t.ndim, x->u.t.ndim == 2 ? shape : shape + 1, NULL)) == NULL ||
	    (scratch = pyt_zeros(s, DT_FLOAT, 1, (int[]){ (int)(rows * (size_t)cats) + 1 }, NULL)) == NULL)
		goto fail;
	if (!repl) {	/* 1.13: the fast path without replacement only (one sample with replacement too: the cumulative search) */
		if (multinomial_valid(s, pyt_data(&c->u.t), rows, cats) != 0)
			goto fail;
		multinomial_fast(g, pyt_data(&c->u.t), rows, cats, n, y->u.t.st->data, pyt_data(&scratch->u.t));
	} else if (multinomial_repl(s, g, pyt_data(&c->u.t), rows, cats, n, y->u.t.st->data, pyt_data(&scratch->u.t)) != 0) {
		goto fail;
	}
	py_decref(c);
	py_decref(scratch);
	return y;
fail:
	py_decref(c);
	if (y != NULL)
		py_decref(y);
	if (scratch != NULL)
		py_decref(scratch);
	return NULL;
}

/* ---- log_softmax, cross_entropy ---- */

/* x's log_softmax along dim (the last, or one with nothing after it) as a new float tensor; NULL after the error */
static struct pyobj *
log_softmax_of(struct py_session *s, struct pyobj *x, int dim)
{
	const struct pytensor *t = &x->u.t;
	struct pyobj *c, *y;
	int d, n = t->ndim ? t->shape[dim] : 1;

	if (t->dtype != DT_FLOAT)
		return py_fail(s, "\"log_softmax_lastdim_kernel_impl\" not implemented for '%s'", pyt_cat_name[t->dtype]);
	for (d = dim + 1; d < t->ndim; d++)
		if (t->shape[d] != 1)
			return py_fail(s, "log_softmax over a dim other than the last (dim=%d of %d) is not supported",
			    dim, t->ndim);
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = pyt_zeros(s, DT_FLOAT, t->ndim, t->shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	if (n > 0 && t->numel > 0)
		tensor_log_softmax_rows(pyt_data(&y->u.t), pyt_data(&c->u.t), t->numel / (size_t)n, n);
	py_decref(c);
	y->deps = x->deps;
	pyt_set_grad(y, "LogSoftmaxBackward0", pyt_grad(x));
	return y;
}

/* log_softmax(x, dim): self and a[] dim, dtype; F.log_softmax's a[] input, dim, _stacklevel, dtype (dim None:
 * the legacy choice, with its warning) */
static struct pyobj *
f_log_softmax(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *x = self != NULL ? self : a[0], *dimo = self != NULL ? a[0] : a[1];
	int dim, dt;

	if (lib_need_tensor(s, b, x, "input", 1) == NULL || lib_dtype(s, b, self != NULL ? a[1] : a[3], &dt) != 0)
		return NULL;
	if (dt >= 0 && dt != DT_FLOAT)
		return py_fail(s, "log_softmax(dtype=%s) is not supported", dtype_name(dt));
	if (dimo == NULL || dimo->type == PY_NONE) {
		if (b->op == 0)
			return py_fail(s, "log_softmax() received an invalid combination of arguments - got (Tensor), but "
			    "expected one of:");
		py_warn(s, "Implicit dimension choice for log_softmax has been deprecated. Change the call to include "
		    "dim=X as an argument.");
		dim = x->u.t.ndim == 0 || x->u.t.ndim == 1 || x->u.t.ndim == 3 ? 0 : 1;
	} else if (py_to_dim(s, dimo, x->u.t.ndim, &dim) != 0) {
		return NULL;
	}
	return log_softmax_of(s, x, dim);
}

/*
 * nll_loss_out_frame's reduction of -lp[b][target[b]]: eight partial sums,
 * level j + 1 taking level j's whenever b's bits j*p.. are zero (p =
 * max(4, ceil(log2 N) / 8)), then the levels summed from 0.  *count: the
 * targets not ignored.  -1 after "Target N is out of bounds."
 */
static int
nll_sum(struct py_session *s, const float *lp, const long long *tg, long long nb, int cats, long long ignore,
    float *out, long long *count)
{
	float part[8] = { 0 };
	long long b, power = 4, ceil_log2 = 0, mask;
	int j;

	while (nb > 1 && (1LL << ceil_log2) < nb)
		ceil_log2++;
	if (ceil_log2 / 8 > power)
		power = ceil_log2 / 8;
	mask = (1LL << power) - 1;
	*count = 0;
	for (b = 0; b < nb; b++) {
		if (tg[b] == ignore)
			continue;
		if (tg[b] < 0 || tg[b] >= cats)
			return py_fail(s, "IndexError: Target %lld is out of bounds.", tg[b]), -1;
		part[0] -= lp[b * cats + tg[b]];
		(*count)++;
		for (j = 0; j + 1 < 8; j++) {
			if ((b & (mask << (j * power))) != 0)
				break;
			part[j + 1] += part[j];
			part[j] = 0;
		}
	}
	*out = 0;
	for (j = 0; j < 8; j++)
		*out += part[j];
	return 0;
}

/* cross_entropy's checks before nll_loss runs (nll_loss_nd's, then nll_loss's); -1 after the error */
static int
ce_check(struct py_session *s, const struct pytensor *x, const struct pytensor *t)
{
	char a[128], b[128];
	int same = x->ndim == t->ndim, d;

	for (d = 0; same && d < x->ndim; d++)
		same = x->shape[d] == t->shape[d];
	if (same)
		return py_fail(s, "cross_entropy with class probabilities as the target is not supported"), -1;
	if (x->ndim == 0)
		return py_fail(s, "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)"), -1;
	if (x->ndim > 1 && (t->ndim == 0 || x->shape[0] != t->shape[0]))
		return py_fail(s, "ValueError: Expected input batch_size (%d) to match target batch_size (%d).", x->shape[0],
		    t->ndim ? t->shape[0] : 0), -1;
	if (x->ndim >= 3) {
		int o[TENSOR_MAXDIM];

		o[0] = x->shape[0];
		for (d = 2; d < x->ndim; d++)
			o[d - 1] = x->shape[d];
		pyt_shape_text(a, sizeof a, x->ndim - 1, o);
		pyt_shape_text(b, sizeof b, t->ndim, t->shape);
		same = t->ndim == x->ndim - 1;
		for (d = 1; same && d < t->ndim; d++)
			same = t->shape[d] == x->shape[d + 1];
		if (!same)
			return py_fail(s, "Expected target size [%s], got [%s]", a, b), -1;
		return py_fail(s, "cross_entropy over an input of %d dims (the class dim not the last) is not supported",
		    x->ndim), -1;
	}
	if (t->ndim > 1)
		return py_fail(s, "0D or 1D target tensor expected, multi-target not supported"), -1;
	if (t->dtype != DT_INT64)
		return py_fail(s, "expected scalar type Long but found %s", pyt_cat_name[t->dtype]), -1;
	return 0;
}

/* the loss of the log-probabilities lp (a contiguous (N, C) or (C) tensor) by reduction red (0 none, 1 mean, 2 sum) */
static struct pyobj *
nll_loss_of(struct py_session *s, struct pyobj *lp, struct pyobj *target, int red, long long ignore)
{
	const struct pytensor *t = &lp->u.t;
	long long nb = t->ndim == 1 ? 1 : t->shape[0], count, b;
	int cats = t->shape[t->ndim - 1], one = (int)nb;
	struct pyobj *tg = pyt_contig(s, target), *y;
	const long long *tv;
	float sum;

	if (tg == NULL)
		return NULL;
	tv = (const long long *)tg->u.t.st->data + tg->u.t.offset;
	if ((y = pyt_zeros(s, DT_FLOAT, red == 0 && t->ndim == 2, &one, NULL)) == NULL)
		return py_drop(NULL, tg);
	if (red == 0 && t->ndim == 2) {
		for (b = 0; b < nb; b++) {
			if (tv[b] == ignore)
				continue;
			if (tv[b] < 0 || tv[b] >= cats) {
				py_decref(y);
				return py_drop(py_fail(s, "IndexError: Target %lld is out of bounds.", tv[b]), tg);
			}
			pyt_data(&y->u.t)[b] = -pyt_data(t)[b * cats + tv[b]];
		}
	} else if (nll_sum(s, pyt_data(t), tv, nb, cats, ignore, &sum, &count) != 0) {
		py_decref(y);
		return py_drop(NULL, tg);
	} else {
		pyt_data(&y->u.t)[0] = red == 1 ? sum / (float)count : sum;
	}
	py_decref(tg);
	return y;
}

/* F.cross_entropy: a[] is input, target, ignore_index, reduction */
static struct pyobj *
f_cross_entropy(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *lp, *y;
	long long ignore = -100;
	int red = 1;

	(void)self;
	if (lib_need_tensor(s, b, a[0], "input", 1) == NULL || lib_need_tensor(s, b, a[1], "target", 2) == NULL)
		return NULL;
	if (a[3] != NULL) {
		if (a[3]->type != PY_STR)
			return py_fail(s, "cross_entropy_loss(): argument 'reduction' (position 4) must be str, not %s",
			    py_type_name(a[3]));
		red = strcmp(a[3]->u.str.s, "none") == 0 ? 0 : strcmp(a[3]->u.str.s, "mean") == 0 ? 1 :
		    strcmp(a[3]->u.str.s, "sum") == 0 ? 2 : -1;
		if (red < 0)
			return py_fail(s, "ValueError: %s is not a valid value for reduction", a[3]->u.str.s);
	}
	if (a[2] != NULL && py_to_long(s, a[2], "ignore_index", &ignore) != 0)
		return NULL;
	if (a[0]->u.t.dtype != DT_FLOAT)
		return py_fail(s, "\"log_softmax_lastdim_kernel_impl\" not implemented for '%s'",
		    pyt_cat_name[a[0]->u.t.dtype]);
	if (ce_check(s, &a[0]->u.t, &a[1]->u.t) != 0)
		return NULL;
	if ((lp = log_softmax_of(s, a[0], a[0]->u.t.ndim - 1)) == NULL)
		return NULL;
	y = nll_loss_of(s, lp, a[1], red, ignore);
	py_decref(lp);
	if (y != NULL) {
		y->deps = a[0]->deps | a[1]->deps;
		pyt_set_grad(y, "NllLossBackward0", pyt_grad(a[0]));
	}
	return y;
}

/* ---- nn.Embedding ---- */

/* nn.Embedding(num_embeddings, embedding_dim): weight (num, dim) by init.normal_, one Parameter */
static struct pyobj *
nn_embedding(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long num, dim;
	int ws[2];
	struct pyobj *m;

	(void)b, (void)self;
	if (py_to_long(s, a[0], "num_embeddings", &num) != 0 || py_to_long(s, a[1], "embedding_dim", &dim) != 0)
		return NULL;
	if (num < 0 || dim < 0)
		return py_fail(s, "Trying to create tensor with negative dimension %lld: [%lld, %lld]", num < 0 ? num : dim,
		    num, dim);
	if (num > 1000000000 || dim > 1000000000 || (size_t)(num * dim) > py_max_numel)
		return py_fail(s, "nn.Embedding(%lld, %lld): the weight is too large (more than %zu elements)", num, dim,
		    py_max_numel);
	ws[0] = (int)num;
	ws[1] = (int)dim;
	m = py_new(PY_MODULE);
	m->u.m.kind = MOD_EMBED;
	m->u.m.in = (int)num;
	m->u.m.out = (int)dim;
	if ((m->u.m.weight = pyt_empty(DT_FLOAT, 2, ws)) == NULL) {
		py_decref(m);
		return py_fail(s, "nn.Embedding(%lld, %lld): the weight is too large", num, dim);
	}
	rng_randn(&s->rng, pyt_data(&m->u.m.weight->u.t), m->u.m.weight->u.t.numel);
	m->u.m.weight->u.t.parameter = m->u.m.weight->u.t.requires_grad = 1;
	return m;
}

struct pyobj *
embed_forward(struct py_session *s, struct pyobj *m, struct pyobj *x)
{
	const struct pytensor *w = &m->u.m.weight->u.t;
	int shape[TENSOR_MAXDIM], d, dim = w->shape[1];
	struct pyobj *c, *y;
	size_t i;

	if (x->type != PY_TENSOR)
		return py_fail(s, "embedding(): argument 'indices' (position 2) must be Tensor, not %s", py_type_name(x));
	if (x->u.t.dtype != DT_INT64)
		return py_fail(s, "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
		    "Long, Int; but got torch.%sTensor instead (while checking arguments for embedding)",
		    pyt_cat_name[x->u.t.dtype]);
	if (x->u.t.ndim >= TENSOR_MAXDIM)
		return py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
	for (i = 0; i < x->u.t.numel; i++) {
		long long v = pyt_geti(&x->u.t, i);

		if (v < 0 || v >= w->shape[0])
			return py_fail(s, "IndexError: index out of range in self");
	}
	for (d = 0; d < x->u.t.ndim; d++)
		shape[d] = x->u.t.shape[d];
	shape[d] = dim;
	if ((c = pyt_contig(s, m->u.m.weight)) == NULL)
		return NULL;
	if ((y = pyt_zeros(s, DT_FLOAT, x->u.t.ndim + 1, shape, NULL)) == NULL)
		return py_drop(NULL, c);
	for (i = 0; i < x->u.t.numel; i++)
		memcpy(pyt_data(&y->u.t) + i * (size_t)dim, pyt_data(&c->u.t) + (size_t)pyt_geti(&x->u.t, i) * (size_t)dim,
		    (size_t)dim * sizeof(float));
	py_decref(c);
	y->deps = x->deps | m->deps;
	pyt_set_grad(y, "EmbeddingBackward0", pyt_grad(m->u.m.weight));
	return y;
}

const struct builtin lib_bigram_rows[] = {
	LIB_NS("torch"),
	{ "randint", torch_randint, 0, "high, size, *, generator=None, ~out=None, dtype=None, ~layout=None, ~device=None, "
	    "~pin_memory=False, requires_grad=False | low, high, size, *, generator=None, ~out=None, dtype=None, "
	    "~layout=None, ~device=None, ~pin_memory=False, requires_grad=False", 0 },
	{ "multinomial", torch_multinomial, 0, "num_samples, replacement=False, *, generator=None, ~out=None",
	    LIB_SELF_FIRST },
	{ "log_softmax", f_log_softmax, 0, "dim, dtype=None | dim, *, dtype=None", LIB_SELF_FIRST },
	LIB_NS("Tensor"),
	{ "multinomial", torch_multinomial, 0, "num_samples, replacement=False, *, generator=None", 0 },
	{ "log_softmax", f_log_softmax, 0, "dim, dtype=None", 0 },
	LIB_NS("torch.nn.functional"),
	{ "log_softmax", f_log_softmax, 1, "[def] input, dim=None, _stacklevel=3, dtype=None", 0 },
	{ "cross_entropy", f_cross_entropy, 0, "[def] input, target, ~weight=None, ~size_average=None, ignore_index=-100, "
	    "~reduce=None, reduction='mean', ~label_smoothing=None", 0 },
	LIB_NS("torch.nn"),
	{ "Embedding", nn_embedding, 0, "[def Embedding.__init__] num_embeddings, embedding_dim, ~padding_idx=None, "
	    "~max_norm=None, ~norm_type=None, ~scale_grad_by_freq=None, ~sparse=None, ~_weight=None, ~device=None, "
	    "~dtype=None", 0 },
	LIB_END
};
