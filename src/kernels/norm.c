/*
 * norm.c - the kernels a GPT-2 block adds to attention's: layer norm
 * (ATen's LayerNormKernelImplInternal with RowwiseMoments), tanh (SLEEF's
 * tanhf_u10, which torch.tanh runs), GPT-2's tanh GELU as Hugging Face
 * writes it (one rounding per torch operation); addmm in Conv1D's layout
 * is matmul.c's (its kernels, the sums starting at the bias).  Each follows PyTorch 1.13's AVX2 kernels, the CPU capability
 * Debian's build picks on x86-64: 8 float lanes.  Measured against
 * torch: layer norm's moments (RowwiseMoments) round every product before
 * adding it, while its last step, (x * scale + bias) * gamma + beta in
 * vec::map3, is two fused multiply-adds; SLEEF's tanh fuses where its AVX2
 * code calls an FMA.  Built with -ffp-contract=off: every fusion here is an explicit
 * fmaf().
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tensor.h"
#include "kern.h"

enum { LANES = 8, CHUNK = 16 };	/* Vectorized<float>::size() on AVX2; moments_utils.h's kChunkSize */

/* Welford moments of 8 lanes: count, mean, sum of squared deviations */
struct moments {
	int64_t m0;
	float m1[LANES], m2[LANES];
};

/* AddMomentsVec: (m0_add, a1, a2) folded into *m */
static void
add_moments_vec(int64_t m0_add, const float *a1, const float *a2, struct moments *m)
{
	int64_t n = m->m0 + m0_add;
	float c = n == 0 ? 0.0f : (float)m0_add / (float)n;
	float m0f = (float)m->m0;
	int l;

	for (l = 0; l < LANES; l++) {
		float delta = a1[l] - m->m1[l];

		m->m1[l] += c * delta;
		m->m2[l] += a2[l] + delta * delta * c * m0f;
	}
	m->m0 = n;
}

/* AddMoments, one lane into the scalar moments */
static void
add_moments(int64_t m0_add, float a1, float a2, int64_t *m0, float *m1, float *m2)
{
	int64_t n = *m0 + m0_add;
	float c = n == 0 ? 0.0f : (float)m0_add / (float)n;
	float delta = a1 - *m1;

	*m1 += c * delta;
	*m2 += a2 + delta * delta * c * (float)*m0;
	*m0 = n;
}

/* one chunk of up to 16 vectors at x, Welford from zero, folded into stack level 0 */
static void
chunk_moments(const float *x, int64_t nvec, struct moments *level0)
{
	float m1[LANES] = { 0 }, m2[LANES] = { 0 };
	int64_t j;
	int l;

	for (j = 0; j < nvec; j++) {
		float c = 1.0f / (float)(j + 1);

		for (l = 0; l < LANES; l++) {
			float xv = x[j * LANES + l];
			float delta = xv - m1[l];

			m1[l] += delta * c;
			m2[l] += delta * (xv - m1[l]);
		}
	}
	add_moments_vec(nvec, m1, m2, level0);
}

/*
 * utils::RowwiseMoments(x, n): mean and biased variance, by Welford in
 * chunks of 16 vectors of 8 lanes, the chunks merged as a binary cascade
 * (a stack of depth ceil(log2(chunks))), the lanes then merged in order
 * after the scalar tail's own Welford run.
 */
static void
rowwise_moments(const float *x, int64_t n, float *mean, float *var)
{
	struct moments stk[64];
	int64_t nv = n / LANES, m = (nv + CHUNK - 1) / CHUNK, i, m0 = 0;
	int depth = 0, j, l;
	float m1 = 0, m2 = 0;

	while (((int64_t)1 << depth) < m)
		depth++;
	memset(stk, 0, sizeof stk);
	for (i = 0; i < m; i++) {
		int64_t cnt = nv - i * CHUNK < CHUNK ? nv - i * CHUNK : CHUNK, mask = i + 1;

		chunk_moments(x + i * CHUNK * LANES, cnt, &stk[0]);
		for (j = 1; j < depth && (mask & 1) == 0; j++) {
			add_moments_vec(stk[j - 1].m0, stk[j - 1].m1, stk[j - 1].m2, &stk[j]);
			memset(&stk[j - 1], 0, sizeof stk[j - 1]);
			mask >>= 1;
		}
	}
	for (j = 1; j < depth; j++)
		add_moments_vec(stk[j].m0, stk[j].m1, stk[j].m2, &stk[0]);
	for (i = nv * LANES; i < n; i++) {
		float delta = x[i] - m1;

		m0++;
		m1 += delta / (float)m0;
		m2 += delta * (x[i] - m1);
	}
	for (l = 0; l < LANES; l++)
		add_moments(nv, stk[0].m1[l], stk[0].m2[l], &m0, &m1, &m2);
	*mean = m1;
	*var = m2 / (float)n;
}

