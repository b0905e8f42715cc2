/*
 * lib_einsum.c - torch.einsum(equation, *operands), as ATen's einsum
 * (Linear.cpp, PyTorch 1.13, without opt_einsum: operands contracted left
 * to right): the equation parsed into subscripts (spaces skipped, "->"
 * optional, "..." for broadcast dims), each operand's repeated subscripts
 * taken as diagonals, operands unsqueezed and permuted to one order (output
 * dims first, then the summed ones), dims only one operand has summed
 * first, pairs contracted by sumproduct_pair (permute, reshape, bmm), so the
 * sums round as PyTorch's do.  PyTorch's messages for bad equations.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

#define E_LABELS 52		/* A-Z then a-z, as ATen numbers them */
#define E_ELL E_LABELS		/* the ellipsis among an operand's subscripts */
#define E_MAXOPS 32
#define E_MAXLAB 64		/* subscripts stored per operand (more: the count check fails) */

struct ein {
	int nops;
	unsigned char lab[E_MAXOPS][E_MAXLAB];
	int nlab[E_MAXOPS];
	int count[E_LABELS];	/* operands' subscripts naming each label */
	int perm[E_LABELS];	/* a label's dim in the aligned order, -1 */
	int ell_num, ell_index, out_dims, total;
	int dim_counts[E_LABELS + TENSOR_MAXDIM];
};

static int
subscript(unsigned char c)
{
	return isupper(c) ? c - 'A' : c - 'a' + 26;
}

static char
label_char(int s)
{
	return (char)(s < 26 ? s + 'A' : s - 26 + 'a');
}

/* the left side (eq[0..len)) into e->lab; -1 after PyTorch's message */
static int
parse_lhs(struct py_session *s, struct ein *e, const char *eq, size_t len)
{
	int cur = 0, ell = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)eq[i];

		if (c == ' ')
			continue;
		if (c == ',') {
			if (++cur >= e->nops) {
				py_fail(s, "einsum(): fewer operands were provided than specified in the equation");
				return -1;
			}
			ell = 0;
			continue;
		}
		if (c == '.') {
			if (ell) {
				py_fail(s, "einsum(): found '.' for operand %d for which an ellipsis was already found", cur);
				return -1;
			}
			if (!(i + 2 < len && eq[++i] == '.' && eq[++i] == '.')) {
				py_fail(s, "einsum(): found '.' for operand %d that is not part of any ellipsis", cur);
				return -1;
			}
			ell = 1;
		} else if (!isalpha(c)) {
			py_fail(s, "einsum(): invalid subscript given at index %zu in the equation string, "
			    "subscripts must be in [a-zA-Z]", i);
			return -1;
		}
		if (e->nlab[cur] < E_MAXLAB)
			e->lab[cur][e->nlab[cur]] = (unsigned char)(c == '.' ? E_ELL : subscript(c));
		e->nlab[cur]++;
	}
	if (cur != e->nops - 1) {
		py_fail(s, "einsum(): more operands were provided than specified in the equation");
		return -1;
	}
	return 0;
}

/* labels counted, the ellipsis's dims, each operand's subscripts against its dims */
static int
count_labels(struct py_session *s, struct ein *e, struct pyobj **ops)
{
	int i, k;

	for (i = 0; i < e->nops; i++) {
		int nd = ops[i]->u.t.ndim, nl = e->nlab[i], has = 0;

		for (k = 0; k < e->nlab[i] && k < E_MAXLAB; k++) {
			if (e->lab[i][k] == E_ELL) {
				nl--;
				has = 1;
				if (nd - nl > e->ell_num)
					e->ell_num = nd - nl;
			} else {
				e->count[e->lab[i][k]]++;
			}
		}
		if (has ? nl > nd : nl != nd) {
			py_fail(s, "einsum(): the number of subscripts in the equation (%d) %s the number of dimensions "
			    "(%d) for operand %d%s", nl, has ? "is more than" : "does not match", nd, i,
			    has ? "" : " and no ellipsis was given");
			return -1;
		}
	}
	return 0;
}

