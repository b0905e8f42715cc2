/*
 * elementwise.c - element-wise kernels over strided views: copy,
 * binary operations with broadcasting (+ - * / // % and pow by SLEEF's
 * powf), comparisons, and unary operations (sqrt, abs, neg, reciprocal,
 * exp through kern_exp_row).
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../util/util.h"
#include "tensor.h"
#include "kern.h"
#include "dfloat.h"

/*
 * ---- Element-wise kernels over strided views ----
 *
 * Each walks its output in row-major order, the last dim as the inner
 * loop; operands broadcast by stride 0.  Every operation is one IEEE
 * float32 operation per element (or the libm/SLEEF function PyTorch
 * calls), so the order of the walk changes no bit; the contiguous rows
 * go to the stages' own kernels (tensor_scale, tensor_mul, kern_exp_row).
 */

/* fn(ctx, row, offsets of row's first element in each view) over the rows of shape */
static void
each_row(int nd, const int *shape, const struct tensor_view *const *v, int nv,
    void (*fn)(void *ctx, size_t row, const long long *off), void *ctx)
{
	int idx[TENSOR_MAXDIM], d, k;
	long long off[3];
	size_t rows = 1, r;

	for (d = 0; d + 1 < nd; d++)
		rows *= (size_t)shape[d];
	if (nd > 0 && shape[nd - 1] == 0)
		return;
	memset(idx, 0, sizeof idx);
	for (k = 0; k < nv; k++)
		off[k] = 0;
	for (r = 0; r < rows && !interrupt_pending; r++) {	/* Ctrl-C: the caller drops the result */
		fn(ctx, r, off);
		for (d = nd - 2; d >= 0; d--) {
			for (k = 0; k < nv; k++)
				off[k] += v[k]->stride[d];
			if (++idx[d] < shape[d])
				break;
			for (k = 0; k < nv; k++)
				off[k] -= (long long)shape[d] * v[k]->stride[d];
			idx[d] = 0;
		}
	}
}

struct copy_ctx {
	float *out;
	const struct tensor_view *x;
	size_t inner;
};

static void
copy_row(void *arg, size_t row, const long long *off)
{
	struct copy_ctx *c = arg;
	float *y = c->out + row * c->inner;
	const float *x = c->x->data + off[0];
	long long s = c->x->ndim ? c->x->stride[c->x->ndim - 1] : 0;
	size_t j;

	if (s == 1) {
		memcpy(y, x, c->inner * sizeof *y);
		return;
	}
	for (j = 0; j < c->inner; j++) {
		if ((j & 0xfffff) == 0 && interrupt_pending)
			return;
		y[j] = x[(long long)j * s];
	}
}

static void copy64(double *out, const struct tensor_view *x);
static void binary64(double *out, const struct tensor_view *a, const struct tensor_view *b, int op, double e);
static double binop64(int op, double a, double b, double e);
static void compare64(unsigned char *out, const struct tensor_view *a, const struct tensor_view *b, int op);
static void unary64(double *out, const struct tensor_view *x, int op);

void
tensor_copy_view(void *out, const struct tensor_view *x)
{
	struct copy_ctx c = { out, x, x->ndim ? (size_t)x->shape[x->ndim - 1] : 1 };
	const struct tensor_view *v[1] = { x };

	if (x->data64 != NULL) {
		copy64(out, x);
		return;
	}
	each_row(x->ndim, x->shape, v, 1, copy_row, &c);
}

/* div_floor_floating (BinaryOps.h): Python's a // b, in float (floor_div) and in double (floor_div64) */
#define FLOOR_DIV(NAME, T, FMOD, FLOOR, COPYSIGN) \
static T \
NAME(T a, T b) \
{ \
	T mod, div, fl; \
 \
	if (b == 0) \
		return a / b; \
	mod = FMOD(a, b); \
	div = (a - mod) / b; \
	if (mod != 0 && (b < 0) != (mod < 0)) \
		div -= 1; \
	if (div != 0) { \
		fl = FLOOR(div); \
		if (div - fl > (T)0.5) \
			fl += 1; \
	} else { \
		fl = COPYSIGN(0, a / b); \
	} \
	return fl; \
}
FLOOR_DIV(floor_div, float, fmodf, floorf, copysignf)
FLOOR_DIV(floor_div64, double, fmod, floor, copysign)

