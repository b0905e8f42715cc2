/*
 * tensor.h - float32 row-major tensors and the arithmetic the stages need:
 * memory.c (tensors, arenas), threads.c (the second thread), matmul.c,
 * softmax.c (exp, softmax), reduce.c (sums, variances), elementwise.c.
 */
#ifndef TENSOR_H
#define TENSOR_H

#include <stddef.h>

/*
 * Ownership: a function that returns a struct tensor * (tensor_new(),
 * tensor_copy(), the tensor_* operations that build a result) gives the
 * caller a tensor to release with tensor_free(), which accepts NULL.
 * Every other function borrows its arguments and writes only into the
 * `out` tensor it is given.
 */

#define TENSOR_MAXDIM 8		/* the pipeline uses at most 4 */

struct tensor {
	int ndim;			/* 0 (a scalar) .. TENSOR_MAXDIM */
	int shape[TENSOR_MAXDIM];
	size_t numel;			/* product of shape[0..ndim-1]; 1 when ndim is 0 */
	float *data;			/* numel floats, row-major */
	const double *data64;		/* print.c only: a float64 tensor's numel doubles, printed instead of data (NULL) */
	/* Autograd state, only as print() shows it (torch-print.md 9). */
	const char *grad_fn;		/* "SoftmaxBackward0", a static string, or NULL */
	int requires_grad;		/* a leaf that requires grad */
	int parameter;			/* an nn.Parameter: "Parameter containing:" */
	size_t mapped;			/* bytes mmap()ed for data, or 0 (calloc) */
	int borrowed;			/* data lies in an arena (1) or is another tensor's (2, tensor_view): tensor_free leaves it */
};

/* Largest number of elements one tensor may hold (refused before allocating). */
#define TENSOR_MAX_NUMEL ((size_t)1 << 31)

struct tensor *tensor_new(int ndim, const int *shape);	/* zero-filled; NULL if too big */
/* the same with undefined contents, for a result that writes every element */
struct tensor *tensor_new_uninit(int ndim, const int *shape);
/*
 * block > 0: tensor_free() keeps a few big blocks for the next big
 * tensor_new(), which reuses their faulted-in pages; each big block
 * reserves at least `block` bytes of address space so that any fits.
 * 0: the kept blocks go back to the system.
 */
void tensor_recycle(size_t block);
struct tensor *tensor_new2(int d0, int d1);
struct tensor *tensor_copy(const struct tensor *t);
/*
 * A tensor of `shape` whose data are t's from element offset on (a batch
 * of a stage, for check mode): tensor_free() releases only the struct; t
 * must outlive it and stay unchanged.
 */
struct tensor *tensor_view(const struct tensor *t, size_t offset, int ndim, const int *shape);
void tensor_free(struct tensor *t);
/* ix[0..ndim-1] = the index of element flat (row-major) of t */
void tensor_unravel(const struct tensor *t, size_t flat, int *ix);
/*
 * Arenas: while one is in use, tensor_new() takes zeroed memory from it,
 * pre-faulted by a helper thread; tensor_free() then releases only the
 * struct, and tensor_arena_free() the memory, after every such tensor.
 * tensor_arena_new() returns NULL below TENSOR_ARENA_MIN bytes (calloc is
 * quicker there) or when no mapping can be had: tensor_new() goes on alone.
 */
#define TENSOR_ARENA_MIN ((size_t)2 << 20)
extern size_t tensor_arena_min;	/* TENSOR_ARENA_MIN; tests lower it */
struct tensor_arena;
struct tensor_arena *tensor_arena_new(size_t bytes);
void tensor_arena_use(struct tensor_arena *a);	/* NULL: none */
size_t tensor_arena_used(const struct tensor_arena *a, size_t *refused);
void tensor_arena_free(struct tensor_arena *a);
int tensor_same_shape(const struct tensor *a, const struct tensor *b);
/* "(6, 2)" style, and "torch.Size([6, 2])" style, into buf; returns buf. */
char *tensor_shape_str(char *buf, size_t len, const struct tensor *t);
char *tensor_size_str(char *buf, size_t len, const struct tensor *t);