/* the output's order: the right side (rhs, len), or labels seen once (implicit) */
static int
parse_rhs(struct py_session *s, struct ein *e, const char *rhs, size_t len, size_t lhs_len)
{
	int n = 0, ell_out = 0, l;
	size_t i;

	for (l = 0; l < E_LABELS; l++)
		e->perm[l] = -1;
	if (rhs == NULL) {
		n = e->ell_num;
		ell_out = 1;
		for (l = 0; l < E_LABELS; l++)
			if (e->count[l] == 1)
				e->perm[l] = n++;
	}
	for (i = 0; rhs != NULL && i < len; i++) {
		unsigned char c = (unsigned char)rhs[i];

		if (c == ' ')
			continue;
		if (c == '.') {
			if (ell_out)
				return py_fail(s, "einsum(): found '.' for output but an ellipsis (...) was already found"), -1;
			if (!(i + 2 < len && rhs[++i] == '.' && rhs[++i] == '.'))
				return py_fail(s, "einsum(): found '.' for output that is not part of any ellipsis (...)"), -1;
			e->ell_index = n;
			n += e->ell_num;
			ell_out = 1;
			continue;
		}
		if (!isalpha(c))
			return py_fail(s, "einsum(): invalid subscript given at index %zu in the equation string, "
			    "subscripts must be in [a-zA-Z]", lhs_len + 2 + i), -1;
		l = subscript(c);
		if (e->count[l] == 0 || e->perm[l] != -1)
			return py_fail(s, "einsum(): output subscript %c %s", c, e->perm[l] > -1 ?
			    "appears more than once in the output" :
			    "does not appear in the equation for any input operand"), -1;
		e->perm[l] = n++;
	}
	e->out_dims = n;
	if (!ell_out) {
		e->ell_index = n;
		n += e->ell_num;
	}
	for (l = 0; l < E_LABELS; l++)
		if (e->count[l] > 0 && e->perm[l] == -1)
			e->perm[l] = n++;
	e->total = n;
	if (n > TENSOR_MAXDIM)
		return py_fail(s, "einsum(): the equation needs %d dimensions (its labels and the ellipsis's), more "
		    "than the %d a tensor has here", n, TENSOR_MAXDIM), -1;
	return 0;
}

/* x's diagonal over dims d1 < d2, kept at d1 (diagonal(0, d1, d2).movedim(-1, d1)) */
static struct pyobj *
diagonal(struct py_session *s, struct pyobj *x, int d1, int d2)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], nd = 0, d;
	long long stride[TENSOR_MAXDIM];

	for (d = 0; d < t->ndim; d++) {
		if (d == d2)
			continue;
		shape[nd] = t->shape[d];
		stride[nd++] = t->stride[d] + (d == d1 ? t->stride[d2] : 0);
	}
	return op_view_as(s, x, nd, shape, stride, t->offset, "PermuteBackward0");
}

/* a new reference to x changed by f's result (x released), NULL after an error */
static struct pyobj *
then(struct pyobj *x, struct pyobj *y)
{
	py_decref(x);
	return y;
}

/* operand i: sizes checked, diagonals taken, unsqueezed and permuted to the aligned order */
static struct pyobj *
align(struct py_session *s, struct ein *e, struct pyobj *x, int i, int *label_size, int *ell_size)
{
	int permutation[TENSOR_MAXDIM], dim = 0, k, j, p, nd0 = x->u.t.ndim;

	for (p = 0; p < e->total; p++)
		permutation[p] = -1;
	py_incref(x);
	for (k = 0; k < e->nlab[i]; k++) {
		int l = e->lab[i][k];

		if (l == E_ELL) {
			int n = nd0 - (e->nlab[i] - 1);

			for (j = e->ell_num - n; j < e->ell_num; j++) {
				int sz = x->u.t.shape[dim];

				if (sz != 1) {
					if (ell_size[j] != 1 && ell_size[j] != sz)
						return then(x, py_fail(s, "einsum(): dimension %d covered by ellipsis in "
						    "operand %dhas size %d which does not broadcast with previously seen "
						    "ellipsis with size %d for the respective dimension", dim, i, sz,
						    ell_size[j]));
					ell_size[j] = sz;
					e->dim_counts[e->ell_index + j]++;
				}
				permutation[e->ell_index + j] = dim++;
			}
		} else if (permutation[e->perm[l]] == -1) {
			int sz = x->u.t.shape[dim];

			if (sz != 1) {
				if (label_size[l] != 1 && label_size[l] != sz)
					return then(x, py_fail(s, "einsum(): subscript %c has size %d for operand %d which "
					    "does not broadcast with previously seen size %d", label_char(l), sz, i,
					    label_size[l]));
				label_size[l] = sz;
				e->dim_counts[e->perm[l]]++;
			}
			permutation[e->perm[l]] = dim++;
		} else {
			int prev = permutation[e->perm[l]];

			if (x->u.t.shape[dim] != x->u.t.shape[prev])
				return then(x, py_fail(s, "einsum(): subscript %c is repeated for operand %d but the sizes "
				    "don't match, %d != %d", label_char(l), i, x->u.t.shape[dim], x->u.t.shape[prev]));
			if ((x = then(x, diagonal(s, x, prev, dim))) == NULL)
				return NULL;
		}
	}
	for (p = 0; p < e->total; p++) {
		if (permutation[p] == -1) {
			if ((x = then(x, op_unsqueeze(s, x, dim))) == NULL)
				return NULL;
			permutation[p] = dim++;
		}
	}
	return then(x, op_permute(s, x, permutation));
}

