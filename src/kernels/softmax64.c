/*
 * softmax64.c - float64 exp and softmax as PyTorch 1.13's AVX2 kernels
 * compute them: SLEEF's expd4_u10 (Vectorized<double>::exp, one lane),
 * max_all over 4 double lanes, and softmax along the last dim
 * (_vec_softmax_lastdim) or another (_vec_softmax, 4 columns a vector).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../util/util.h"
#include "tensor.h"
#include "kern.h"

/* _mm256_cvtpd_epi32 of a whole double: out of range (or NaN) gives INT_MIN */
int32_t
kern_cvt_i32(double u)
{
	return u >= -2147483648.0 && u < 2147483648.0 ? (int32_t)u : INT32_MIN;
}

/* vpow2i_vd_vi (helperavx2.h): q + 0x3ff in a 32-bit lane, shifted into the high word's exponent */
double
kern_pow2i(int32_t q)
{
	uint64_t hi = (uint32_t)((uint32_t)q + 0x3ffu) << 20;
	uint64_t bits = hi << 32;
	double d;

	memcpy(&d, &bits, sizeof d);
	return d;
}

/* SLEEF's xexp (sleefsimddp.c, the FMA build): Estrin's scheme, each multiply-add fused */
double
tensor_exp64(double d)
{
	static const double c[10] = {	/* c9 .. c0 of the polynomial in s */
		+0.2081276378237164457e-8, +0.2511210703042288022e-7, +0.2755762628169491192e-6,
		+0.2755723402025388239e-5, +0.2480158687479686264e-4, +0.1984126989855865850e-3,
		+0.1388888888914497797e-2, +0.8333333333314938210e-2, +0.4166666666666602598e-1,
		+0.1666666666666669072e+0
	};
	double u = nearbyint(d * 1.442695040888963407359924681001892137426645954152985934135449406931), s, s2, s4, s8;
	double p8, p4a, p4b;
	int32_t q = kern_cvt_i32(u);

	s = fma(u, -.69314718055966295651160180568695068359375, d);
	s = fma(u, -.28235290563031577122588448175013436025525412068e-12, s);
	s2 = s * s;
	s4 = s2 * s2;
	s8 = s4 * s4;
	p4a = fma(s2, fma(s, c[2], c[3]), fma(s, c[4], c[5]));
	p4b = fma(s2, fma(s, c[6], c[7]), fma(s, c[8], c[9]));
	p8 = fma(s4, p4a, p4b);
	u = fma(s8, fma(s, c[0], c[1]), p8);
	u = fma(u, s, 0.5);
	u = fma(u, s, 1.0);
	u = fma(u, s, 1.0);
	u = u * kern_pow2i(q >> 1) * kern_pow2i(q - (q >> 1));	/* vldexp2_vd_vd_vi */
	if (d > 709.78271114955742909217217426)
		u = INFINITY;
	if (d < -1000)
		u = 0;
	return u;
}

/* Vectorized<double>::maximum and ::minimum: NaN where either is */
#define VMAX(a, b) (isnan(a) || isnan(b) ? NAN : (a) > (b) ? (a) : (b))
#define VMIN(a, b) (isnan(a) || isnan(b) ? NAN : (a) < (b) ? (a) : (b))

/*
 * vec::reduce_all over 4 double lanes: the tail joins the first lanes,
 * then vec_reduce_all folds the lanes left to right (no shuffle tree for
 * double); fewer than 4 elements: left to right.  op 0: +, 1: max, 2: min.
 */
static double
reduce_all4(const double *x, size_t n, int op)
{
	double acc[4], r;
	size_t d, i;

#define RED(a, b) (op == 0 ? (a) + (b) : op == 1 ? VMAX(a, b) : VMIN(a, b))
	if (n < 4) {
		r = x[0];
		for (i = 1; i < n; i++)
			r = RED(r, x[i]);
		return r;
	}
	for (i = 0; i < 4; i++)
		acc[i] = x[i];
	for (d = 4; d + 4 <= n; d += 4)
		for (i = 0; i < 4; i++)
			acc[i] = RED(acc[i], x[d + i]);
	for (i = 0; d + i < n; i++)
		acc[i] = RED(acc[i], x[d + i]);
	r = acc[0];
	for (i = 1; i < 4; i++)
		r = RED(r, acc[i]);
#undef RED
	return r;
}

double
tensor_max_all64(const double *x, size_t n, int is_min)
{
	return reduce_all4(x, n, is_min ? 2 : 1);
}

/* _vec_softmax_lastdim: max, exp(x - max), the sum's reciprocal, times it */
static void
softmax_last(double *out, const double *in, size_t rows, size_t n)
{
	size_t r, j;

	for (r = 0; r < rows && !interrupt_pending; r++) {
		const double *x = in + r * n;
		double *y = out + r * n, max = reduce_all4(x, n, 1), inv;

		for (j = 0; j < n; j++)
			y[j] = tensor_exp64(x[j] - max);
		inv = 1 / reduce_all4(y, n, 0);
		for (j = 0; j < n; j++)
			y[j] = y[j] * inv;
	}
}

/* _vec_softmax's scalar tail, one column of n doubles st apart: std::max, libm's exp, division by the sum */
static void
softmax_column(double *y, const double *x, size_t n, size_t st)
{
	double max = x[0], sum = 0;
	size_t d;

	for (d = 1; d < n; d++)
		if (max < x[d * st])
			max = x[d * st];
	for (d = 0; d < n; d++)
		sum += (y[d * st] = exp(x[d * st] - max));
	for (d = 0; d < n; d++)
		y[d * st] = y[d * st] / sum;
}

/* one step of _vec_softmax: 4 columns from element at as a vector (SLEEF exp, division by the sum), or that
 * column alone with libm's exp */
static void
softmax_mid_step(const struct kern_cols *c, size_t at, int vec)
{
	size_t n = c->n, st = c->inner, d, l;
	const double *x = (const double *)c->in + at;
	double *y = (double *)c->out + at, max[4], sum[4] = { 0, 0, 0, 0 };

	if (!vec) {
		softmax_column(y, x, n, st);
		return;
	}
	for (l = 0; l < 4; l++)
		max[l] = x[l];
	for (d = 1; d < n; d++)
		for (l = 0; l < 4; l++)
			max[l] = VMAX(max[l], x[d * st + l]);
	for (d = 0; d < n; d++)
		for (l = 0; l < 4; l++) {
			y[d * st + l] = tensor_exp64(x[d * st + l] - max[l]);
			sum[l] += y[d * st + l];
		}
	for (d = 0; d < n; d++)
		for (l = 0; l < 4; l++)
			y[d * st + l] /= sum[l];
}

void
tensor_softmax64(double *out, const double *in, size_t outer, size_t n, size_t inner, int lastdim)
{
	struct kern_cols c = { out, in, n, inner };

	if (lastdim)
		softmax_last(out, in, outer, n);
	else
		kern_softmax_walk(&c, outer, 4, softmax_mid_step);
}
