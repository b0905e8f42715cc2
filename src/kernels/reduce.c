/*
 * reduce.c - reductions in ATen's order: torch.sum's cascade
 * (tensor_sum), sums and variances over any dims of a strided view
 * (tensor_sum_view, tensor_var_view), and the iteration order ATen's
 * TensorIterator picks for them (tensor_layout).
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

static int
ceil_log2(size_t v)
{
	int k = 0;

	while (((size_t)1 << k) < v)
		k++;
	return k;
}

/*
 * multi_row_sum (SumKernel.cpp), one definition for every copy of it here
 * (cascade_chunk, and reduce_cols.h's for float and double): rows
 * 0 <= i < n added into the level-0 accumulators (EACH acc[0] IX += LOAD;
 * LOAD reads row i), each level passed up into the next every
 * 2^(lp * level) rows (lp = max(4, ceil(log2 n) / 4)), four levels, then
 * the levels added into acc[0].  EACH: the loop heads over the indices IX
 * of one level; I: the type of i and n (i, the caller's, ends at n).
 * A macro rather than a function: the accumulators' shape and the loads
 * stay constants of each copy, so that each compiles to its own loop.
 */
#define MULTI_ROW_SUM(I, acc, IX, EACH, LOAD, i, n) \
	do { \
		int lp_ = ceil_log2((size_t)(n)) / 4, lvl_; \
		I step_; \
		\
		lp_ = lp_ < 4 ? 4 : lp_; \
		step_ = (I)1 << lp_; \
		memset(acc, 0, sizeof acc); \
		for (i = 0; i + step_ <= (n);) { \
			I e_ = i + step_; \
			\
			for (; i < e_; i++) \
				EACH \
					acc[0] IX += LOAD; \
			for (lvl_ = 1; lvl_ < 4; lvl_++) { \
				EACH { \
					acc[lvl_] IX += acc[lvl_ - 1] IX; \
					acc[lvl_ - 1] IX = 0; \
				} \
				if ((i & ((step_ - 1) << (lvl_ * lp_))) != 0) \
					break; \
			} \
		} \
		for (; i < (n); i++) \
			EACH \
				acc[0] IX += LOAD; \
		for (lvl_ = 1; lvl_ < 4; lvl_++) \
			EACH \
				acc[0] IX += acc[lvl_] IX; \
	} while (0)

/*
 * cascade_chunk for 8 <= n < 512: the sums never reach the first level,
 * so they stay in the four vector accumulators of level 0, and the three
 * empty levels only add +0.0 to them (which turns a -0.0 into +0.0, kept
 * here).  Vector types: lane-wise IEEE additions, the same bits, at the
 * speed of the vector unit.
 */
static inline float
cascade_short(const float *x, size_t n)
{
	size_t vec_size = n / 8, size_ilp = vec_size / 4, i, e;
	v8 q0 = { 0 }, q1 = { 0 }, q2 = { 0 }, q3 = { 0 }, zero = { 0 }, v;
	float lane[8], final = 0;
	int l;

	for (i = 0; i < size_ilp; i++) {
		const float *p = x + i * 32;

		LOAD8(v, p);
		q0 += v;
		LOAD8(v, p + 8);
		q1 += v;
		LOAD8(v, p + 16);
		q2 += v;
		LOAD8(v, p + 24);
		q3 += v;
	}
	q0 += zero;
	q1 += zero;
	q2 += zero;
	q3 += zero;
	for (e = size_ilp * 4; e < vec_size; e++) {
		LOAD8(v, x + e * 8);
		q0 += v;
	}
	q0 += q1;
	q0 += q2;
	q0 += q3;
	for (e = vec_size * 8; e < n; e++)
		final += x[e];
	STORE8(lane, q0);
	for (l = 0; l < 8; l++)
		final += lane[l];
	return final;
}

/*
 * One chunk of ATen's cascade_sum (SumKernel.cpp) for 8-float vectors:
 * four vector accumulators (ILP), summed in levels so that rounding error
 * grows with log(n), then the lanes left to right after the scalar tail.
 * The same MULTI_ROW_SUM as ilp_cols() below, a copy of its own on
 * purpose: with 8 contiguous lanes fixed at compile time this loop
 * measured 0.07 ns/float against 0.13 ns/float for ilp_cols(w = 8, cs = 1)
 * (issue #21).
 */