/* x summed over the dims in the bit set, kept as size 1 */
static struct pyobj *
sum_keep(struct py_session *s, struct pyobj *x, unsigned dims)
{
	return then(x, op_reduce(s, R_SUM, x, dims, 1, 1, 0));
}

/* permute then reshape to (a, b, c); x released */
static struct pyobj *
flatten3(struct py_session *s, struct pyobj *x, const int *perm, int a, int b, int c)
{
	int shape[3];

	shape[0] = a, shape[1] = b, shape[2] = c;
	if ((x = then(x, op_permute(s, x, perm))) == NULL)
		return NULL;
	return then(x, op_reshape(s, x, 3, shape, 0));
}

/* sumproduct_pair(left, right, sum, keepdim=True): (left * right).sum(sum) by bmm; both released */
static struct pyobj *
sumproduct_pair(struct py_session *s, struct pyobj *l, struct pyobj *r, unsigned sum)
{
	int lro[TENSOR_MAXDIM], lo[TENSOR_MAXDIM], ro[TENSOR_MAXDIM], sd[TENSOR_MAXDIM];
	int nlro = 0, nlo = 0, nro = 0, nsd = 0, i, dim = l->u.t.ndim, n;
	int lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
	int lperm[TENSOR_MAXDIM], rperm[TENSOR_MAXDIM], operm[TENSOR_MAXDIM], out[TENSOR_MAXDIM];
	struct pyobj *y;

	if (sum == 0) {
		y = op_binary(s, B_MUL, l, r);
		py_decref(l);
		return then(r, y);
	}
	for (i = 0; i < dim && l != NULL && r != NULL; i++) {
		int sl = l->u.t.shape[i] != 1, sr = r->u.t.shape[i] != 1;

		if ((sum >> i & 1) && !(sl && sr)) {
			sd[nsd++] = i;
			if (sl)
				l = sum_keep(s, l, 1u << i);
			else if (sr)
				r = sum_keep(s, r, 1u << i);
			continue;
		}
		if (sl && sr && l->u.t.shape[i] != r->u.t.shape[i]) {
			py_fail(s, "non-broadcast dimensions must match");
			break;
		}
		if (sum >> i & 1)
			sd[nsd++] = i, sum_size *= l->u.t.shape[i];
		else if (sl && sr)
			lro[nlro++] = i, lro_size *= l->u.t.shape[i];
		else if (sl)
			lo[nlo++] = i, lo_size *= l->u.t.shape[i];
		else
			ro[nro++] = i, ro_size *= r->u.t.shape[i];
	}
	if (l == NULL || r == NULL || i < dim) {
		py_decref(l);
		py_decref(r);
		return NULL;
	}
	n = 0;
	for (i = 0; i < nlro; i++)
		out[n] = l->u.t.shape[lro[i]], lperm[n] = rperm[n] = lro[i], operm[lro[i]] = n, n++;
	for (i = 0; i < nlo; i++)
		out[n] = l->u.t.shape[lo[i]], lperm[n] = lo[i], rperm[n + nsd + nro] = lo[i], operm[lo[i]] = n, n++;
	for (i = 0; i < nsd; i++)
		out[n] = 1, lperm[n] = sd[i], rperm[nlro + i] = sd[i], operm[sd[i]] = n, n++;
	for (i = 0; i < nro; i++)
		out[n] = r->u.t.shape[ro[i]], lperm[n] = ro[i], rperm[nlro + nsd + i] = ro[i], operm[ro[i]] = n, n++;
	l = flatten3(s, l, lperm, lro_size, lo_size, sum_size);
	r = flatten3(s, r, rperm, lro_size, sum_size, ro_size);
	y = l != NULL && r != NULL ? op_matmul(s, l, r) : NULL;
	py_decref(l);
	py_decref(r);
	if (y == NULL || (y = then(y, op_reshape(s, y, n, out, 1))) == NULL)
		return NULL;
	return then(y, op_permute(s, y, operm));
}

