/* tensor.c - creating, copying and describing float32 tensors. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "diag.h"
#include "tensor.h"

/*
 * Large tensors (attention scores of GPT-sized runs) come straight from
 * mmap, zeroed by the kernel, with transparent huge pages requested: one
 * page fault per 2 MiB instead of per 4 KiB.  NULL: use calloc instead.
 */
static float *
big_zeroed(size_t bytes, size_t *mapped)
{
	size_t huge = (size_t)2 << 20, len;
	char *p, *q;

	*mapped = 0;
	if (bytes < huge)
		return NULL;
	len = (bytes + huge - 1) / huge * huge;
	p = mmap(NULL, len + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* keep a 2 MiB aligned window of len bytes, give the rest back */
	q = (char *)(((uintptr_t)p + huge - 1) / huge * huge);
	if (q > p)
		munmap(p, (size_t)(q - p));
	if (p + len + huge > q + len)
		munmap(q + len, (size_t)(p + len + huge - (q + len)));
#ifdef MADV_HUGEPAGE
	madvise(q, len, MADV_HUGEPAGE);
#endif
	*mapped = len;
	return (float *)q;
}

struct tensor *
tensor_new(int ndim, const int *shape)
{
	struct tensor *t;
	size_t numel = 1;
	int i;

	if (ndim < 0 || ndim > TENSOR_MAXDIM)
		return NULL;
	for (i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return NULL;
		if (shape[i] > 0 && numel > TENSOR_MAX_NUMEL / (size_t)shape[i])
			return NULL;
		numel *= (size_t)shape[i];
	}
	if (numel > TENSOR_MAX_NUMEL)
		return NULL;
	t = xcalloc(1, sizeof *t);
	t->ndim = ndim;
	for (i = 0; i < ndim; i++)
		t->shape[i] = shape[i];
	t->numel = numel;
	t->data = big_zeroed(numel * sizeof *t->data, &t->mapped);
	if (t->data == NULL)
		t->data = xcalloc(numel ? numel : 1, sizeof *t->data);
	return t;
}

struct tensor *
tensor_new2(int d0, int d1)
{
	int shape[2];

	shape[0] = d0;
	shape[1] = d1;
	return tensor_new(2, shape);
}

struct tensor *
tensor_copy(const struct tensor *t)
{
	struct tensor *c = tensor_new(t->ndim, t->shape);

	memcpy(c->data, t->data, t->numel * sizeof *t->data);
	c->grad_fn = t->grad_fn;
	c->requires_grad = t->requires_grad;
	c->parameter = t->parameter;
	return c;
}

void
tensor_free(struct tensor *t)
{
	if (t == NULL)
		return;
	if (t->mapped)
		munmap(t->data, t->mapped);
	else
		free(t->data);
	free(t);
}

int
tensor_same_shape(const struct tensor *a, const struct tensor *b)
{
	int i;

	if (a->ndim != b->ndim)
		return 0;
	for (i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return 0;
	return 1;
}

/* "(6, 2)"; a 1-d shape is "(6,)" as in Python. */
char *
tensor_shape_str(char *buf, size_t len, const struct tensor *t)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "(");
	for (i = 0; i < t->ndim && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", t->shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, t->ndim == 1 ? ",)" : ")");
	return buf;
}

char *
tensor_size_str(char *buf, size_t len, const struct tensor *t)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "torch.Size([");
	for (i = 0; i < t->ndim && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", t->shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, "])");
	return buf;
}

/*
 * PyTorch's CPU gemm without a BLAS library (Debian's build): each output
 * is a sequential float32 sum, each product rounded before it is added
 * (no fused multiply-add).  Verified bit for bit against torch 1.13 for
 * mm, bmm, matmul and linear.  The kernel keeps exactly that order for
 * every output and gets its speed from computing 4 rows x 16 columns of
 * outputs at once in vector registers, from a clone per instruction set
 * (AVX-512, AVX2, baseline x86-64) chosen at run time, and from two
 * threads on large products.
 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(ATTN_NO_CLONES) && (!defined(__clang__) || __clang_major__ >= 14)
#define TARGETS __attribute__((target_clones("avx2", "default")))
#define HAVE_AVX512_KERNEL 1
#else
#define TARGETS
#endif

typedef float v16 __attribute__((vector_size(64)));

/* unaligned vector loads and stores; macros, so no vector crosses a call */
#define LOAD16(v, p) memcpy(&(v), (p), sizeof(v16))
#define STORE16(p, v) memcpy((p), &(v), sizeof(v16))

