/*
 * matmul.c - the matrix products (tensor_mm_batch, tensor_mm_strided,
 * tensor_linear, tensor_linear_from_bias, tensor_dot), each output a sequential float32 sum as
 * PyTorch's CPU gemm computes it: packing of b, the AVX-512 and AVX2/
 * generic micro-kernels, and the split of rows between two threads.
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
 * PyTorch's CPU gemm without a BLAS library (Debian's build): each output
 * is a sequential float32 sum, each product rounded before it is added
 * (no fused multiply-add).  Verified bit for bit against torch 1.13 for
 * mm, bmm, matmul and linear.  The kernel keeps exactly that order for
 * every output; the speed comes from the classic GotoBLAS layout:
 *
 *   - b is packed into panels of NR = 32 columns, each a KC x 32 block of
 *     contiguous floats, zero-padded on the right, so the inner loop reads
 *     one cache line after another and a block stays in L1;
 *   - the depth is split into passes of KC: a pass starts from the partial
 *     sums the previous one stored, which continues the same sequential
 *     sum (a float stored and reloaded is the same float);
 *   - rows go in MC-row slices that stay in L2 while every panel passes;
 *   - a micro-kernel keeps a 6 x 32 tile of sums in registers (AVX-512:
 *     12 accumulators, enough independent additions to hide their
 *     latency with no FMA to lean on), or 4 x 16 (AVX2, baseline x86-64);
 *   - two threads split the rows of large products.
 */

#define NR 32		/* columns per packed panel */
#define KC 256		/* depth per pass: a 32 KiB panel block, L1-sized */
#define MC 96		/* rows per slice: 96 x KC floats of a, L2-resident */


#ifdef HAVE_AVX512_KERNEL
/*
 * Transposed b (rs 1): d[k][jj] = b[k + jj*cs] for jj < w8, k < k8 (both
 * multiples of 8), in 8 x 8 blocks turned by shuffles (AVX2); gathers are
 * slower than scalar copies on some CPUs.
 */
__attribute__((target("avx2"))) static void
pack_transposed8(float *d, const float *b, size_t cs, int w8, int k8)
{
	int jj, k;

	for (k = 0; k < k8; k += 8)
		for (jj = 0; jj < w8; jj += 8) {
			const float *s = b + (size_t)k + (size_t)jj * cs;
			__m256 r0 = _mm256_loadu_ps(s), r1 = _mm256_loadu_ps(s + cs);
			__m256 r2 = _mm256_loadu_ps(s + 2 * cs), r3 = _mm256_loadu_ps(s + 3 * cs);
			__m256 r4 = _mm256_loadu_ps(s + 4 * cs), r5 = _mm256_loadu_ps(s + 5 * cs);
			__m256 r6 = _mm256_loadu_ps(s + 6 * cs), r7 = _mm256_loadu_ps(s + 7 * cs);
			__m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
			__m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
			__m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
			__m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
			__m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xee);
			__m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xee);
			__m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xee);
			__m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xee);
			float *o = d + (size_t)k * NR + jj;

			_mm256_storeu_ps(o, _mm256_permute2f128_ps(u0, u4, 0x20));
			_mm256_storeu_ps(o + NR, _mm256_permute2f128_ps(u1, u5, 0x20));
			_mm256_storeu_ps(o + 2 * NR, _mm256_permute2f128_ps(u2, u6, 0x20));
			_mm256_storeu_ps(o + 3 * NR, _mm256_permute2f128_ps(u3, u7, 0x20));
			_mm256_storeu_ps(o + 4 * NR, _mm256_permute2f128_ps(u0, u4, 0x31));
			_mm256_storeu_ps(o + 5 * NR, _mm256_permute2f128_ps(u1, u5, 0x31));
			_mm256_storeu_ps(o + 6 * NR, _mm256_permute2f128_ps(u2, u6, 0x31));
			_mm256_storeu_ps(o + 7 * NR, _mm256_permute2f128_ps(u3, u7, 0x31));
		}
}
#endif

/*
 * Pack b (K, N), element [k][j] at b + k*rs + j*cs, into panels: panel p
 * holds columns 32p..32p+31 as K rows of 32 floats, zeros past N.  Panels
 * p0..p1 only, panel p0 at bp.
 */