/* the cases binop and binop64 share: one IEEE operation (max: nan if either is) in the operands' type */
#define SAME_IN_EVERY_TYPE(a, b) \
	case TENSOR_ADD: return a + b; \
	case TENSOR_SUB: return a - b; \
	case TENSOR_MUL: return a * b; \
	case TENSOR_DIV: return a / b; \
	case TENSOR_MAX: return a != a || b != b ? NAN : (a < b ? b : a)

/* remainder_kernel: fmod, moved to the divisor's sign */
static float
py_remainder(float a, float b)
{
	float mod = fmodf(a, b);

	if (mod != 0 && (b < 0) != (mod < 0))
		mod += b;
	return mod;
}

/*
 * SLEEF's powf_u10 as PyTorch's AVX2 Vectorized<float>::pow runs it (one
 * lane): log|x| and exp in double-float (pairs hi + lo), with fused
 * multiply-adds where the AVX2 build of SLEEF fuses them (df.h's FMA
 * forms).  Used for the lanes PyTorch computes with vectors; its scalar
 * tail calls std::pow instead.
 */
static float
f_of(uint32_t u)
{
	union fbits b;

	b.u = u;
	return b.f;
}

static uint32_t
u_of(float f)
{
	union fbits b;

	b.f = f;
	return b.u;
}

/* _mm256_cvtps_epi32: nearest, ties to even; out of range gives INT_MIN */
static int32_t
rint_i(float f)
{
	float r = nearbyintf(f);

	return r >= -2147483648.0f && r < 2147483648.0f ? (int32_t)r : INT32_MIN;
}

