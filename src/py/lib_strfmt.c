/*
 * lib_strfmt.c - the two ways Python formats into a string besides
 * f-strings: str.format(*args, **kwargs) ("{}", "{0}", "{name}", "!r",
 * ":spec", each field through py_format, lib_fmt.c) and printf-style
 * "%.4f" % x, "%d %s" % (a, b) (str_percent), with Python 3.11's errors.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* ---- str.format ---- */

struct fmtargs {
	struct pyobj **args, **kwargs;
	char **kwnames;
	int nargs, nkw;
	int autonum;		/* the next automatic field's index; -1 after a numbered one */
	int manual;
};

/* the value a field names ("", "0", "name"); NULL after Python's error */
/* str(v) (conv 's') or repr(v) ('r') as a new str; v released; NULL on error */
static struct pyobj *
strfmt_as_str(struct py_session *s, struct pyobj *v, int conv)
{
	struct sbuf t = { 0 };
	struct pyobj *r = NULL;

	if (conv == 's')
		py_str_of(&t, v, s->po);
	else
		py_repr(&t, v, s->po);
	py_decref(v);
	if (!py_repr_failed(s))
		r = py_str(t.s ? t.s : "", t.len);
	free(t.s);
	return r;
}

static struct pyobj *
field_value(struct py_session *s, struct fmtargs *fa, const char *p, size_t n)
{
	size_t i;
	long long k = 0;
	int j;

	if (n == 0) {
		if (fa->manual)
			return py_fail(s, "ValueError: cannot switch from manual field specification to automatic field "
			    "numbering");
		k = fa->autonum++;
	} else if (p[0] >= '0' && p[0] <= '9') {
		for (i = 0; i < n; i++) {
			if (p[i] < '0' || p[i] > '9' || k > 100000000)
				return py_fail(s, "the field {%.*s}: only a number or a name is supported", (int)n, p);
			k = k * 10 + (p[i] - '0');
		}
		if (fa->autonum > 0)
			return py_fail(s, "ValueError: cannot switch from automatic field numbering to manual field "
			    "specification");
		fa->manual = 1;
	} else {
		for (i = 0; i < n; i++)
			if (p[i] == '.' || p[i] == '[')
				return py_fail(s, "the field {%.*s}: attributes and indices in a field are not supported",
				    (int)n, p);
		for (j = 0; j < fa->nkw; j++)
			if (strlen(fa->kwnames[j]) == n && memcmp(fa->kwnames[j], p, n) == 0) {
				py_incref(fa->kwargs[j]);
				return fa->kwargs[j];
			}
		return py_fail(s, "KeyError: '%.*s'", (int)n, p);
	}
	if (k >= fa->nargs)
		return py_fail(s, "IndexError: Replacement index %lld out of range for positional args tuple", k);
	py_incref(fa->args[k]);
	return fa->args[k];
}

/* one replacement field p[0..n) (between the braces) into b; 0 or -1 */
static int
one_field(struct py_session *s, struct fmtargs *fa, const char *p, size_t n, struct sbuf *b)
{
	size_t name = 0, spec;
	char conv = 0;
	struct pyobj *v;
	int r;

	while (name < n && p[name] != '!' && p[name] != ':')
		name++;
	spec = name;
	if (spec < n && p[spec] == '!') {
		if (spec + 2 > n || (spec + 2 < n && p[spec + 2] != ':')) {
			py_fail(s, "ValueError: expected ':' after conversion specifier");
			return -1;
		}
		conv = p[spec + 1];
		if (conv != 'r' && conv != 's' && conv != 'a') {
			py_fail(s, "ValueError: Unknown conversion specifier %c", conv);
			return -1;
		}
		spec += 2;
	}
	if (memchr(p + spec, '{', n - spec) != NULL) {
		py_fail(s, "nested fields in a format spec ({:{w}}) are not supported");
		return -1;
	}
	if ((v = field_value(s, fa, p, name)) == NULL)
		return -1;
	if (spec < n)
		spec++;		/* the ':' */
	if (conv != 0) {
		if ((v = strfmt_as_str(s, v, conv)) == NULL)
			return -1;
	}
	r = py_format(s, b, v, p + spec, n - spec);
	py_decref(v);
	return r;
}