/*
 * Arithmetic kernels, each reproducing the float32 operation order of
 * PyTorch 1.13's CPU kernels so that results agree bit for bit, not only
 * in the printed digits.  the kernel files are built with -ffp-contract=off.
 */

/* Time and floating-point operations spent in matrix products, tensor bytes alive (for make bench). */
struct tensor_stats {
	double mm_seconds, mm_flops;
	size_t live_bytes, peak_live_bytes;	/* tensor data alive now, and at most */
};
extern struct tensor_stats tensor_stats;
double tensor_clock(void);	/* seconds, monotonic */

/*
 * 1: start a worker thread that takes the second half of every parallel
 * job until tensor_threads(0) joins it (around a stage run: no worker may
 * be alive across fork()).  Without one, each job starts its own thread.
 */
void tensor_threads(int on);
/*
 * 1: the first job that pays for two threads starts a worker (unpinned)
 * that stays for the jobs after it, as the expressions of a session want;
 * 0: stops it.  tensor_threads(0) stops it too; the next job restarts it.
 */
void tensor_threads_lazy(int on);
/*
 * The intra-op thread count of the PyTorch being reproduced, as
 * torch.get_num_threads() says it: n > 0 as torch.set_num_threads(n) sets
 * it, 0 PyTorch's default here (MKL_NUM_THREADS, OMP_NUM_THREADS, else
 * half the CPUs).  With more than one, the kernels cut whole-tensor
 * reductions and the vector loops of pow where PyTorch's threads would
 * (split.c), computing the parts in turn; the speed threads above are
 * another matter and change no bit.
 */
void tensor_set_intraop_threads(int n);
int tensor_intraop_threads(void);
/*
 * at::parallel_for's chunks of [0, n) with that many threads: returns the
 * chunk size c, chunk t being [t * c, min(n, (t + 1) * c)) for t < *chunks
 * (one chunk, [0, n), when PyTorch would not split).
 */
#define TENSOR_GRAIN 32768LL	/* at::internal::GRAIN_SIZE */
long long tensor_split(long long n, long long grain, long long *chunks);
/*
 * fn(ctx, lo, hi) over the rows [0, rows) of a rows x cols job, halves on
 * two threads when the job is big enough to pay for the second one.
 */
void tensor_parallel(void (*fn)(void *ctx, size_t lo, size_t hi), void *ctx, size_t rows, size_t cols);

/* y (M, N) = x (M, K) @ w (K, N) + bias, or x @ w.T + bias with w (N, K) when trans_w (nn.Linear) */
void tensor_linear(float *y, const float *x, const float *w, const float *bias, int M, int N, int K, int trans_w);
/* y (M, N) = x (M, K) @ w.T (w (N, K)) summed from the bias: y[i][j] = bias[j], then each product added in
 * k's order (gemm "N"); all contiguous, float, or double when f64 */
void tensor_linear_from_bias(void *y, const void *x, const void *w, const void *bias, int M, int N, int K, int f64);
/*
 * Without a bias, for `batch` products, item i at a + i*sa, b + i*sb, c + i*sc;
 * b is (K, N), or (N, K) and used transposed when trans_b.
 */
void tensor_mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc, int trans_b);
/*
 * The same with a's rows lda apart (a[m][k] at a + m*lda + k) and b read
 * through strides (b[k][n] at b + k*rs + n*cs): a view such as
 * keys.transpose(-2, -1) is multiplied where it lies.  c is (batch, M, N).
 */
void tensor_mm_strided(float *c, const float *a, size_t lda, const float *b, size_t rs, size_t cs,
    int batch, int M, int N, int K, size_t sa, size_t sb);
/*
 * The float64 product of one item: c (M, N, contiguous) with c[i][j] the
 * sequential double sum from +0 of a[i*as0 + k*as1] * b[k*bs0 + j*bs1],
 * each product rounded (ATen's gemm and dot for double, like float32's).
 */
void tensor_mm64(double *c, const double *a, long long as0, long long as1, const double *b, long long bs0,
    long long bs1, int M, int N, int K);