static float
cascade_chunk(const float *x, size_t n)
{
	size_t vec_size = n / 8, size_ilp = vec_size / 4, i, e;
	int k, l;
	float acc[4][4][8], p[4][8], final = 0;

	if (n >= 8 && size_ilp < 16)
		return cascade_short(x, n);
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
	MULTI_ROW_SUM(size_t, acc, [k][l], for (k = 0; k < 4; k++) for (l = 0; l < 8; l++),
	    x[(i * 4 + (size_t)k) * 8 + (size_t)l], i, size_ilp);
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

/*
 * torch.sum of n contiguous floats: one cascade over all of them.  With
 * one thread (at::get_num_threads() is 1 in the reference build) ATen's
 * parallel_reduce never splits the range, however long; checked against
 * torch up to 1.28 million floats (tests/reduce-cases.txt).
 */
float
tensor_sum(const float *x, size_t n)
{
	return cascade_chunk(x, n);
}

/*
 * ---- Strided views: reductions in TensorIterator's order ----
 *
 * A reduction's result depends on the order in which ATen meets the
 * elements, and ATen does not walk a view in its logical order: its
 * TensorIterator sorts the dimensions by stride, fastest first (reduced
 * dimensions in front), merges neighbours that are contiguous together,
 * and hands the kernel two dimensions at a time (TensorIterator.cpp:
 * reorder_dimensions, coalesce_dimensions, serial_for_each).  So
 * inputs.T.sum() sums in memory order, and inputs.sum(dim=0) reaches the
 * kernel as "reduce along a strided dimension, outputs contiguous".  The
 * code below rebuilds that geometry for one input and, in a reduction,
 * its output, then runs the kernels of SumKernel.cpp (cascade_sum) and
 * ReduceOps.cpp (var) on it.  PyTorch's CPU build here runs one thread
 * (at::get_num_threads() == 1), so no reduction is split between threads.
 */
struct iter {
	int ndim, nops;			/* nops: 2 (the output, the input) or 1 (the input); 3 for layouts */
	long long shape[TENSOR_MAXDIM];
	long long stride[3][TENSOR_MAXDIM];	/* in elements; [nops - 1] is the input */
};

/* torch's contiguous strides of a shape: a size-1 or size-0 dim counts as 1 */
static void
contig_strides(long long *st, const long long *shape, int nd)
{
	long long s = 1;
	int d;

	for (d = nd - 1; d >= 0; d--) {
		st[d] = s;
		s *= shape[d] > 1 ? shape[d] : 1;
	}
}

/* reorder_dimensions: the comparison of two dims (1: d0 goes after d1) */
static int
should_swap(const struct iter *it, int red, int d0, int d1)
{
	int op;

	for (op = 0; op < it->nops; op++) {
		long long s0 = it->stride[op][d0], s1 = it->stride[op][d1];

		if (red && op == 0 && (s0 == 0) != (s1 == 0))
			return s1 == 0 ? 1 : -1;	/* reduced dims to the front */
		if (s0 == 0 || s1 == 0)
			continue;
		if (s0 < s1)
			return -1;
		if (s0 > s1)
			return 1;
		if (it->shape[d0] > it->shape[d1])
			return 1;
	}
	return 0;
}

/* reorder_dimensions' permutation: perm[i] is the dim that goes i-th (fastest first) */
static void
iter_perm(const struct iter *it, int red, int *perm)
{
	int i, d0, d1;

	for (i = 0; i < it->ndim; i++)
		perm[i] = it->ndim - 1 - i;
	/* insertion sort, stopping at the first definite "keep" */
	for (i = 1; i < it->ndim; i++) {
		d1 = i;
		for (d0 = i - 1; d0 >= 0; d0--) {
			int c = should_swap(it, red, perm[d0], perm[d1]);

			if (c > 0) {
				int t = perm[d0];

				perm[d0] = perm[d1];
				perm[d1] = t;
				d1 = d0;
			} else if (c < 0) {
				break;
			}
		}
	}
}

/*
 * The strides TensorIterator gives the new output of an element-wise
 * operation (allocate_or_resize_outputs): dense, in the order its inputs
 * lie in memory, so that x.T + 1 is laid out like x.T.  Inputs' strides
 * are 0 where they broadcast.
 */
void
tensor_layout(long long *out, int ndim, const int *shape, const long long *const *in, int nin)
{
	struct iter it;
	int perm[TENSOR_MAXDIM], d, k, natural = 1;
	long long next = 1;

	it.ndim = ndim;
	it.nops = nin < 3 ? nin : 3;
	for (d = 0; d < ndim; d++) {
		it.shape[d] = shape[d];
		for (k = 0; k < it.nops; k++)
			it.stride[k][d] = in[k][d];
	}
	iter_perm(&it, 0, perm);
	for (d = 0; d < ndim; d++)
		natural &= perm[d] == ndim - 1 - d;
	if (natural) {
		for (d = ndim - 1; d >= 0; d--) {
			out[d] = next;
			next *= shape[d] > 1 ? shape[d] : 1;
		}
		return;
	}
	for (d = 0; d < ndim; d++) {
		out[perm[d]] = next;
		next *= shape[perm[d]];
	}
}

/* reorder_dimensions then coalesce_dimensions, as TensorIterator::build */
static void
iter_order(struct iter *it, int red)
{
	int perm[TENSOR_MAXDIM], i, op, prev, d;
	long long shape[TENSOR_MAXDIM], stride[3][TENSOR_MAXDIM];

	if (it->ndim > 1) {
		iter_perm(it, red, perm);
		for (i = 0; i < it->ndim; i++) {
			shape[i] = it->shape[perm[i]];
			for (op = 0; op < it->nops; op++)
				stride[op][i] = it->stride[op][perm[i]];
		}
		memcpy(it->shape, shape, sizeof shape);
		memcpy(it->stride, stride, sizeof stride);
	}
	if (it->ndim <= 1)
		return;
	prev = 0;
	for (d = 1; d < it->ndim; d++) {
		int ok = it->shape[prev] == 1 || it->shape[d] == 1;

		for (op = 0; !ok && op < it->nops; op++)
			if (it->shape[prev] * it->stride[op][prev] != it->stride[op][d])
				break;
		if (!ok && op == it->nops)
			ok = 1;
		if (ok) {
			if (it->shape[prev] == 1)
				for (op = 0; op < it->nops; op++)
					it->stride[op][prev] = it->stride[op][d];
			it->shape[prev] *= it->shape[d];
		} else {
			prev++;
			if (prev != d) {
				for (op = 0; op < it->nops; op++)
					it->stride[op][prev] = it->stride[op][d];
				it->shape[prev] = it->shape[d];
			}
		}
	}
	it->ndim = prev + 1;
}

/*
 * The iterator of x.sum(dims, keepdim): the output's strides are those of
 * a new contiguous result, 0 along the reduced dims (review_reduce_result,
 * compute_strides); they decide where reduced dims of size 1 sort.
 */
static void
iter_reduce(struct iter *it, const struct tensor_view *x, unsigned dims, int keepdim)
{
	long long kshape[TENSOR_MAXDIM], kst[TENSOR_MAXDIM];
	int d, k = 0;

	it->ndim = x->ndim;
	it->nops = 2;
	for (d = 0; d < x->ndim; d++) {
		it->shape[d] = x->shape[d];
		it->stride[1][d] = x->stride[d];
		if (keepdim)
			kshape[d] = (dims >> d & 1) ? 1 : x->shape[d];
		else if (!(dims >> d & 1))
			kshape[k++] = x->shape[d];
	}
	contig_strides(kst, kshape, keepdim ? x->ndim : k);
	for (d = 0, k = 0; d < x->ndim; d++) {
		if (keepdim)
			it->stride[0][d] = (dims >> d & 1) && x->shape[d] != 1 ? 0 : kst[d];
		else
			it->stride[0][d] = (dims >> d & 1) ? 0 : kst[k++];
	}
	iter_order(it, 1);
}

/* The iterator of an element-wise walk over x alone (std_var_all_cpu). */
static void
iter_input(struct iter *it, const struct tensor_view *x)
{
	int d;

	it->ndim = x->ndim;
	it->nops = 1;
	for (d = 0; d < x->ndim; d++) {
		it->shape[d] = x->shape[d];
		it->stride[0][d] = x->stride[d];
	}
	iter_order(it, 0);
}

/*
 * serial_for_each over the linear range [lo, hi) of the iteration (dim 0
 * fastest), two dims at a time as its DimCounter steps: fn(ctx, offsets,
 * n0, n1, strides of dims 0 and 1), a part of a row first and last when
 * the range cuts rows, whole rows of dim 1 in between; nothing when empty.
 */
typedef void iter_fn(void *ctx, const long long *off, long long n0, long long n1,
    const long long *s0, const long long *s1);

static void
iter_range(const struct iter *it, long long lo, long long hi, iter_fn *fn, void *ctx)
{
	long long val[TENSOR_MAXDIM], off[3], s0[3], s1[3], sh0, sh1, step0, step1, carry, rest = lo;
	int d, op;

	for (d = 0; d < it->ndim; d++)
		if (it->shape[d] == 0)
			return;
	for (op = 0; op < it->nops; op++) {
		s0[op] = it->ndim > 0 ? it->stride[op][0] : 0;
		s1[op] = it->ndim > 1 ? it->stride[op][1] : 0;
	}
	sh0 = it->ndim > 0 ? it->shape[0] : 1;
	sh1 = it->ndim > 1 ? it->shape[1] : 1;
	for (d = 0; d < it->ndim; d++) {
		val[d] = rest % it->shape[d];
		rest /= it->shape[d];
	}
	while (lo < hi && !interrupt_pending) {	/* Ctrl-C: the caller drops the result */
		for (op = 0; op < it->nops; op++) {
			off[op] = 0;
			for (d = 0; d < it->ndim; d++)
				off[op] += val[d] * it->stride[op][d];
		}
		step0 = sh0 - (it->ndim > 0 ? val[0] : 0);
		step0 = step0 < hi - lo ? step0 : hi - lo;
		step1 = 1;
		if (step0 == sh0 && it->ndim >= 2)
			step1 = sh1 - val[1] < (hi - lo) / sh0 ? sh1 - val[1] : (hi - lo) / sh0;
		fn(ctx, off, step0, step1, s0, s1);
		lo += step0 * step1;
		d = step1 != 1 ? 1 : 0;		/* DimCounter::increment */
		for (carry = step1 != 1 ? step1 : step0; d < it->ndim && carry > 0; d++) {
			val[d] += carry;
			carry = val[d] >= it->shape[d];
			if (carry)
				val[d] -= it->shape[d];
		}
	}
}

/* the number of elements the iteration walks */
static long long
iter_numel(const struct iter *it)
{
	long long n = 1;
	int d;

	for (d = 0; d < it->ndim; d++)
		n *= it->shape[d];
	return n;
}

/* serial_for_each over all of it */
static void
iter_each(const struct iter *it, iter_fn *fn, void *ctx)
{
	iter_range(it, 0, iter_numel(it), fn, ctx);
}

/* rows [lo, hi) of a float32 vectorized_inner_sum */
struct rows_sum {
	float *out;
	const float *in;
	long long os, is;
	size_t n;
};

/* the rows of a short vectorized_inner_sum in one clone: the vector unit's width chosen once */
TARGETS static void
short_rows(float *out, long long os, const float *in, long long is, size_t n, size_t lo, size_t hi)
{
	size_t j;

	for (j = lo; j < hi; j++)
		out[(long long)j * os] += cascade_short(in + (long long)j * is, n);
}

static void
inner_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_sum *r = arg;
	size_t j;

	if (r->n >= 8 && r->n / 32 < 16) {
		short_rows(r->out, r->os, r->in, r->is, r->n, lo, hi);
		return;
	}
	for (j = lo; j < hi && !interrupt_pending; j++)
		r->out[(long long)j * r->os] += cascade_chunk(r->in + (long long)j * r->is, r->n);
}

