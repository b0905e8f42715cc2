/*
 * pyarith.c - Python's operators on the interpreter's values: + - * / //
 * % ** & | ^ @ and the comparisons between numbers, strings, sequences and
 * tensors (a tensor on either side goes to pyops.c), the unary - + ~, and
 * a subscript of a tuple, list or torch.Size.  Numbers are 64-bit ints and
 * doubles; an int result that would not fit fails as Python's would not.
 * No evaluation here: the evaluator (pyeval.c) hands over values.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pyint.h"


static struct pyobj *
overflow(struct py_session *s)
{
	return py_fail(s, "integer overflow (integers here are 64-bit)");
}

/* Python's float // and %: divmod's floor */
static double
float_floordiv(double a, double b, double *mod_out)
{
	double mod = fmod(a, b), div = (a - mod) / b, fl;

	if (mod != 0) {
		if ((b < 0) != (mod < 0)) {
			mod += b;
			div -= 1.0;
		}
	} else {
		mod = copysign(0.0, b);
	}
	if (div != 0) {
		fl = floor(div);
		if (div - fl > 0.5)
			fl += 1.0;
	} else {
		fl = copysign(0.0, a / b);
	}
	*mod_out = mod;
	return fl;
}

static struct pyobj *
number_binop(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	int ints = py_is_int(a) && py_is_int(b);
	double x = a->type == PY_FLOAT ? a->u.f : (double)a->u.i, y = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;
	long long i = a->u.i, j = b->u.i, r;
	double m;

	switch (op) {
	case O_ADD:
		if (!ints)
			return py_float(x + y);
		if (__builtin_add_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_SUB:
		if (!ints)
			return py_float(x - y);
		if (__builtin_sub_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_MUL:
		if (!ints)
			return py_float(x * y);
		if (__builtin_mul_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_DIV:
		if (y == 0)
			return py_fail(s, ints ? "division by zero" : "float division by zero");
		return py_float(x / y);
	case O_FLOORDIV:
	case O_MOD:
		if (ints) {
			if (j == 0)
				return py_fail(s, op == O_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
			if (i == LLONG_MIN && j == -1)
				return op == O_MOD ? py_int(0) : overflow(s);
			r = i / j;
			if (i % j != 0 && ((i < 0) != (j < 0)))
				r--;
			return py_int(op == O_FLOORDIV ? r : i - r * j);
		}
		if (y == 0)
			return py_fail(s, op == O_MOD ? "float modulo" : "float floor division by zero");
		x = float_floordiv(x, y, &m);
		return py_float(op == O_FLOORDIV ? x : m);
	case O_POW:
		if (ints && j >= 0) {
			long long acc = 1, base = i;

			while (j > 0) {
				if (j & 1 && __builtin_mul_overflow(acc, base, &acc))
					return overflow(s);
				j >>= 1;
				if (j > 0 && __builtin_mul_overflow(base, base, &base))
					return overflow(s);
			}
			return py_int(acc);
		}
		if (x == 0 && y < 0)
			return py_fail(s, "0.0 cannot be raised to a negative power");
		if (x < 0 && y != floor(y))
			return py_fail(s, "complex numbers are not supported (a negative number to a fractional power)");
		errno = 0;
		m = pow(x, y);
		if (isinf(m) && !isinf(x) && !isinf(y))
			return py_fail(s, "(34, 'Numerical result out of range')");
		return py_float(m);
	case O_AND: case O_OR: case O_XOR:
		if (!ints)
			return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op),
			    py_type_name(a), py_type_name(b));
		r = op == O_AND ? i & j : op == O_OR ? i | j : i ^ j;
		return a->type == PY_BOOL && b->type == PY_BOOL ? py_bool(r != 0) : py_int(r);
	}
	return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}

int
arith_bop_code(int op)
{
	switch (op) {
	case O_ADD: return B_ADD;
	case O_SUB: return B_SUB;
	case O_MUL: return B_MUL;
	case O_DIV: return B_DIV;
	case O_FLOORDIV: return B_FLOORDIV;
	case O_MOD: return B_MOD;
	case O_POW: return B_POW;
	case O_AND: return B_AND;
	case O_OR: return B_OR;
	case O_XOR: return B_XOR;
	case O_EQ: return B_EQ;
	case O_NE: return B_NE;
	case O_LT: return B_LT;
	case O_LE: return B_LE;
	case O_GT: return B_GT;
	default: return B_GE;
	}
}

/* a + b that Python refuses: a sequence's own message (tuple's for a torch.Size), else the operator's */
static struct pyobj *
concat_fail(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	if (op == O_ADD && (a->type == PY_TUPLE || a->type == PY_SIZE || a->type == PY_LIST || a->type == PY_STR)) {
		const char *k = a->type == PY_LIST ? "list" : a->type == PY_STR ? "str" : "tuple";

		return py_fail(s, "can only concatenate %s (not \"%s\") to %s", k, py_type_name(b), k);
	}
	return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}

/* tuple + tuple, list + list, seq * n */
static struct pyobj *
seq_binop(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	int i, n;
	struct pyobj *r;

	if (op == O_ADD && (a->type == b->type || (a->type == PY_SIZE && b->type == PY_TUPLE) ||
	    (a->type == PY_TUPLE && b->type == PY_SIZE))) {
		int ta = a->type == PY_SIZE || b->type == PY_SIZE ? (a->type == PY_SIZE ? PY_SIZE : PY_TUPLE) : a->type;

		if (ta == PY_SIZE)
			for (i = 0; i < b->u.seq.n; i++)
				if (!py_is_int(b->u.seq.v[i]))
					ta = PY_TUPLE;
		r = py_seq(ta, a->u.seq.n + b->u.seq.n);
		for (i = 0; i < a->u.seq.n; i++)
			py_incref(r->u.seq.v[i] = a->u.seq.v[i]);
		for (i = 0; i < b->u.seq.n; i++)
			py_incref(r->u.seq.v[a->u.seq.n + i] = b->u.seq.v[i]);
		return r;
	}
	if (op == O_MUL && py_is_int(b)) {
		long long k = b->u.i > 0 ? b->u.i : 0;

		if (k * (long long)a->u.seq.n > 1000000)
			return py_fail(s, "the sequence would be too long (more than 1000000 items)");
		n = (int)(k * a->u.seq.n);
		r = py_seq(a->type, n);
		for (i = 0; i < n; i++)
			py_incref(r->u.seq.v[i] = a->u.seq.v[i % a->u.seq.n]);
		return r;
	}
	return concat_fail(s, op, a, b);
}

int
arith_is_seq(const struct pyobj *o)
{
	return o->type == PY_TUPLE || o->type == PY_LIST || o->type == PY_SIZE;
}

/* a torch.return_types value as the tuple it is (a new reference either way) */
static struct pyobj *
as_tuple(struct pyobj *o)
{
	struct pyobj *t;
	int i;

	if (o->type != PY_RETURNS) {
		py_incref(o);
		return o;
	}
	t = py_seq(PY_TUPLE, o->u.seq.n);
	for (i = 0; i < o->u.seq.n; i++)
		py_incref(t->u.seq.v[i] = o->u.seq.v[i]);
	return t;
}

struct pyobj *
arith_binop(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	if ((op == O_ADD || op == O_MUL) && (a->type == PY_RETURNS || b->type == PY_RETURNS)) {	/* tuples */
		struct pyobj *ta = as_tuple(a), *tb = as_tuple(b), *r;

		r = arith_binop(s, op, ta, tb);
		py_decref(ta);
		py_decref(tb);
		return r;
	}
	if (op == O_MATMUL) {
		if (a->type != PY_TENSOR || b->type != PY_TENSOR)
			return py_fail(s, "unsupported operand type(s) for @: '%s' and '%s'", py_type_name(a), py_type_name(b));
		return op_matmul(s, a, b);
	}
	if (op == O_ADD && a->type == PY_RETURNS && b->type == PY_TENSOR)	/* a tuple too */
		return py_fail(s, "can only concatenate tuple (not \"Tensor\") to tuple");
	if ((arith_is_seq(a) && b->type == PY_TENSOR) || (arith_is_seq(b) && a->type == PY_TENSOR && op == O_MUL)) {
		struct pyobj *q = arith_is_seq(a) ? a : b, *t = arith_is_seq(a) ? b : a, *n, *r;
		long long k;

		if (op == O_ADD)	/* the sequence's own concatenation refuses it */
			return concat_fail(s, op, q, t);
		if (op == O_MUL) {	/* repeated: the tensor as an index (__index__) */
			if (t->u.t.numel != 1 || t->u.t.dtype == DT_FLOAT)
				return py_fail(s, "only integer tensors of a single element can be converted to an index");
			k = pyt_geti(&t->u.t, 0);
			n = py_int(k);
			r = seq_binop(s, op, q, n);
			py_decref(n);
			return r;
		}
	}
	if (op == O_MOD && a->type == PY_STR)	/* printf-style formatting */
		return str_percent(s, a, b);
	if (a->type == PY_TENSOR || b->type == PY_TENSOR)
		return op_binary(s, arith_bop_code(op), a, b);
	if (py_is_number(a) && py_is_number(b))
		return number_binop(s, op, a, b);
	if (op == O_MUL && ((a->type == PY_STR && py_is_int(b)) || (b->type == PY_STR && py_is_int(a))))
		return a->type == PY_STR ? str_repeat(s, a, b->u.i) : str_repeat(s, b, a->u.i);
	if (op == O_MUL && (a->type == PY_STR || b->type == PY_STR) && b->type != PY_OBJ && a->type != PY_OBJ)
		return py_fail(s, "can't multiply sequence by non-int of type '%s'", py_type_name(a->type == PY_STR ? b : a));
	if (arith_is_seq(a) && (arith_is_seq(b) || py_is_int(b)))
		return seq_binop(s, op, a, b);
	if (op == O_MUL && py_is_int(a) && arith_is_seq(b))
		return seq_binop(s, op, b, a);
	if (op == O_MUL && (((arith_is_seq(a) || a->type == PY_RETURNS) && py_is_number(b)) ||
	    ((arith_is_seq(b) || b->type == PY_RETURNS) && py_is_number(a))))
		return py_fail(s, "can't multiply sequence by non-int of type '%s'", py_type_name(py_is_number(b) ? b : a));
	if (op == O_ADD && a->type == PY_STR && b->type == PY_STR) {
		struct pyobj *r = py_new(PY_STR);

		r->u.str.len = a->u.str.len + b->u.str.len;
		r->u.str.s = xmalloc(r->u.str.len + 1);
		memcpy(r->u.str.s, a->u.str.s, a->u.str.len);
		memcpy(r->u.str.s + a->u.str.len, b->u.str.s, b->u.str.len + 1);
		return r;
	}
	return concat_fail(s, op, a, b);
}

/* Python's == between plain values (numbers, strings, None, sequences): 1, 0, or -1 when
 * nested deeper than Python's recursion limit or interrupted; items that are the same object
 * are equal at once, as in Python (x = (x, x) forty times, then x == x, answers at once) */
static int
py_equal(const struct pyobj *a, const struct pyobj *b, int depth)
{
	int i, r;

	if (depth > 1000 || interrupt_pending)
		return -1;
	if ((r = py_atom_equal(a, b)) >= 0)
		return r;
	if (arith_is_seq(a) && arith_is_seq(b)) {
		if ((a->type == PY_LIST) != (b->type == PY_LIST) || a->u.seq.n != b->u.seq.n)
			return 0;
		for (i = 0; i < a->u.seq.n; i++) {
			if (a->u.seq.v[i] == b->u.seq.v[i])
				continue;
			if ((r = py_equal(a->u.seq.v[i], b->u.seq.v[i], depth + 1)) != 1)
				return r;
		}
		return 1;
	}
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case PY_DICT:	/* the same keys, each with an equal value */
		if (a->u.dict.n != b->u.dict.n)
			return 0;
		for (i = 0; i < a->u.dict.n; i++) {
			int k = dict_find(NULL, b, a->u.dict.kv[2 * i]);

			if (k < 0)
				return 0;
			if ((r = py_equal(a->u.dict.kv[2 * i + 1], b->u.dict.kv[2 * k + 1], depth + 1)) != 1)
				return r;
		}
		return 1;
	case PY_DVIEW:	/* two sets: the same items, in any order; dict views: the same object */
		if (strcmp(a->u.seq.name, "set") != 0 || strcmp(b->u.seq.name, "set") != 0)
			return a == b;
		if (a->u.seq.n != b->u.seq.n)
			return 0;
		for (i = 0; i < a->u.seq.n; i++) {
			int j;

			for (j = 0, r = 0; j < b->u.seq.n && r == 0; j++)
				r = py_equal(a->u.seq.v[i], b->u.seq.v[j], depth + 1);
			if (r != 1)
				return r;
		}
		return 1;
	default: return a == b;
	}
}

/* ---- x in container ---- */

/* Tensor.__contains__: (element == self).any().item() for a Tensor or a number */
static int
tensor_contains(struct py_session *s, struct pyobj *t, struct pyobj *x, int *out)
{
	struct pyobj *eq;
	size_t i;

	if (x->type != PY_TENSOR && !py_is_number(x)) {
		py_fail(s, "RuntimeError: Tensor.__contains__ only supports Tensor or scalar, but you passed in a "
		    "<class '%s'>.", py_type_name(x));
		return -1;
	}
	if ((eq = op_binary(s, B_EQ, x, t)) == NULL)
		return -1;
	for (i = 0, *out = 0; i < eq->u.t.numel && !*out; i++)	/* .any().item() */
		*out = pyt_geti(&eq->u.t, i) != 0;
	py_decref(eq);
	return 0;
}

/* one item of a sequence: x is item or x == item (Python's PyObject_RichCompare, then its truth) */
static int
item_equal(struct py_session *s, struct pyobj *x, struct pyobj *item, int *out)
{
	struct pyobj *eq;
	int r;

	if (x == item) {
		*out = 1;
		return 0;
	}
	if ((eq = arith_compare(s, O_EQ, item, x)) == NULL)
		return -1;
	r = op_truth(s, eq, out);
	py_decref(eq);
	return r;
}

/* x in c: 0 with *out, or -1 after Python's error */
static int
arith_contains(struct py_session *s, struct pyobj *c, struct pyobj *x, int *out)
{
	struct pyobj *items;
	size_t at;
	int i, r = 0;

	*out = 0;
	switch (c->type) {
	case PY_STR:
		if (x->type != PY_STR) {
			py_fail(s, "TypeError: 'in <string>' requires string as left operand, not %s", py_type_name(x));
			return -1;
		}
		for (at = 0; !*out && at + x->u.str.len <= c->u.str.len; at++)
			*out = memcmp(c->u.str.s + at, x->u.str.s, x->u.str.len) == 0;
		return 0;
	case PY_TENSOR:
		return tensor_contains(s, c, x, out);
	case PY_RANGE:
		if (py_is_int(x) || (x->type == PY_FLOAT && x->u.f == (double)(long long)x->u.f)) {
			long long v = x->type == PY_FLOAT ? (long long)x->u.f : x->u.i, d = v - c->u.range.start;
			long long st = c->u.range.step;

			*out = (st > 0 ? v >= c->u.range.start && v < c->u.range.stop :
			    v <= c->u.range.start && v > c->u.range.stop) && d % st == 0;
			return 0;
		}
		if (x->type != PY_TENSOR)
			return 0;
		break;
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS: case PY_OBJ: case PY_DVIEW:
		break;
	case PY_DICT:
		if ((i = dict_find(s, c, x)) == -2)
			return -1;
		*out = i >= 0;
		return 0;
	default:
		py_fail(s, "TypeError: argument of type '%s' is not iterable", py_type_name(c));
		return -1;
	}
	if (c->type == PY_RANGE) {	/* a tensor x: == each int */
		long long st = c->u.range.step, a = c->u.range.start, z = c->u.range.stop, k;
		long long n = st > 0 ? (z > a ? (z - a - 1) / st + 1 : 0) : (a > z ? (a - z - 1) / -st + 1 : 0);

		for (k = 0; r == 0 && !*out && k < n; k++) {
			struct pyobj *v = py_int(a + k * st);

			r = item_equal(s, x, v, out);
			py_decref(v);
		}
		return r;
	}
	if (c->type == PY_OBJ) {	/* nn.ModuleList, nn.Sequential: their modules */
		if ((items = nn_children(c)) == NULL) {
			py_fail(s, "TypeError: argument of type '%s' is not iterable", py_type_name(c));
			return -1;
		}
	} else {
		items = c;
		py_incref(c);
	}
	for (i = 0; r == 0 && !*out && i < items->u.seq.n; i++)
		r = item_equal(s, x, items->u.seq.v[i], out);
	py_decref(items);
	return r;
}

/*
 * a is b: the same object, or values CPython keeps one object of (None,
 * True/False, a dtype, an int in -5..256, the empty tuple).  A string, float
 * or larger int is the same only as one object: `y = x` then `x is y`.
 */
static int
identical(const struct pyobj *a, const struct pyobj *b)
{
	if (a == b)
		return 1;
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case PY_NONE: case PY_ELLIPSIS: return 1;
	case PY_BOOL: case PY_DTYPE: return a->u.i == b->u.i;
	case PY_INT: return a->u.i == b->u.i && a->u.i >= -5 && a->u.i <= 256;
	case PY_TUPLE: return a->u.seq.n == 0 && b->u.seq.n == 0;
	default: return 0;
	}
}

