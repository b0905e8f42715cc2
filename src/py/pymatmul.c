/*
 * pymatmul.c - the products: a @ b (torch.matmul) with PyTorch 1.13's
 * checks, messages, batch broadcasting and grad_fn for each path matmul
 * takes, and F.linear.  The float32 arithmetic is the stages' kernel
 * (tensor_mm_strided, tensor_linear); integer products are exact.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

/*
 * c (rows of N) = a @ b for one item: a (M, K) with rows lda apart and k
 * contiguous, b read through (rs, cs); through tensor_mm_strided, the
 * stages' kernel (each output a sequential float32 sum, as the reference
 * BLAS behind PyTorch computes it).
 */
static void
mm_item(float *c, const float *a, size_t lda, const float *b, long long rs, long long cs, int M, int N, int K)
{
	tensor_mm_strided(c, a, lda, b, (size_t)rs, (size_t)cs, 1, M, N, K, 0, 0);
}

/* integer products: exact, any order */
static void
mm_int(void *c, const struct pytensor *a, const struct pytensor *b, long long oa, long long ob,
    int M, int N, int K, long long as0, long long as1, long long bs0, long long bs1)
{
	int i, j, k;

	for (i = 0; i < M; i++)
		for (j = 0; j < N; j++) {
			unsigned long long acc = 0;

			for (k = 0; k < K; k++) {
				long long ia = oa + i * as0 + k * as1, ib = ob + k * bs0 + j * bs1;

				if (a->dtype == DT_BOOL)	/* bmm of bools: any(a & b) */
					acc |= ((unsigned char *)a->st->data)[ia] & ((unsigned char *)b->st->data)[ib];
				else
					acc += (unsigned long long)((long long *)a->st->data)[ia] *
					    (unsigned long long)((long long *)b->st->data)[ib];
			}
			if (a->dtype == DT_BOOL)
				((unsigned char *)c)[(size_t)i * N + j] = acc != 0;
			else
				((long long *)c)[(size_t)i * N + j] = (long long)acc;
		}
}

/*
 * One matmul: a as (batch..., M, K), b as (batch..., K, N); a 1-d operand
 * gets a dim of 1 that the result drops.  The batch dims broadcast
 * (infer_size); as[], bs[]: each operand's stride along them, 0 where it
 * repeats.
 */
struct mm {
	const struct pytensor *ta, *tb;
	int na, nb, M, N, K, nbatch;
	int bshape[TENSOR_MAXDIM];
	long long as[TENSOR_MAXDIM], bs[TENSOR_MAXDIM];
	long long as0, as1, bs0, bs1;	/* a's row and k strides, b's k and column strides */
	size_t items;			/* products in the batch */
};

/* the sizes and strides of the two matrices; the batch not yet */
static void
mm_dims(struct mm *m, const struct pytensor *ta, const struct pytensor *tb)
{
	int na = ta->ndim, nb = tb->ndim;

	m->ta = ta;
	m->tb = tb;
	m->na = na;
	m->nb = nb;
	m->M = na >= 2 ? ta->shape[na - 2] : 1;
	m->K = ta->shape[na - 1];
	m->N = nb >= 2 ? tb->shape[nb - 1] : 1;
	m->as1 = ta->stride[na - 1];
	m->as0 = na >= 2 ? ta->stride[na - 2] : 0;
	m->bs0 = nb >= 2 ? tb->stride[nb - 2] : tb->stride[0];
	m->bs1 = nb >= 2 ? tb->stride[nb - 1] : 0;
}

/* the batch dims broadcast, from the last (infer_size); -1 after the error */
static int
mm_batch(struct py_session *s, struct mm *m)
{
	const struct pytensor *ta = m->ta, *tb = m->tb;
	int ba = m->na > 2 ? m->na - 2 : 0, bb = m->nb > 2 ? m->nb - 2 : 0, d;

	m->nbatch = ba > bb ? ba : bb;
	m->items = 1;
	for (d = m->nbatch - 1; d >= 0; d--) {
		int da = d - (m->nbatch - ba), db = d - (m->nbatch - bb);
		int sa = da >= 0 ? ta->shape[da] : 1, sb = db >= 0 ? tb->shape[db] : 1;

		if (sa != sb && sa != 1 && sb != 1) {
			py_fail(s, "The size of tensor a (%d) must match the size of tensor b (%d) at "
			    "non-singleton dimension %d", sa, sb, d);
			return -1;
		}
		m->bshape[d] = sa == 1 ? sb : sa;
		m->as[d] = da < 0 || (sa == 1 && m->bshape[d] != 1) ? 0 : ta->stride[da];
		m->bs[d] = db < 0 || (sb == 1 && m->bshape[d] != 1) ? 0 : tb->stride[db];
		m->items *= (size_t)m->bshape[d];
	}
	return 0;
}