/* the float32 copy of reduce_cols.h */
#define T float
#define LANES 8
#define NAME(f) f
static void
inner_sum(float *out, long long os, const float *in, long long is, long long n, long long rows)
{
	struct rows_sum rs = { out, in, os, is, (size_t)n };

	inner_rows(&rs, 0, (size_t)rows);
}
#include "reduce_cols.h"
#undef T
#undef LANES
#undef NAME

/*
 * The float64 copy: vectorized_inner_sum over Vectorized<double> (4
 * lanes) is row_sum with the row's vectors as the rows of 4 columns, the
 * scalar tail summed from 0, then the 4 lanes added to it in order.
 */
static void ilp_cols64(double *res, const double *x, long long st, long long cs, long long n, int w);

static void
inner_sum64(double *out, long long os, const double *in, long long is, long long n, long long rows)
{
	long long j, k;
	double lanes[4], final;
	int l;

	for (j = 0; j < rows && !interrupt_pending; j++) {
		const double *x = in + j * is;

		ilp_cols64(lanes, x, 4, 1, n / 4, 4);
		final = 0;
		for (k = n / 4 * 4; k < n; k++)
			final += x[k];
		for (l = 0; l < 4; l++)
			final += lanes[l];
		out[j * os] += final;
	}
}
#define T double
#define LANES 4
#define NAME(f) f##64
#include "reduce_cols.h"
#undef T
#undef LANES
#undef NAME