/* y = x / f (divides) or x * f, and y = a * b, element-wise; y may be x or a (in place) */
void tensor_scale(float *y, const float *x, size_t n, float f, int divides);
void tensor_mul(float *y, const float *a, const float *b, size_t n);
/* softmax along rows of length n, as torch.softmax(x, dim=-1) */
void tensor_softmax_rows(float *out, const float *in, size_t rows, int n);
/* the same of in / scale (divides) or in * scale, without the scaled copy */
void tensor_softmax_rows_scaled(float *out, const float *in, size_t rows, int n, float scale, int divides);
/*
 * One row of tensor_softmax_rows (scaled 0) or of tensor_softmax_rows_scaled
 * (scaled 1), into out (n floats), keeping what the kernel computed on the
 * way, for why: the same code, the same bits.
 */
struct tensor_softmax_steps {
	float *scaled;		/* n floats: the row once scaled (when scaled), or NULL */
	float *exps;		/* n floats: exp(x[j] - max) */
	float max;		/* the row's largest value, or its first NaN */
	float sum;		/* of the exps: 8 lanes, folded as a tree */
	float inv;		/* 1 / sum: out[j] = exps[j] * inv */
};
void tensor_softmax_steps(float *out, const float *in, int n, int scaled, float scale, int divides,
    struct tensor_softmax_steps *steps);
/*
 * One output of tensor_linear() or tensor_mm_batch(), in their order: the
 * sum from +0 of a[k*sa] * b[k*sb], k < K, each product rounded, then
 * + *bias when bias is not NULL.  prod: K floats for the products, or NULL.
 */
float tensor_dot(const float *a, size_t sa, const float *b, size_t sb, int K, const float *bias, float *prod);
/* softmax along a middle dim: outer blocks of (n, inner) floats, as ATen's _vec_softmax */
void tensor_softmax_dim(float *out, const float *in, size_t outer, size_t n, size_t inner);
/* torch.exp on one float (SLEEF expf_u10, as the AVX2 kernels) */
float tensor_expf(float x);
/* torch.log on one float (SLEEF logf_u10, as the AVX2 kernels); log_softmax over rows of n floats (logsoftmax.c) */
float tensor_logf(float x);
void tensor_log_softmax_rows(float *out, const float *in, size_t rows, int n);
/*
 * float64 (softmax64.c): torch.exp of one double (SLEEF's expd4_u10, as
 * the AVX2 kernels); x.max()/x.min() of n contiguous doubles (max_all's 4
 * lanes: which zero, NaN wins); softmax over `outer` blocks of (n, inner)
 * doubles along n (lastdim: the last dim's kernel, inner 1; else _vec_softmax,
 * whose scalar tail takes an inner of 1 too).
 */
double tensor_exp64(double x);
double tensor_max_all64(const double *x, size_t n, int is_min);
void tensor_softmax64(double *out, const double *in, size_t outer, size_t n, size_t inner, int lastdim);
/* torch.sum of n contiguous floats (ATen's cascade sum) */
float tensor_sum(const float *x, size_t n);

/*
 * GPT-2's block (norm.c): F.layer_norm over rows of n floats with weight
 * gamma and bias beta (ATen's Welford cascade, 8 lanes); torch.tanh on one
 * float (SLEEF tanhf_u10); Hugging Face's tanh GELU ("gelu_new"), one
 * rounding per torch operation; torch.addmm(bias, x, w) with w (K, N) as
 * Conv1D calls it, each sum starting at the bias (the reference BLAS).
 */
void tensor_layer_norm(float *y, const float *x, const float *gamma, const float *beta, size_t rows, int n, float eps);
float tensor_tanhf(float x);
void tensor_tanh_array(float *y, const float *x, size_t n);	/* y[i] = tensor_tanhf(x[i]), 8 lanes at a time */
void tensor_gelu_new(float *y, const float *x, size_t n);
void tensor_addmm(float *y, const float *x, const float *w, const float *bias, int M, int N, int K);
/*
 * F.gelu (gelu.c): y (n floats in TensorIterator's order) through ATen's
 * GeluKernelImpl, in rows of `row` (0: not contiguous, all scalar) and
 * `threads` chunks; -1 (y untouched) when approximate='none' would need its
 * vector lambda.  tensor_gelu_dnnl: oneDNN's gelu_erf of one float, which
 * approximate='none' runs on a contiguous input of two or more elements.
 */