float
tensor_layer_norm_one(const float *x, int n, int j, float gamma, float beta, float eps, float *mean, float *var,
    float *rstd)
{
	rowwise_moments(x, n, mean, var);
	*rstd = 1.0f / sqrtf(*var + eps);
	return fmaf(fmaf(x[j], *rstd, -*rstd * *mean), gamma, beta);
}

void
tensor_layer_norm(float *y, const float *x, const float *gamma, const float *beta, size_t rows, int n, float eps)
{
	size_t r;
	int j;

	for (r = 0; r < rows; r++) {
		const float *xr = x + r * (size_t)n;
		float *yr = y + r * (size_t)n;
		float mean, var, rstd, bias;

		rowwise_moments(xr, n, &mean, &var);
		rstd = 1.0f / sqrtf(var + eps);
		bias = -rstd * mean;
		for (j = 0; j < n; j++)
			yr[j] = fmaf(fmaf(xr[j], rstd, bias), gamma[j], beta[j]);
	}
}

/* SLEEF's double-float arithmetic (df.h, the ENABLE_FMA_SP variants) on one lane */
struct df {
	float x, y;
};

static struct df
df_make(float x, float y)
{
	struct df r;

	r.x = x;
	r.y = y;
	return r;
}

static struct df
dfadd2_df_f(struct df x, float y)
{
	float s = x.x + y, v = s - x.x;
	float t = (x.x - (s - v)) + (y - v);

	return df_make(s, t + x.y);
}

static struct df
dfadd2_df_df(struct df x, struct df y)
{
	float s = x.x + y.x, v = s - x.x;
	float t = (x.x - (s - v)) + (y.x - v);

	return df_make(s, t + (x.y + y.y));
}

static struct df
dfadd_f_df(float x, struct df y)
{
	float s = x + y.x;

	return df_make(s, ((x - s) + y.x) + y.y);
}

static struct df
dfadd_df_df(struct df x, struct df y)
{
	float s = x.x + y.x;

	return df_make(s, (((x.x - s) + y.x) + x.y) + y.y);
}

static struct df
dfmul_df_f(struct df x, float y)
{
	float s = x.x * y;

	return df_make(s, fmaf(x.y, y, fmaf(x.x, y, -s)));
}

static struct df
dfmul_df_df(struct df x, struct df y)
{
	float s = x.x * y.x;

	return df_make(s, fmaf(x.x, y.y, fmaf(x.y, y.x, fmaf(x.x, y.x, -s))));
}

static struct df
dfsqu(struct df x)
{
	float s = x.x * x.x;

	return df_make(s, fmaf(x.x + x.x, x.y, fmaf(x.x, x.x, -s)));
}

static struct df
dfrec(struct df d)
{
	float s = 1.0f / d.x;

	return df_make(s, s * fmaf(-d.y, s, fmaf(-d.x, s, 1.0f)));
}

static struct df
dfdiv(struct df n, struct df d)
{
	float t = 1.0f / d.x, s = n.x * t;
	float u = fmaf(t, n.x, -s);
	float v = fmaf(-d.y, t, fmaf(-d.x, t, 1.0f));

	return df_make(s, fmaf(s, v, fmaf(n.y, t, u)));
}

/* ldexp as SLEEF's vldexp2: two powers of two, each a float built from bits */
static float
ldexp2(float d, int q)
{
	union fbits a, b;

	a.u = (uint32_t)((q >> 1) + 0x7f) << 23;
	b.u = (uint32_t)((q - (q >> 1)) + 0x7f) << 23;
	return d * a.f * b.f;
}