/* two lists, or two tuples (a torch.Size is one): ordered item by item */
static int
ordered_seqs(const struct pyobj *a, const struct pyobj *b)
{
	int ta = a->type == PY_SIZE ? PY_TUPLE : a->type, tb = b->type == PY_SIZE ? PY_TUPLE : b->type;

	return ta == tb && (ta == PY_LIST || ta == PY_TUPLE);
}

/*
 * a < b of two lists or tuples, as CPython's list_richcompare: the first
 * items that are not equal decide (their own comparison's value, a tensor's
 * too), else the lengths.  Nesting is bounded as Python's recursion.
 */
static struct pyobj *
seq_compare(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	static int depth;
	struct pyobj *r;
	int i, e = 1, na = a->u.seq.n, nb = b->u.seq.n;

	for (i = 0; i < na && i < nb; i++)
		if ((e = a->u.seq.v[i] == b->u.seq.v[i] ? 1 : py_equal(a->u.seq.v[i], b->u.seq.v[i], 0)) != 1)
			break;
	if (e < 0)
		return py_fail(s, interrupt_pending ? "KeyboardInterrupt" : "maximum recursion depth exceeded in comparison");
	if (i == na || i == nb)
		return py_bool(op == O_LT ? na < nb : op == O_LE ? na <= nb : op == O_GT ? na > nb : na >= nb);
	if (depth >= 1000)
		return py_fail(s, "maximum recursion depth exceeded in comparison");
	depth++;
	r = arith_compare(s, op, a->u.seq.v[i], b->u.seq.v[i]);
	depth--;
	return r;
}