/* Columns j0..N-1 of rows i0..i1, one output at a time: the tiles' leftovers. */
static void
mm_cols(float *c, const float *a, const float *b, int i0, int i1, int j0, int N, int K)
{
	int i, j, k;

	for (j = j0; j < N; j++) {
		for (i = i0; i < i1; i++) {
			const float *a_i = a + (size_t)i * K;
			float acc = 0;

			for (k = 0; k < K; k++) {
				float p = a_i[k] * b[(size_t)k * N + j];

				acc += p;
			}
			c[(size_t)i * N + j] = acc;
		}
	}
}

/* c (rows i0..i1, N) = a (.., K) @ b (K, N): 4 x 16 tiles (AVX2: 8 ymm accumulators) */
TARGETS static void
mm_rows_generic(float *c, const float *a, const float *b, int i0, int i1, int N, int K)
{
	int i, j, k;

	for (j = 0; j + 16 <= N; j += 16) {
		for (i = i0; i + 4 <= i1; i += 4) {
			const float *a0 = a + (size_t)i * K, *a1 = a0 + K, *a2 = a1 + K, *a3 = a2 + K;
			v16 c0 = { 0 }, c1 = { 0 }, c2 = { 0 }, c3 = { 0 };

			for (k = 0; k < K; k++) {
				v16 bk;

				LOAD16(bk, b + (size_t)k * N + j);	/* b[k][j..j+15] */

				c0 += bk * a0[k];
				c1 += bk * a1[k];
				c2 += bk * a2[k];
				c3 += bk * a3[k];
			}
			STORE16(c + (size_t)i * N + j, c0);
			STORE16(c + (size_t)(i + 1) * N + j, c1);
			STORE16(c + (size_t)(i + 2) * N + j, c2);
			STORE16(c + (size_t)(i + 3) * N + j, c3);
		}
		for (; i < i1; i++) {
			const float *a_i = a + (size_t)i * K;
			v16 acc = { 0 };

			for (k = 0; k < K; k++) {
				v16 bk;

				LOAD16(bk, b + (size_t)k * N + j);
				acc += bk * a_i[k];
			}
			STORE16(c + (size_t)i * N + j, acc);
		}
	}
	mm_cols(c, a, b, i0, i1, j, N, K);
}

#ifdef HAVE_AVX512_KERNEL
/*
 * The same for AVX-512: 6 x 32 tiles keep 12 zmm accumulators busy, enough
 * independent additions to hide their latency (there is no FMA to lean on:
 * PyTorch's products are rounded before they are added).
 */
__attribute__((target("avx512f"))) static void
mm_rows_avx512(float *c, const float *a, const float *b, int i0, int i1, int N, int K)
{
	int i, j, k, r;

	for (j = 0; j + 32 <= N; j += 32) {
		for (i = i0; i + 6 <= i1; i += 6) {
			const float *a0 = a + (size_t)i * K;
			v16 c00 = { 0 }, c01 = { 0 }, c10 = { 0 }, c11 = { 0 }, c20 = { 0 }, c21 = { 0 };
			v16 c30 = { 0 }, c31 = { 0 }, c40 = { 0 }, c41 = { 0 }, c50 = { 0 }, c51 = { 0 };

			for (k = 0; k < K; k++) {
				v16 b0, b1;
				const float *bk = b + (size_t)k * N + j;

				LOAD16(b0, bk);
				LOAD16(b1, bk + 16);
				c00 += b0 * a0[k];
				c01 += b1 * a0[k];
				c10 += b0 * a0[K + k];
				c11 += b1 * a0[K + k];
				c20 += b0 * a0[2 * K + k];
				c21 += b1 * a0[2 * K + k];
				c30 += b0 * a0[3 * K + k];
				c31 += b1 * a0[3 * K + k];
				c40 += b0 * a0[4 * K + k];
				c41 += b1 * a0[4 * K + k];
				c50 += b0 * a0[5 * K + k];
				c51 += b1 * a0[5 * K + k];
			}
			{
				float *c0 = c + (size_t)i * N + j;

				STORE16(c0, c00);
				STORE16(c0 + 16, c01);
				STORE16(c0 + N, c10);
				STORE16(c0 + N + 16, c11);
				STORE16(c0 + 2 * N, c20);
				STORE16(c0 + 2 * N + 16, c21);
				STORE16(c0 + 3 * N, c30);
				STORE16(c0 + 3 * N + 16, c31);
				STORE16(c0 + 4 * N, c40);
				STORE16(c0 + 4 * N + 16, c41);
				STORE16(c0 + 5 * N, c50);
				STORE16(c0 + 5 * N + 16, c51);
			}
		}
		for (r = i; r < i1; r++) {
			const float *a_r = a + (size_t)r * K;
			v16 acc0 = { 0 }, acc1 = { 0 };

			for (k = 0; k < K; k++) {
				v16 b0, b1;

				LOAD16(b0, b + (size_t)k * N + j);
				LOAD16(b1, b + (size_t)k * N + j + 16);
				acc0 += b0 * a_r[k];
				acc1 += b1 * a_r[k];
			}
			STORE16(c + (size_t)r * N + j, acc0);
			STORE16(c + (size_t)r * N + j + 16, acc1);
		}
	}
	mm_cols(c, a, b, i0, i1, j, N, K);
}
#endif

