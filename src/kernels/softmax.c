/*
 * softmax.c - exp (SLEEF's expf_u10, bit for bit as torch.exp) and the
 * softmax kernels built on it: along the last dim (rows, scaled rows,
 * steps for `why`) and along any other dim; also the contiguous scale
 * and multiply the stages use (tensor_scale, tensor_mul).  kern_exp_row
 * hands exp to the element-wise kernels.
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

/*
 * y[j] = exp(x[j] - max) by SLEEF's expf_u10 as PyTorch's AVX2
 * Vectorized<float>::exp() runs it, fused multiply-adds where that build
 * fuses them: bit-identical to torch.exp (which glibc's expf is not).
 * Written without branches so that the compiler can vectorise it.
 */
/* one exp(x - max), branch-free so that a loop of them vectorises */
static inline float
exp_one(float x, float max)
{
	float d = x - max;
	float qf = nearbyintf(d * 1.442695040888963407359924681001892137426645954152985934135449406931f);
	float s, u;
	union fbits e1, e2;
	int q, q1;

	qf = qf < -200.0f ? -200.0f : (qf > 200.0f ? 200.0f : qf);
	qf = qf == qf ? qf : 0.0f;	/* NaN: any q; the result is replaced below */
	q = (int)qf;
	q1 = q >> 1;
	s = fmaf(qf, -0.693145751953125f, d);
	s = fmaf(qf, -1.428606765330187045e-06f, s);
	u = 0.000198527617612853646278381f;
	u = fmaf(u, s, 0.00139304355252534151077271f);
	u = fmaf(u, s, 0.00833336077630519866943359f);
	u = fmaf(u, s, 0.0416664853692054748535156f);
	u = fmaf(u, s, 0.166666671633720397949219f);
	u = fmaf(u, s, 0.5f);
	u = 1.0f + fmaf(s * s, u, s);
	e1.u = (uint32_t)(q1 + 0x7f) << 23;
	e2.u = (uint32_t)(q - q1 + 0x7f) << 23;
	u = u * e1.f * e2.f;
	u = d < -104 ? 0.0f : u;
	u = d > 100 ? INFINITY : u;
	return d == d ? u : d;
}

/* blocks of 16 with a fixed trip count: GCC -O2 vectorises those (16 or 8 lanes) */
FMA_CLONES static void
exp_row(float *y, const float *x, float max, int n)
{
	int j, k;

	for (j = 0; j + 16 <= n; j += 16)
		for (k = j; k < j + 16; k++)
			y[k] = exp_one(x[k], max);
	for (; j < n; j++)
		y[j] = exp_one(x[j], max);
}

/* exp_row for the element-wise kernels: the clones stay behind this entry point */
void
kern_exp_row(float *y, const float *x, float max, int n)
{
	exp_row(y, x, max, n);
}

float
tensor_expf(float d)
{
	float y;

	exp_row(&y, &d, 0.0f, 1);	/* d - 0 is d, -0 and NaN included */
	return y;
}

/*
 * vec::reduce_all(+) over 8 lanes: lane l sums elements l, l+8, ...; a
 * partial last vector adds to the first lanes only; then the lanes fold
 * as a tree (0+4, 1+5, ...).  Fewer than 8 elements: left to right.
 */
static float
lane_sum8(const float *x, int n)
{
	float acc[8], a4[4];
	int i, d;

	if (n < 8) {
		float s = 0;

		for (i = 0; i < n; i++)
			s += x[i];
		return s;
	}
	for (i = 0; i < 8; i++)
		acc[i] = x[i];
	for (d = 8; d + 8 <= n; d += 8)
		for (i = 0; i < 8; i++)
			acc[i] += x[d + i];
	for (i = 0; d + i < n; i++)
		acc[i] += x[d + i];
	for (i = 0; i < 4; i++)
		a4[i] = acc[i] + acc[i + 4];
	a4[0] += a4[2];
	a4[1] += a4[3];
	return a4[0] + a4[1];
}

