/* rng.c - PyTorch's CPU generator: manual_seed, rand, randn, nn.Linear init, dropout. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "../util/util.h"
#include "rng.h"

/*
 * Bit-exactness rests on every float operation below being one IEEE
 * binary32 (or binary64) operation rounded to nearest, with fmaf()/fma()
 * exactly where PyTorch's compiled kernels fuse (spec 5.3, 10) and nowhere
 * else. So: no excess precision (x87 would round twice), and this file must
 * be compiled with -ffp-contract=off, because GCC in GNU mode would otherwise
 * fuse a product in one statement with a sum in the next. Every plain product
 * also sits in its own statement, which is enough for clang's default
 * (-ffp-contract=on fuses only within one expression).
 * FLT_EVAL_METHOD 16 (TS 18661-3, GCC in GNU mode on AVX512-FP16 CPUs) only
 * widens _Float16, so float and double still round to themselves.
 */
#if !defined(FLT_EVAL_METHOD) || (FLT_EVAL_METHOD != 0 && FLT_EVAL_METHOD != 16)
#error "rng.c needs FLT_EVAL_METHOD == 0 (SSE on x86-64, or AArch64): float math must round to float"
#endif

#define MT_M		397
#define MT_MATRIX_A	0x9908b0dfu
#define MT_UPPER	0x80000000u
#define MT_LOWER	0x7fffffffu

/* c10::pi<double>; M_PI is not in C99. */
#define PI		3.14159265358979323846

/* Below this many elements normal_ takes the double path (spec 5). */
#define NORMAL_BLOCK	16

/* Intel VSL MCG31m1 (spec 6.3). */
#define MCG31_M		2147483647u
#define MCG31_A		1132489760u

/*
 * mt19937: seeding and raw draws (spec 2).
 */

void
rng_seed(struct rng *g, uint64_t seed)
{
	uint32_t *s = g->state;
	int j;

	g->seed = seed;
	/* Only the low 32 bits reach the engine: s and s + 2^32 give one stream. */
	s[0] = (uint32_t)(seed & 0xffffffffu);
	for (j = 1; j < RNG_MT_N; j++)
		s[j] = (uint32_t)(1812433253u * (s[j - 1] ^ (s[j - 1] >> 30)) + (uint32_t)j);
	/* left = 1: the first draw regenerates the whole block. */
	g->left = 1;
	g->next = 0;
	g->has_normal = 0;
	g->normal = 0.0;
}