/* the closing brace of the field opened at p[i] (nested braces counted), or n */
static size_t
field_end(const char *p, size_t n, size_t i)
{
	int depth = 1;

	for (i++; i < n; i++) {
		if (p[i] == '{')
			depth++;
		else if (p[i] == '}' && --depth == 0)
			return i;
	}
	return n;
}

static int
format_into(struct py_session *s, struct fmtargs *fa, const char *p, size_t n, struct sbuf *b)
{
	size_t i = 0, e;

	while (i < n) {
		if (p[i] == '{' && i + 1 < n && p[i + 1] == '{') {
			sbuf_addc(b, '{');
			i += 2;
		} else if (p[i] == '}') {
			if (i + 1 >= n || p[i + 1] != '}') {
				py_fail(s, "ValueError: Single '}' encountered in format string");
				return -1;
			}
			sbuf_addc(b, '}');
			i += 2;
		} else if (p[i] == '{') {
			if ((e = field_end(p, n, i)) == n) {
				py_fail(s, i + 1 == n ? "ValueError: Single '{' encountered in format string" :
				    "ValueError: expected '}' before end of string");
				return -1;
			}
			if (one_field(s, fa, p + i + 1, e - i - 1, b) != 0)
				return -1;
			i = e + 1;
		} else {
			sbuf_addc(b, p[i++]);
		}
	}
	return 0;
}

/* str.format(*args, **kwargs): a row of lib_str.c called with the call's own arguments */
struct pyobj *
str_format(struct py_session *s, struct pyobj *self, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	struct fmtargs fa = { args, kwargs, kwnames, nargs, nkw, 0, 0 };
	struct sbuf b = { 0 };
	struct pyobj *r = NULL;

	sbuf_addn(&b, "", 0);
	if (format_into(s, &fa, self->u.str.s, self->u.str.len, &b) == 0)
		r = py_str(b.s, b.len);
	free(b.s);
	return r;
}

/* ---- "%.4f" % x ---- */

/* the value one conversion formats, made what the conversion needs; NULL after Python's error */
static struct pyobj *
pct_value(struct py_session *s, struct pyobj *v, char c)
{
	if (v->type == PY_TENSOR && v->u.t.numel == 1 && strchr("sr", c) == NULL) {	/* __int__, __float__ */
		struct pyobj *k = py_int(0), *x = v->u.t.ndim ? op_index(s, v, k) : (py_incref(v), v), *r;

		py_decref(k);
		if (x == NULL)
			return NULL;
		r = op_item(s, x);
		py_decref(x);
		if (r == NULL || strchr("dixXo", c) == NULL || r->type != PY_FLOAT)
			return r;
		v = r;
		r = py_int((long long)v->u.f);
		py_decref(v);
		return r;
	}
	if (strchr("dixXo", c) != NULL) {
		if (!py_is_number(v))
			return py_fail(s, c == 'd' || c == 'i' ? "TypeError: %%%c format: a real number is required, not %s" :
			    "TypeError: %%%c format: an integer is required, not %s", c, py_type_name(v));
		if (v->type == PY_FLOAT) {
			if (c != 'd' && c != 'i')
				return py_fail(s, "TypeError: %%%c format: an integer is required, not float", c);
			if (!isfinite(v->u.f))
				return py_fail(s, isnan(v->u.f) ? "ValueError: cannot convert float NaN to integer" :
				    "OverflowError: cannot convert float infinity to integer");
			return py_int((long long)v->u.f);
		}
		return py_int(v->u.i);
	}
	if (strchr("eEfFgG", c) != NULL) {
		if (!py_is_number(v))
			return py_fail(s, "TypeError: must be real number, not %s", py_type_name(v));
		return py_float(v->type == PY_FLOAT ? v->u.f : (double)v->u.i);
	}
	py_incref(v);
	return v;
}