/* 1: b is 3-d with its last two dims transposed under a slowest first dim (permute(0, 2, 1)) */
static int
mm_unfoldable(const struct pytensor *t)
{
	return t->ndim == 3 && t->stride[2] != 1 && t->stride[0] == (long long)t->shape[1] * t->shape[2];
}

/* K of a is not K of b: the message of the kernel matmul's path reaches */
static void *
mm_fail_k(struct py_session *s, const struct mm *m)
{
	const struct pytensor *ta = m->ta, *tb = m->tb;
	int na = m->na, nb = m->nb, M = m->M, N = m->N, K = m->K, d;
	int kb = nb >= 2 ? tb->shape[nb - 2] : tb->shape[0];
	size_t ra = (size_t)M, rb = (size_t)N;	/* the rows once the batch is folded in */

	for (d = 0; d < na - 2; d++)
		ra *= (size_t)ta->shape[d];
	for (d = 0; d < nb - 2; d++)
		rb *= (size_t)tb->shape[d];
	if (na == 1 && nb == 1)
		return py_fail(s, "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same "
		    "number of elements, but got %d and %d elements respectively", K, kb, K, kb);
	if (na == 2 && nb == 1)
		return py_fail(s, "size mismatch, got %d, %dx%d,%d", M, M, K, kb);
	if (na <= 2 && nb == 2)
		return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", M, K, kb, N);
	/* should_fold refuses such a 3-d operand: then bmm runs on the expanded operands and its check speaks */
	if ((nb == 2 && mm_unfoldable(ta)) || (na == 2 && mm_unfoldable(tb)))
		return py_fail(s, "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: "
		    "[%d, %d].", na == 3 ? ta->shape[0] : tb->shape[0], K, na == 3 ? ta->shape[0] : tb->shape[0], kb);
	if (na >= 3 && nb == 1)		/* folded into one mv */
		return py_fail(s, "size mismatch, got %zu, %zux%d,%d", ra, ra, K, kb);
	if (na >= 3 && nb == 2)		/* folded into one mm */
		return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", ra, K, kb, N);
	if (na == 2)			/* b.mT @ a.t(), folded */
		return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", rb, kb, K, M);
	if (na == 1)
		return py_fail(s, "size mismatch, got %zu, %zux%d,%d", rb, rb, kb, K);
	return py_fail(s, "Expected size for first two dimensions of batch2 tensor to be: [%zu, %d] but got: "
	    "[%zu, %d].", m->items, K, m->items, kb);
}

/* matmul's checks, in PyTorch's order: dims, dot's dtypes, batch, K, dtypes, bool kernels; -1 after the error */
static int
mm_check(struct py_session *s, struct mm *m)
{
	const struct pytensor *ta = m->ta, *tb = m->tb;
	int na = m->na, nb = m->nb;

	if (na == 0 || nb == 0) {
		py_fail(s, "both arguments to matmul need to be at least 1D, but they are %dD and %dD", na, nb);
		return -1;
	}
	if (ta->dtype != tb->dtype && na == 1 && nb == 1) {	/* dot checks dtypes first, the others shapes */
		py_fail(s, "dot : expected both vectors to have same dtype, but found %s and %s",
		    pyt_cat_name[ta->dtype], pyt_cat_name[tb->dtype]);
		return -1;
	}
	mm_dims(m, ta, tb);
	if (mm_batch(s, m) != 0)
		return -1;
	if ((nb >= 2 ? tb->shape[nb - 2] : tb->shape[0]) != m->K) {
		mm_fail_k(s, m);
		return -1;
	}
	if (ta->dtype != tb->dtype) {	/* a 1-d or 2-d a times a batched b runs as b.mT @ a.mT: names swapped */
		int swap = na <= 2 && nb >= 3;

		py_fail(s, "expected scalar type %s but found %s", pyt_cat_name[swap ? tb->dtype : ta->dtype],
		    pyt_cat_name[swap ? ta->dtype : tb->dtype]);
		return -1;
	}
	if (ta->dtype == DT_BOOL && (na < 3 || nb < 3) && (size_t)m->M * m->N * m->K != 0) {
		/* after the shapes; bmm takes bools, an empty mm runs no kernel */
		py_fail(s, na == 1 && nb == 1 ? "\"dot\" not implemented for 'Bool'" :
		    "\"addmm_impl_cpu_\" not implemented for 'Bool'");
		return -1;
	}
	return 0;
}