int
rng_parse_seed(const char *text, uint64_t *seed)
{
	const char *p = text;
	uint64_t v = 0, limit;
	int neg = 0;

	if (*p == '-') {
		neg = 1;
		p++;
	}
	if (*p < '0' || *p > '9')
		return -1;
	/* The magnitude may reach 2^64-1, or 2^63 when negative; check before multiplying. */
	limit = neg ? (uint64_t)1 << 63 : UINT64_MAX;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (limit - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (*p != '\0')
		return -1;
	/* manual_seed reads a negative int64 as its uint64 bit pattern: s + 2^64. */
	*seed = neg ? (uint64_t)0 - v : v;
	return 0;
}

static void
mt_next_state(struct rng *g)
{
	uint32_t *s = g->state, y;
	int k;

	/*
	 * The reference genrand order, in place, split where (k + 1) and
	 * (k + M) wrap so that no index needs a modulo: words past 623-397
	 * see the words updated before them.
	 */
#define TWIST(k, k1, km) \
	y = (s[k] & MT_UPPER) | (s[k1] & MT_LOWER); \
	s[k] = s[km] ^ (y >> 1) ^ ((s[k1] & 1u) ? MT_MATRIX_A : 0u)
	for (k = 0; k < RNG_MT_N - MT_M; k++) {
		TWIST(k, k + 1, k + MT_M);
	}
	for (; k < RNG_MT_N - 1; k++) {
		TWIST(k, k + 1, k + MT_M - RNG_MT_N);
	}
	TWIST(RNG_MT_N - 1, 0, MT_M - 1);
#undef TWIST
	g->left = RNG_MT_N;
	g->next = 0;
}

static uint32_t
temper(uint32_t y)
{
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680u;
	y ^= (y << 15) & 0xefc60000u;
	y ^= y >> 18;
	return y;
}

/*
 * out[i] = rng_float(g) for n floats, a block of the state at a time: the
 * same draws, in loops the compiler can vectorise (16 at a time).
 */
static void
rng_floats(struct rng *g, float *out, size_t n)
{
	while (n > 0 && !interrupt_pending) {	/* the REPL's Ctrl-C: the caller drops the draws */
		size_t m = (size_t)g->left - 1, i, j;
		const uint32_t *s;

		if (m == 0) {
			mt_next_state(g);
			g->left = RNG_MT_N + 1;	/* as if state[0] had not been drawn yet */
			m = RNG_MT_N;
		}
		if (m > n)
			m = n;
		s = g->state + g->next;
		for (i = 0; i + 16 <= m; i += 16)
			for (j = i; j < i + 16; j++)
				out[j] = (float)(temper(s[j]) & 0xffffffu) * 0x1p-24f;
		for (; i < m; i++)
			out[i] = (float)(temper(s[i]) & 0xffffffu) * 0x1p-24f;
		g->next += (int)m;
		g->left -= (int)m;
		out += m;
		n -= m;
	}
}

uint32_t
rng_u32(struct rng *g)
{
	uint32_t y;

	if (--g->left == 0)
		mt_next_state(g);
	y = g->state[g->next++];
	return temper(y);
}

uint64_t
rng_u64(struct rng *g)
{
	uint64_t hi, lo;

	/* Two statements: the high half must be drawn first. */
	hi = rng_u32(g);
	lo = rng_u32(g);
	return hi << 32 | lo;
}

float
rng_float(struct rng *g)
{
	/* A 24-bit integer times 2^-24 is exact in float. */
	return (float)(rng_u32(g) & 0xffffffu) * 0x1p-24f;
}

double
rng_double(struct rng *g)
{
	return (double)(rng_u64(g) & (((uint64_t)1 << 53) - 1)) * 0x1p-53;
}

void
rng_rand(struct rng *g, float *out, size_t n)
{
	rng_floats(g, out, n);
}

/*
 * uniform_ and nn.Linear (spec 3, 4).
 */

/* A clone where fmaf is one instruction instead of a libm call: same bits. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
__attribute__((target_clones("fma", "default")))
#endif
void
rng_uniform(struct rng *g, float *out, size_t n, double lo, double hi, int fused)
{
	float flo = (float)lo, fhi = (float)hi;
	float range = fhi - flo;	/* in float, after rounding both ends */
	size_t i;

	rng_floats(g, out, n);
	for (i = 0; i < n; i++) {
		float x = out[i];

		if (fused) {
			out[i] = fmaf(x, range, flo);
		} else {
			float t = x * range;

			out[i] = t + flo;
		}
	}
}

/*
 * kaiming_uniform_(weight, a=sqrt(5))'s bound in double, one operation per
 * statement as Python evaluates it: a*a is 5.000000000000001; in > 0.
 */
static double
kaiming_bound(int in)
{
	double a = sqrt(5.0), a2 = a * a, gain = sqrt(2.0 / (1.0 + a2)), bound = gain / sqrt((double)in);

	return sqrt(3.0) * bound;
}

void
rng_linear(struct rng *g, float *weight, float *bias, int in, int out, int fused)
{
	if (in < 0 || out < 0)
		return;
	/* A zero-element weight is left alone (no draws), as init does. */
	if (in > 0 && out > 0)
		rng_uniform(g, weight, (size_t)in * (size_t)out, -kaiming_bound(in), kaiming_bound(in), fused);
	/* The bias comes after the whole weight; fan_in 0 gives bound 0. */
	if (bias != NULL)
		rng_uniform(g, bias, (size_t)out, in > 0 ? -1.0 / sqrt((double)in) : 0.0,
		    in > 0 ? 1.0 / sqrt((double)in) : 0.0, fused);
}

