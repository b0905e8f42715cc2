/*
 * pyindex.c - advanced indexing, reading: x[idx] with an integer tensor,
 * a list of ints, or a bool tensor among other items (x[[0, 2]],
 * x[:, idx], x[idx, 1:], x[[1, 2], mask]), as PyTorch 1.13 computes it:
 * the basic items (ints, slices, None, ...) first, as a view (pyview.c's
 * op_index), then the index tensors broadcast together and gathered into
 * a copy (IndexBackward0).  Their dims stay where they were when they are
 * next to each other, else they come first.  A bool mask alone is
 * pyview.c's; writing through an advanced index is refused there.
 * pyarith.c's subscript calls it.
 */
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define ADV_MAX 64	/* items of one index */

/* o is an advanced item: a tensor that is not a 0-dim int64 one, or a list */
static int
adv_item(const struct pyobj *o)
{
	if (o->type == PY_LIST)
		return 1;
	return o->type == PY_TENSOR && (o->u.t.ndim > 0 || o->u.t.dtype == DT_BOOL);
}

/*
 * A list index is a tuple of items when it holds a sequence, a tensor, a
 * slice, ... or None (Python's treatSequenceAsTuple for short lists).
 */
static int
list_as_tuple(const struct pyobj *l)
{
	int i;

	if (l->u.seq.n >= 32)
		return 0;
	for (i = 0; i < l->u.seq.n; i++) {
		int t = l->u.seq.v[i]->type;

		if (t == PY_TUPLE || t == PY_LIST || t == PY_TENSOR || t == PY_SLICE || t == PY_ELLIPSIS || t == PY_NONE)
			return 1;
	}
	return 0;
}

int
adv_index_has(const struct pyobj *index)
{
	int i;

	if (index->type == PY_LIST)
		return 1;
	if (index->type != PY_TUPLE)
		return adv_item(index) && !(index->type == PY_TENSOR && index->u.t.dtype == DT_BOOL);
	for (i = 0; i < index->u.seq.n; i++)
		if (adv_item(index->u.seq.v[i]) && !(index->u.seq.n == 1 && index->u.seq.v[i]->type == PY_TENSOR &&
		    index->u.seq.v[i]->u.t.dtype == DT_BOOL))
			return 1;
	return 0;
}

/* one index tensor: an int64 tensor of the item (a list made a tensor); NULL after the error */
static struct pyobj *
index_tensor(struct py_session *s, struct pyobj *it)
{
	struct pyobj *t;

	if (it->type == PY_LIST) {
		if (it->u.seq.n == 0) {
			int zero = 0;

			return pyt_empty(DT_INT64, 1, &zero);
		}
		if ((t = op_from_data(s, it, -1)) == NULL)
			return NULL;
	} else {
		t = it;
		py_incref(t);
	}
	if (t->u.t.dtype != DT_INT64 && t->u.t.dtype != DT_BOOL) {
		py_decref(t);
		return py_fail(s, "IndexError: tensors used as indices must be long, byte or bool tensors");
	}
	return t;
}

/* a bool mask over dims pos.. of the view: its nonzero() as one int64 tensor per dim, into out */
static int
mask_nonzero(struct py_session *s, const struct pyobj *m, const struct pytensor *v, int pos, struct pyobj **out)
{
	const struct pytensor *t = &m->u.t;
	size_t i, count = 0, k = 0;
	int d, n;

	for (d = 0; d < t->ndim; d++)
		if (pos + d >= v->ndim || t->shape[d] != v->shape[pos + d]) {
			char sm[128], sx[128];

			if (pos + d >= v->ndim)
				return py_fail(s, "IndexError: too many indices for tensor of dimension %d", v->ndim), -1;
			pyt_shape_text(sm, sizeof sm, t->ndim, t->shape);
			pyt_shape_text(sx, sizeof sx, v->ndim, v->shape);
			py_fail(s, "IndexError: The shape of the mask [%s] at index %d does not match the shape of the "
			    "indexed tensor [%s] at index %d", sm, d, sx, pos + d);
			return -1;
		}
	for (i = 0; i < t->numel; i++)
		count += pyt_geti(t, i) != 0;
	n = (int)count;
	for (d = 0; d < t->ndim; d++)
		out[d] = pyt_empty(DT_INT64, 1, &n);
	for (i = 0; i < t->numel; i++) {
		size_t q = i;

		if (pyt_geti(t, i) == 0)
			continue;
		for (d = t->ndim - 1; d >= 0; d--) {
			((long long *)out[d]->u.t.st->data)[k] = (long long)(q % (size_t)t->shape[d]);
			q /= (size_t)t->shape[d];
		}
		k++;
	}
	return 0;
}

