/*
 * gelu.c - torch.nn.functional.gelu in float32 as PyTorch 1.13 on x86-64
 * computes it, and the walk TensorIterator makes of an element-wise
 * kernel (vectors of 16 in each inner row, the row's last < 16 elements
 * by the scalar lambda).  Three codes, each measured bit for bit against
 * torch on 600,000 floats (specials included):
 *   - approximate='none' on a contiguous input of two or more elements:
 *     oneDNN 2.6's eltwise_gelu_erf (ATen's gelu_out_cpu calls it through
 *     ideep; the same code whatever the CPU's ISA): Abramowitz and
 *     Stegun's erf with oneDNN's own exp, s/2 + s/2 * erf;
 *   - approximate='none' elsewhere, the scalar lambda: x * 0.5 * (1 + erff(x / sqrt 2))
 *     with glibc's erff (the vector lambda, SLEEF's erff, is not here: the
 *     caller refuses the inputs that would run it);
 *   - approximate='tanh': 0.5 * x * (1 + tanh(kBeta * (x + kKappa * x^3))),
 *     the inner sum one fused multiply-add (GCC contracts it in the AVX2
 *     build), tanh SLEEF's tanhf_u10 in the vector lambda, glibc's tanhf in
 *     the scalar one.
 * Built with -ffp-contract=off: every fusion is an explicit fmaf().
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tensor.h"

enum { VEC = 16, MIN_PARALLEL = 16384 };	/* vectorized_loop's 2 x Vectorized<float>; GELU_MIN_ELEMENTS_FOR_MULTI_THREADING */

static float
from_bits(uint32_t u)
{
	float f;

	memcpy(&f, &u, sizeof f);
	return f;
}

static uint32_t
bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof u);
	return u;
}

/* oneDNN's exp_compute_vector_fwd on one lane: 2 * 2^(n-1) * p(r), zero below log(FLT_MIN) */
static float
dnnl_exp(float x)
{
	float lo = from_bits(0xc2aeac50), r, fx, p;
	int under = x < lo;
	int32_t n;

	x = x < from_bits(0x42b17218) ? x : from_bits(0x42b17218);	/* vminps(x, max): NaN gives max */
	x = x > lo ? x : lo;
	fx = floorf(x * from_bits(0x3fb8aa3b) + 0.5f);
	r = fmaf(-fx, from_bits(0x3f317218), x);
	n = (int32_t)nearbyintf(fx - 1.0f);
	n = under ? 0 : (n + 0x7f) << 23;
	p = fmaf(from_bits(0x3c07cfce), r, from_bits(0x3d2b9d0d));
	p = fmaf(p, r, from_bits(0x3e2aad40));
	p = fmaf(p, r, from_bits(0x3efffee3));
	p = fmaf(p, r, from_bits(0x3f7ffffb));
	p = fmaf(p, r, 1.0f);
	return p * from_bits((uint32_t)n) * 2.0f;
}

/* oneDNN's gelu_erf_compute_vector_fwd (Abramowitz and Stegun 7.1.26) on one lane */
float
tensor_gelu_dnnl(float s)
{
	float x = s * from_bits(0x3f3504f3), t, e, r, erf, half;

	t = 1.0f / fmaf(from_bits(0x3ea7ba05), fabsf(x), 1.0f);
	e = -dnnl_exp(-(x * x)) * t;
	r = fmaf(from_bits(0x3f87dc22), t, from_bits(0xbfba00e3));
	r = fmaf(r, t, from_bits(0x3fb5f0e3));
	r = fmaf(r, t, from_bits(0xbe91a98e));
	r = fmaf(r, t, from_bits(0x3e827906));
	erf = from_bits(bits(fmaf(e, r, 1.0f)) ^ (bits(s) & 0x80000000u));
	half = s * 0.5f;
	return fmaf(erf, half, half);
}

/* GeluKernelImpl's scalar lambdas (glibc's erff, tanhf) and its tanh vector lambda (SLEEF's tanhf) */
static float
gelu_scalar(float x, int tanh_approx)
{
	const float beta = (float)(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = 0.044715f;

	if (!tanh_approx)
		return x * 0.5f * (1.0f + erff(x * (float)M_SQRT1_2));
	return 0.5f * x * (1.0f + tanhf(beta * fmaf(kappa, x * x * x, x)));
}

static float
gelu_tanh_vec(float x)
{
	const float beta = (float)(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = 0.044715f;

	return 0.5f * x * (1.0f + tensor_tanhf(beta * fmaf(kappa, x * x * x, x)));
}

/*
 * y (n floats, in TensorIterator's order) through ATen's GeluKernelImpl:
 * the range cut in `threads` chunks when n > 16384 (its grain), each chunk
 * walked row by row (rows of `row` elements; row 0: the input is not
 * contiguous along them, every element scalar), 16 at a time by the vector
 * lambda, the rest of a row by the scalar one.  -1 (y untouched) when
 * approximate='none' would run its vector lambda.
 */
int
tensor_gelu(float *y, size_t n, size_t row, int tanh_approx, int threads)
{
	size_t chunk = n > MIN_PARALLEL && threads > 1 ? (n + (size_t)threads - 1) / (size_t)threads : n, b, p;
	int pass;

	for (pass = tanh_approx ? 1 : 0; pass < 2; pass++)	/* 'none': a dry run first, to refuse before writing */
		for (b = 0; b < n; b += chunk) {
			size_t e = b + chunk < n ? b + chunk : n;

			for (p = b; p < e;) {
				size_t end = row ? (p / row + 1) * row : e, k;

				if (end > e)
					end = e;
				for (k = p; row && k + VEC <= end; k += VEC) {
					size_t j;

					if (pass == 0)
						return -1;
					for (j = k; j < k + VEC; j++)
						y[j] = gelu_tanh_vec(y[j]);
				}
				for (; pass == 1 && k < end; k++)
					y[k] = gelu_scalar(y[k], tanh_approx);
				p = end;
			}
		}
	return 0;
}

/* approximate='none' on a contiguous input of two or more elements: oneDNN's kernel on each */
void
tensor_gelu_dnnl_array(float *y, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		y[i] = tensor_gelu_dnnl(y[i]);
}