struct pyobj *
arith_compare(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	int r;

	if (op == O_IS || op == O_ISNOT)
		return py_bool(identical(a, b) == (op == O_IS));

	if (op == O_IN || op == O_NOTIN) {	/* a in b */
		if (arith_contains(s, b, a, &r) != 0)
			return NULL;
		return py_bool(op == O_IN ? r : !r);
	}
	if (a->type == PY_TENSOR || b->type == PY_TENSOR)
		return op_binary(s, arith_bop_code(op), a, b);
	if (op == O_EQ || op == O_NE) {
		if ((r = py_equal(a, b, 0)) < 0)
			return py_fail(s, interrupt_pending ? "KeyboardInterrupt" : "maximum recursion depth exceeded in comparison");
		return py_bool(op == O_EQ ? r : !r);
	}
	if (py_is_number(a) && py_is_number(b)) {
		double x = a->type == PY_FLOAT ? a->u.f : (double)a->u.i, y = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;

		if (py_is_int(a) && py_is_int(b))
			r = op == O_LT ? a->u.i < b->u.i : op == O_LE ? a->u.i <= b->u.i : op == O_GT ? a->u.i > b->u.i :
			    a->u.i >= b->u.i;
		else
			r = op == O_LT ? x < y : op == O_LE ? x <= y : op == O_GT ? x > y : x >= y;
		return py_bool(r);
	}
	if (a->type == PY_STR && b->type == PY_STR) {
		size_t n = a->u.str.len < b->u.str.len ? a->u.str.len : b->u.str.len;
		int c = memcmp(a->u.str.s, b->u.str.s, n);

		if (c == 0)
			c = a->u.str.len < b->u.str.len ? -1 : a->u.str.len > b->u.str.len;
		r = op == O_LT ? c < 0 : op == O_LE ? c <= 0 : op == O_GT ? c > 0 : c >= 0;
		return py_bool(r);
	}
	if (ordered_seqs(a, b))
		return seq_compare(s, op, a, b);
	return py_fail(s, "'%s' not supported between instances of '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}


/* seq[i] or seq[a:b] for tuples, lists, torch.Size */
static struct pyobj *
seq_index(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	int n = o->u.seq.n;
	long long i;
	struct pyobj *r;

	if (idx->type == PY_SLICE) {
		long long a, b, st, k, m = 0;

		if (py_slice_ends(s, idx, n, &a, &b, &st) != 0)
			return NULL;
		if (st < 0 ? b < a : a < b)
			m = st < 0 ? (a - b - 1) / -st + 1 : (b - a - 1) / st + 1;
		r = py_seq(o->type == PY_RETURNS ? PY_TUPLE : o->type, (int)m);
		for (k = 0; k < m; k++)
			py_incref(r->u.seq.v[k] = o->u.seq.v[a + k * st]);
		r->deps = o->deps;
		return r;
	}
	if (!py_is_int(idx) && !(idx->type == PY_TENSOR && idx->u.t.ndim == 0 && idx->u.t.dtype != DT_FLOAT))
		return py_fail(s, "%s indices must be integers or slices, not %s", o->type == PY_LIST ? "list" : "tuple",
		    py_type_name(idx));
	i = idx->type == PY_TENSOR ? pyt_geti(&idx->u.t, 0) : idx->u.i;
	if (i < -n || i >= n)
		return py_fail(s, "%s index out of range", o->type == PY_LIST ? "list" : "tuple");
	r = o->u.seq.v[i < 0 ? i + n : i];
	py_incref(r);
	r->deps |= o->deps;
	return r;
}

/* -a, +a, ~a */
struct pyobj *
arith_unary(struct py_session *s, int op, struct pyobj *a)
{
	if (a->type == PY_TENSOR) {
		if (op == O_NEG)
			return op_neg(s, a);
		if (op == O_INVERT)
			return op_invert(s, a);
		if (a->u.t.dtype == DT_BOOL)	/* +x: torch.positive */
			return py_fail(s, "The `+` operator, on a bool tensor is not supported.");
		py_incref(a);
		return a;
	}
	if (!py_is_number(a))
		return py_fail(s, "bad operand type for unary %s: '%s'", op_text(op), py_type_name(a));
	if (op == O_POS) {
		if (a->type == PY_BOOL)
			return py_int(a->u.i);
		py_incref(a);
		return a;
	}
	if (op == O_NEG)
		return a->type == PY_FLOAT ? py_float(-a->u.f) : a->u.i == LLONG_MIN ? overflow(s) :
		    py_int(-a->u.i);
	if (a->type == PY_FLOAT)
		return py_fail(s, "bad operand type for unary ~: 'float'");
	return py_int(~a->u.i);
}

/* o[idx]: a tensor's indexing (pyops.c) or a sequence's */
struct pyobj *
arith_subscript(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	struct pyobj *r;

	switch (o->type) {
	case PY_TENSOR:	/* an integer tensor or list among the items: pyindex.c's copy */
		r = adv_index_has(idx) ? adv_index(s, o, idx) : op_index(s, o, idx);
		if (r != NULL)
			r->deps |= idx->deps;
		return r;
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS:
		return seq_index(s, o, idx);
	case PY_DICT:
		return dict_get(s, o, idx);
	case PY_OBJ:	/* nn.ModuleList, nn.Sequential */
		return nn_getitem(s, o, idx);
	case PY_STR:
		return str_subscript(s, o, idx);
	default:
		return py_fail(s, "'%s' object is not subscriptable", py_type_name(o));
	}
}