/* The number of elements of the result of reducing `dims` (bit d: dim d). */
static size_t
kept_numel(const struct tensor_view *x, unsigned dims)
{
	size_t n = 1;
	int d;

	for (d = 0; d < x->ndim; d++)
		if (!(dims >> d & 1))
			n *= (size_t)x->shape[d];
	return n;
}

/*
 * TensorIterator::parallel_reduce's two passes, when the whole tensor
 * goes to one output (two_pass_reduction): each thread's chunk of the
 * iteration summed into its own slot of a buffer of zeros, one slot per
 * thread, then the buffer summed into the output as a reduction of its
 * own (a cascade over the threads' count of floats).
 */
static void
two_pass_sum(const struct iter *it, void **pp, int f64)
{
	long long n = iter_numel(it), nt = tensor_intraop_threads(), nc, c, t;
	size_t es = f64 ? sizeof(double) : sizeof(float);
	iter_fn *fn = f64 ? sum_block64 : sum_block;
	char *buf = calloc((size_t)nt, es);
	void *sub[2];
	struct iter fin;

	if (buf == NULL) {		/* no room for that many threads' slots: one thread's sum */
		iter_each(it, fn, pp);
		return;
	}
	c = tensor_split(n, TENSOR_GRAIN, &nc);
	sub[1] = pp[1];
	for (t = 0; t < nc; t++) {
		sub[0] = buf + (size_t)t * es;
		iter_range(it, t * c, t * c + c < n ? t * c + c : n, fn, sub);
	}
	fin.ndim = 1;
	fin.nops = 2;
	fin.shape[0] = nt;
	fin.stride[0][0] = 0;
	fin.stride[1][0] = 1;
	sub[0] = pp[0];
	sub[1] = buf;
	iter_each(&fin, fn, sub);
	free(buf);
}