static void
mm_rows(float *c, const float *a, const float *b, int i0, int i1, int N, int K)
{
#ifdef HAVE_AVX512_KERNEL
	static int avx512 = -1;

	if (avx512 < 0) {
		__builtin_cpu_init();
		avx512 = __builtin_cpu_supports("avx512f") && N >= 32;
	}
	if (avx512 && N >= 32) {
		mm_rows_avx512(c, a, b, i0, i1, N, K);
		return;
	}
#endif
	mm_rows_generic(c, a, b, i0, i1, N, K);
}

struct mm_job {
	float *c;
	const float *a, *b;
	int M, N, K;
	size_t sa, sb, sc;	/* strides between batch items */
	size_t lo, hi;		/* rows of the flattened (batch, M) range */
};

static void
mm_job_run(const struct mm_job *j)
{
	size_t r = j->lo;

	while (r < j->hi) {
		size_t bi = r / (size_t)j->M;
		int i0 = (int)(r % (size_t)j->M);
		int i1 = (size_t)j->M - (size_t)i0 < j->hi - r ? j->M : i0 + (int)(j->hi - r);

		mm_rows(j->c + bi * j->sc, j->a + bi * j->sa, j->b + bi * j->sb, i0, i1, j->N, j->K);
		r += (size_t)(i1 - i0);
	}
}

/*
 * fn(first) here and fn(second) on a second thread, both here when no
 * thread can start.  Threads live only inside one call: the REPL forks.
 */
static void
two_threads(void *(*fn)(void *), void *first, void *second)
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, second) != 0) {
		fn(first);
		fn(second);
		return;
	}
	fn(first);
	pthread_join(t, NULL);
}

static void *
mm_thread(void *arg)
{
	mm_job_run(arg);
	return NULL;
}

struct tensor_stats tensor_stats;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc);

void
tensor_mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc)
{
	double t0 = now();

	mm_batch(c, a, b, batch, M, N, K, sa, sb, sc);
	tensor_stats.mm_seconds += now() - t0;
	tensor_stats.mm_flops += 2.0 * batch * M * N * K;
}

static void
mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc)
{
	struct mm_job job[2];
	size_t rows = (size_t)batch * M, half;
	int threaded;

	job[0].c = c;
	job[0].a = a;
	job[0].b = b;
	job[0].M = M;
	job[0].N = N;
	job[0].K = K;
	job[0].sa = sa;
	job[0].sb = sb;
	job[0].sc = sc;
	job[0].lo = 0;
	job[0].hi = rows;
	/* a second thread pays off from about a million multiply-adds */
	threaded = (double)rows * N * K >= 1e6 && rows >= 8;
	if (!threaded) {
		mm_job_run(&job[0]);
		return;
	}
	half = rows / 2 / 4 * 4;
	job[1] = job[0];
	job[0].hi = half;
	job[1].lo = half;
	two_threads(mm_thread, &job[0], &job[1]);
}

void
tensor_mm(float *c, const float *a, const float *b, int M, int N, int K)
{
	tensor_mm_batch(c, a, b, 1, M, N, K, 0, 0, 0);
}

void
tensor_transpose2(float *out, const float *in, int M, int N)
{
	int i, j;

	for (i = 0; i < M; i++)
		for (j = 0; j < N; j++)
			out[(size_t)j * M + i] = in[(size_t)i * N + j];
}


/*
 * Clones where fmaf is one instruction rather than a libm call, and where
 * exp_row's loop vectorises (16 or 8 lanes); the results are the same bits.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
#define FMA_CLONES __attribute__((target_clones("avx512f", "fma", "default")))
#else
#define FMA_CLONES
#endif

union fbits {
	float f;
	uint32_t u;
};

/*
 * y[j] = exp(x[j] - max) by SLEEF's expf_u10 as PyTorch's AVX2
 * Vectorized<float>::exp() runs it, fused multiply-adds where that build
 * fuses them: bit-identical to torch.exp (which glibc's expf is not).
 * Written without branches so that the compiler can vectorise it.
 */
FMA_CLONES static void
exp_row(float *y, const float *x, float max, int n)
{
	int j;

	for (j = 0; j < n; j++) {
		float d = x[j] - max;
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
		y[j] = d == d ? u : d;
	}
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
};

