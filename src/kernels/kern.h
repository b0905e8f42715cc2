/*
 * kern.h - what the kernel files (threads, memory, matmul, softmax,
 * reduce, elementwise) share among themselves: the vector types and the
 * target_clones attributes they are built with, the second thread's entry
 * points, and exp for the element-wise kernels.  Internal to kernels:
 * other parts include only kernels/kernels.h.
 */
#ifndef KERN_H
#define KERN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(ATTN_NO_CLONES) && (!defined(__clang__) || __clang_major__ >= 14)
#include <immintrin.h>
#define TARGETS __attribute__((target_clones("avx2", "default")))
#define HAVE_AVX512_KERNEL 1
#else
#define TARGETS
#endif

typedef float v8 __attribute__((vector_size(32)));

/* unaligned vector loads and stores; macros, so no vector crosses a call */
#define LOAD8(v, p) memcpy(&(v), (p), sizeof(v8))
#define STORE8(p, v) memcpy((p), &(v), sizeof(v8))

/*
 * Clones where fmaf is one instruction rather than a libm call, and where
 * exp_row's loop vectorises (16 or 8 lanes); the results are the same bits.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && (!defined(__clang__) || __clang_major__ >= 14)
#define FMA_CLONES __attribute__((target_clones("avx512f", "fma", "default")))
#else
#define FMA_CLONES
#endif

union fbits {
	float f;
	uint32_t u;
};

/* softmax along a middle dim: outer blocks of (n, inner) elements in and out (float or double); column j
 * of block o starts at element o * n * inner + j, its n elements inner apart */
struct kern_cols {
	void *out;
	const void *in;
	size_t n, inner;
};
/* _vec_softmax's column groups over the threads' chunks (split.c): fn(c, the first column's element,
 * vec: `lanes` columns from it as vector lanes, else that column alone) */
void kern_softmax_walk(const struct kern_cols *c, size_t outer, size_t lanes,
    void (*fn)(const struct kern_cols *c, size_t at, int vec));

/* the second thread (threads.c) */
void worker_idle(void);
void worker_populate(char *p, size_t len);
void two_threads(void *(*fn)(void *), void *first, void *second);

/* softmax64.c's AVX2 lane helpers: _mm256_cvtpd_epi32 (out of range: INT_MIN); vpow2i_vd_vi, 2^q */
int32_t kern_cvt_i32(double u);
double kern_pow2i(int32_t q);

/* y[j] = exp(x[j] - max), n floats (softmax.c's exp_row, behind an entry point) */
void kern_exp_row(float *y, const float *x, float max, int n);
/* vec::reduce_all(+) of n floats: 8 lanes folded as a tree (softmax.c's lane_sum8) */
float kern_lane_sum8(const float *x, int n);

#endif