/*
 * find_split_dim: from the outermost dim inwards while not reduced, the
 * first with at least as many elements as threads, else the largest.
 */
static int
split_dim(const struct iter *it)
{
	long long nt = tensor_intraop_threads();
	int best = it->ndim - 1, d;

	for (d = best; d >= 0 && !(it->stride[0][d] == 0 && it->shape[d] > 1); d--) {
		if (it->shape[d] >= nt)
			return d;
		if (it->shape[d] > it->shape[best])
			best = d;
	}
	return best;
}

/*
 * parallel_dim_reduction: the kept dim split_dim() picks cut between the
 * threads (at::parallel_for with grain 1), each cut moved down to a
 * multiple of 128 bytes when that dim is the input's contiguous one
 * (round_columns; the last end stays), each part then walked whole.
 * The parts' 2-d blocks are narrower than one thread's, which changes
 * the path cascade_sum takes for some of them.
 */
static void
dim_split_sum(const struct iter *it, void **pp, int f64)
{
	int dim = split_dim(it), op;
	size_t es = f64 ? sizeof(double) : sizeof(float);
	long long cols = it->shape[dim], mult = it->stride[1][dim] == 1 ? 128 / (long long)es : 1, nc, c, t, b, e;
	iter_fn *fn = f64 ? sum_block64 : sum_block;
	struct iter sub;
	void *sp[2];

	c = tensor_split(cols, 1, &nc);
	for (t = 0; t < nc; t++) {
		b = t * c;
		e = b + c < cols ? b + c : cols;
		b -= b % mult;
		if (e != cols)
			e -= e % mult;
		if (b == e)
			continue;
		sub = *it;
		sub.shape[dim] = e - b;
		for (op = 0; op < 2; op++)
			sp[op] = (char *)pp[op] + (size_t)(b * it->stride[op][dim]) * es;
		iter_each(&sub, fn, sp);
	}
}

void
tensor_sum_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim)
{
	struct iter it;
	void *pp[2];
	size_t nout = kept_numel(x, dims);
	int f64 = x->data64 != NULL;

	memset(out, 0, nout * (f64 ? sizeof(double) : sizeof(float)));	/* fill_(0) */
	iter_reduce(&it, x, dims, keepdim);
	pp[0] = out;
	pp[1] = f64 ? (void *)x->data64 : (void *)x->data;
	if ((long long)x->numel >= TENSOR_GRAIN && tensor_intraop_threads() > 1) {
		if (nout == 1)
			two_pass_sum(&it, pp, f64);
		else
			dim_split_sum(&it, pp, f64);
		return;
	}
	iter_each(&it, f64 ? sum_block64 : sum_block, pp);
}

