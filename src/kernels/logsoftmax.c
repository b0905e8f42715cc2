/*
 * logsoftmax.c - torch.log on one float as PyTorch's AVX2 kernels compute
 * it (SLEEF's logf_u10, with the fused multiply-adds of its AVX2 build),
 * and log_softmax along the last dim as ATen 1.13's
 * _vec_log_softmax_lastdim: the row's max, the sum of exp(x - max) over
 * 8 lanes (softmax.c's exp and lane sum), its log, then x - max - log.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../util/util.h"
#include "tensor.h"
#include "kern.h"

/* a double-float: x + y, |y| below half an ulp of x (SLEEF's vfloat2) */
struct df {
	float x, y;
};

/* dfadd2_vf2_vf_vf: a + b exactly, as two floats */
static struct df
df_add2(float a, float b)
{
	struct df r;
	float v;

	r.x = a + b;
	v = r.x - a;
	r.y = (a - (r.x - v)) + (b - v);
	return r;
}

/* dfdiv_vf2_vf2_vf2, the FMA version */
static struct df
df_div(struct df n, struct df d)
{
	float t = 1.0f / d.x, s = n.x * t, u = fmaf(t, n.x, -s);
	float v = fmaf(-d.y, t, fmaf(-d.x, t, 1.0f));
	struct df r;

	r.x = s;
	r.y = fmaf(s, v, fmaf(n.y, t, u));
	return r;
}

/* dfadd_vf2_vf2_vf2: |a| >= |b| */
static struct df
df_add(struct df a, struct df b)
{
	struct df r;

	r.x = a.x + b.x;
	r.y = (((a.x - r.x) + b.x) + a.y) + b.y;
	return r;
}

float
tensor_logf(float d0)
{
	float d = d0, m, x2, t, ef, r;
	struct df s, x, sc;
	uint32_t bits;
	int e, o = d < FLT_MIN;

	if (o)
		d = d * ((float)(INT64_C(1) << 32) * (float)(INT64_C(1) << 32));
	m = d * (1.0f / 0.75f);
	memcpy(&bits, &m, sizeof bits);
	e = (int)((bits >> 23) & 0xff) - 0x7f;	/* vilogb2k */
	memcpy(&bits, &d, sizeof bits);
	bits += (uint32_t)(-e) << 23;		/* vldexp3: d * 2^-e */
	memcpy(&m, &bits, sizeof m);
	if (o)
		e -= 64;
	ef = (float)e;
	s.x = 0.69314718246459960938f * ef;	/* dfmul_vf2_vf2_vf, FMA */
	s.y = fmaf(-1.904654323148236017e-09f, ef, fmaf(0.69314718246459960938f, ef, -s.x));
	x = df_div(df_add2(-1.0f, m), df_add2(1.0f, m));
	x2 = x.x * x.x;
	t = 0.3027294874e+0f;
	t = fmaf(t, x2, 0.3996108174e+0f);
	t = fmaf(t, x2, 0.6666694880e+0f);
	sc.x = x.x * 2;
	sc.y = x.y * 2;
	s = df_add(s, sc);
	{	/* dfadd_vf2_vf2_vf */
		float y = x2 * x.x * t, sx = s.x + y;

		s.y = ((s.x - sx) + y) + s.y;
		s.x = sx;
	}
	r = s.x + s.y;
	if (d0 == INFINITY)
		r = INFINITY;
	if (d0 < 0 || d0 != d0)
		r = NAN;
	if (d0 == 0)
		r = -INFINITY;
	return r;
}

void
tensor_log_softmax_rows(float *out, const float *in, size_t rows, int n)
{
	size_t r;
	int j;

	for (r = 0; r < rows; r++) {
		const float *x = in + r * (size_t)n;
		float *y = out + r * (size_t)n, max = -INFINITY, logsum;
		int nan = 0;

		for (j = 0; j < n; j++) {
			nan |= x[j] != x[j];
			max = x[j] > max ? x[j] : max;
		}
		if (nan)
			max = NAN;
		kern_exp_row(y, x, max, n);	/* y as scratch: the exps */
		logsum = tensor_logf(kern_lane_sum8(y, n));
		for (j = 0; j < n; j++) {
			float d = x[j] - max;

			y[j] = d - logsum;
		}
	}
}