/* a's and b's offsets for item q of a batch of n dims (sizes shape, strides sa and sb), the last fastest */
static void
mm_offsets(long long *oa, long long *ob, size_t q, int n, const int *shape, const long long *sa,
    const long long *sb)
{
	int d;

	for (d = n - 1; d >= 0; d--) {
		*oa += (long long)(q % (size_t)shape[d]) * sa[d];
		*ob += (long long)(q % (size_t)shape[d]) * sb[d];
		q /= (size_t)shape[d];
	}
}

/*
 * The float32 batch in as few kernel calls as possible: batch dims that
 * step evenly merge into one; a batch of a against one b whose rows follow
 * each other becomes more rows of one product.
 */
static void
mm_float(float *c, const struct mm *m)
{
	const struct pytensor *ta = m->ta, *tb = m->tb;
	int mb = 0, bsh[TENSOR_MAXDIM], d, M = m->M, N = m->N, K = m->K;
	long long mas[TENSOR_MAXDIM], mbs[TENSOR_MAXDIM], lda = m->as0 > 0 ? m->as0 : K;
	size_t outer, inner = 1, it;

	for (d = 0; d < m->nbatch; d++) {
		if (mb > 0 && mas[mb - 1] == m->as[d] * m->bshape[d] && mbs[mb - 1] == m->bs[d] * m->bshape[d]) {
			bsh[mb - 1] *= m->bshape[d];
			mas[mb - 1] = m->as[d];
			mbs[mb - 1] = m->bs[d];
			continue;
		}
		bsh[mb] = m->bshape[d];
		mas[mb] = m->as[d];
		mbs[mb++] = m->bs[d];
	}
	if (mb > 0)
		inner = (size_t)bsh[mb - 1];
	outer = inner ? m->items / inner : 0;
	if (mb == 1 && mbs[0] == 0 && mas[0] == (long long)M * lda && inner > 0 && M > 0) {
		mm_item(c, (const float *)ta->st->data + ta->offset, (size_t)lda,
		    (const float *)tb->st->data + tb->offset, m->bs0, m->bs1, (int)(M * inner), N, K);
		return;
	}
	for (it = 0; it < outer; it++) {
		long long oa = ta->offset, ob = tb->offset;

		mm_offsets(&oa, &ob, it, mb - 1, bsh, mas, mbs);
		tensor_mm_strided(c + it * inner * (size_t)M * N, (const float *)ta->st->data + oa, (size_t)lda,
		    (const float *)tb->st->data + ob, (size_t)m->bs0, (size_t)m->bs1, (int)inner, M, N, K,
		    (size_t)(mb > 0 ? mas[mb - 1] : 0), (size_t)(mb > 0 ? mbs[mb - 1] : 0));
	}
}