static void
pack_panels(float *bp, const float *b, size_t rs, size_t cs, int N, int K, int p0, int p1)
{
	int p, k, jj;

	for (p = p0; p < p1; p++) {
		float *d = bp + (size_t)(p - p0) * K * NR;
		int j0 = p * NR, w = N - j0 < NR ? N - j0 : NR;

		if (rs == 1) {		/* b given transposed: read each column's run, */
			int k0, k1, w8 = 0, k8 = 0;	/* 64 rows of the panel (8 KiB) at a time */

#ifdef HAVE_AVX512_KERNEL
			if (__builtin_cpu_supports("avx2")) {
				w8 = w / 8 * 8;
				k8 = K / 8 * 8;
				pack_transposed8(d, b + (size_t)j0 * cs, cs, w8, k8);
			}
#endif
			for (k0 = 0; k0 < K; k0 += 64) {
				k1 = K - k0 < 64 ? K : k0 + 64;
				for (jj = 0; jj < w; jj++)
					for (k = jj < w8 && k0 < k8 ? k8 : k0; k < k1; k++)
						d[(size_t)k * NR + jj] = b[(size_t)k + (size_t)(j0 + jj) * cs];
			}
		} else {
			for (k = 0; k < K; k++)
				for (jj = 0; jj < w; jj++)
					d[(size_t)k * NR + jj] = b[(size_t)k * rs + (size_t)(j0 + jj) * cs];
		}
		for (k = 0; k < K && w < NR; k++)
			memset(d + (size_t)k * NR + w, 0, (size_t)(NR - w) * sizeof *d);
	}
}

static void
pack_b(float *bp, const float *b, size_t rs, size_t cs, int N, int K)
{
	pack_panels(bp, b, rs, cs, N, K, 0, (N + NR - 1) / NR);
}

/*
 * Where the kernels read b: packed panels (bp), or b's own rows in place
 * (bp NULL; b's columns contiguous, rows rs apart), its last panel packed
 * into edge when N is not a multiple of 32 (the kernels read 32 columns).
 * A product of few rows reads each weight a few times only: packing it
 * first would cost more than the product (GPT-2's Conv1D, 64 tokens).
 */
struct bsrc {
	const float *bp, *b, *edge;
	size_t rs;
	int N, K;
};

/* panel p of b from depth k0 on, and the distance between its rows */
static const float *
panel_at(const struct bsrc *s, int p, int k0, size_t *ldb)
{
	if (s->bp != NULL) {
		*ldb = NR;
		return s->bp + ((size_t)p * s->K + (size_t)k0) * NR;
	}
	if (s->edge != NULL && p == (s->N - 1) / NR) {
		*ldb = NR;
		return s->edge + (size_t)k0 * NR;
	}
	*ldb = s->rs;
	return s->b + (size_t)k0 * s->rs + (size_t)p * NR;
}

/*
 * c[r][0..w-1] (+)= sum over k < kc of a[r][k] * bp[k*ldb + 0..w-1], rows r <
 * rows <= 4, from zero when first, else from the sums c already holds;
 * then + bias[0..w-1] when bias is not NULL (the last pass of a linear
 * layer: nn.Linear adds its bias to the finished sum).
 */
TARGETS static void
kern_generic(float *c, size_t ldc, const float *a, size_t lda, const float *bp, size_t ldb, int kc,
    int first, int rows, int w, const float *bias)
{
	const float *a0 = a, *a1 = a + (rows > 1) * lda, *a2 = a + (rows > 2) * 2 * lda;
	const float *a3 = a + (rows > 3) * 3 * lda;
	int h, r, k;

	for (h = 0; h < w; h += 16) {
		float t[4][16];		/* the tile's sums on their way in and out */
		v8 c00, c01, c10, c11, c20, c21, c30, c31;
		size_t n = (size_t)(w - h < 16 ? w - h : 16) * sizeof(float);

		memset(t, 0, sizeof t);
		for (r = 0; r < rows && !first; r++)
			memcpy(t[r], c + (size_t)r * ldc + h, n);
		LOAD8(c00, t[0]);
		LOAD8(c01, t[0] + 8);
		LOAD8(c10, t[1]);
		LOAD8(c11, t[1] + 8);
		LOAD8(c20, t[2]);
		LOAD8(c21, t[2] + 8);
		LOAD8(c30, t[3]);
		LOAD8(c31, t[3] + 8);
		for (k = 0; k < kc; k++) {
			v8 b0, b1;

			LOAD8(b0, bp + (size_t)k * ldb + h);
			LOAD8(b1, bp + (size_t)k * ldb + h + 8);
			c00 += b0 * a0[k];
			c01 += b1 * a0[k];
			c10 += b0 * a1[k];
			c11 += b1 * a1[k];
			c20 += b0 * a2[k];
			c21 += b1 * a2[k];
			c30 += b0 * a3[k];
			c31 += b1 * a3[k];
		}
		STORE8(t[0], c00);
		STORE8(t[0] + 8, c01);
		STORE8(t[1], c10);
		STORE8(t[1] + 8, c11);
		STORE8(t[2], c20);
		STORE8(t[2] + 8, c21);
		STORE8(t[3], c30);
		STORE8(t[3] + 8, c31);
		for (r = 0; r < rows && bias != NULL; r++)
			for (k = 0; k < w - h && k < 16; k++)
				t[r][k] += bias[h + k];
		for (r = 0; r < rows; r++)
			memcpy(c + (size_t)r * ldc + h, t[r], n);
	}
}