int tensor_gelu(float *y, size_t n, size_t row, int tanh_approx, int threads);
float tensor_gelu_dnnl(float s);
void tensor_gelu_dnnl_array(float *y, size_t n);
/*
 * One output of each, for why, the same code and bits: element j of the
 * layer norm of the row x (n floats), with the row's mean, biased variance
 * and 1 / sqrt(var + eps); and y[j] of addmm for the row x (K floats) and
 * w (K, N), the products into prod (K floats) unless NULL.
 */
float tensor_layer_norm_one(const float *x, int n, int j, float gamma, float beta, float eps, float *mean, float *var,
    float *rstd);
float tensor_addmm_one(const float *x, const float *w, float bias, int N, int K, int j, float *prod);

/*
 * A strided float32 view, as a torch tensor's (sizes, strides, offset):
 * element (i0, i1, ...) is data[i0*stride[0] + i1*stride[1] + ...].
 */
struct tensor_view {
	const float *data;		/* float32 elements, or NULL when data64 is set */
	const double *data64;		/* a float64 view's elements (the kernels then compute in double), or NULL */
	int ndim;
	int shape[TENSOR_MAXDIM];
	long long stride[TENSOR_MAXDIM];	/* in elements, >= 0 */
	size_t numel;
};

/*
 * x.sum(dims, keepdim) and x.var(dims, keepdim, correction), dims a set of
 * bits (1 << d; all bits: the whole tensor), bit for bit as ATen sums a
 * strided input (see reduce.c).  out: the kept dims, contiguous; keepdim
 * changes no value, only the order ATen may choose.
 */
void tensor_sum_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim);
void tensor_var_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim, int correction);
void tensor_std_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim, int correction);	/* sqrt in double */
/* torch.linalg.vector_norm(x, p, dims, keepdim) for a reduction of more than one element per output (reduce.c) */
void tensor_norm_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim, double p);

/*
 * Dtype dispatch: every kernel taking a struct tensor_view reads float32
 * (data) or float64 (data64, all views of one call alike) and writes its
 * `void *out` in the same dtype (floats or doubles; comparisons: bytes).
 * The float64 arithmetic is ATen's double kernels' (4 lanes on AVX2).
 *
 * Element-wise over views of one shape (broadcast operands have stride 0),
 * out contiguous in row-major order.  TENSOR_POW_SCALAR raises a to the
 * double `scalar` as torch.pow(tensor, number) does; the other binary
 * operations ignore it.
 */
enum {
	TENSOR_ADD, TENSOR_SUB, TENSOR_MUL, TENSOR_DIV, TENSOR_FLOORDIV, TENSOR_MOD,
	TENSOR_POW, TENSOR_POW_SCALAR, TENSOR_MAX,
	TENSOR_EQ, TENSOR_NE, TENSOR_LT, TENSOR_LE, TENSOR_GT, TENSOR_GE,
	TENSOR_EXP, TENSOR_SQRT, TENSOR_ABS, TENSOR_NEG, TENSOR_RECIP,
	TENSOR_TANH, TENSOR_LOG	/* float32 only: SLEEF's tanhf_u10, logf_u10 on every element, as vml maps them all */
};
/* The strides PyTorch gives the result of an element-wise operation on inputs of these strides (0: broadcast). */
void tensor_layout(long long *out, int ndim, const int *shape, const long long *const *in, int nin);
void tensor_copy_view(void *out, const struct tensor_view *x);
/* SLEEF's powf_u10 as PyTorch's AVX2 vector kernels compute x ** y */
float tensor_sleef_powf(float x, float y);
/* SLEEF's powd4_u10 as Vectorized<double>::pow (pow64.c) */
double tensor_sleef_pow(double x, double y);
void tensor_binary_view(void *out, const struct tensor_view *a, const struct tensor_view *b, int op, double scalar);
void tensor_compare_view(unsigned char *out, const struct tensor_view *a, const struct tensor_view *b, int op);
void tensor_unary_view(void *out, const struct tensor_view *x, int op);

#endif