/* uniform_ on float64: one u64 per element, fma(x, to - from, from) as the AVX2 kernel's contraction */
static void
uniform64(struct rng *g, double *out, size_t n, double lo, double hi)
{
	size_t i;

	for (i = 0; i < n && !interrupt_pending; i++)
		out[i] = fma(rng_double(g), hi - lo, lo);
}

void
rng_linear64(struct rng *g, double *weight, double *bias, int in, int out)
{
	if (in < 0 || out < 0)
		return;
	if (in > 0 && out > 0)
		uniform64(g, weight, (size_t)in * (size_t)out, -kaiming_bound(in), kaiming_bound(in));
	if (bias != NULL)
		uniform64(g, bias, (size_t)out, in > 0 ? -1.0 / sqrt((double)in) : 0.0, in > 0 ? 1.0 / sqrt((double)in) : 0.0);
}

/*
 * Normal numbers (spec 5).
 */

/*
 * Spec 5.1: double Box-Muller, returning r*cos and caching r*sin for the
 * next call. The cache belongs to the generator, holds the sample before
 * mean/std, and only manual_seed clears it.
 */
static double
normal_double(struct rng *g, double mean, double std)
{
	double u1, u2, r, theta, v;

	if (g->has_normal) {
		g->has_normal = 0;
		return fma(g->normal, std, mean);
	}
	u1 = rng_double(g);
	u2 = rng_double(g);
	r = -2.0 * log(1.0 - u2);
	r = sqrt(r);
	theta = 2.0 * PI;
	theta = theta * u1;
	v = sin(theta);
	g->normal = r * v;
	g->has_normal = 1;
	v = cos(theta);
	v = r * v;
	/* val * std + mean: the AVX2 build of this kernel fuses it (the spec's reference model does). */
	return fma(v, std, mean);
}

float
rng_log256(float x)
{
	uint32_t b;
	float m, e, t, z, y, q, h;
	int invalid = x <= 0.0f;	/* an ordered compare: false for NaN */

	/* maxps(x, min): NaN and subnormals become 2^-126. */
	if (!(x > 0x1p-126f))
		x = 0x1p-126f;
	b = rng_float_bits(x);
	m = rng_bits_float((b & 0x807fffffu) | 0x3f000000u);	/* mantissa in [0.5, 1) */
	e = (float)((int32_t)(b >> 23) - 127);
	e = e + 1.0f;
	t = 0.0f;
	if (m < 0x1.6a09e6p-1f) {	/* SQRTHF 3f3504f3 */
		t = m;
		e = e - 1.0f;
	}
	x = m + -1.0f;
	x = x + t;
	z = x * x;
	/* Horner, fused at every step (P0..P8: 3d9021bb ... 3eaaaaaa). */
	y = 0x1.204376p-4f;
	y = fmaf(x, y, -0x1.d7a370p-4f);
	y = fmaf(x, y, 0x1.de4a34p-4f);
	y = fmaf(x, y, -0x1.fcba9ep-4f);
	y = fmaf(x, y, 0x1.23d37ep-3f);
	y = fmaf(x, y, -0x1.555ca0p-3f);
	y = fmaf(x, y, 0x1.999d58p-3f);
	y = fmaf(x, y, -0x1.fffff8p-3f);
	y = fmaf(x, y, 0x1.555554p-2f);
	y = x * y;
	q = e * -0x1.bd0106p-13f;	/* Q1 b95e8083 */
	y = fmaf(y, z, q);
	h = z * 0.5f;
	y = y - h;
	x = x + y;
	x = fmaf(e, 0x1.63p-1f, x);	/* Q2 3f318000 */
	if (invalid)
		x = rng_bits_float(0xffffffffu);	/* or-ed with an all-ones mask: a NaN */
	return x;
}