/* std_var_all_cpu: sum of (x - mean)^2 in double, one partial sum per 2-d block */
struct dev_ctx {
	const float *x;
	const double *x64;	/* a float64 input instead */
	double mean, total;
};

/* element o of a float32 or float64 view, as a double */
static inline double
elem(const struct tensor_view *x, long long o)
{
	return x->data64 != NULL ? x->data64[o] : (double)x->data[o];
}

static void
dev_block(void *ctx, const long long *off, long long n0, long long n1, const long long *s0,
    const long long *s1)
{
	struct dev_ctx *c = ctx;
	double local = 0;
	long long i, j;

	for (i = 0; i < n1 && !interrupt_pending; i++)
		for (j = 0; j < n0; j++) {
			long long o = off[0] + i * s1[0] + j * s0[0];
			double dx = (c->x64 != NULL ? c->x64[o] : (double)c->x[o]) - c->mean;

			local += dx * dx;
		}
	c->total += local;
}

/*
 * at::parallel_reduce of dev_block over the iteration, from 0.0: one
 * partial sum per thread's chunk, added in the threads' order.
 */
static double
dev_sum(const struct iter *it, struct dev_ctx *c)
{
	long long n = iter_numel(it), nc, ch, t;
	double total = 0;

	ch = tensor_split(n, TENSOR_GRAIN, &nc);
	for (t = 0; t < nc; t++) {
		c->total = 0;
		iter_range(it, t * ch, t * ch + ch < n ? t * ch + ch : n, dev_block, c);
		total = nc > 1 ? total + c->total : c->total;
	}
	return total;
}

/* the odometer over dims lo..hi-1 of shape (lo fastest): 0 once it has gone round */
static int
idx_next(long long *idx, const long long *shape, int lo, int hi)
{
	int k;

	for (k = lo; k < hi; k++) {
		if (++idx[k] < shape[k])
			return 1;
		idx[k] = 0;
	}
	return 0;
}

/* var, or its square root taken in double before the float32 cast (take_sqrt: std) */
static void
var_std_view(void *outv, const struct tensor_view *x, unsigned dims, int keepdim, int correction, int take_sqrt)
{
	float *out = outv;
	double *out64 = x->data64 != NULL ? outv : NULL;
	struct iter it;
	int nred = 0, d;
	size_t nout = kept_numel(x, dims);

	iter_reduce(&it, x, dims, keepdim);
	for (d = 0; d < it.ndim; d++)
		nred += it.stride[0][d] == 0;
	if (x->numel == 0) {
		for (size_t i = 0; i < nout; i++)
			if (out64 != NULL)
				out64[i] = NAN;
			else
				out[i] = NAN;
		return;
	}
	if (nred == it.ndim) {		/* one value: two passes, the mean in float32 first */
		struct iter in;
		struct dev_ctx c;
		float s;
		double s64;
		long long n = (long long)x->numel - correction;
		double var;

		tensor_sum_view(x->data64 != NULL ? (void *)&s64 : (void *)&s, x, (1u << x->ndim) - 1, 0);
		c.x = x->data;
		c.x64 = x->data64;
		c.mean = x->data64 != NULL ? s64 / (double)x->numel : (double)(s / (float)x->numel);
		iter_input(&in, x);
		var = dev_sum(&in, &c) / (double)(n > 0 ? n : 0);
		for (size_t i = 0; i < nout; i++)
			if (out64 != NULL)
				out64[i] = take_sqrt ? sqrt(var) : var;
			else
				out[i] = (float)(take_sqrt ? sqrt(var) : var);
		return;
	}
	/*
	 * WelfordOps (SharedReduceOps.h) in double, per output: outputs are
	 * the iterator's dims from nred on;
	 * each walks its reduced dims 0..nred-1, dim 0 fastest.
	 */
	{
		long long oidx[TENSOR_MAXDIM], ridx[TENSOR_MAXDIM];
		int k;

		memset(oidx, 0, sizeof oidx);
		for (;;) {
			long long obase = 0, ibase = 0, n = 0;
			double mean = 0, m2 = 0, nf, divisor;

			for (k = nred; k < it.ndim; k++) {
				obase += oidx[k] * it.stride[0][k];
				ibase += oidx[k] * it.stride[1][k];
			}
			memset(ridx, 0, sizeof ridx);
			for (;;) {
				long long o = ibase;
				double v, delta, nm;

				for (k = 0; k < nred; k++)
					o += ridx[k] * it.stride[1][k];
				v = elem(x, o);
				n++;
				nf = (double)n;
				delta = v - mean;
				nm = mean + delta / nf;
				/* float64: GCC fuses WelfordOps::reduce's m2 + delta * new_delta (AVX2 build) */
				m2 = x->data64 != NULL ? fma(delta, v - nm, m2) : m2 + delta * (v - nm);
				mean = nm;
				if (!idx_next(ridx, it.shape, 0, nred))
					break;
			}
			nf = (double)n;
			divisor = nf > correction ? nf - correction : 0;
			if (out64 != NULL)
				out64[obase] = take_sqrt ? sqrt(m2 / divisor) : m2 / divisor;
			else
				out[obase] = (float)(take_sqrt ? sqrt(m2 / divisor) : m2 / divisor);
			if (interrupt_pending)	/* Ctrl-C: the caller drops the result */
				return;
			if (!idx_next(oidx, it.shape, nred, it.ndim))
				return;
		}
	}
}

