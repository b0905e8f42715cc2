/* rng.h - PyTorch's CPU generator: manual_seed, rand, randn, nn.Linear init, dropout. */
#ifndef RNG_H
#define RNG_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Every function reproduces PyTorch 1.13's CPU default generator bit for bit
 * (spec/torch-rng.md, "the spec" below; section numbers in brackets).
 * Tensors are flat float arrays of n elements in row-major order, filled in
 * the order PyTorch fills them, so a caller that draws in PyTorch's order
 * gets PyTorch's numbers.
 *
 * Ownership: nothing here allocates. A struct rng is plain data the caller
 * owns (copying it forks the stream); every function borrows its arguments
 * and writes only to the output arrays it is given.
 *
 * `fused` picks the uniform_ variant [3]: 1 = fmaf(x, range, lo) as the x86
 * AVX2/AVX-512 (and ARM) kernels do, 0 = x*range rounded, then + lo, as the
 * x86 DEFAULT capability does. `mkl` picks the bernoulli_ path [6]: 0 = the
 * mt19937 path (builds without MKL, Apple Silicon, AMD CPUs: the book's
 * mask), 1 = the MKL MCG31m1 model (official x86 wheels on Intel CPUs).
 */

#define RNG_MT_N 624

struct rng {
	uint32_t state[RNG_MT_N]; int left, next;	/* mt19937 [2] */
	uint64_t seed;				/* torch.initial_seed() */
	int has_normal; double normal;		/* cached double normal sample [5.1] */
};

/* torch.manual_seed(seed), seed already mapped to [0, 2^64) [2]. */
void	rng_seed(struct rng *g, uint64_t seed);
/*
 * A decimal integer in [-2^63, 2^64-1] as manual_seed takes it: an optional
 * '-', then one or more ASCII digits (leading zeros allowed), nothing else
 * (no '+', no spaces, no exponent or fraction, no hex). Negative s becomes
 * s + 2^64. Returns 0, or -1 with *seed untouched.
 */
int	rng_parse_seed(const char *text, uint64_t *seed);

uint32_t rng_u32(struct rng *g);		/* one tempered mt19937 output [2] */
uint64_t rng_u64(struct rng *g);		/* two draws, the first in the high half [2] */
float	rng_float(struct rng *g);		/* [0,1): low 24 bits of one u32 * 2^-24 [3] */
double	rng_double(struct rng *g);		/* [0,1): low 53 bits of one u64 * 2^-53 [3] */

/* torch.rand: one u32 per element [3]. */
void	rng_rand(struct rng *g, float *out, size_t n);
/*
 * torch.randn = normal_(0, 1): n < 16 double Box-Muller with the cache
 * [5.1], n >= 16 the 16-wide AVX2 kernel [5.2, 5.3]; the cache survives it.
 */
void	rng_randn(struct rng *g, float *out, size_t n);
/* The same for float64 tensors: rand one u64 per element, randn in double throughout [3, 5]. */
void	rng_rand64(struct rng *g, double *out, size_t n);
void	rng_randn64(struct rng *g, double *out, size_t n);
/*
 * Tensor.normal_(mean, std), same dispatch as rng_randn; portable: as ARM,
 * Apple Silicon and x86 DEFAULT capability builds do it [5.4]: n < 16 the
 * same; n >= 16 the portable kernel with logf/cosf/sinf modelled as
 * correctly rounded (libm dependent in PyTorch, so a model, not a
 * bit-exact target), products unfused.
 */
void	rng_normal(struct rng *g, float *out, size_t n, double mean, double std, int portable);
/* Tensor.uniform_(lo, hi) on float32 [3]. */
void	rng_uniform(struct rng *g, float *out, size_t n, double lo, double hi, int fused);
/*
 * nn.Linear(in, out, bias) default init [4]: weight (out, in) row-major,
 * then bias (out), or no bias draws when bias is NULL. in, out >= 0.
 */
void	rng_linear(struct rng *g, float *weight, float *bias, int in, int out, int fused);
/* The same for a float64 weight and bias: uniform_ on doubles (one u64 each, fused) [3, 4]. */
void	rng_linear64(struct rng *g, double *weight, double *bias, int in, int out);
/*
 * Tensor.bernoulli_(p), p in [0, 1], as 0.0f/1.0f [6.1, 6.3]. Default path:
 * 2 draws per element, even for p = 0 or 1. MKL path: exactly one draw,
 * even when n == 0 (PyTorch draws the MCG31 seed before looking at n).
 */
void	rng_bernoulli(struct rng *g, float *out, size_t n, double p, int mkl);
/*
 * nn.Dropout(p) in training mode, p in [0, 1] [6.2]: out = x * mask with
 * mask = bernoulli_(1-p) / float(1-p) in float32. p == 0 copies x and
 * p == 1 gives x * 0.0f (-0.0 for negative x, NaN for NaN/inf), both
 * without drawing; n == 0 draws nothing either. out may equal x.
 */
void	rng_dropout(struct rng *g, float *out, const float *x, size_t n, double p, int mkl);
/*
 * The mask nn.Dropout(p) multiplies by, i.e. rng_dropout of ones: each
 * element 0.0f or s = float(1 / float(1-p)); p == 0 gives all 1.0f and
 * p == 1 all 0.0f, without drawing.
 */
void	rng_dropout_mask(struct rng *g, float *mask, size_t n, double p, int mkl);
/* rng_dropout of a float64 x: the same draws, kept elements x * (1 / (1 - p)) in double. */
void	rng_dropout64(struct rng *g, double *out, const double *x, size_t n, double p, int mkl);
/* What a kept element of that mask holds, 0 < p < 1: float(1 / float(1 - p)). */
float	rng_dropout_scale(double p);

/* One lane of avx_mathfun's log256_ps and sincos256_ps as GCC compiled them [5.3]. */
float	rng_log256(float x);
void	rng_sincos256(float x, float *s, float *c);

/* A float32's bits and back (the generator's sin/cos, the model loader's halves): inline, for the kernels' speed. */
static inline uint32_t rng_float_bits(float f) { uint32_t b; memcpy(&b, &f, sizeof b); return b; }
static inline float rng_bits_float(uint32_t b) { float f; memcpy(&f, &b, sizeof f); return f; }

#endif
