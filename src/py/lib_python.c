/*
 * lib_python.c - Python's builtins (print, len, float, int, bool, abs)
 * and math.sqrt, math.exp on the interpreter's values, with Python's
 * messages: one C function each (their rows: lib_builtins.c).
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib.h"

/* a tensor converted to a Python number has one element */
static int
one_element(struct py_session *s, const struct pyobj *o)
{
	if (o->type != PY_TENSOR || o->u.t.numel == 1)
		return 0;
	py_fail(s, "only one element tensors can be converted to Python scalars");
	return -1;
}

/* math.sqrt (op 0), math.exp (op 1) */
struct pyobj *
math_fn(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double v;

	(void)self;
	if (a[0] == NULL)
		return py_fail(s, "math.%s() takes exactly one argument (0 given)", b->name);
	if (one_element(s, a[0]) != 0 || py_to_double(s, a[0], "must be real number", &v) != 0)
		return NULL;
	if (b->op == 0) {
		if (v < 0)
			return py_fail(s, "math domain error");
		return py_float(sqrt(v));
	}
	if (v > 709.78)
		return py_fail(s, "math range error");
	return py_float(exp(v));
}

/* print()'s text has no surrogate ("\ud800"): Python's UnicodeEncodeError; 0 or -1 */
static int
no_surrogate(struct py_session *s, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i + 2 < n; i++)
		if ((unsigned char)p[i] == 0xed && ((unsigned char)p[i + 1] & 0xe0) == 0xa0) {
			unsigned v = (unsigned)(0xd000 | ((unsigned char)p[i + 1] & 0x3f) << 6 | ((unsigned char)p[i + 2] & 0x3f));

			py_fail(s, "'utf-8' codec can't encode character '\\u%04x' in position %zu: surrogates not allowed",
			    v, text_chars(p, i));
			return -1;
		}
	return 0;
}

struct pyobj *
builtin_len(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self;
	if (a[0] == NULL)
		return py_fail(s, "len() takes exactly one argument (0 given)");
	switch (a[0]->type) {
	case PY_RANGE:
		return py_int(range_len(a[0]));
	case PY_TENSOR:
		if (a[0]->u.t.ndim == 0)
			return py_fail(s, "len() of a 0-d tensor");
		return py_int(a[0]->u.t.shape[0]);
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_DVIEW: case PY_RETURNS:
		return py_int(a[0]->u.seq.n);
	case PY_DICT:
		return py_int(a[0]->u.dict.n);
	case PY_STR:
		return py_int((long long)text_chars(a[0]->u.str.s, a[0]->u.str.len));
	case PY_OBJ: {	/* nn.ModuleList, nn.Sequential */
		struct pyobj *c = nn_children(a[0]);

		if (c != NULL) {
			long long n = c->u.seq.n;

			py_decref(c);
			return py_int(n);
		}
	}	/* fall through */
	default:
		return py_fail(s, "object of type '%s' has no len()", py_type_name(a[0]));
	}
}