void
tensor_var_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim, int correction)
{
	var_std_view(out, x, dims, keepdim, correction, 0);
}

void
tensor_std_view(void *out, const struct tensor_view *x, unsigned dims, int keepdim, int correction)
{
	var_std_view(out, x, dims, keepdim, correction, 1);
}

/*
 * ---- Vector norms: norm_kernel_tensor_iterator_impl (ReduceOpsKernel.cpp) ----
 *
 * p = 2 over one contiguous reduced run (is_reduce_lastdim) takes the
 * vectorised path: eight lane accumulators, each product fused into its
 * lane (GCC contracts Vectorized<float>'s a * b + c into vfmadd in the
 * AVX2 build), the lanes added left to right, then the n % 8 tail.  GCC
 * vectorises that tail loop as an in-order reduction: its first four
 * squares are rounded before each addition, the last three are fused.
 * Everything else is binary_kernel_reduce with the ops of SharedReduceOps.h
 * in TensorIterator's order, one accumulator per output: NormTwoOps fused
 * (acc + x * x is one FMA), NormOneOps acc + |x|, NormOps acc + |x|^p then
 * acc^(1/p) in float (powf), AbsMaxOps/AbsMinOps, NormZeroOps.  All of
 * this was measured against torch 1.13 on random shapes (tests/gen/norm_scripts.py).
 */
static float
norm2_lastdim(const float *x, long long n)
{
	float lane[8] = { 0 }, b;
	long long d = 0, tail;
	int l;

	for (; d < n - n % 8; d += 8)
		for (l = 0; l < 8; l++)
			lane[l] = fmaf(x[d + l], x[d + l], lane[l]);
	b = lane[0];
	for (l = 1; l < 8; l++)
		b = b + lane[l];
	tail = n - d >= 4 ? d + 4 : d;
	for (; d < tail; d++) {
		float sq = x[d] * x[d];

		b = b + sq;
	}
	for (; d < n; d++)
		b = fmaf(x[d], x[d], b);
	return sqrtf(b);
}

/*
 * One step of the reduction of order p (the norm_kernel_cpu_impl cases),
 * and the projection at the end, in float32 (f32: each operation rounded
 * to float, fmaf, powf) or in double (float64's acc_t: fma, pow); p is
 * the kernel's float val either way.  ATen's fast lastdim path takes
 * float32 only, so every double norm is binary_kernel_reduce.
 */
static double
norm_step(double acc, double v, double p, int f32)
{
	double a = fabs(v);

	if (p == 2)
		return f32 ? fmaf((float)v, (float)v, (float)acc) : fma(v, v, acc);
	if (p == 1)
		return f32 ? (float)acc + (float)a : acc + a;
	if (p == 0)
		return f32 ? (float)acc + (v != 0 ? 1.0f : 0.0f) : acc + (v != 0 ? 1.0 : 0.0);
	if (isinf(p)) {
		if (isnan(a) || isnan(acc))
			return NAN;
		if (p > 0)
			return a > acc ? a : acc;
		return a < acc ? a : acc;
	}
	return f32 ? (float)acc + powf((float)a, (float)p) : acc + pow(a, p);
}