/* the products into y; the kernel reads a's rows with k contiguous: a copied otherwise (as matmul's reshape) */
static int
mm_compute(struct py_session *s, struct mm *m, struct pyobj *a, struct pyobj *y)
{
	struct pyobj *volatile ca = NULL;
	size_t it;
	int d;
	jmp_buf oom, *outer = diag_nomem_jump;

	if (outer != NULL && setjmp(oom) != 0) {	/* the kernel's packing buffer refused: the caller frees y */
		diag_nomem_jump = outer;
		py_decref(ca);
		py_fail_nomem(s);
		return -1;
	}
	if (outer != NULL)
		diag_nomem_jump = &oom;

	if (m->ta->dtype == DT_FLOAT && m->as1 != 1 && m->K > 1) {
		int ba = m->na > 2 ? m->na - 2 : 0;

		if ((ca = pyt_contig(s, a)) == NULL) {
			diag_nomem_jump = outer;
			return -1;
		}
		m->ta = &ca->u.t;
		m->as1 = 1;
		m->as0 = m->na >= 2 ? m->ta->stride[m->na - 2] : 0;
		for (d = 0; d < m->nbatch; d++)
			if (m->as[d] != 0 && d - (m->nbatch - ba) >= 0)
				m->as[d] = m->ta->stride[d - (m->nbatch - ba)];
	}
	if (m->M == 1)
		m->as0 = m->K;	/* any lda: one row */
	if (m->ta->dtype == DT_FLOAT) {
		mm_float(pyt_data(&y->u.t), m);
	} else if (m->ta->dtype == DT_DOUBLE) {
		for (it = 0; it < m->items; it++) {
			long long oa = m->ta->offset, ob = m->tb->offset;

			mm_offsets(&oa, &ob, it, m->nbatch, m->bshape, m->as, m->bs);
			tensor_mm64((double *)y->u.t.st->data + it * (size_t)m->M * m->N, (const double *)m->ta->st->data + oa,
			    m->as0, m->as1, (const double *)m->tb->st->data + ob, m->bs0, m->bs1, m->M, m->N, m->K);
		}
	} else {
		for (it = 0; it < m->items; it++) {
			long long oa = m->ta->offset, ob = m->tb->offset;

			mm_offsets(&oa, &ob, it, m->nbatch, m->bshape, m->as, m->bs);
			mm_int((char *)y->u.t.st->data + it * (size_t)m->M * m->N * dtype_size(m->ta->dtype), m->ta,
			    m->tb, oa, ob, m->M, m->N, m->K, m->as0, m->as1, m->bs0, m->bs1);
		}
	}
	diag_nomem_jump = outer;
	py_decref(ca);
	return 0;
}

/*
 * a 2-d a times a batched b runs as b.mT @ a.mT, then .mT.contiguous(): a
 * copy, unless M or N is 1 (or 0): then the view PyTorch returns, whose
 * strides are res_T's (batch, N, M) contiguous, transposed.  y replaced.
 */
static struct pyobj *
mm_transposed_result(struct py_session *s, struct pyobj *y, int M, int N)
{
	long long st[TENSOR_MAXDIM], acc, t;
	struct pyobj *l;
	int nd = y->u.t.ndim, d;

	st[nd - 1] = 1;			/* M's in res_T */
	acc = M > 1 ? M : 1;
	st[nd - 2] = acc;		/* N's */
	acc *= N > 1 ? N : 1;
	for (d = nd - 3; d >= 0; d--) {
		st[d] = acc;
		acc *= y->u.t.shape[d] > 1 ? y->u.t.shape[d] : 1;
	}
	t = st[nd - 1];			/* as the view (…, M, N): M's stride 1, N's stride M */
	st[nd - 1] = st[nd - 2];
	st[nd - 2] = t;
	if ((l = pyt_result_z(s, y->u.t.dtype, nd, y->u.t.shape, st, 1)) != NULL) {
		pyt_write(&l->u.t, &y->u.t);
		py_decref(y);
		y = l;
	}
	return y;
}

/* the grad_fn of the path matmul takes (probed on torch 1.13); y may be replaced by its layout's copy */
static struct pyobj *
mm_grad(struct py_session *s, const struct mm *m, struct pyobj *y, const struct pyobj *a, const struct pyobj *b)
{
	int na = m->na, nb = m->nb;
	const char *grad;

	if (na == 1 && nb == 1)
		grad = "DotBackward0";
	else if (na == 2 && nb == 1)
		grad = "MvBackward0";
	else if (na == 1 && nb == 2)
		grad = "SqueezeBackward3";
	else if (na == 2 && nb == 2)
		grad = "MmBackward0";
	else if (na == 2 && nb == 3 && mm_unfoldable(&b->u.t))
		grad = "UnsafeViewBackward0";	/* not folded (should_fold): bmm on a expanded, then _unsafe_view */
	else if (na == 2 && nb >= 3 && (m->M <= 1 || m->N <= 1)) {
		y = mm_transposed_result(s, y, m->M, m->N);
		grad = "TransposeBackward0";
	} else if (na == 2 && nb >= 3)
		grad = "CloneBackward0";
	else
		grad = "UnsafeViewBackward0";
	y->deps = a->deps | b->deps;
	pyt_set_grad(y, grad, pyt_grad(a) || pyt_grad(b));
	return y;
}