#ifdef HAVE_AVX512_KERNEL
/*
 * The same for AVX-512, rows <= 6: 6 x 32 outputs in 12 zmm accumulators;
 * a last panel of 16 columns or fewer (T = 100: 3 x 32 + 4) only in 6.
 */
__attribute__((target("avx512f"))) static void
kern_avx512(float *c, size_t ldc, const float *a, size_t lda, const float *bp, size_t ldb, int kc,
    int first, int rows, int w, const float *bias)
{
	__mmask16 m0 = w >= 16 ? 0xffff : (__mmask16)((1u << w) - 1);
	__mmask16 m1 = w >= 32 ? 0xffff : w > 16 ? (__mmask16)((1u << (w - 16)) - 1) : 0;
	const float *a0 = a, *a1 = a + (rows > 1) * lda, *a2 = a + (rows > 2) * 2 * lda;
	const float *a3 = a + (rows > 3) * 3 * lda, *a4 = a + (rows > 4) * 4 * lda;
	const float *a5 = a + (rows > 5) * 5 * lda;
	__m512 c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51;
	int k;

	c00 = c01 = c10 = c11 = c20 = c21 = _mm512_setzero_ps();
	c30 = c31 = c40 = c41 = c50 = c51 = _mm512_setzero_ps();
	/* ROW(r, a_r, sums of columns 0..15, 16..31) for each of the 6 rows */
#define EACH_ROW(ROW) ROW(0, a0, c00, c01) ROW(1, a1, c10, c11) ROW(2, a2, c20, c21) \
	ROW(3, a3, c30, c31) ROW(4, a4, c40, c41) ROW(5, a5, c50, c51)
#define LOAD(r, ar, x0, x1) if (rows > r) { \
		x0 = _mm512_maskz_loadu_ps(m0, c + (r) * ldc); \
		x1 = _mm512_maskz_loadu_ps(m1, c + (r) * ldc + 16); }
#define STEP(r, ar, x0, x1) x = _mm512_set1_ps(ar[k]); \
		x0 = _mm512_add_ps(x0, _mm512_mul_ps(b0, x)); \
		x1 = _mm512_add_ps(x1, _mm512_mul_ps(b1, x));
#define STEP16(r, ar, x0, x1) x = _mm512_set1_ps(ar[k]); \
		x0 = _mm512_add_ps(x0, _mm512_mul_ps(b0, x));
#define BIAS(r, ar, x0, x1) x0 = _mm512_add_ps(x0, b0); x1 = _mm512_add_ps(x1, b1);
#define STORE(r, ar, x0, x1) if (rows > r) { \
		_mm512_mask_storeu_ps(c + (r) * ldc, m0, x0); \
		_mm512_mask_storeu_ps(c + (r) * ldc + 16, m1, x1); }
	if (!first) {
		EACH_ROW(LOAD)
	}
	if (w <= 16) {		/* a last panel of 16 columns or fewer: half the work */
		for (k = 0; k < kc; k++) {
			__m512 b0 = _mm512_loadu_ps(bp + (size_t)k * ldb), x;

			EACH_ROW(STEP16)
		}
	} else {
		for (k = 0; k < kc; k++) {
			__m512 b0 = _mm512_loadu_ps(bp + (size_t)k * ldb), b1 = _mm512_loadu_ps(bp + (size_t)k * ldb + 16);
			__m512 x;

			EACH_ROW(STEP)
		}
	}
	if (bias != NULL) {
		__m512 b0 = _mm512_maskz_loadu_ps(m0, bias), b1 = _mm512_maskz_loadu_ps(m1, bias + 16);

		EACH_ROW(BIAS)
	}
	EACH_ROW(STORE)