/* one conversion: flags, width, precision and type as read; 0 or -1 */
static int
pct_one(struct py_session *s, struct sbuf *b, struct pyobj *v, const char *flags, long long width, long long prec,
    char c)
{
	char spec[64];
	size_t k = 0;
	struct pyobj *x;
	int r;

	if ((x = pct_value(s, v, c)) == NULL)
		return -1;
	if ((c == 's' || c == 'r') && (x = strfmt_as_str(s, x, c)) == NULL)
		return -1;
	if (strchr(flags, '-') || x->type == PY_STR)
		spec[k++] = strchr(flags, '-') ? '<' : '>';
	if (x->type != PY_STR) {
		if (strchr(flags, '+'))
			spec[k++] = '+';
		else if (strchr(flags, ' '))
			spec[k++] = ' ';
		if (strchr(flags, '#'))
			spec[k++] = '#';
		if (strchr(flags, '0') && !strchr(flags, '-'))
			spec[k++] = '0';
	}
	if (width > 0)
		k += (size_t)snprintf(spec + k, sizeof spec - k, "%lld", width);
	if (prec >= 0 && c != 'd' && c != 'i' && strchr("xXo", c) == NULL)
		k += (size_t)snprintf(spec + k, sizeof spec - k, ".%lld", prec);
	if (c != 's' && c != 'r')
		spec[k++] = c == 'i' ? 'd' : c == 'F' ? 'F' : c;
	r = py_format(s, b, x, spec, k);
	py_decref(x);
	return r;
}

static int
pct_fail(struct py_session *s, const char *msg)
{
	py_fail(s, "%s", msg);
	return -1;
}

/* the text of fmt % args into b; 0 or -1 */
static int
pct_into(struct py_session *s, const struct pyobj *fmt, struct pyobj *args, struct sbuf *b)
{
	const char *p = fmt->u.str.s;
	size_t n = fmt->u.str.len, i = 0, start;
	int tuple = args->type == PY_TUPLE, na = tuple ? args->u.seq.n : 1, k = 0;

	while (i < n) {
		char flags[8] = "";
		long long width = 0, prec = -1;
		size_t nf = 0;

		if (p[i] != '%') {
			sbuf_addc(b, p[i++]);
			continue;
		}
		start = i++;
		while (i < n && strchr("-+ #0", p[i]) != NULL) {
			if (nf < sizeof flags - 1)
				flags[nf++] = p[i];
			i++;
		}
		while (i < n && p[i] >= '0' && p[i] <= '9' && width < 100000000)
			width = width * 10 + (p[i++] - '0');
		if (i < n && p[i] == '.')
			for (prec = 0, i++; i < n && p[i] >= '0' && p[i] <= '9' && prec < 100000000;)
				prec = prec * 10 + (p[i++] - '0');
		if (i >= n)
			return pct_fail(s, "ValueError: incomplete format");
		if (p[i] == '%' && i == start + 1) {
			sbuf_addc(b, '%');
			i++;
			continue;
		}
		if (p[i] == '(' || p[i] == '*')
			return pct_fail(s, p[i] == '(' ? "%(name) formats (a mapping) are not supported" :
			    "'*' widths in % formats are not supported");
		if (strchr("diouxXeEfFgGcrsa", p[i]) == NULL || p[i] == 'c' || p[i] == 'a' || p[i] == 'u') {
			if (strchr("cau", p[i]) != NULL)
				return pct_fail(s, "the %c conversion is not supported");
			py_fail(s, "ValueError: unsupported format character '%c' (0x%x) at index %zu", p[i],
			    (unsigned char)p[i], text_chars(p, i));
			return -1;
		}
		if (k >= na)
			return pct_fail(s, "TypeError: not enough arguments for format string");
		if (pct_one(s, b, tuple ? args->u.seq.v[k] : args, flags, width, prec, p[i]) != 0)
			return -1;
		k++;
		i++;
	}
	if (k < na)
		return pct_fail(s, "TypeError: not all arguments converted during string formatting");
	return 0;
}

struct pyobj *
str_percent(struct py_session *s, const struct pyobj *fmt, struct pyobj *args)
{
	struct sbuf b = { 0 };
	struct pyobj *r = NULL;

	sbuf_addn(&b, "", 0);
	if (pct_into(s, fmt, args, &b) == 0)
		r = py_str(b.s, b.len);
	free(b.s);
	return r;
}