static void *
softmax_job_run(void *arg)
{
	const struct softmax_job *sj = arg;
	size_t r;
	int j, n = sj->n;

	for (r = sj->lo; r < sj->hi; r++) {
		const float *x = sj->in + r * (size_t)n;
		float *y = sj->out + r * (size_t)n;
		float max = -INFINITY, inv;

		for (j = 0; j < n; j++) {
			if (isnan(x[j])) {
				max = x[j];
				break;
			}
			if (x[j] > max)
				max = x[j];
		}
		exp_row(y, x, max, n);
		inv = 1 / lane_sum8(y, n);
		for (j = 0; j < n; j++)
			y[j] *= inv;
	}
	return NULL;
}

/* Rows are independent: two threads share them on large tensors. */
void
tensor_softmax_rows(float *out, const float *in, size_t rows, int n)
{
	struct softmax_job job[2];

	job[0].out = out;
	job[0].in = in;
	job[0].n = n;
	job[0].lo = 0;
	job[0].hi = rows;
	if ((double)rows * n < 262144 || rows < 2) {
		softmax_job_run(&job[0]);
		return;
	}
	job[1] = job[0];
	job[0].hi = job[1].lo = rows / 2;
	two_threads(softmax_job_run, &job[0], &job[1]);
}

static int
ceil_log2(size_t v)
{
	int k = 0;

	while (((size_t)1 << k) < v)
		k++;
	return k;
}

/*
 * One chunk of ATen's cascade_sum (SumKernel.cpp) for 8-float vectors:
 * four vector accumulators (ILP), summed in levels so that rounding error
 * grows with log(n), then the lanes left to right after the scalar tail.
 */
static float
cascade_chunk(const float *x, size_t n)
{
	size_t vec_size = n / 8, size_ilp = vec_size / 4, i, j, e;
	int level_power, lvl, k, l;
	size_t level_step;
	float acc[4][4][8], p[4][8], final = 0;

	if (n < 8) {
		/* scalar: four strided accumulators, the tail into the first */
		float a[4] = { 0, 0, 0, 0 };
		size_t m = n / 4 * 4;

		for (i = 0; i < m; i++)
			a[i % 4] += x[i];
		for (i = m; i < n; i++)
			a[0] += x[i];
		return ((a[0] + a[1]) + a[2]) + a[3];
	}
	level_power = ceil_log2(size_ilp > 1 ? size_ilp : 1) / 4;
	if (level_power < 4)
		level_power = 4;
	level_step = (size_t)1 << level_power;
	memset(acc, 0, sizeof acc);
	i = 0;
	while (i + level_step <= size_ilp) {
		for (j = 0; j < level_step; j++)
			for (k = 0; k < 4; k++)
				for (l = 0; l < 8; l++)
					acc[0][k][l] += x[((i + j) * 4 + (size_t)k) * 8 + (size_t)l];
		i += level_step;
		for (lvl = 1; lvl < 4; lvl++) {
			for (k = 0; k < 4; k++)
				for (l = 0; l < 8; l++) {
					acc[lvl][k][l] += acc[lvl - 1][k][l];
					acc[lvl - 1][k][l] = 0;
				}
			if ((i & ((level_step - 1) << (lvl * level_power))) != 0)
				break;
		}
	}
	for (; i < size_ilp; i++)
		for (k = 0; k < 4; k++)
			for (l = 0; l < 8; l++)
				acc[0][k][l] += x[(i * 4 + (size_t)k) * 8 + (size_t)l];
	for (lvl = 1; lvl < 4; lvl++)
		for (k = 0; k < 4; k++)
			for (l = 0; l < 8; l++)
				acc[0][k][l] += acc[lvl][k][l];
	memcpy(p, acc[0], sizeof p);
	for (e = size_ilp * 4; e < vec_size; e++)
		for (l = 0; l < 8; l++)
			p[0][l] += x[e * 8 + (size_t)l];
	for (k = 1; k < 4; k++)
		for (l = 0; l < 8; l++)
			p[0][l] += p[k][l];
	for (e = vec_size * 8; e < n; e++)
		final += x[e];
	for (l = 0; l < 8; l++)
		final += p[0][l];
	return final;
}

/* torch.sum of n contiguous floats: equal chunks above the grain, added in order. */
float
tensor_sum(const float *x, size_t n)
{
	size_t grain = 32768, chunks, base, c, s = 0;
	float r = 0;

	if (n <= grain)
		return cascade_chunk(x, n);
	chunks = (n + grain - 1) / grain;
	base = n / chunks;
	for (c = 0; c < chunks; c++) {
		size_t sz = c < chunks - 1 ? base : n - base * (chunks - 1);

		r += cascade_chunk(x + s, sz);
		s += sz;
	}
	return r;
}