/* expk2f: exp of a double-float, as a double-float */
static struct df
expk2f(struct df d)
{
	float u = (d.x + d.y) * 1.442695040888963407359924681001892137426645954152985934135449406931f;
	int q = (int)nearbyintf(u);
	struct df s, t;

	s = dfadd2_df_f(d, (float)q * -0.693145751953125f);
	s = dfadd2_df_f(s, (float)q * -1.428606765330187045e-06f);
	u = 0.1980960224e-3f;
	u = fmaf(u, s.x, 0.1394256484e-2f);
	u = fmaf(u, s.x, 0.8333456703e-2f);
	u = fmaf(u, s.x, 0.4166637361e-1f);
	t = dfadd2_df_f(dfmul_df_f(s, u), 0.166666659414234244790680580464e+0f);
	t = dfadd2_df_f(dfmul_df_df(s, t), 0.5f);
	t = dfadd2_df_df(s, dfmul_df_df(dfsqu(s), t));
	t = dfadd_f_df(1.0f, t);
	t.x = ldexp2(t.x, q);
	t.y = ldexp2(t.y, q);
	if (d.x < -104) {
		t.x = 0;
		t.y = 0;
	}
	return t;
}

/* SLEEF's xtanhf (tanhf_u10), the function Vectorized<float>::tanh() calls on AVX2 */
float
tensor_tanhf(float x)
{
	float a = fabsf(x), y;
	struct df d, e;

	if (x != x)
		return x;
	if (a > 8.664339742f)	/* SLEEF's cut-off: 1 with x's sign (also keeps the exponent's int in range) */
		return copysignf(1.0f, x);
	d = expk2f(df_make(a, 0.0f));
	e = dfrec(d);
	d = dfdiv(dfadd_df_df(d, df_make(-e.x, -e.y)), dfadd_df_df(d, e));
	y = d.x + d.y;
	if (y != y)
		y = 1.0f;
	return copysignf(y, x);	/* vmulsign: y >= 0 takes x's sign */
}

#ifdef HAVE_AVX512_KERNEL
/*
 * The same tanh on 8 lanes, as SLEEF's AVX2 build runs it (Sleef_tanhf8_u10,
 * what Vectorized<float>::tanh() calls): every step above, operation for
 * operation, each lane's IEEE result being the scalar's (an FMA instruction
 * is fmaf, a division or conversion the same rounding); the early returns
 * become selects at the end.  Held to the scalar's bits over all 2^32
 * floats once, and in make check by tests/unit's tanh_lanes (a sample of them)
 * and to torch by the model tests.
 */
#define V8 static inline __attribute__((target("avx2,fma")))
struct vdf {
	__m256 x, y;
};

#define vdf_make(x, y) ((struct vdf){ (x), (y) })

V8 __m256
vneg(__m256 a)
{
	return _mm256_xor_ps(a, _mm256_set1_ps(-0.0f));
}

V8 struct vdf
vdfadd2_df_f(struct vdf x, __m256 y)
{
	__m256 s = _mm256_add_ps(x.x, y), v = _mm256_sub_ps(s, x.x);
	__m256 t = _mm256_add_ps(_mm256_sub_ps(x.x, _mm256_sub_ps(s, v)), _mm256_sub_ps(y, v));

	return vdf_make(s, _mm256_add_ps(t, x.y));
}

V8 struct vdf
vdfadd2_df_df(struct vdf x, struct vdf y)
{
	__m256 s = _mm256_add_ps(x.x, y.x), v = _mm256_sub_ps(s, x.x);
	__m256 t = _mm256_add_ps(_mm256_sub_ps(x.x, _mm256_sub_ps(s, v)), _mm256_sub_ps(y.x, v));

	return vdf_make(s, _mm256_add_ps(t, _mm256_add_ps(x.y, y.y)));
}

V8 struct vdf
vdfadd_f_df(__m256 x, struct vdf y)
{
	__m256 s = _mm256_add_ps(x, y.x);

	return vdf_make(s, _mm256_add_ps(_mm256_add_ps(_mm256_sub_ps(x, s), y.x), y.y));
}

V8 struct vdf
vdfadd_df_df(struct vdf x, struct vdf y)
{
	__m256 s = _mm256_add_ps(x.x, y.x);

	return vdf_make(s, _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(_mm256_sub_ps(x.x, s), y.x), x.y), y.y));
}

