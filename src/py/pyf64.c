/*
 * pyf64.c - where float64 tensors may go (contract v3): they are made
 * (.double(), .to(torch.float64), dtype=torch.float64 in torch.tensor,
 * zeros, ones, empty and the _like ones), printed as PyTorch prints them
 * (dtype=torch.float64), viewed (shape, transpose, permute, view, reshape,
 * unsqueeze, squeeze, basic indexing), read (.tolist(), .item(), float())
 * and converted back (.float(), .long(), .bool()).  Every other operation
 * with a float64 operand or dtype=torch.float64 stops with one line,
 * "float64 is not supported by OP", rather than compute in float32.
 */
#include <string.h>

#include "lib.h"

/* o is a float64 tensor, or a list or tuple holding one (two levels deep) */
int
f64_in(const struct pyobj *o, int depth)
{
	int i;

	if (o == NULL)
		return 0;
	if (o->type == PY_TENSOR)
		return o->u.t.dtype == DT_DOUBLE;
	if (o->type == PY_DTYPE)
		return o->u.i == DT_DOUBLE;
	if ((o->type == PY_LIST || o->type == PY_TUPLE) && depth < 2)
		for (i = 0; i < o->u.seq.n; i++)
			if (f64_in(o->u.seq.v[i], depth + 1))
				return 1;
	return 0;
}

void *
f64_refuse(struct py_session *s, const char *op)
{
	return py_fail(s, "NotImplementedError: float64 is not supported by %s (attn-explain computes float64 only "
	    "where it matches PyTorch bit for bit)", op);
}

/* the rows that take float64 tensors or dtype=torch.float64 */
static int
row_ok(const struct builtin *b)
{
	static const char *const ok[] = {
		"double", "float", "long", "bool", "to", "item", "tolist", "size", "dim", "ndimension", "numel",
		"detach", "contiguous", "is_contiguous", "stride", "transpose", "t", "permute", "view", "reshape",
		"unsqueeze", "squeeze", "tensor", "zeros", "ones", "empty", "zeros_like", "ones_like", NULL
	};
	int i;

	if (b->ns[0] == '\0')	/* Python's builtins: print, len, repr, type, float(x), ... */
		return 1;
	if (strcmp(b->ns, "Tensor") != 0 && strcmp(b->ns, "torch") != 0)
		return 0;
	for (i = 0; ok[i] != NULL; i++)
		if (strcmp(b->name, ok[i]) == 0)
			return 1;
	return 0;
}

/* -1 (the line's error set) when row b may not run on these arguments */
int
f64_check_call(struct py_session *s, const struct builtin *b, const struct pyobj *self, struct pyobj **a, int n)
{
	char what[96];
	int i, hit = f64_in(self, 0);

	for (i = 0; i < n && !hit; i++)
		hit = f64_in(a[i], 0);
	if (!hit || row_ok(b))
		return 0;
	snprintf(what, sizeof what, "%s%s%s()", strcmp(b->ns, "Tensor") == 0 ? "Tensor" : b->ns, b->ns[0] ? "." : "",
	    b->name);
	f64_refuse(s, what);
	return -1;
}

/* 1 (the line's error set) when an operator meets a float64 operand: a op b, or op a (b NULL) */
int
f64_op(struct py_session *s, const char *sym, const struct pyobj *a, const struct pyobj *b)
{
	char what[48];

	if (!f64_in(a, 0) && !f64_in(b, 0))
		return 0;
	snprintf(what, sizeof what, strlen(sym) <= 3 ? "the operator %s" : "%s", sym);
	f64_refuse(s, what);
	return 1;
}

/* 1 (refused) for x[index] where x or the index is float64 and the indexing is not a view */
int
f64_index(struct py_session *s, const struct pyobj *x, const struct pyobj *index)
{
	const struct pyobj *const *items = &index;
	int n = 1, i;

	if (f64_in(index, 0)) {
		f64_refuse(s, "indexing with a float64 tensor");
		return 1;
	}
	if (x == NULL || !f64_in(x, 0))
		return 0;
	if (index->type == PY_TUPLE) {
		items = (const struct pyobj *const *)index->u.seq.v;
		n = index->u.seq.n;
	}
	for (i = 0; i < n; i++)
		if (items[i]->type == PY_TENSOR || items[i]->type == PY_LIST || items[i]->type == PY_BOOL) {
			f64_refuse(s, "advanced indexing (tensors, lists or bools as indices)");
			return 1;
		}
	return 0;
}
