/*
 * derived.c - check mode's derived readings (derived.h): sums, row sums,
 * means and maxima of the stages and of their parts, and a stage's number
 * of elements, compared with a tensor of theirs that matched nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derived.h"
#include "../util/util.h"

enum { OP_SUM, OP_MEAN, OP_MAX, NOPS };
static const char *const op_name[NOPS] = { "sum", "mean", "max" };

/* op over n floats of a with stride 1, as float32 */
static float
reduce(const float *a, size_t n, int op)
{
	double s = 0, m = a[0];
	size_t i;

	for (i = 0; i < n; i++) {
		s += a[i];
		if (a[i] > m || a[i] != a[i])
			m = a[i];
	}
	return op == OP_SUM ? (float)s : op == OP_MEAN ? (float)(s / (double)n) : (float)m;
}

/* "[1, 0]" for part p of the leading axes shape[0..depth) (nothing when depth is 0) */
static size_t
index_str(char *buf, size_t len, const int *shape, int depth, size_t p)
{
	int idx[TENSOR_MAXDIM], a;
	size_t o = 0;

	buf[0] = '\0';
	for (a = depth - 1; a >= 0; a--) {
		idx[a] = (int)(p % (size_t)shape[a]);
		p /= (size_t)shape[a];
	}
	for (a = 0; a < depth && o < len; a++)
		o += (size_t)snprintf(buf + o, len - o, "%s%d", a ? ", " : "[", idx[a]);
	if (depth > 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "]");
	return o;
}

/* A single number: a sum, mean or max of a stage or of a part of it, or its numel. */
static int
find_scalar(const struct tensor *st, const char *sname, const struct rp_tensor *t, derived_eq eq, const void *ctx,
    char *name, size_t namelen)
{
	int depth, op, a;
	size_t nparts, part, p;
	char ix[96];

	if (eq(ctx, t->v[0], (float)st->numel)) {
		snprintf(name, namelen, "%s.numel()", sname);
		return 1;
	}
	for (depth = 0; depth < st->ndim; depth++) {
		for (a = 0, nparts = 1; a < depth; a++)
			nparts *= (size_t)st->shape[a];
		part = nparts ? st->numel / nparts : 0;
		for (p = 0; p < nparts && part > 0; p++)
			for (op = 0; op < NOPS; op++)
				if (eq(ctx, t->v[0], reduce(st->data + p * part, part, op))) {
					index_str(ix, sizeof ix, st->shape, depth, p);
					snprintf(name, namelen, "%s%s.%s()", sname, ix, op_name[op]);
					return 1;
				}
	}
	return 0;
}

/* Does part p of d (trailing shape dims) hold t's shown elements (keepdim: t has a last axis of 1 more)? */
static int
part_equal(const float *d, const struct rp_tensor *t, const int *shape, derived_eq eq, const void *ctx)
{
	int idx[RP_MAXDIM];
	size_t k;

	for (k = 0; k < t->nshown; k++)
		if (!eq(ctx, t->v[k], d[rp_index(t, k, shape, idx)]))
			return 0;
	return 1;
}

/* Their tensor of k >= 1 dims: a reduction over the last axis of a stage, or of a part of it. */
static int
find_rows(const struct tensor *st, const char *sname, const struct rp_tensor *t, derived_eq eq, const void *ctx,
    char *name, size_t namelen)
{
	int n = st->ndim, k = t->ndim, keep, depth, op, a, shape[RP_MAXDIM];
	size_t rows, last, nparts, part, p, i;
	float *d;
	char ix[96];

	if (n < 2 || st->shape[n - 1] == 0)
		return 0;
	last = (size_t)st->shape[n - 1];
	rows = st->numel / last;
	d = xmalloc((rows ? rows : 1) * sizeof *d);
	for (keep = 0; keep < 2; keep++) {
		int kk = k - keep;	/* dims of the reduced part */

		if (kk > n - 1 || (keep && (t->shown[k - 1] != 1 || t->summarised[k - 1])))
			continue;
		depth = n - 1 - kk;
		for (a = 0; a < kk; a++)
			shape[a] = st->shape[depth + a];
		if (keep)
			shape[kk] = 1;
		if (!rp_fits(t, k, shape))
			continue;
		for (a = 0, nparts = 1; a < depth; a++)
			nparts *= (size_t)st->shape[a];
		part = nparts ? rows / nparts : 0;
		for (op = 0; op < NOPS; op++) {
			for (i = 0; i < rows; i++)
				d[i] = reduce(st->data + i * last, last, op);
			for (p = 0; p < nparts && part > 0; p++)
				if (part_equal(d + p * part, t, shape, eq, ctx)) {
					index_str(ix, sizeof ix, st->shape, depth, p);
					snprintf(name, namelen, "%s%s.%s(dim=-1%s)%s", sname, ix, op_name[op],
					    keep ? ", keepdim=True" : "", op == OP_MAX ? ".values" : "");
					free(d);
					return 1;
				}
		}
	}
	free(d);
	return 0;
}

int
derived_find(const struct run *r, const struct rp_tensor *t, derived_eq eq, const void *ctx,
    char *name, size_t namelen, char *shape, size_t shapelen)
{
	int id, found = 0;

	if (t->nshown == 0)
		return 0;
	for (id = 0; id < ST_COUNT && !found; id++) {
		const struct tensor *st = r->st[id];

		if (st == NULL || st->numel == 0)
			continue;
		found = t->ndim == 0 ? find_scalar(st, stage_defs[id].name, t, eq, ctx, name, namelen) :
		    find_rows(st, stage_defs[id].name, t, eq, ctx, name, namelen);
	}
	if (found && t->ndim == 0)
		snprintf(shape, shapelen, "(1)");	/* check.md: "attn_weights[1].sum() (1)" */
	else if (found)
		text_dims(shape, shapelen, t->ndim, t->shown, "(", ")");
	return found;
}