/* the index tensors' shapes broadcast together into (nb, b): 0, or -1 after IndexError's message */
static int
index_broadcast(struct py_session *s, struct pyobj **idx, int n, int *nb, int *b)
{
	struct sbuf m = { 0 };
	char sh[128];
	int j, bad[3];

	if (pyt_bcast_shapes(idx, n, nb, b, bad) == 0)
		return 0;
	for (j = 0; j < n; j++) {
		pyt_shape_text(sh, sizeof sh, idx[j]->u.t.ndim, idx[j]->u.t.shape);
		sbuf_addf(&m, "%s[%s]", j ? ", " : "", sh);
	}
	py_fail(s, "IndexError: shape mismatch: indexing tensors could not be broadcast together with shapes %s", m.s);
	free(m.s);
	return -1;
}

struct gather {
	const struct pytensor *v;	/* the view indexed */
	struct pyobj **idx;		/* n int64 index tensors, over dims pos[] of v */
	const int *pos;
	int n, nb, front;		/* the broadcast dims; front: they come first (not adjacent) */
	int b[TENSOR_MAXDIM];
	int rest[TENSOR_MAXDIM], nrest;	/* v's dims not indexed, in order */
};

/* element i of the result: its offset in v's storage, or -1 after an index out of range */
static long long
gather_offset(struct py_session *s, const struct gather *g, int nd, const int *shape, size_t i)
{
	int coord[TENSOR_MAXDIM], bc[TENSOR_MAXDIM], d, k, before = g->front ? 0 : g->pos[0];
	long long off = g->v->offset;
	size_t q = i;

	for (d = nd - 1; d >= 0; d--) {
		coord[d] = (int)(q % (size_t)shape[d]);
		q /= (size_t)shape[d];
	}
	/* the result's dims: rest[0..before), the broadcast dims, rest[before..) */
	for (d = 0; d < g->nb; d++)
		bc[d] = coord[before + d];
	for (k = 0; k < g->nrest; k++) {
		int c = coord[k < before ? k : k + g->nb];

		off += (long long)c * g->v->stride[g->rest[k]];
	}
	for (k = 0; k < g->n; k++) {
		const struct pytensor *t = &g->idx[k]->u.t;
		long long e = t->offset, val, size = g->v->shape[g->pos[k]];
		int o = g->nb - t->ndim;

		for (d = 0; d < t->ndim; d++)
			if (t->shape[d] != 1)
				e += (long long)bc[o + d] * t->stride[d];
		val = ((long long *)t->st->data)[e];
		if (val < -size || val >= size) {
			py_fail(s, "IndexError: index %lld is out of bounds for dimension %d with size %lld", val, k, size);
			return -1;
		}
		if (val < 0)
			val += size;
		off += val * g->v->stride[g->pos[k]];
	}
	return off;
}

/* the copy: shape of the result, then every element gathered */
static struct pyobj *
gather_run(struct py_session *s, struct gather *g, struct pyobj *view, struct pyobj *x)
{
	int shape[TENSOR_MAXDIM], nd = 0, d, k, before;
	struct pyobj *y;
	size_t i, es = dtype_size(g->v->dtype);

	for (k = 1; k < g->n; k++)
		if (g->pos[k] != g->pos[k - 1] + 1)
			g->front = 1;
	g->nrest = 0;
	for (d = 0; d < g->v->ndim; d++) {
		for (k = 0; k < g->n && g->pos[k] != d; k++)
			;
		if (k == g->n)
			g->rest[g->nrest++] = d;
	}
	before = g->front ? 0 : g->pos[0];
	if (g->nrest + g->nb > TENSOR_MAXDIM)
		return py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
	for (k = 0; k < before; k++)
		shape[nd++] = g->v->shape[g->rest[k]];
	for (d = 0; d < g->nb; d++)
		shape[nd++] = g->b[d];
	for (k = before; k < g->nrest; k++)
		shape[nd++] = g->v->shape[g->rest[k]];
	if ((y = pyt_zeros(s, g->v->dtype, nd, shape, NULL)) == NULL)
		return NULL;
	for (i = 0; i < y->u.t.numel; i++) {
		long long off = gather_offset(s, g, nd, shape, i);

		if (off < 0) {
			py_decref(y);
			return NULL;
		}
		memcpy((char *)y->u.t.st->data + i * es, (char *)g->v->st->data + (size_t)off * es, es);
	}
	y->deps = x->deps | view->deps;
	pyt_set_grad(y, "IndexBackward0", pyt_grad(x));
	return y;
}