struct pyobj *
op_matmul(struct py_session *s, struct pyobj *a, struct pyobj *b)
{
	struct mm m;
	int shape[TENSOR_MAXDIM], nd = 0, d;
	struct pyobj *y;

	m.ta = &a->u.t;
	m.tb = &b->u.t;
	m.na = a->u.t.ndim;
	m.nb = b->u.t.ndim;
	if (mm_check(s, &m) != 0)
		return NULL;
	for (d = 0; d < m.nbatch; d++)
		shape[nd++] = m.bshape[d];
	if (m.na >= 2)
		shape[nd++] = m.M;
	if (m.nb >= 2)
		shape[nd++] = m.N;
	if ((y = pyt_result_z(s, m.ta->dtype, nd, shape, NULL, 0)) == NULL)
		return NULL;
	if (mm_compute(s, &m, a, y) != 0) {
		py_decref(y);
		return NULL;
	}
	return mm_grad(s, &m, y, a, b);
}

/* tensor_linear into y; 0, or -1 when its packing buffer was refused (the line's MemoryError) */
static int
linear_kernel(struct py_session *s, struct pyobj *y, struct pyobj *cx, struct pyobj *cw, const void *bias, int M)
{
	jmp_buf oom, *outer = diag_nomem_jump;
	int in = cw->u.t.shape[1], out = cw->u.t.shape[0];

	if (outer != NULL && setjmp(oom) != 0) {
		diag_nomem_jump = outer;
		py_fail_nomem(s);
		return -1;
	}
	if (outer != NULL)
		diag_nomem_jump = &oom;
	tensor_linear(pyt_data(&y->u.t), pyt_data(&cx->u.t), pyt_data(&cw->u.t), bias, M, out, in, 1);
	diag_nomem_jump = outer;
	return 0;
}

/*
 * F.linear's dtype checks where PyTorch 1.13 makes them: addmm(bias, x,
 * w.t()) for a 2-d x or a contiguous 3-d one with a bias (before the
 * shapes: the bias against the weight, then x against it); matmul then
 * add_ otherwise (after the shapes, x against the weight; add_ takes a bias
 * of the other float dtype).  1 for addmm's path, 0 for matmul's, -1 after the error.
 */
static int
linear_addmm(struct py_session *s, const struct pytensor *t, const struct pytensor *w, const struct pyobj *b)
{
	if (b == NULL || !(t->ndim == 2 || (t->ndim == 3 && pyt_is_contiguous(t))))
		return 0;
	if (b->u.t.dtype != w->dtype || t->dtype != w->dtype) {
		py_fail(s, b->u.t.dtype != w->dtype ? "self and mat2 must have the same dtype" :
		    "mat1 and mat2 must have the same dtype");
		return -1;
	}
	return 1;
}

/*
 * Whether addmm(bias, x, w.t()) starts each sum at the bias: ATen's
 * addmm_impl_cpu_ hands the reference BLAS's gemm a first matrix
 * transposed ("T": each output a dot product from +0, the bias added to the
 * finished sum) or not ("N": the bias, then each product added in k's
 * order).  The result (M, N) is taken as column-major when N is 1 (its
 * first matrix x: "N" when x is column-major), else as row-major with the
 * factors swapped (its first matrix w.t(): "T" when w is row-major, a copy
 * "N" when w is neither).  x is (M, K) as addmm sees it.
 */
static int
linear_bias_first(const struct pytensor *x, const struct pytensor *w, int M)
{
	long long sx0 = x->ndim == 2 ? x->stride[0] : x->shape[2], sx1 = x->ndim == 2 ? x->stride[1] : 1;
	int N = w->shape[0], K = w->shape[1];

	if (x->ndim == 3 && M == 1)	/* a contiguous (1, K) view */
		sx0 = K;
	if (N == 1)
		return sx0 == 1 && sx1 >= (M > 1 ? M : 1);
	return !(w->stride[1] == 1 && w->stride[0] >= (K > 1 ? K : 1)) || (w->stride[0] == 1 && w->stride[1] >= N);
}

/*
 * The product into y (contiguous, M rows of out), each output the
 * sequential sum from +0 of its products, the bias added to each finished
 * sum (the reference BLAS's gemm with the weight transposed; its ?dot for
 * double), or from the bias (from_bias: linear_bias_first); a bias of the
 * other dtype as add_ adds it, in double.
 */