/* logkf: log(d) as a double-float, d > 0 */
static struct df
sleef_logk(float d)
{
	int o = d < 1.17549435e-38f;
	int32_t e;
	float m, t;
	struct df x, x2, c, s, l2;

	if (o)
		d = d * ((float)(1LL << 32) * (float)(1LL << 32));
	e = (int32_t)((u_of(d * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
	m = f_of(u_of(d) + (uint32_t)(-e) * (1u << 23));
	if (o)
		e -= 64;
	x = df_div(df_add2_ff(-1, m), df_add2_ff(1, m));
	x2 = df_squ(x);
	t = 0.240320354700088500976562f;
	t = fmaf(t, x2.x, 0.285112679004669189453125f);
	t = fmaf(t, x2.x, 0.400007992982864379882812f);
	c.x = 0.66666662693023681640625f;
	c.y = 3.69183861259614332084311e-09f;
	l2.x = 0.69314718246459960938f;
	l2.y = -1.904654323148236017e-09f;
	s = df_mul_df_f(l2, (float)e);
	x.x *= 2;	/* dfscale(x, 2) */
	x.y *= 2;
	s = df_add_dfdf(s, x);
	x.x *= 0.5f;
	x.y *= 0.5f;
	s = df_add_dfdf(s, df_mul_dfdf(df_mul_dfdf(x2, x), df_add2_dfdf(df_mul_df_f(x2, t), c)));
	return s;
}

/* vldexp_vf_vf_vi2: x * 2^q in steps that keep every product a float */
static float
ldexp_k(float x, int32_t q)
{
	/* 32-bit lanes wrap around: unsigned arithmetic, arithmetic shifts */
	int32_t m = q >> 31, n;
	float u;

	m = (int32_t)((uint32_t)m + (uint32_t)q) >> 6;
	m = (int32_t)(((uint32_t)m - (uint32_t)(q >> 31)) << 4);
	q = (int32_t)((uint32_t)q - ((uint32_t)m << 2));
	m = (int32_t)((uint32_t)m + 0x7f);
	m = m > 0 ? m : 0;
	n = m > 0xff ? -1 : 0;
	m = n ? 0xff : m;
	u = f_of((uint32_t)m << 23);
	x = x * u * u * u * u;
	u = f_of(((uint32_t)q + 0x7f) << 23);
	return x * u;
}

/* expkf: exp of a double-float */
static float
sleef_expk(struct df d)
{
	float u = (d.x + d.y) * 1.442695040888963407359924681001892137426645954152985934135449406931f;
	int32_t q = rint_i(u);
	struct df s, t;

	s = df_add2_df_f(d, (float)q * -0.693145751953125f);
	s = df_add2_df_f(s, (float)q * -1.428606765330187045e-06f);
	t.x = s.x + s.y;	/* dfnormalize */
	t.y = (s.x - t.x) + s.y;
	s = t;
	u = 0.00136324646882712841033936f;
	u = fmaf(u, s.x, 0.00836596917361021041870117f);
	u = fmaf(u, s.x, 0.0416710823774337768554688f);
	u = fmaf(u, s.x, 0.166665524244308471679688f);
	u = fmaf(u, s.x, 0.499999850988388061523438f);
	t = df_add_dfdf(s, df_mul_df_f(df_squ(s), u));
	t = df_add_f_df(1, t);
	u = ldexp_k(t.x + t.y, q);
	return d.x < -104 ? 0.0f : u;
}

float
tensor_sleef_powf(float x, float y)
{
	float ty = truncf(y), result, efx, ax = fabsf(x);
	int yisint = ty == y || fabsf(y) > (float)(1 << 24);
	int32_t ti = fabsf(y) < 2147483648.0f ? (int32_t)y : INT32_MIN;	/* _mm256_cvttps_epi32 */
	int yisodd = (ti & 1) == 1 && yisint && fabsf(y) < (float)(1 << 24);

	result = sleef_expk(df_mul_df_f(sleef_logk(ax), y));
	if (result != result)
		result = INFINITY;
	result = result * (x > 0 ? 1.0f : !yisint ? NAN : yisodd ? -1.0f : 1.0f);
	efx = f_of(u_of(ax - 1) ^ (u_of(y) & 0x80000000u));	/* vmulsign */
	if (isinf(y))
		result = efx < 0 ? 0.0f : efx == 0 ? 1.0f : INFINITY;
	if (isinf(x) || x == 0) {
		float sg = yisodd ? copysignf(1.0f, x) : 1.0f;
		float z = (x == 0 ? -y : y) < 0 ? 0.0f : INFINITY;

		result = sg * z;
	}
	if (x != x || y != y)
		result = NAN;
	if (y == 0 || x == 1)
		result = 1;
	return result;
}

/* pow with a scalar exponent (pow_tensor_scalar_kernel): the specialised exponents, else pow in double */
static float
pow_scalar(float x, double e)
{
	if (e == 2)
		return x * x;
	if (e == 3)
		return x * x * x;
	if (e == -2)
		return 1.0f / (x * x);
	if (e == 0.5)
		return sqrtf(x);
	if (e == -0.5)
		return 1 / sqrtf(x);
	if (e == -1)
		return 1.0f / x;
	return (float)pow((double)x, e);
}

static float
binop(int op, float a, float b)
{
	switch (op) {
	SAME_IN_EVERY_TYPE(a, b);
	case TENSOR_FLOORDIV: return floor_div(a, b);
	case TENSOR_MOD: return py_remainder(a, b);
	case TENSOR_POW: return powf(a, b);
	case TENSOR_POW_SCALAR: return pow_scalar(a, b);
	default: return 0;
	}
}

struct bin_ctx {
	float *out;
	const struct tensor_view *a, *b;
	size_t inner;
	int op;
	double scalar;		/* TENSOR_POW_SCALAR's exponent, exactly */
};

/* y = a op b for contiguous a and b, or b one scalar (sb 0): loops the compiler vectorises */
FMA_CLONES static int
fast_row(float *y, const float *a, const float *b, long long sb, size_t n, int op)
{
	size_t j;
	float z = b[0];

	if (sb == 0) {
		switch (op) {
		case TENSOR_ADD: for (j = 0; j < n; j++) y[j] = a[j] + z; return 1;
		case TENSOR_SUB: for (j = 0; j < n; j++) y[j] = a[j] - z; return 1;
		case TENSOR_MUL: for (j = 0; j < n; j++) y[j] = a[j] * z; return 1;
		case TENSOR_DIV: for (j = 0; j < n; j++) y[j] = a[j] / z; return 1;
		}
		return 0;
	}
	switch (op) {
	case TENSOR_ADD: for (j = 0; j < n; j++) y[j] = a[j] + b[j]; return 1;
	case TENSOR_SUB: for (j = 0; j < n; j++) y[j] = a[j] - b[j]; return 1;
	case TENSOR_MUL: for (j = 0; j < n; j++) y[j] = a[j] * b[j]; return 1;
	case TENSOR_DIV: for (j = 0; j < n; j++) y[j] = a[j] / b[j]; return 1;
	}
	return 0;
}

static void
bin_row(void *arg, size_t row, const long long *off)
{
	struct bin_ctx *c = arg;
	float *y = c->out + row * c->inner;
	const float *a = c->a->data + off[0], *b = c->b->data + off[1];
	int nd = c->a->ndim;
	long long sa = nd ? c->a->stride[nd - 1] : 0, sb = nd ? c->b->stride[nd - 1] : 0;
	size_t j, n = c->inner;

	if (sa == 1 && sb == 1 && c->op == TENSOR_MUL) {	/* the stages' kernels */
		tensor_mul(y, a, b, n);
		return;
	}
	if (sa == 1 && sb == 0 && (c->op == TENSOR_MUL || c->op == TENSOR_DIV)) {
		tensor_scale(y, a, n, b[0], c->op == TENSOR_DIV);
		return;
	}
	if (sa == 1 && (sb == 0 || sb == 1) && fast_row(y, a, b, sb, n, c->op))
		return;
	if (c->op == TENSOR_POW_SCALAR) {
		for (j = 0; j < n; j++)
			y[j] = pow_scalar(a[(long long)j * sa], c->scalar);
		return;
	}
	for (j = 0; j < n; j++)
		y[j] = binop(c->op, a[(long long)j * sa], b[(long long)j * sb]);
}

/*
 * pow where PyTorch's cpu_kernel_vec decides per element between SLEEF's
 * vector powf and the scalar std::pow: the iteration's dims merge where
 * the strides allow (TensorIterator's coalescing); along each merged inner
 * run whose operands are contiguous (or one of them a broadcast scalar)
 * vectorized_loop takes 16 elements at a time with vectors and leaves the
 * rest to the scalar function; other runs are all scalar.  Tensor **
 * number's scalar function is pow in double, tensor ** tensor's powf.
 * With more than one thread (split.c) a run cut by a chunk's end is two
 * runs, each with its own scalar tail.
 */
static int
is_special_exponent(double e)
{
	return e == 2 || e == 3 || e == -2 || e == 0.5 || e == -0.5 || e == -1;
}

/* one element of pow_view: vec, the vector loop's (SLEEF), else the scalar function */
static void
pow_one(void *out, size_t i, const struct tensor_view *a, const struct tensor_view *b, long long ia, long long ib,
    int vec, double e)
{
	if (a->data64 != NULL) {
		double x = a->data64[ia], y = b != NULL ? b->data64[ib] : e;

		((double *)out)[i] = vec && (b != NULL || !is_special_exponent(e)) ? tensor_sleef_pow(x, y) :
		    b == NULL ? binop64(TENSOR_POW_SCALAR, x, 0, e) : pow(x, y);
		return;
	}
	if (b == NULL)
		((float *)out)[i] = vec && !is_special_exponent(e) ? tensor_sleef_powf(a->data[ia], (float)e) :
		    pow_scalar(a->data[ia], e);
	else
		((float *)out)[i] = vec ? tensor_sleef_powf(a->data[ia], b->data[ib]) : powf(a->data[ia], b->data[ib]);
}

static void
pow_view(void *out, const struct tensor_view *a, const struct tensor_view *b, int scalar, double e)
{
	int nd = a->ndim, d, k, idx[TENSOR_MAXDIM];
	size_t run = 1, outer = 1, r, j, vec, lanes, seg, chunk;
	long long sa, sb, oa, ob, nchunks;
	int vectorized;

	/* merge the inner dims: out is contiguous; a and b (b unless scalar) must chain */
	for (k = nd - 1, d = -1; k >= 0; k--) {	/* d: the last merged dim of size > 1 */
		if (a->shape[k] != 1 && d >= 0) {
			int ok = a->stride[k] == a->stride[d] * a->shape[d];

			if (!scalar)
				ok &= b->stride[k] == b->stride[d] * b->shape[d];
			if (!ok)
				break;
		}
		if (a->shape[k] != 1)
			d = k;
		run *= (size_t)a->shape[k];
	}
	for (d = 0; d <= k; d++)
		outer *= (size_t)a->shape[d];
	sa = nd ? a->stride[nd - 1] : 1;
	sb = nd && !scalar ? b->stride[nd - 1] : 0;
	/* the run's step: the innermost dim that is not of size 1 */
	for (d = nd - 1; d > k && a->shape[d] == 1; d--)
		;
	if (d > k) {
		sa = a->stride[d];
		sb = scalar ? 0 : b->stride[d];
	}
	if (scalar)
		vectorized = sa == 1 || sa == 0;
	else
		vectorized = (sa == 1 && sb == 1) || (sa == 0 && sb == 1) || (sa == 1 && sb == 0);
	if (run <= 1)
		vectorized = 1;	/* a run of one: its one element is a tail either way */
	/* TensorIterator::for_each: the threads' chunks of the whole walk (one, the walk, with one thread) */
	chunk = (size_t)tensor_split((long long)(outer * run), TENSOR_GRAIN, &nchunks);
	chunk = chunk > 0 ? chunk : 1;
	memset(idx, 0, sizeof idx);
	for (r = 0; r < outer; r++) {
		oa = ob = 0;
		for (d = 0; d <= k; d++) {
			oa += (long long)idx[d] * a->stride[d];
			ob += scalar ? 0 : (long long)idx[d] * b->stride[d];
		}
		lanes = a->data64 != NULL ? 8 : 16;	/* two vectors a step */
		for (j = 0; j < run; j = seg) {	/* the run's parts in each thread's chunk, each with its own tail */
			seg = (r * run + j) / chunk * chunk + chunk - r * run;
			seg = seg < run ? seg : run;
			vec = vectorized ? j + (seg - j) / lanes * lanes : 0;
			for (; j < seg; j++)
				pow_one(out, r * run + j, a, scalar ? NULL : b, oa + (long long)j * sa,
				    ob + (long long)j * sb, j < vec, e);
		}
		for (d = k; d >= 0; d--) {
			if (++idx[d] < a->shape[d])
				break;
			idx[d] = 0;
		}
	}
}

void
tensor_binary_view(void *out, const struct tensor_view *a, const struct tensor_view *b, int op, double scalar)
{
	struct bin_ctx c = { out, a, b, a->ndim ? (size_t)a->shape[a->ndim - 1] : 1, op, scalar };
	const struct tensor_view *v[2] = { a, b };

	if ((op == TENSOR_POW_SCALAR && !is_special_exponent(scalar) && (a->data64 == NULL || (scalar != 0 &&
	    scalar != 1))) || op == TENSOR_POW) {
		pow_view(out, a, b, op == TENSOR_POW_SCALAR, scalar);
		return;
	}
	if (a->data64 != NULL) {
		binary64(out, a, b, op, scalar);
		return;
	}
	each_row(a->ndim, a->shape, v, 2, bin_row, &c);
}

struct cmp_ctx {
	unsigned char *out;
	const struct tensor_view *a, *b;
	size_t inner;
	int op;
};

static void
cmp_row(void *arg, size_t row, const long long *off)
{
	struct cmp_ctx *c = arg;
	unsigned char *y = c->out + row * c->inner;
	const float *a = c->a->data + off[0], *b = c->b->data + off[1];
	int nd = c->a->ndim;
	long long sa = nd ? c->a->stride[nd - 1] : 0, sb = nd ? c->b->stride[nd - 1] : 0;
	size_t j;

	for (j = 0; j < c->inner; j++) {
		float x = a[(long long)j * sa], z = b[(long long)j * sb];
		int r;

		switch (c->op) {
		case TENSOR_EQ: r = x == z; break;
		case TENSOR_NE: r = x != z; break;
		case TENSOR_LT: r = x < z; break;
		case TENSOR_LE: r = x <= z; break;
		case TENSOR_GT: r = x > z; break;
		default: r = x >= z; break;
		}
		y[j] = (unsigned char)r;
	}
}

void
tensor_compare_view(unsigned char *out, const struct tensor_view *a, const struct tensor_view *b, int op)
{
	struct cmp_ctx c = { out, a, b, a->ndim ? (size_t)a->shape[a->ndim - 1] : 1, op };
	const struct tensor_view *v[2] = { a, b };

	if (a->data64 != NULL) {
		compare64(out, a, b, op);
		return;
	}
	each_row(a->ndim, a->shape, v, 2, cmp_row, &c);
}

FMA_CLONES static void
unary_flat(float *y, size_t n, int op)
{
	size_t j;

	switch (op) {
	case TENSOR_SQRT:
		for (j = 0; j < n; j++)
			y[j] = sqrtf(y[j]);
		break;
	case TENSOR_ABS:
		for (j = 0; j < n; j++)
			y[j] = fabsf(y[j]);
		break;
	case TENSOR_NEG:
		for (j = 0; j < n; j++)
			y[j] = -y[j];
		break;
	case TENSOR_RECIP:
		for (j = 0; j < n; j++)
			y[j] = 1.0f / y[j];
		break;
	case TENSOR_TANH:
		tensor_tanh_array(y, y, n);
		break;
	case TENSOR_LOG:
		for (j = 0; j < n; j++)
			y[j] = tensor_logf(y[j]);
		break;
	}
}

void
tensor_unary_view(void *out, const struct tensor_view *x, int op)
{
	size_t done, n = x->numel, step = (size_t)1 << 20;

	if (x->data64 != NULL) {
		unary64(out, x, op);
		return;
	}
	tensor_copy_view(out, x);
	if (op != TENSOR_EXP) {
		unary_flat(out, n, op);
		return;
	}
	for (done = 0; done < n; done += step)	/* kern_exp_row takes an int count */
		kern_exp_row((float *)out + done, (float *)out + done, 0.0f, (int)(n - done < step ? n - done : step));
}

/*
 * ---- float64: ATen's double kernels ----
 *
 * One IEEE double operation per element (PyTorch's Vectorized<double>
 * lanes and its scalar tails compute the same bits for these), in the
 * same walk as the float32 kernels; exp is SLEEF's expd4 (softmax64.c) for
 * every element, as vml::vexp maps all of them through vectors; pow: the
 * exponents pow_tensor_scalar_optimized_kernel specialises here, the
 * others in pow_view (SLEEF's powd4 for the vector loop's elements,
 * std::pow for its tails).
 */
struct ctx64 {
	double *out;
	unsigned char *cmp;
	const struct tensor_view *a, *b;
	size_t inner;
	int op;
	double e;
};

static double
binop64(int op, double a, double b, double e)
{
	double mod;	/* remainder (BinaryOps.h): fmod, moved to the divisor's sign */

	switch (op) {
	SAME_IN_EVERY_TYPE(a, b);
	case TENSOR_FLOORDIV: return floor_div64(a, b);
	case TENSOR_MOD:
		mod = fmod(a, b);
		return mod != 0 && (b < 0) != (mod < 0) ? mod + b : mod;
	case TENSOR_POW_SCALAR:
		return e == 2 ? a * a : e == 3 ? a * a * a : e == -2 ? 1.0 / (a * a) : e == 0.5 ? sqrt(a) :
		    e == -0.5 ? 1.0 / sqrt(a) : e == -1 ? 1.0 / a : e == 0 ? 1.0 : e == 1 ? a : pow(a, e);
	default: return 0;
	}
}

static void
row64(void *arg, size_t row, const long long *off)
{
	struct ctx64 *c = arg;
	const double *a = c->a->data64 + off[0], *b = c->b != NULL ? c->b->data64 + off[1] : NULL;
	int nd = c->a->ndim;
	long long sa = nd ? c->a->stride[nd - 1] : 0, sb = nd && b != NULL ? c->b->stride[nd - 1] : 0;
	size_t j, o = row * c->inner;

	for (j = 0; j < c->inner; j++) {
		double x = a[(long long)j * sa], z = b != NULL ? b[(long long)j * sb] : 0;

		if (c->cmp != NULL)
			c->cmp[o + j] = (unsigned char)(c->op == TENSOR_EQ ? x == z : c->op == TENSOR_NE ? x != z :
			    c->op == TENSOR_LT ? x < z : c->op == TENSOR_LE ? x <= z : c->op == TENSOR_GT ? x > z : x >= z);
		else if (b == NULL)
			c->out[o + j] = c->op == TENSOR_SQRT ? sqrt(x) : c->op == TENSOR_ABS ? fabs(x) :
			    c->op == TENSOR_NEG ? -x : c->op == TENSOR_RECIP ? 1.0 / x : c->op == TENSOR_EXP ? tensor_exp64(x) : x;
		else
			c->out[o + j] = binop64(c->op, x, z, c->e);
	}
}

static void
run64(double *out, unsigned char *cmp, const struct tensor_view *a, const struct tensor_view *b, int op, double e)
{
	struct ctx64 c = { out, cmp, a, b, a->ndim ? (size_t)a->shape[a->ndim - 1] : 1, op, e };
	const struct tensor_view *v[2] = { a, b };

	each_row(a->ndim, a->shape, v, b != NULL ? 2 : 1, row64, &c);
}

static void
copy64(double *out, const struct tensor_view *x)
{
	run64(out, NULL, x, NULL, -1, 0);
}

static void
binary64(double *out, const struct tensor_view *a, const struct tensor_view *b, int op, double e)
{
	run64(out, NULL, a, b, op, e);
}

static void
compare64(unsigned char *out, const struct tensor_view *a, const struct tensor_view *b, int op)
{
	run64(NULL, out, a, b, op, 0);
}

static void
unary64(double *out, const struct tensor_view *x, int op)
{
	run64(out, NULL, x, NULL, op, 0);
}