/* float('1.5'): Python's float() of a string, which takes no hexadecimal */
static struct pyobj *
float_of_str(struct py_session *s, const struct pyobj *o)
{
	const char *p = o->u.str.s;
	char *end;
	double v;

	while (isspace((unsigned char)*p))
		p++;
	v = strtod(p, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (end == p || *end != '\0' || strncasecmp(p, "0x", 2) == 0 || strncasecmp(p, "-0x", 3) == 0 ||
	    strncasecmp(p, "+0x", 3) == 0)
		return py_fail(s, "could not convert string to float: '%s'", o->u.str.s);
	return py_float(v);
}

/* int(str): Python's base-10 literal (spaces around, a sign, '_' between digits), else its ValueError */
static struct pyobj *
int_of_str(struct py_session *s, const struct pyobj *o)
{
	const char *p = o->u.str.s, *e = o->u.str.s + o->u.str.len;
	unsigned long long v = 0, lim;
	int neg = 0, digits = 0, bad = 0;

	while (p < e && isspace((unsigned char)*p))
		p++;
	while (e > p && isspace((unsigned char)e[-1]))
		e--;
	if (p < e && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	lim = (unsigned long long)INT64_MAX + (neg ? 1 : 0);	/* -2**63 .. 2**63 - 1 */
	for (; p < e && !bad; p++) {
		if (*p == '_' && digits > 0 && p + 1 < e && isdigit((unsigned char)p[1]))
			continue;
		if (!isdigit((unsigned char)*p))
			bad = 1;
		else if (v > (lim - (unsigned)(*p - '0')) / 10)
			return py_fail(s, "integer overflow (integers here are 64-bit)");
		else
			v = v * 10 + (unsigned)(*p - '0'), digits++;
	}
	if (!bad && digits > 0)
		return py_int(neg ? (long long)(0 - v) : (long long)v);
	return py_fail_repr(s, "ValueError: invalid literal for int() with base 10: %s", o);
}

/* divmod(a, b) of two numbers: (a // b, a % b), Python's errors */
struct pyobj *
builtin_divmod(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *q, *m, *t;

	(void)b, (void)self;
	if (!py_is_number(a[0]) || !py_is_number(a[1]))
		return py_fail(s, "TypeError: unsupported operand type(s) for divmod(): '%s' and '%s'",
		    py_type_name(a[0]), py_type_name(a[1]));
	if ((a[0]->type == PY_FLOAT || a[1]->type == PY_FLOAT) &&
	    (a[1]->type == PY_FLOAT ? a[1]->u.f == 0 : a[1]->u.i == 0))
		return py_fail(s, "ZeroDivisionError: float divmod()");
	if ((q = arith_binop(s, O_FLOORDIV, a[0], a[1])) == NULL)
		return NULL;
	if ((m = arith_binop(s, O_MOD, a[0], a[1])) == NULL) {
		py_decref(q);
		return NULL;
	}
	t = py_seq(PY_TUPLE, 2);
	t->u.seq.v[0] = q;
	t->u.seq.v[1] = m;
	return t;
}

struct pyobj *
builtin_float(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double v;

	(void)b, (void)self;
	if (a[0] == NULL)
		return py_float(0);
	if (a[0]->type == PY_STR)
		return float_of_str(s, a[0]);
	if (one_element(s, a[0]) != 0 || py_to_double(s, a[0], "float() argument", &v) != 0)
		return NULL;
	return py_float(v);
}

struct pyobj *
builtin_int(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long k;
	double v;

	(void)b, (void)self;
	if (a[0] == NULL)
		return py_int(0);
	if (a[0]->type == PY_STR)
		return int_of_str(s, a[0]);
	if (a[0]->type == PY_FLOAT || (a[0]->type == PY_TENSOR && a[0]->u.t.dtype == DT_FLOAT)) {
		if (one_element(s, a[0]) != 0 || py_to_double(s, a[0], "int() argument", &v) != 0)
			return NULL;
		if (isnan(v))
			return py_fail(s, "cannot convert float NaN to integer");
		if (isinf(v))
			return py_fail(s, "cannot convert float infinity to integer");
		if (!pyt_fits_int64(v))	/* NaN and infinity said above */
			return py_fail(s, "integer overflow (integers here are 64-bit)");
		return py_int((long long)v);
	}
	if (one_element(s, a[0]) != 0 || py_to_long(s, a[0], "int() argument", &k) != 0)
		return NULL;
	return py_int(k);
}

struct pyobj *
builtin_bool(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int r;

	(void)b, (void)self;
	if (a[0] == NULL)
		return py_bool(0);
	if (op_truth(s, a[0], &r) != 0)
		return NULL;
	return py_bool(r);
}

struct pyobj *
builtin_abs(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self;
	if (a[0] == NULL)
		return py_fail(s, "abs() takes exactly one argument (0 given)");
	if (a[0]->type == PY_TENSOR)
		return op_unary(s, U_ABS, a[0]);
	if (a[0]->type == PY_FLOAT)
		return py_float(fabs(a[0]->u.f));
	if (!py_is_int(a[0]))
		return py_fail(s, "bad operand type for abs(): '%s'", py_type_name(a[0]));
	if (a[0]->u.i == LLONG_MIN)
		return py_fail(s, "integer overflow (integers here are 64-bit)");
	return py_int(a[0]->u.i < 0 ? -a[0]->u.i : a[0]->u.i);
}

/* sep= or end=: None or a string */
static int
print_text(struct py_session *s, const struct pyobj *o, const char *what, const char **text, size_t *len)
{
	if (o == NULL || o->type == PY_NONE)
		return 0;
	if (o->type != PY_STR) {
		py_fail(s, "%s must be None or a string, not %s", what, py_type_name(o));
		return -1;
	}
	*text = o->u.str.s;
	*len = o->u.str.len;
	return 0;
}

struct pyobj *
builtin_print(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const char *sep = " ", *end = "\n";
	size_t seplen = 1, endlen = 1;
	int i;

	(void)b, (void)self;
	sbuf_addn(s->out, "", 0);	/* s->out->s exists */
	if (print_text(s, a[1], "sep", &sep, &seplen) != 0 || print_text(s, a[2], "end", &end, &endlen) != 0)
		return NULL;
	size_t mark = s->out->len;

	for (i = 0; i < a[0]->u.seq.n; i++) {
		if (i > 0)
			sbuf_addn(s->out, sep, seplen);
		py_str_of(s->out, a[0]->u.seq.v[i], s->po);
		if (py_repr_failed(s))
			break;
	}
	sbuf_addn(s->out, end, endlen);
	if (s->failed || no_surrogate(s, s->out->s + mark, s->out->len - mark) != 0) {
		s->out->len = mark;	/* Python writes nothing of a line it cannot encode */
		s->out->s[mark] = '\0';
		return NULL;
	}
	if (s->stream != NULL) {	/* --run: the line now, as python3's print */
		fwrite(s->out->s, 1, s->out->len, s->stream);
		s->out->len = 0;
		s->out->s[0] = '\0';
	}
	return py_none();
}

/* object.__init__, which super().__init__() reaches in a plain class: nothing but the instance (a raw row) */
struct pyobj *
object_init(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self;
	if (a[0]->u.seq.n > 0 || (a[1] != NULL && a[1]->u.dict.n > 0))
		return py_fail(s, "TypeError: object.__init__() takes exactly one argument (the instance to initialize)");
	return py_none();
}