#undef EACH_ROW
#undef LOAD
#undef STEP
#undef STEP16
#undef BIAS
#undef STORE
}
#endif

/*
 * Rows i0..i1, panels p0..p1 of c (M, N) = a (M, K) @ b (+ bias), b read
 * from src; acc: the sums start from what c holds (addmm's bias), not
 * from zero.
 */
static void
mm_rows(float *c, const float *a, size_t lda, const struct bsrc *src, const float *bias, int i0, int i1,
    int p0, int p1, int acc)
{
	int N = src->N, K = src->K, k0, ib, p, i, mr = 4;
	void (*kern)(float *, size_t, const float *, size_t, const float *, size_t, int, int, int, int,
	    const float *) = kern_generic;

#ifdef HAVE_AVX512_KERNEL
	if (__builtin_cpu_supports("avx512f")) {
		kern = kern_avx512;
		mr = 6;
	}
#endif
	for (k0 = 0; k0 < K; k0 += KC) {
		int kc = K - k0 < KC ? K - k0 : KC;

		for (ib = i0; ib < i1 && !interrupt_pending; ib += MC) {
			int ie = i1 - ib < MC ? i1 : ib + MC;

			for (p = p0; p < p1; p++) {
				size_t ldb;
				const float *b = panel_at(src, p, k0, &ldb);
				int j0 = p * NR, w = N - j0 < NR ? N - j0 : NR;
				const float *bj = bias != NULL && k0 + kc == K ? bias + j0 : NULL;

				for (i = ib; i < ie; i += mr)
					kern(c + (size_t)i * N + j0, (size_t)N, a + (size_t)i * lda + k0, lda,
					    b, ldb, kc, k0 == 0 && !acc, ie - i < mr ? ie - i : mr, w, bj);
			}
		}
	}
}

struct mm_job {
	float *c;
	const float *a, *b;
	int M, N, K;
	size_t sa, sb, sc;	/* strides between batch items */
	size_t lda;		/* a[m][k] at a + m*lda + k */
	size_t rs, cs;		/* b[k][j] at b + k*rs + j*cs */
	const float *bp;	/* b packed once for every row (one item), or NULL */
	float *own;		/* else this job's buffer to pack each item's b (direct: its last panel)
				 * into (made by the main thread: an allocation that fails must not
				 * fail in a worker) */
	int direct;		/* b read in place (cs 1), no packing but of a last panel under 32 wide */
	int p0, p1;		/* the panels (32 columns each) this job computes */
	const float *bias;	/* (N,) added to every row at the end, or NULL */
	int acc;		/* sums start from c's contents (tensor_addmm) */
	size_t lo, hi;		/* rows of the flattened (batch, M) range */
};

/* A 64-byte aligned buffer for panels p0..p1 of a packed b, and its block to free. */
static float *
packed_buf(int p0, int p1, int K, void **block)
{
	size_t n = (size_t)(p1 - p0) * NR * (size_t)K;

	*block = xmalloc(n * sizeof(float) + 64);
	return (float *)(((uintptr_t)*block + 63) / 64 * 64);
}

static void *
mm_job_run(void *arg)
{
	const struct mm_job *j = arg;
	size_t r = j->lo;
	int np = (j->N + NR - 1) / NR, edge = j->direct && j->N % NR != 0 && j->p1 == np;

	while (r < j->hi && !interrupt_pending) {
		size_t bi = r / (size_t)j->M;
		int i0 = (int)(r % (size_t)j->M);
		int i1 = (size_t)j->M - (size_t)i0 < j->hi - r ? j->M : i0 + (int)(j->hi - r);
		struct bsrc src = { j->bp, j->b + bi * j->sb, NULL, j->rs, j->N, j->K };

		if (edge) {
			pack_panels(j->own, src.b, j->rs, j->cs, j->N, j->K, np - 1, np);
			src.edge = j->own;
		} else if (!j->direct && j->bp == NULL) {
			pack_b(j->own, src.b, j->rs, j->cs, j->N, j->K);
			src.bp = j->own;
		}
		mm_rows(j->c + bi * j->sc, j->a + bi * j->sa, j->lda, &src, j->bias, i0, i1, j->p0, j->p1, j->acc);
		r += (size_t)(i1 - i0);
	}
	return NULL;
}


