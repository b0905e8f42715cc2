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
#include "dfloat.h"

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
	sc.x = 0.69314718246459960938f;
	sc.y = -1.904654323148236017e-09f;
	s = df_mul_df_f(sc, ef);
	x = df_div(df_add2_ff(-1.0f, m), df_add2_ff(1.0f, m));
	x2 = x.x * x.x;
	t = 0.3027294874e+0f;
	t = fmaf(t, x2, 0.3996108174e+0f);
	t = fmaf(t, x2, 0.6666694880e+0f);
	sc.x = x.x * 2;
	sc.y = x.y * 2;
	s = df_add_dfdf(s, sc);
	s = df_add_df_f(s, x2 * x.x * t);
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