static double
norm_project(double acc, double p, int f32)
{
	if (p == 2)
		return f32 ? sqrtf((float)acc) : sqrt(acc);
	if (p == 0 || p == 1 || isinf(p))
		return acc;
	return f32 ? powf((float)acc, 1.0f / (float)p) : pow(acc, 1.0 / p);
}

/* the reduction steps over the elements [lo, hi) of one output's reduced dims (nred of them, from ibase), from acc */
static double
norm_walk(const struct tensor_view *x, const struct iter *it, int nred, long long ibase, double p, double acc,
    long long lo, long long hi)
{
	long long ridx[TENSOR_MAXDIM], rest = lo, i;
	int k;

	for (k = 0; k < nred; k++) {
		ridx[k] = rest % it->shape[k];
		rest /= it->shape[k];
	}
	for (i = lo; i < hi; i++) {
		long long o = ibase;

		for (k = 0; k < nred; k++)
			o += ridx[k] * it->stride[1][k];
		acc = norm_step(acc, x->data64 != NULL ? x->data64[o] : x->data[o], p, x->data64 == NULL);
		idx_next(ridx, it->shape, 0, nred);
	}
	return acc;
}

/* the ops' combine: the sum of two partial accumulators, or for p = +-inf their max or min (NaN wins) */
static double
norm_combine(double a, double b, double p, int f32)
{
	if (isinf(p)) {
		if (isnan(a) || isnan(b))
			return NAN;
		return (p > 0) == (a > b) ? a : b;
	}
	return f32 ? (float)a + (float)b : a + b;
}

/*
 * One output of the norm, its reduced dims walked from ibase.  whole: the
 * only output, which binary_kernel_reduce cuts between the threads (at
 * least GRAIN_SIZE elements): a partial accumulator per chunk, each from
 * the ops' identity, combined in the threads' order.
 */
static double
norm_one(const struct tensor_view *x, const struct iter *it, int nred, long long ibase, double p, int whole)
{
	double init = isinf(p) && p < 0 ? INFINITY : 0, acc = init;
	long long n = 1, nc = 1, c, t;
	int k, f32 = x->data64 == NULL;

	if (p == 2 && nred == 1 && it->stride[1][0] == 1 && f32)
		return norm2_lastdim(x->data + ibase, it->shape[0]);
	for (k = 0; k < nred; k++)
		n *= it->shape[k];
	c = n;
	if (whole && n >= TENSOR_GRAIN)
		c = tensor_split(n, TENSOR_GRAIN, &nc);
	if (nc == 1)
		return norm_project(norm_walk(x, it, nred, ibase, p, init, 0, n), p, f32);
	for (t = 0; t < nc; t++)
		acc = norm_combine(acc, norm_walk(x, it, nred, ibase, p, init, t * c, t * c + c < n ? t * c + c : n), p, f32);
	return norm_project(acc, p, f32);
}

void
tensor_norm_view(void *outv, const struct tensor_view *x, unsigned dims, int keepdim, double p)
{
	float *out = outv;
	double *out64 = outv;
	struct iter it;
	long long oidx[TENSOR_MAXDIM];
	size_t nout = kept_numel(x, dims), i;
	int nred = 0, d, k;

	p = (float)p;	/* norm_kernel_tensor_iterator_impl's float val, for float64 too */
	if (x->numel == 0) {
		for (i = 0; i < nout; i++)
			if (x->data64 != NULL)
				out64[i] = p < 0 ? INFINITY : 0;
			else
				out[i] = p < 0 ? INFINITY : 0;
		return;
	}
	iter_reduce(&it, x, dims, keepdim);
	for (d = 0; d < it.ndim; d++)
		nred += it.stride[0][d] == 0;
	memset(oidx, 0, sizeof oidx);
	for (;;) {
		long long obase = 0, ibase = 0;
		double r;

		for (k = nred; k < it.ndim; k++) {
			obase += oidx[k] * it.stride[0][k];
			ibase += oidx[k] * it.stride[1][k];
		}
		r = norm_one(x, &it, nred, ibase, p, nout == 1);
		if (x->data64 != NULL)
			out64[obase] = r;
		else
			out[obase] = (float)r;
		if (interrupt_pending)	/* Ctrl-C: the caller drops the result */
			return;
		if (!idx_next(oidx, it.shape, nred, it.ndim))
			return;
	}
}