struct pack_job {
	float *bp;
	const float *b;
	size_t rs, cs;
	int N, K, p0, p1;
};

static void *
pack_job_run(void *arg)
{
	const struct pack_job *j = arg;

	pack_panels(j->bp + (size_t)j->p0 * j->K * NR, j->b, j->rs, j->cs, j->N, j->K, j->p0, j->p1);
	return NULL;
}

/* K 0: the empty sums, c as it is (acc) or zeros plus the bias */
static void
mm_empty(float *c, const float *bias, size_t rows, int M, int N, size_t sc, int acc)
{
	size_t r;
	int n;

	for (r = 0; r < rows && !acc; r++)
		for (n = 0; n < N; n++)
			c[r / (size_t)M * sc + r % (size_t)M * (size_t)N + (size_t)n] = bias ? 0.0f + bias[n] : 0.0f;
}

/*
 * Read b in place rather than pack it: its columns are contiguous and the
 * rows are few (each weight read by at most MC / mr row tiles), which is
 * GPT-2's Conv1D on a sentence and attention's weights @ values.
 */
static int
mm_direct(size_t cs, int M, int N)
{
	return cs == 1 && M <= MC && N >= NR;
}

/* the second thread's share: panels (one b read in place, several panels) or rows */
static void
mm_split(struct mm_job *job, int batch, int M, int np, size_t rows)
{
	job[1] = job[0];
	if (batch == 1 && job[0].direct && np >= 2) {
		job[0].p1 = np / 2;
		job[1].p0 = np / 2;
		return;
	}
	job[0].hi = batch > 1 ? (size_t)(batch / 2) * M : rows / 2 / 6 * 6;
	job[1].lo = job[0].hi;
}

static void
mm(float *c, const float *a, size_t lda, const float *b, size_t rs, size_t cs, const float *bias,
    int batch, int M, int N, int K, size_t sa, size_t sb, size_t sc, int acc)
{
	struct mm_job job[2];
	size_t rows = (size_t)batch * M;
	int np = (N + NR - 1) / NR, two = (double)rows * N * K >= 1e6 && rows >= 12;
	void *block = NULL, *block2 = NULL;
	double t0 = tensor_clock();

	if (K == 0) {
		mm_empty(c, bias, rows, M, N, sc, acc);
		return;
	}
	job[0] = (struct mm_job){ .c = c, .a = a, .b = b, .M = M, .N = N, .K = K, .sa = sa, .sb = sb, .sc = sc,
	    .lda = lda, .rs = rs, .cs = cs, .direct = mm_direct(cs, M, N), .p1 = np, .bias = bias, .acc = acc,
	    .hi = rows };
	if (rows == 0 || N == 0)
		return;
	if (job[0].direct) {	/* a buffer for the last panel only, if under 32 wide */
		if (N % NR != 0)
			job[0].own = packed_buf(0, 1, K, &block);
	} else if (batch == 1) {	/* both threads share one packed b */
		struct pack_job pj[2] = { { packed_buf(0, np, K, &block), b, rs, cs, N, K, 0, np / 2 } };

		pj[1] = pj[0];
		pj[1].p0 = pj[0].p1;
		pj[1].p1 = np;
		if ((double)N * K >= 65536)
			two_threads(pack_job_run, &pj[0], &pj[1]);
		else
			pack_b(pj[0].bp, b, rs, cs, N, K);
		job[0].bp = pj[0].bp;
	} else {
		job[0].own = packed_buf(0, np, K, &block);
	}
	/* a second thread pays off from about a million multiply-adds */
	if (two) {
		mm_split(job, batch, M, np, rows);
		if (job[0].own != NULL)
			job[1].own = job[0].direct ? packed_buf(0, 1, K, &block2) : packed_buf(0, np, K, &block2);
		two_threads(mm_job_run, &job[0], &job[1]);
	} else {
		mm_job_run(&job[0]);
	}
	free(block);
	free(block2);
	tensor_stats.mm_seconds += tensor_clock() - t0;
	tensor_stats.mm_flops += 2.0 * batch * M * N * K;
}

void
tensor_mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc, int trans_b)
{
	mm(c, a, (size_t)K, b, trans_b ? 1 : (size_t)N, trans_b ? (size_t)K : 1, NULL, batch, M, N, K, sa, sb, sc, 0);
}