/* lane_sum8 for the other kernel files (logsoftmax.c) */
float
kern_lane_sum8(const float *x, int n)
{
	return lane_sum8(x, n);
}

/* (static clones behind the entry points: clang cannot call another file's clones) */
FMA_CLONES static void
scale(float *y, const float *x, size_t n, float f, int divides)
{
	size_t i;

	if (divides)
		for (i = 0; i < n; i++)
			y[i] = x[i] / f;
	else
		for (i = 0; i < n; i++)
			y[i] = x[i] * f;
}

FMA_CLONES static void
mul(float *y, const float *a, const float *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		y[i] = a[i] * b[i];
}

void
tensor_scale(float *y, const float *x, size_t n, float f, int divides)
{
	scale(y, x, n, f, divides);
}

void
tensor_mul(float *y, const float *a, const float *b, size_t n)
{
	mul(y, a, b, n);
}

/*
 * *max = the largest of x[0..n), 16 lanes at a time in vector registers
 * (the order cannot change a maximum; -0 and +0 give the same exp below);
 * returns whether there is a NaN, which the caller looks for itself.
 * Written with vector types: compilers' own vectorisers gave up on it at
 * one -O level or another.
 */
typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));

FMA_CLONES static int
row_max(const float *x, int n, float *max)
{
	float lane[16], best = -INFINITY;
	int32_t flag[16];
	v16f m, v;
	v16i bad, gt;
	int j, l, any = 0;

	for (l = 0; l < 16; l++)
		lane[l] = -INFINITY;
	memcpy(&m, lane, sizeof m);
	memset(&bad, 0, sizeof bad);
	for (j = 0; j + 16 <= n; j += 16) {
		memcpy(&v, x + j, sizeof v);
		bad |= v != v;
		gt = v > m;
		m = (v16f)(((v16i)v & gt) | ((v16i)m & ~gt));
	}
	memcpy(lane, &m, sizeof lane);
	memcpy(flag, &bad, sizeof flag);
	for (l = 0; l < 16; l++) {
		any |= flag[l];
		best = lane[l] > best ? lane[l] : best;
	}
	for (; j < n; j++) {
		any |= x[j] != x[j];
		best = x[j] > best ? x[j] : best;
	}
	*max = best;
	return any != 0;
}

/*
 * As ATen's vectorised softmax over the last dimension: subtract the row
 * max, exp, sum, then multiply by the reciprocal of the sum.  A row of all
 * -inf gives NaN, as in PyTorch.  Bit-identical to torch.softmax.
 */
struct softmax_job {
	float *out;
	const float *in;
	size_t lo, hi;
	int n;
	float scale;		/* the row is first divided by it (divides) or multiplied */
	int scaled, divides;
	struct tensor_softmax_steps *steps;	/* one row's steps, for why; or NULL */
};

FMA_CLONES static void *
softmax_job_run(void *arg)
{
	const struct softmax_job *sj = arg;
	struct tensor_softmax_steps *st = sj->steps;
	size_t r;
	int j, n = sj->n;

	for (r = sj->lo; r < sj->hi && !interrupt_pending; r++) {	/* Ctrl-C: the caller drops it */
		const float *x = sj->in + r * (size_t)n;
		float *y = sj->out + r * (size_t)n;
		float max = -INFINITY, sum, inv;

		if (sj->scaled) {	/* y = x / scale: the same floats a scaled copy would hold */
			for (j = 0; j < n; j++)
				y[j] = sj->divides ? x[j] / sj->scale : x[j] * sj->scale;
			x = y;
			if (st != NULL && st->scaled != NULL)
				memcpy(st->scaled, y, (size_t)n * sizeof *y);
		}
		if (row_max(x, n, &max)) {	/* a NaN: the first one, as ATen's loop meets it */
			for (j = 0; j < n && !isnan(x[j]); j++)
				;
			max = x[j];
		}
		exp_row(y, x, max, n);
		sum = lane_sum8(y, n);
		inv = 1 / sum;
		if (st != NULL) {
			memcpy(st->exps, y, (size_t)n * sizeof *y);
			st->max = max;
			st->sum = sum;
			st->inv = inv;
		}
		for (j = 0; j < n; j++)
			y[j] *= inv;
	}
	return NULL;
}