V8 struct vdf
vdfmul_df_f(struct vdf x, __m256 y)
{
	__m256 s = _mm256_mul_ps(x.x, y);

	return vdf_make(s, _mm256_fmadd_ps(x.y, y, _mm256_fmadd_ps(x.x, y, vneg(s))));
}

V8 struct vdf
vdfmul_df_df(struct vdf x, struct vdf y)
{
	__m256 s = _mm256_mul_ps(x.x, y.x);

	return vdf_make(s, _mm256_fmadd_ps(x.x, y.y, _mm256_fmadd_ps(x.y, y.x, _mm256_fmadd_ps(x.x, y.x, vneg(s)))));
}

V8 struct vdf
vdfsqu(struct vdf x)
{
	__m256 s = _mm256_mul_ps(x.x, x.x);

	return vdf_make(s, _mm256_fmadd_ps(_mm256_add_ps(x.x, x.x), x.y, _mm256_fmadd_ps(x.x, x.x, vneg(s))));
}

V8 struct vdf
vdfrec(struct vdf d)
{
	__m256 one = _mm256_set1_ps(1.0f), s = _mm256_div_ps(one, d.x);

	return vdf_make(s, _mm256_mul_ps(s, _mm256_fmadd_ps(vneg(d.y), s, _mm256_fmadd_ps(vneg(d.x), s, one))));
}

V8 struct vdf
vdfdiv(struct vdf n, struct vdf d)
{
	__m256 one = _mm256_set1_ps(1.0f), t = _mm256_div_ps(one, d.x), s = _mm256_mul_ps(n.x, t);
	__m256 u = _mm256_fmadd_ps(t, n.x, vneg(s));
	__m256 v = _mm256_fmadd_ps(vneg(d.y), t, _mm256_fmadd_ps(vneg(d.x), t, one));

	return vdf_make(s, _mm256_fmadd_ps(s, v, _mm256_fmadd_ps(n.y, t, u)));
}

V8 __m256
vldexp2(__m256 d, __m256i q)
{
	__m256i h = _mm256_srai_epi32(q, 1), bias = _mm256_set1_epi32(0x7f);
	__m256 a = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(h, bias), 23));
	__m256 b = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(_mm256_sub_epi32(q, h), bias), 23));

	return _mm256_mul_ps(_mm256_mul_ps(d, a), b);
}

V8 struct vdf
vexpk2f(struct vdf d)
{
	__m256 u = _mm256_mul_ps(_mm256_add_ps(d.x, d.y), _mm256_set1_ps(1.442695040888963407359924681001892137426645954152985934135449406931f));
	__m256i q = _mm256_cvtps_epi32(_mm256_round_ps(u, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
	__m256 qf = _mm256_cvtepi32_ps(q), zero = _mm256_setzero_ps(), low;
	struct vdf s, t;

	s = vdfadd2_df_f(d, _mm256_mul_ps(qf, _mm256_set1_ps(-0.693145751953125f)));
	s = vdfadd2_df_f(s, _mm256_mul_ps(qf, _mm256_set1_ps(-1.428606765330187045e-06f)));
	u = _mm256_set1_ps(0.1980960224e-3f);
	u = _mm256_fmadd_ps(u, s.x, _mm256_set1_ps(0.1394256484e-2f));
	u = _mm256_fmadd_ps(u, s.x, _mm256_set1_ps(0.8333456703e-2f));
	u = _mm256_fmadd_ps(u, s.x, _mm256_set1_ps(0.4166637361e-1f));
	t = vdfadd2_df_f(vdfmul_df_f(s, u), _mm256_set1_ps(0.166666659414234244790680580464e+0f));
	t = vdfadd2_df_f(vdfmul_df_df(s, t), _mm256_set1_ps(0.5f));
	t = vdfadd2_df_df(s, vdfmul_df_df(vdfsqu(s), t));
	t = vdfadd_f_df(_mm256_set1_ps(1.0f), t);
	low = _mm256_cmp_ps(d.x, _mm256_set1_ps(-104.0f), _CMP_LT_OQ);
	return vdf_make(_mm256_blendv_ps(vldexp2(t.x, q), zero, low), _mm256_blendv_ps(vldexp2(t.y, q), zero, low));
}

/* copysignf(y, x) on 8 lanes */
V8 __m256
vcopysign(__m256 y, __m256 x)
{
	__m256 sign = _mm256_set1_ps(-0.0f);

	return _mm256_or_ps(_mm256_andnot_ps(sign, y), _mm256_and_ps(sign, x));
}

V8 __m256
tanh8(__m256 x)
{
	__m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x), one = _mm256_set1_ps(1.0f), y;
	struct vdf d = vexpk2f(vdf_make(a, _mm256_setzero_ps())), e = vdfrec(d);

	d = vdfdiv(vdfadd_df_df(d, vdf_make(vneg(e.x), vneg(e.y))), vdfadd_df_df(d, e));
	y = _mm256_add_ps(d.x, d.y);
	y = _mm256_blendv_ps(y, one, _mm256_cmp_ps(y, y, _CMP_UNORD_Q));
	y = vcopysign(y, x);
	y = _mm256_blendv_ps(y, vcopysign(one, x), _mm256_cmp_ps(a, _mm256_set1_ps(8.664339742f), _CMP_GT_OQ));
	return _mm256_blendv_ps(y, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q));
}