/* a and b contracted (ATen's loop body): dims only one of them still has summed first */
static struct pyobj *
contract(struct py_session *s, struct ein *e, struct pyobj *a, struct pyobj *b)
{
	unsigned sum = 0, asum = 0, bsum = 0;
	int d;

	for (d = e->out_dims; d < e->total; d++) {
		int sa = a->u.t.shape[d] != 1, sb = b->u.t.shape[d] != 1;

		if (sa && sb) {
			if (--e->dim_counts[d] == 1) {
				sum |= 1u << d;
				e->dim_counts[d] = 0;
			}
		} else if (e->dim_counts[d] == 1) {
			if (sa)
				asum |= 1u << d, e->dim_counts[d] = 0;
			else if (sb)
				bsum |= 1u << d, e->dim_counts[d] = 0;
		}
	}
	if (asum != 0 && (a = sum_keep(s, a, asum)) == NULL) {
		py_decref(b);
		return NULL;
	}
	if (bsum != 0 && (b = sum_keep(s, b, bsum)) == NULL) {
		py_decref(a);
		return NULL;
	}
	return sumproduct_pair(s, a, b, sum);
}

/* the aligned operands contracted left to right, the summed dims then dropped */
static struct pyobj *
compute(struct py_session *s, struct ein *e, struct pyobj **ops)
{
	struct pyobj *y = ops[0];
	int k, shape[TENSOR_MAXDIM];
	unsigned dims = 0;

	ops[0] = NULL;
	for (k = 1; k < e->nops && y != NULL; k++) {
		y = contract(s, e, y, ops[k]);
		ops[k] = NULL;
	}
	if (y == NULL || e->total == e->out_dims)
		return y;
	if (e->nops > 1) {
		for (k = 0; k < e->out_dims; k++)
			shape[k] = y->u.t.shape[k];
		return then(y, op_reshape(s, y, e->out_dims, shape, 1));
	}
	for (k = e->out_dims; k < e->total; k++)
		dims |= 1u << k;
	return then(y, op_reduce(s, R_SUM, y, dims, 1, 0, 0));
}

/* the equation over operands ops[0..n) (borrowed) */
static struct pyobj *
einsum_run(struct py_session *s, const char *eq, size_t eqlen, struct pyobj **ops, int n)
{
	struct ein e;
	struct pyobj *aligned[E_MAXOPS] = { NULL }, *y = NULL;
	int i, label_size[E_LABELS], ell_size[TENSOR_MAXDIM];
	const char *arrow;
	unsigned deps = 0;

	for (i = 0; i < n; i++)
		if (ops[i]->type != PY_TENSOR)
			return py_fail(s, "expected Tensor as element %d in argument 1, but got %s", i,
			    py_type_name(ops[i]));
	if (n == 0)
		return py_fail(s, "einsum(): must provide at least one operand");
	if (n > E_MAXOPS)
		return py_fail(s, "einsum(): more than %d operands are not supported", E_MAXOPS);
	memset(&e, 0, sizeof e);
	e.nops = n;
	arrow = strstr(eq, "->");
	if (parse_lhs(s, &e, eq, arrow != NULL ? (size_t)(arrow - eq) : eqlen) != 0 ||
	    count_labels(s, &e, ops) != 0 ||
	    parse_rhs(s, &e, arrow != NULL ? arrow + 2 : NULL, arrow != NULL ? strlen(arrow + 2) : 0,
	    arrow != NULL ? (size_t)(arrow - eq) : 0) != 0)
		return NULL;
	for (i = 0; i < E_LABELS; i++)
		label_size[i] = 1;
	for (i = 0; i < TENSOR_MAXDIM; i++)
		ell_size[i] = 1;
	for (i = 0; i < n; i++) {
		deps |= ops[i]->deps;
		if ((aligned[i] = align(s, &e, ops[i], i, label_size, ell_size)) == NULL)
			break;
	}
	if (i == n)
		y = compute(s, &e, aligned);
	for (i = 0; i < n; i++)
		py_decref(aligned[i]);
	if (y != NULL)
		y->deps |= deps;
	return y;
}