/* Rows are independent: two threads share them on large tensors. */
static void
softmax_rows(float *out, const float *in, size_t rows, int n, int scaled, int divides, float scale)
{
	struct softmax_job job[2];

	job[0].out = out;
	job[0].in = in;
	job[0].n = n;
	job[0].lo = 0;
	job[0].hi = rows;
	job[0].scaled = scaled;
	job[0].divides = divides;
	job[0].scale = scale;
	job[0].steps = NULL;
	if ((double)rows * n < 262144 || rows < 2) {
		softmax_job_run(&job[0]);
		return;
	}
	job[1] = job[0];
	job[0].hi = job[1].lo = rows / 2;
	two_threads(softmax_job_run, &job[0], &job[1]);
}

void
tensor_softmax_rows(float *out, const float *in, size_t rows, int n)
{
	softmax_rows(out, in, rows, n, 0, 0, 1);
}

void
tensor_softmax_rows_scaled(float *out, const float *in, size_t rows, int n, float scale, int divides)
{
	softmax_rows(out, in, rows, n, 1, divides, scale);
}

void
tensor_softmax_steps(float *out, const float *in, int n, int scaled, float scale, int divides,
    struct tensor_softmax_steps *steps)
{
	struct softmax_job job = { .out = out, .in = in, .lo = 0, .hi = 1, .n = n, .scale = scale,
	    .scaled = scaled, .divides = divides, .steps = steps };

	softmax_job_run(&job);
}


/*
 * softmax along a dim that is not the last (ATen's _vec_softmax): for
 * each of `outer` blocks of (n, inner) floats, 8 inner columns at a time
 * as vector lanes (max, SLEEF exp of x - max, sum, then division by the
 * sum); the columns left over, fewer than 8, one by one with libm's expf
 * and std::max, as the kernel's scalar tail does.  With more than one
 * thread, each thread's chunk of the columns starts its own groups of 8
 * (kern_softmax_walk).
 */
/* one step of _vec_softmax: 8 columns from element at as vector lanes, or that column alone */
static void
softmax_mid_step(const struct kern_cols *c, size_t at, int vec)
{
	size_t n = c->n, st = c->inner, d, l;
	const float *x = (const float *)c->in + at;
	float *y = (float *)c->out + at;

	if (vec) {
		float max[8], sum[8];

		for (l = 0; l < 8; l++)
			max[l] = x[l];
		for (d = 1; d < n; d++)
			for (l = 0; l < 8; l++) {
				float v = x[d * st + l];

				max[l] = max[l] != max[l] || v != v ? NAN : (v > max[l] ? v : max[l]);
			}
		for (l = 0; l < 8; l++)
			sum[l] = 0;
		for (d = 0; d < n; d++)
			for (l = 0; l < 8; l++) {
				float e;

				exp_row(&e, &x[d * st + l], max[l], 1);
				y[d * st + l] = e;
				sum[l] += e;
			}
		for (d = 0; d < n; d++)
			for (l = 0; l < 8; l++)
				y[d * st + l] /= sum[l];
		return;
	}
	{
		float max = x[0], sum = 0;

		for (d = 1; d < n; d++)
			max = max < x[d * st] ? x[d * st] : max;
		for (d = 0; d < n; d++) {
			y[d * st] = expf(x[d * st] - max);
			sum += y[d * st];
		}
		for (d = 0; d < n; d++)
			y[d * st] /= sum;
	}
}

void
tensor_softmax_dim(float *out, const float *in, size_t outer, size_t n, size_t inner)
{
	struct kern_cols c = { out, in, n, inner };

	kern_softmax_walk(&c, outer, 8, softmax_mid_step);
}