/* Convert like cvttps2dq: truncate, and 0x80000000 when out of int32 range or NaN. */
static uint32_t
trunc_i32(float y)
{
	if (!(y > -0x1p31f && y < 0x1p31f))
		return 0x80000000u;
	return (uint32_t)(int32_t)y;	/* int32 -> uint32 is modular: well defined */
}

/* Convert like cvtdq2ps: the bits as a signed int32, rounded to float. */
static float
i32_float(uint32_t j)
{
	int64_t v = j & 0x80000000u ? (int64_t)j - ((int64_t)1 << 32) : (int64_t)j;

	return (float)v;
}

void
rng_sincos256(float x, float *s, float *c)
{
	uint32_t bx = rng_float_bits(x), sign_sin, sign_cos, swap, j, je;
	float ax, y, jf, z, cp, sp, h, tmp;
	int poly;

	sign_sin = bx & 0x80000000u;
	ax = rng_bits_float(bx & 0x7fffffffu);
	y = ax * 0x1.45f306p+0f;	/* FOPI 3fa2f983 */
	j = trunc_i32(y);
	j = j + 1u;
	je = j & ~1u;
	jf = i32_float(je);
	/* Quadrant bookkeeping, all 32-bit integer arithmetic. */
	swap = (j & 4u) << 29;
	poly = (j & 2u) == 0;
	sign_cos = (~(je - 2u) & 4u) << 29;
	sign_sin ^= swap;
	/* Cody-Waite reduction by pi/4 in three fused steps (bf490000, b97da000, b3222169). */
	x = fmaf(jf, -0x1.92p-1f, ax);
	x = fmaf(jf, -0x1.fb4p-13f, x);
	x = fmaf(jf, -0x1.4442d2p-25f, x);
	z = x * x;
	/* Cosine (C0..C2: 37ccf5ce, bab6061a, 3d2aaaa5). */
	cp = fmaf(z, 0x1.99eb9cp-16f, -0x1.6c0c34p-10f);
	cp = fmaf(z, cp, 0x1.55554ap-5f);
	h = z * 0.5f;
	cp = z * cp;
	cp = fmaf(cp, z, -h);
	cp = cp + 1.0f;
	/* Sine (S0..S2: b94ca1f9, 3c08839e, be2aaaa3). */
	sp = fmaf(-0x1.9943f2p-13f, z, 0x1.11073cp-7f);
	sp = fmaf(z, sp, -0x1.555546p-3f);
	sp = z * sp;
	sp = fmaf(sp, x, x);
	if (!poly) {
		tmp = sp;
		sp = cp;
		cp = tmp;
	}
	*s = rng_bits_float(rng_float_bits(sp) ^ sign_sin);
	*c = rng_bits_float(rng_float_bits(cp) ^ sign_cos);
}

/* normal_fill_16_AVX2 (spec 5.3): 16 uniforms in d[0..15] become 16 normals. */
static void
normal_block_avx2(float *d, float mean, float std)
{
	float u1, lg, radius, theta, s, c, n1, n2;
	int k;

	for (k = 0; k < 8; k++) {
		u1 = 1.0f - d[k];		/* (0, 1]: log never sees 0 */
		lg = rng_log256(u1);
		radius = lg * -2.0f;
		radius = sqrtf(radius);
		theta = 0x1.921fb6p+2f * d[8 + k];	/* TWO_PI 40c90fdb */
		rng_sincos256(theta, &s, &c);
		n1 = radius * c;
		n2 = radius * s;
		d[k] = fmaf(n1, std, mean);
		d[8 + k] = fmaf(n2, std, mean);
	}
}