static int
linear_compute(struct py_session *s, struct pyobj *y, struct pyobj *cx, struct pyobj *cw, struct pyobj *cb, int M,
    int from_bias)
{
	int in = cw->u.t.shape[1], out = cw->u.t.shape[0], i, j;
	double *y64 = y->u.t.st->data;
	float *y32 = y->u.t.st->data;
	const void *bd = cb != NULL ? cb->u.t.st->data : NULL;
	int same = cb != NULL && cb->u.t.dtype == y->u.t.dtype;

	if (from_bias && same) {
		tensor_linear_from_bias(y->u.t.st->data, cx->u.t.st->data, cw->u.t.st->data, bd, M, out, in,
		    y->u.t.dtype == DT_DOUBLE);
		return 0;
	}
	if (y->u.t.dtype == DT_FLOAT && linear_kernel(s, y, cx, cw, same ? bd : NULL, M) != 0)
		return -1;
	if (y->u.t.dtype == DT_DOUBLE)
		tensor_mm64(y64, cx->u.t.st->data, in, 1, cw->u.t.st->data, 1, in, M, out, in);
	if (cb == NULL || (same && y->u.t.dtype == DT_FLOAT))
		return 0;
	for (i = 0; i < M; i++)
		for (j = 0; j < out; j++) {
			double v = cb->u.t.dtype == DT_DOUBLE ? ((const double *)bd)[j] : ((const float *)bd)[j];

			if (y->u.t.dtype == DT_DOUBLE)
				y64[(size_t)i * out + j] += v;
			else
				y32[(size_t)i * out + j] = (float)((double)y32[(size_t)i * out + j] + v);
		}
	return 0;
}

/* F.linear(x, w, b): x (..., in) @ w.T + b, bias added to each finished sum (the stages' tensor_linear) */
struct pyobj *
op_linear(struct py_session *s, struct pyobj *x, struct pyobj *w, struct pyobj *b)
{
	const struct pytensor *t = &x->u.t;
	int in = w->u.t.shape[1], out = w->u.t.shape[0], shape[TENSOR_MAXDIM], d, M;
	struct pyobj *cx, *cw, *cb = NULL, *y;
	const char *grad;
	int addmm;

	if (t->ndim == 0)
		return py_fail(s, "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
	if ((addmm = linear_addmm(s, t, &w->u.t, b)) < 0)
		return NULL;
	if (t->shape[t->ndim - 1] != in) {
		size_t rows = t->numel / (size_t)(t->shape[t->ndim - 1] ? t->shape[t->ndim - 1] : 1);

		if (t->ndim == 1)
			return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (1x%d and %dx%d)", t->shape[0], in, out);
		return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", rows,
		    t->shape[t->ndim - 1], in, out);
	}
	if (t->dtype != w->u.t.dtype || (t->dtype != DT_FLOAT && t->dtype != DT_DOUBLE)) {	/* mm's or matmul's check */
		if (t->dtype == DT_BOOL)
			return py_fail(s, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
		return py_fail(s, "expected scalar type %s but found %s", pyt_cat_name[t->dtype], pyt_cat_name[w->u.t.dtype]);
	}
	for (d = 0; d < t->ndim - 1; d++)
		shape[d] = t->shape[d];
	shape[t->ndim - 1] = out;
	if ((y = pyt_result_z(s, t->dtype, t->ndim, shape, NULL, 0)) == NULL)
		return NULL;
	if ((cx = pyt_contig(s, x)) == NULL || (cw = pyt_contig(s, w)) == NULL ||
	    (b != NULL && (cb = pyt_contig(s, b)) == NULL)) {
		py_decref(y);
		py_decref(cx);
		return NULL;
	}
	M = (int)(t->numel / (size_t)(in ? in : 1));
	if (in == 0)
		M = (int)(y->u.t.numel / (size_t)(out ? out : 1));
	if (linear_compute(s, y, cx, cw, cb, M, addmm && linear_bias_first(t, &w->u.t, M)) != 0) {
		py_decref(y);
		y = NULL;
	}
	py_decref(cx);
	py_decref(cw);
	py_decref(cb);
	if (y == NULL)
		return NULL;
	if (t->ndim == 1)
		grad = b ? "AddBackward0" : "SqueezeBackward3";
	else if (t->ndim == 2)
		grad = b ? "AddmmBackward0" : "MmBackward0";
	else if (t->ndim == 3 && b && pyt_is_contiguous(t))
		grad = "ViewBackward0";
	else
		grad = b ? "AddBackward0" : "UnsafeViewBackward0";
	y->deps = x->deps | w->deps | (b ? b->deps : 0);
	pyt_set_grad(y, grad, pyt_grad(x) || pyt_grad(w) || pyt_grad(b));
	return y;
}