void
tensor_mm_strided(float *c, const float *a, size_t lda, const float *b, size_t rs, size_t cs,
    int batch, int M, int N, int K, size_t sa, size_t sb)
{
	mm(c, a, lda, b, rs, cs, NULL, batch, M, N, K, sa, sb, (size_t)M * N, 0);
}

void
tensor_linear(float *y, const float *x, const float *w, const float *bias, int M, int N, int K, int trans_w)
{
	mm(y, x, (size_t)K, w, trans_w ? 1 : (size_t)N, trans_w ? (size_t)K : 1, bias, 1, M, N, K, 0, 0, 0, 0);
}

/*
 * torch.addmm(bias, x, w): y (M, N) = bias + x (M, K) @ w (K, N), as the
 * reference BLAS's sgemm runs the row-major case ("N", "N" on the
 * transposed problem, beta 1 on y filled with bias): y[i][n] starts at
 * bias[n], then adds x[i][k] * w[k][n] for k = 0, 1, ..., each product
 * rounded.  mm()'s kernels keep that order when their sums start from y
 * (acc) instead of zero: the tiles, panels and two threads of any product.
 */
/* one element of tensor_addmm, y[i][j] for the row x of x: the same sum in the same order
 * (from the bias, each product rounded; N 1: from +0, the bias added last); prod, if not
 * NULL, gets the K products (why) */
float
tensor_addmm_one(const float *x, const float *w, float bias, int N, int K, int j, float *prod)
{
	float acc = N == 1 ? 0.0f : bias, p;
	int k;

	for (k = 0; k < K; k++) {
		p = x[k] * w[(size_t)k * N + j];
		if (prod != NULL)
			prod[k] = p;
		acc += p;
	}
	return N == 1 ? acc + bias : acc;
}

void
tensor_addmm(float *y, const float *x, const float *w, const float *bias, int M, int N, int K)
{
	int i;

	if (N == 1) {	/* one column: y (M, 1) has stride 1 both ways, so addmm_impl_cpu_ takes it as
			 * column-major and sums x[i] . w from zero, adding the bias to the finished sum */
		mm(y, x, (size_t)K, w, 1, 1, bias, 1, M, 1, K, 0, 0, 0, 0);
		return;
	}
	for (i = 0; i < M; i++)
		memcpy(y + (size_t)i * N, bias, (size_t)N * sizeof *y);
	mm(y, x, (size_t)K, w, (size_t)N, 1, NULL, 1, M, N, K, 0, 0, 0, 1);
}

/*
 * One output of mm(), in the order every path of its kernel keeps: from
 * +0, each product a[k*sa] * b[k*sb] rounded before it is added, the
 * bias added to the finished sum.  Not used by mm() itself (its tiles
 * hold the same sums in vector lanes); test_mm_order and the why unit
 * test hold the two to the same bits.
 */
float
tensor_dot(const float *a, size_t sa, const float *b, size_t sb, int K, const float *bias, float *prod)
{
	float acc = 0.0f, p;
	int k;

	for (k = 0; k < K; k++) {
		p = a[(size_t)k * sa] * b[(size_t)k * sb];
		if (prod != NULL)
			prod[k] = p;
		acc += p;
	}
	return bias != NULL ? acc + *bias : acc;
}

void
tensor_mm64(double *c, const double *a, long long as0, long long as1, const double *b, long long bs0,
    long long bs1, int M, int N, int K)
{
	int i, j, k;

	for (i = 0; i < M && !interrupt_pending; i++)
		for (j = 0; j < N; j++) {
			double acc = 0;

			for (k = 0; k < K; k++)
				acc += a[i * as0 + k * as1] * b[k * bs0 + j * bs1];
			c[(size_t)i * N + j] = acc;
		}
}

void
tensor_linear_from_bias(void *y, const void *x, const void *w, const void *bias, int M, int N, int K, int f64)
{
	int i, j, k;

	for (i = 0; i < M; i++)
		for (j = 0; j < N; j++) {
			size_t o = (size_t)i * N + j, xi = (size_t)i * K, wj = (size_t)j * K;

			if (f64) {
				const double *x64 = x, *w64 = w;
				double v = ((const double *)bias)[j];

				for (k = 0; k < K; k++)
					v += x64[xi + k] * w64[wj + k];
				((double *)y)[o] = v;
			} else {
				const float *x32 = x, *w32 = w;
				float v = ((const float *)bias)[j];

				for (k = 0; k < K; k++)
					v += x32[xi + k] * w32[wj + k];
				((float *)y)[o] = v;
			}
		}
}