/* normal_fill_16 (spec 5.4), libm logf/cosf/sinf modelled as correctly rounded. */
static void
normal_block_portable(float *d, float mean, float std)
{
	float u1, lg, radius, theta, v;
	int k;

	for (k = 0; k < 8; k++) {
		u1 = 1.0f - d[k];
		lg = (float)log((double)u1);
		radius = -2.0f * lg;
		radius = sqrtf(radius);
		/* 2.0f * c10::pi<double> * u2: the product is double, rounded once to float. */
		theta = (float)(2.0 * PI * (double)d[8 + k]);
		v = (float)cos((double)theta);
		v = radius * v;
		v = v * std;
		d[k] = v + mean;
		v = (float)sin((double)theta);
		v = radius * v;
		v = v * std;
		d[8 + k] = v + mean;
	}
}

/*
 * Spec 5.2: fill all n with uniforms, transform each whole block of 16,
 * then re-draw 16 fresh uniforms over the last 16 positions and transform
 * those too; the first draws for the n % 16 tail are thrown away.
 */
static void
normal_fill(struct rng *g, float *out, size_t n, float mean, float std,
    void (*block)(float *, float, float))
{
	size_t o;

	rng_rand(g, out, n);
	for (o = 0; o + NORMAL_BLOCK <= n && !interrupt_pending; o += NORMAL_BLOCK)	/* Ctrl-C: dropped */
		block(out + o, mean, std);
	if (n % NORMAL_BLOCK != 0) {
		rng_rand(g, out + n - NORMAL_BLOCK, NORMAL_BLOCK);
		block(out + n - NORMAL_BLOCK, mean, std);
	}
}

void
rng_normal(struct rng *g, float *out, size_t n, double mean, double std, int portable)
{
	size_t i;

	if (n >= NORMAL_BLOCK) {
		normal_fill(g, out, n, (float)mean, (float)std, portable ? normal_block_portable : normal_block_avx2);
		return;
	}
	for (i = 0; i < n; i++)
		out[i] = (float)normal_double(g, mean, std);
}

void
rng_randn(struct rng *g, float *out, size_t n)
{
	rng_normal(g, out, n, 0.0, 1.0, 0);
}

/*
 * float64 (spec 3, 5): torch.rand draws one u64 per element (53 bits);
 * torch.randn n < 16 the cached double Box-Muller, n >= 16 normal_fill
 * <double>: uniform doubles, then blocks of 16 (libm's log, cos, sin in
 * double; u1 = 1 - data[j], theta = 2 pi * data[j + 8]), the last 16
 * drawn again when n % 16 is not 0.
 */
void
rng_rand64(struct rng *g, double *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = rng_double(g);
}

static void
normal_block64(double *d)
{
	int j;

	for (j = 0; j < 8; j++) {
		double u1 = 1 - d[j], u2 = d[j + 8];
		double radius = sqrt(-2 * log(u1)), theta = 2.0 * PI * u2;

		d[j] = radius * cos(theta);
		d[j + 8] = radius * sin(theta);
	}
}

void
rng_randn64(struct rng *g, double *out, size_t n)
{
	size_t i;

	if (n < NORMAL_BLOCK) {
		for (i = 0; i < n; i++)
			out[i] = normal_double(g, 0.0, 1.0);
		return;
	}
	rng_rand64(g, out, n);
	for (i = 0; i + NORMAL_BLOCK <= n && !interrupt_pending; i += NORMAL_BLOCK)
		normal_block64(out + i);
	if (n % NORMAL_BLOCK != 0) {
		rng_rand64(g, out + n - NORMAL_BLOCK, NORMAL_BLOCK);
		normal_block64(out + n - NORMAL_BLOCK);
	}
}

/*
 * bernoulli_ and dropout (spec 6).
 */

/* A source of bernoulli_(p) bits in element order, for either path. */
struct bern {
	struct rng *g;
	double p;
	int mkl;
	uint32_t x;		/* MCG31m1 state, mkl only */
};