/* the dims an item takes in x (before None adds any): an index tensor's 1, a mask's its ndim */
static int
item_dims(const struct pyobj *it)
{
	long long v;

	if (it->type == PY_TENSOR && it->u.t.dtype == DT_BOOL)
		return it->u.t.ndim;
	if (it->type == PY_LIST || it->type == PY_TENSOR || it->type == PY_SLICE || pyt_int_like(it, &v))
		return 1;
	return 0;
}

/*
 * The index's items with each advanced one replaced by full slices (the
 * basic index op_index takes), and where each advanced one lands in the
 * resulting view (pos, the item in which[]).  -1 after an error.
 */
static int
split_items(struct py_session *s, const struct pyobj *x, struct pyobj **items, int n, struct pyobj *basic,
    int *pos, int *which, int *nadv)
{
	int i, j, dim = 0, specified = 0, nb = 0;
	long long v;

	for (i = 0; i < n; i++)
		specified += item_dims(items[i]);
	if (specified > x->u.t.ndim)
		return py_fail(s, "IndexError: too many indices for tensor of dimension %d", x->u.t.ndim), -1;
	*nadv = 0;
	for (i = 0; i < n; i++) {
		struct pyobj *it = items[i];

		if (adv_item(it)) {
			int k = it->type == PY_TENSOR && it->u.t.dtype == DT_BOOL ? it->u.t.ndim : 1;

			for (j = 0; j < k; j++) {
				struct pyobj *sl = py_new(PY_SLICE);

				basic->u.seq.v[nb++] = sl;
				basic->u.seq.n = nb;
				pos[*nadv] = dim++;
				which[(*nadv)++] = i;
			}
			continue;
		}
		py_incref(it);
		basic->u.seq.v[nb++] = it;
		basic->u.seq.n = nb;
		if (it->type == PY_ELLIPSIS)
			dim += x->u.t.ndim - specified;
		else if (it->type == PY_NONE || it->type == PY_SLICE)
			dim++;
		else if (!pyt_int_like(it, &v))
			return py_fail(s, "IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte "
			    "Variables are valid indices (got %s)", py_type_name(it)), -1;
	}
	return 0;
}

/* the index tensors, one per indexed dim of the view (a mask gives several); -1 after an error */
static int
make_indices(struct py_session *s, struct pyobj **items, const int *which, int nadv, const struct pytensor *v,
    const int *pos, struct pyobj **idx)
{
	int k = 0;

	while (k < nadv) {
		struct pyobj *t = index_tensor(s, items[which[k]]);

		if (t == NULL)
			return -1;
		if (t->u.t.dtype == DT_BOOL) {
			int rc = mask_nonzero(s, t, v, pos[k], idx + k), m = t->u.t.ndim;

			py_decref(t);
			if (rc != 0)
				return -1;
			k += m;
			continue;
		}
		idx[k++] = t;
	}
	return 0;
}

struct pyobj *
adv_index(struct py_session *s, struct pyobj *x, struct pyobj *index)
{
	struct pyobj **items = &index, *basic, *view = NULL, *y = NULL, *idx[ADV_MAX] = { 0 };
	int n = 1, pos[ADV_MAX], which[ADV_MAX], nadv = 0, k;
	struct gather g;

	if (index->type == PY_TUPLE || (index->type == PY_LIST && list_as_tuple(index))) {
		items = index->u.seq.v;
		n = index->u.seq.n;
	}
	if (n > ADV_MAX / TENSOR_MAXDIM)
		return py_fail(s, "IndexError: too many indices for tensor of dimension %d", x->u.t.ndim);
	basic = py_seq(PY_TUPLE, n * TENSOR_MAXDIM);
	basic->u.seq.n = 0;
	if (split_items(s, x, items, n, basic, pos, which, &nadv) != 0 || (view = op_index(s, x, basic)) == NULL ||
	    make_indices(s, items, which, nadv, &view->u.t, pos, idx) != 0)
		goto out;
	memset(&g, 0, sizeof g);
	g.v = &view->u.t;
	g.idx = idx;
	g.pos = pos;
	g.n = nadv;
	if (index_broadcast(s, idx, nadv, &g.nb, g.b) == 0)
		y = gather_run(s, &g, view, x);
out:
	for (k = 0; k < ADV_MAX; k++)
		if (idx[k] != NULL)
			py_decref(idx[k]);
	if (view != NULL)
		py_decref(view);
	py_decref(basic);
	return y;
}