/* y[i] = tensor_tanhf(x[i]) for i < n8, a multiple of 8 */
__attribute__((target("avx2,fma"))) static void
tanh8_run(float *y, const float *x, size_t n8)
{
	size_t i;

	for (i = 0; i < n8; i += 8)
		_mm256_storeu_ps(y + i, tanh8(_mm256_loadu_ps(x + i)));
}

/* GELU's steps on 8 lanes at a time for i < n8 (a multiple of 8), each rounded as gelu_part's */
__attribute__((target("avx2,fma"))) static void
gelu8_run(float *y, const float *x, size_t n8)
{
	const __m256 k = _mm256_set1_ps((float)0.7978845608028654), c = _mm256_set1_ps((float)0.044715);
	const __m256 half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f);
	size_t i;

	for (i = 0; i < n8; i += 8) {
		__m256 v = _mm256_loadu_ps(x + i), cube = _mm256_mul_ps(_mm256_mul_ps(v, v), v);
		__m256 inner = _mm256_mul_ps(k, _mm256_add_ps(v, _mm256_mul_ps(c, cube)));

		_mm256_storeu_ps(y + i, _mm256_mul_ps(_mm256_mul_ps(half, v), _mm256_add_ps(one, tanh8(inner))));
	}
}
#undef V8
#undef vdf_make
#endif

/* 8 lanes at a time where the CPU has AVX2 and FMA (the same bits): how many of n, else 0 */
static size_t
lanes8(size_t n)
{
#ifdef HAVE_AVX512_KERNEL
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return n / 8 * 8;
#endif
	(void)n;
	return 0;
}

void
tensor_tanh_array(float *y, const float *x, size_t n)
{
	size_t i = lanes8(n);

#ifdef HAVE_AVX512_KERNEL
	if (i > 0)
		tanh8_run(y, x, i);
#endif
	for (; i < n; i++)
		y[i] = tensor_tanhf(x[i]);
}

/*
 * Hugging Face's NewGELUActivation, each torch operation rounded to float:
 * 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
 * Every element on its own: two threads share the chunks of a large array.
 */
enum { GELU_CHUNK = 4096 };

struct gelu_job {
	float *y;
	const float *x;
	size_t n;
};

static void
gelu_part(void *ctx, size_t lo, size_t hi)
{
	const struct gelu_job *g = ctx;
	const float k = (float)0.7978845608028654, c = (float)0.044715;
	size_t i = lo * GELU_CHUNK, end = hi * GELU_CHUNK < g->n ? hi * GELU_CHUNK : g->n;

#ifdef HAVE_AVX512_KERNEL
	{
		size_t n8 = lanes8(end - i);

		if (n8 > 0)
			gelu8_run(g->y + i, g->x + i, n8);
		i += n8;
	}
#endif
	for (; i < end; i++) {
		float v = g->x[i], cube = v * v * v;
		float inner = k * (v + c * cube);

		g->y[i] = (0.5f * v) * (1.0f + tensor_tanhf(inner));
	}
}

void
tensor_gelu_new(float *y, const float *x, size_t n)
{
	struct gelu_job g = { y, x, n };

	/* a tanh costs some 30 additions: weigh each element so */
	tensor_parallel(gelu_part, &g, (n + GELU_CHUNK - 1) / GELU_CHUNK, (size_t)GELU_CHUNK * 30);
}