static void
bern_start(struct bern *b, struct rng *g, double p, int mkl)
{
	b->g = g;
	b->p = p;
	b->mkl = mkl;
	b->x = 0;
	if (mkl) {
		/*
		 * One mt19937 draw seeds a fresh VSL stream; x_0 is the seed
		 * itself. PyTorch's 800-element chunks skip ahead to their
		 * offset, so element i always gets x_i.
		 */
		b->x = rng_u32(g) % MCG31_M;
		if (b->x == 0)
			b->x = 1;
	}
}

static int
bern_next(struct bern *b)
{
	int bit;

	if (!b->mkl)
		return rng_double(b->g) < b->p;
	/* u = x/m formed in double, and `<`: neither is pinned down by the vectors (spec 6.3). */
	bit = (double)b->x / (double)MCG31_M < b->p;
	b->x = (uint32_t)((uint64_t)b->x * MCG31_A % MCG31_M);
	return bit;
}

void
rng_bernoulli(struct rng *g, float *out, size_t n, double p, int mkl)
{
	struct bern b;
	size_t i;

	bern_start(&b, g, p, mkl);
	for (i = 0; i < n; i++)
		out[i] = bern_next(&b) ? 1.0f : 0.0f;
}

/* Dropout of x, or of a tensor of ones when x is NULL. */
static void
dropout(struct rng *g, float *out, const float *x, size_t n, double p, int mkl)
{
	struct bern b;
	float keep, m;
	size_t i;

	if (p == 0.0 || n == 0) {
		/* The identity, and no draws. */
		for (i = 0; i < n; i++)
			out[i] = x != NULL ? x[i] : 1.0f;
		return;
	}
	if (p == 1.0) {
		/* input * zeros({}): no draws, but -0.0 and NaN where x says so. */
		for (i = 0; i < n; i++)
			out[i] = (x != NULL ? x[i] : 1.0f) * 0.0f;
		return;
	}
	/*
	 * mask = bernoulli_(1 - p) in double, then mask.div_(1 - p): a double
	 * scalar divides a float tensor as float(1 - p), so the scale is
	 * float(1 / float(1 - p)), not float(1 / (1 - p)). Then x * mask.
	 */
	keep = rng_dropout_scale(p);	/* 1 / float(1 - p); a dropped 0 / float(1 - p) is 0 */
	bern_start(&b, g, 1.0 - p, mkl);
	for (i = 0; i < n; i++) {
		m = bern_next(&b) ? keep : 0.0f;
		out[i] = (x != NULL ? x[i] : 1.0f) * m;
	}
}

float
rng_dropout_scale(double p)
{
	return 1.0f / (float)(1.0 - p);
}

void
rng_dropout(struct rng *g, float *out, const float *x, size_t n, double p, int mkl)
{
	dropout(g, out, x, n, p, mkl);
}

void
rng_dropout_mask(struct rng *g, float *mask, size_t n, double p, int mkl)
{
	dropout(g, mask, NULL, n, p, mkl);
}

/*
 * Dropout of a float64 tensor: the same bernoulli_(1 - p) draws (the
 * kernel draws a double per element whatever the dtype), the mask divided
 * by 1 - p in double, then x * mask.
 */
void
rng_dropout64(struct rng *g, double *out, const double *x, size_t n, double p, int mkl)
{
	struct bern b;
	double keep = 1.0 / (1.0 - p);
	size_t i;

	if (p == 0.0 || n == 0 || p == 1.0) {	/* no draws: x itself, or x * zeros({}) */
		for (i = 0; i < n; i++)
			out[i] = p == 1.0 ? x[i] * 0.0 : x[i];
		return;
	}
	bern_start(&b, g, 1.0 - p, mkl);
	for (i = 0; i < n; i++)
		out[i] = x[i] * (bern_next(&b) ? keep : 0.0);
}