/* one subscript list of the sublist format as equation text (torch/functional.py's parse_subscript) */
static int
sublist_text(struct py_session *s, struct pyobj *l, struct sbuf *eq)
{
	struct pyobj *items = py_iter_items(s, l);
	int i, r = 0;

	if (items == NULL)
		return -1;
	for (i = 0; r == 0 && i < items->u.seq.n; i++) {
		struct pyobj *v = items->u.seq.v[i];

		if (v->type == PY_ELLIPSIS) {
			sbuf_add(eq, "...");
		} else if (py_is_number(v) && (v->type == PY_FLOAT ? v->u.f : (double)v->u.i) >= 0 &&
		    (v->type == PY_FLOAT ? v->u.f : (double)v->u.i) < 52) {
			if (v->type == PY_FLOAT) {
				py_fail(s, "TypeError: 'float' object cannot be interpreted as an integer");
				r = -1;
			} else {
				sbuf_addc(eq, (char)(v->u.i < 26 ? 'A' + v->u.i : 'a' + v->u.i - 26));
			}
		} else if (py_is_number(v)) {
			py_fail(s, "ValueError: einsum(): subscript in subscript list is not within the valid range [0, 52)");
			r = -1;
		} else {
			py_fail(s, "TypeError: '>=' not supported between instances of '%s' and 'int'", py_type_name(v));
			r = -1;
		}
	}
	py_decref(items);
	return r;
}

/* torch.einsum(op1, sublist1, op2, sublist2, ..., [sublist_out]): the equation made, then as a string's */
static struct pyobj *
einsum_sublist(struct py_session *s, struct pyobj **args, int nargs)
{
	struct sbuf eq = { 0 };
	struct pyobj *ops[E_MAXOPS + 1], *y = NULL;
	int i, n = 0;

	sbuf_addn(&eq, "", 0);
	for (i = 1; i < nargs; i += 2) {
		if (i > 1)
			sbuf_addc(&eq, ',');
		if (sublist_text(s, args[i], &eq) != 0)
			goto out;
	}
	if (nargs % 2 == 1) {
		sbuf_add(&eq, "->");
		if (sublist_text(s, args[nargs - 1], &eq) != 0)
			goto out;
	}
	for (i = 0; i < nargs - nargs % 2; i += 2) {
		if (n == E_MAXOPS) {
			py_fail(s, "einsum(): more than %d operands are not supported", E_MAXOPS);
			goto out;
		}
		ops[n++] = args[i];
	}
	y = einsum_run(s, eq.s, eq.len, ops, n);
out:
	free(eq.s);
	return y;
}

/* torch.einsum(equation, *operands), einsum(equation, [operands]), or the sublist format */
static struct pyobj *
torch_einsum(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj **ops, *eqo;
	int n;

	(void)b, (void)self;
	if (a[0]->u.seq.n < 2)
		return py_fail(s, "einsum(): must specify the equation string and at least one operand, "
		    "or at least one operand and its subscripts list");
	eqo = a[0]->u.seq.v[0];
	if (eqo->type == PY_TENSOR)
		return einsum_sublist(s, a[0]->u.seq.v, a[0]->u.seq.n);
	ops = a[0]->u.seq.v + 1;
	n = a[0]->u.seq.n - 1;
	if (n == 1 && (ops[0]->type == PY_LIST || ops[0]->type == PY_TUPLE)) {
		n = ops[0]->u.seq.n;
		ops = ops[0]->u.seq.v;
	}
	if (eqo->type != PY_STR)
		return py_fail(s, "einsum(): argument 'equation' (position 1) must be str, not %s", py_type_name(eqo));
	return einsum_run(s, eqo->u.str.s, eqo->u.str.len, ops, n);
}

const struct builtin lib_einsum_rows[] = {
	LIB_NS("torch"),
	{ "einsum", torch_einsum, 0, "[def] *args", LIB_F64 },
	LIB_END
};
