/*
 * lib_fmt.c - Python's format(): the format-spec mini-language
 * ([[fill]align][sign][z][#][0][width][,|_][.precision][type]) on the
 * interpreter's values, as f-strings' fields use it (pycomp.c), and the
 * builtins format, str and repr.  A 0-dim tensor formats as its item()
 * (Tensor.__format__); any other object takes only an empty spec.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

struct spec {
	char fill[5];		/* one UTF-8 character */
	char align;		/* '<', '>', '^', '=' or 0 */
	char sign;		/* '+', '-', ' ' or 0 */
	int z, alt, zero;
	long width, prec;	/* -1: not given */
	char group;		/* ',', '_' or 0 */
	char type;		/* 0: none */
};

static int
bad_spec(struct py_session *s, const char *p, size_t n, const struct pyobj *v)
{
	py_fail(s, "Invalid format specifier '%.*s' for object of type '%s'", (int)n, p, py_type_name(v));
	return -1;
}

static int
spec_parse(struct py_session *s, const char *p, size_t n, const struct pyobj *v, struct spec *sp)
{
	size_t i = 0, cl = 1;

	memset(sp, 0, sizeof *sp);
	sp->fill[0] = ' ';
	sp->width = sp->prec = -1;
	while (cl < n && cl < 4 && ((unsigned char)p[cl] & 0xc0) == 0x80)
		cl++;
	if (n > cl && strchr("<>^=", p[cl]) != NULL) {
		memcpy(sp->fill, p, cl);
		sp->fill[cl] = '\0';
		sp->align = p[cl];
		i = cl + 1;
	} else if (n > 0 && strchr("<>^=", p[0]) != NULL) {
		sp->align = p[i++];
	}
	if (i < n && strchr("+- ", p[i]) != NULL)
		sp->sign = p[i++];
	if (i < n && p[i] == 'z')
		sp->z = 1, i++;
	if (i < n && p[i] == '#')
		sp->alt = 1, i++;
	if (i < n && p[i] == '0')
		sp->zero = 1, i++;
	if (i < n && p[i] >= '0' && p[i] <= '9')
		for (sp->width = 0; i < n && p[i] >= '0' && p[i] <= '9' && sp->width < 100000000; i++)
			sp->width = sp->width * 10 + (p[i] - '0');
	if (i < n && (p[i] == ',' || p[i] == '_'))
		sp->group = p[i++];
	if (i < n && p[i] == '.') {
		if (++i >= n || p[i] < '0' || p[i] > '9') {
			py_fail(s, "Format specifier missing precision");
			return -1;
		}
		for (sp->prec = 0; i < n && p[i] >= '0' && p[i] <= '9' && sp->prec < 100000000; i++)
			sp->prec = sp->prec * 10 + (p[i] - '0');
	}
	if (i < n)
		sp->type = p[i++];
	if (i < n || sp->width > 10000000 || sp->prec > 10000000)
		return bad_spec(s, p, n, v);
	if (sp->zero && sp->align == 0) {
		strcpy(sp->fill, "0");
		sp->align = '=';
	}
	return 0;
}

/* sign, then body, padded to the width as align says (dflt when none) */
static void
pad(struct sbuf *b, const struct spec *sp, const char *sign, const char *body, size_t n, char dflt)
{
	size_t len = strlen(sign) + text_chars(body, n), fill = 0, left = 0, i;
	char align = sp->align ? sp->align : dflt;

	if (sp->width > 0 && (size_t)sp->width > len)
		fill = (size_t)sp->width - len;
	left = align == '>' ? fill : align == '^' ? fill / 2 : 0;
	if (align == '=') {
		sbuf_add(b, sign);
		for (i = 0; i < fill; i++)
			sbuf_add(b, sp->fill);
		sbuf_addn(b, body, n);
		return;
	}
	for (i = 0; i < left; i++)
		sbuf_add(b, sp->fill);
	sbuf_add(b, sign);
	sbuf_addn(b, body, n);
	for (i = left; i < fill; i++)
		sbuf_add(b, sp->fill);
}

/* the integer digits of d (up to '.', 'e' or the end) grouped by 3 with g */
static void
group_digits(char *d, size_t cap, char g, int every)
{
	char tmp[512];
	size_t nd = strcspn(d, ".eE%"), i, o = 0;

	if (g == 0 || nd + nd / (size_t)every + strlen(d + nd) + 1 > sizeof tmp || nd + nd / 3 + strlen(d + nd) + 1 > cap)
		return;
	for (i = 0; i < nd; i++) {
		if (i > 0 && (nd - i) % (size_t)every == 0)
			tmp[o++] = g;
		tmp[o++] = d[i];
	}
	strcpy(tmp + o, d + nd);
	strcpy(d, tmp);
}

static int
is_float_type(char t)
{
	return t != 0 && strchr("eEfFgGn%", t) != NULL;
}

/* the none type with a precision: 'g' rounding, fixed with a digit after the point while exp < p-1 */
static void
float_short(char *d, size_t cap, double x, int p)
{
	char e[64];
	int ex;

	if (p == 0)
		p = 1;
	snprintf(e, sizeof e, "%.*e", p - 1, x);
	ex = atoi(strchr(e, 'e') + 1);
	if (ex >= -4 && ex < p - 1) {
		char *q;

		snprintf(d, cap, "%.*f", p - 1 - ex, x);
		if (strchr(d, '.') != NULL) {
			q = d + strlen(d) - 1;
			while (*q == '0')
				*q-- = '\0';
			if (*q == '.')
				strcpy(q, ".0");
		} else {
			strcat(d, ".0");
		}
	} else {
		char *m = e, *ep = strchr(e, 'e'), *q = ep - 1;

		while (q > m && *q == '0')
			q--;
		if (*q == '.')
			q--;
		snprintf(d, cap, "%.*s%s", (int)(q - m + 1), m, ep);
	}
}

static int
fmt_float(struct py_session *s, struct sbuf *b, double x, const struct spec *sp, const struct pyobj *v)
{
	char d[512], fmt[16];
	const char *sign;
	char t = sp->type, neg;
	int p = sp->prec < 0 ? 6 : (int)sp->prec;

	if (t != 0 && !is_float_type(t)) {
		py_fail(s, "Unknown format code '%c' for object of type '%s'", t, py_type_name(v));
		return -1;
	}
	if (sp->prec > 400)
		return bad_spec(s, "", 0, v);
	neg = !isnan(x) && signbit(x);
	if (isnan(x) || isinf(x)) {
		snprintf(d, sizeof d, "%s%s", isnan(x) ? (t && strchr("EFG", t) ? "NAN" : "nan") :
		    (t && strchr("EFG", t) ? "INF" : "inf"), t == '%' ? "%" : "");
	} else if (t == 0 && sp->prec < 0) {
		py_float_repr(d, sizeof d, fabs(x));
	} else if (t == 0) {
		float_short(d, sizeof d, fabs(x), p);
	} else {
		double ax = fabs(x) * (t == '%' ? 100 : 1);
		char ct = t == '%' ? 'f' : t == 'n' ? 'g' : t;

		snprintf(fmt, sizeof fmt, "%%%s.*%c", sp->alt ? "#" : "", ct);
		snprintf(d, sizeof d, fmt, p, ax);
		if (t == '%')
			strcat(d, "%");
	}
	if (neg && sp->z && strspn(d, "0.") == strcspn(d, "eE%"))
		neg = 0;
	group_digits(d, sizeof d, sp->group, 3);
	sign = neg ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "";
	pad(b, sp, sign, d, strlen(d), '>');
	return 0;
}

static int
fmt_int(struct py_session *s, struct sbuf *b, long long i, const struct spec *sp, const struct pyobj *v)
{
	char d[160], *o = d + sizeof d - 1, sign[4] = "";
	unsigned long long u = i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i;
	int base = 10, upper = 0;
	const char *pre = "";

	if (is_float_type(sp->type) && sp->type != 'n')
		return fmt_float(s, b, (double)i, sp, v);
	if (sp->type != 0 && strchr("dnbcoxX", sp->type) == NULL) {
		py_fail(s, "Unknown format code '%c' for object of type '%s'", sp->type, py_type_name(v));
		return -1;
	}
	if (sp->prec >= 0) {
		py_fail(s, "Precision not allowed in integer format specifier");
		return -1;
	}
	if (sp->type == 'c') {
		struct sbuf c = { 0 };

		if (i < 0 || i > 0x10ffff) {
			py_fail(s, "%%c arg not in range(0x110000)");
			return -1;
		}
		if (i < 0x80) {
			sbuf_addc(&c, (char)i);
		} else if (i < 0x800) {
			sbuf_addc(&c, (char)(0xc0 | i >> 6)), sbuf_addc(&c, (char)(0x80 | (i & 0x3f)));
		} else if (i < 0x10000) {
			sbuf_addc(&c, (char)(0xe0 | i >> 12)), sbuf_addc(&c, (char)(0x80 | (i >> 6 & 0x3f)));
			sbuf_addc(&c, (char)(0x80 | (i & 0x3f)));
		} else {
			sbuf_addc(&c, (char)(0xf0 | i >> 18)), sbuf_addc(&c, (char)(0x80 | (i >> 12 & 0x3f)));
			sbuf_addc(&c, (char)(0x80 | (i >> 6 & 0x3f))), sbuf_addc(&c, (char)(0x80 | (i & 0x3f)));
		}
		pad(b, sp, "", c.s, c.len, '>');
		free(c.s);
		return 0;
	}
	if (sp->type == 'b' || sp->type == 'o' || sp->type == 'x' || sp->type == 'X') {
		base = sp->type == 'b' ? 2 : sp->type == 'o' ? 8 : 16;
		upper = sp->type == 'X';
		if (sp->alt)
			pre = sp->type == 'b' ? "0b" : sp->type == 'o' ? "0o" : upper ? "0X" : "0x";
	}
	*o = '\0';
	do {
		*--o = (upper ? "0123456789ABCDEF" : "0123456789abcdef")[u % (unsigned)base];
		u /= (unsigned)base;
	} while (u > 0);
	snprintf(sign, sizeof sign, "%s", i < 0 ? "-" : sp->sign == '+' ? "+" : sp->sign == ' ' ? " " : "");
	{
		char body[400];

		snprintf(body, sizeof body, "%s", o);
		group_digits(body, sizeof body, sp->group, base == 10 ? 3 : 4);
		if (*pre != '\0') {
			char full[8];

			snprintf(full, sizeof full, "%s%s", sign, pre);
			pad(b, sp, full, body, strlen(body), '>');
		} else {
			pad(b, sp, sign, body, strlen(body), '>');
		}
	}
	return 0;
}

static int
fmt_str(struct py_session *s, struct sbuf *b, const char *p, size_t n, const struct spec *sp, const struct pyobj *v)
{
	if (sp->type != 0 && sp->type != 's') {
		py_fail(s, "Unknown format code '%c' for object of type '%s'", sp->type, py_type_name(v));
		return -1;
	}
	if (sp->sign) {
		py_fail(s, "Sign not allowed in string format specifier");
		return -1;
	}
	if (sp->align == '=') {
		py_fail(s, "'=' alignment not allowed in string format specifier");
		return -1;
	}
	if (sp->prec >= 0) {	/* at most prec characters */
		size_t i, c = 0;

		for (i = 0; i < n; i++) {
			if (((unsigned char)p[i] & 0xc0) != 0x80 && c++ == (size_t)sp->prec)
				break;
		}
		n = i;
	}
	pad(b, sp, "", p, n, '<');
	return 0;
}

int
py_format(struct py_session *s, struct sbuf *b, struct pyobj *v, const char *p, size_t n)
{
	struct spec sp;

	if (v->type == PY_TENSOR && v->u.t.ndim == 0) {	/* Tensor.__format__: self.item().__format__ */
		struct pyobj *x = op_item(s, v);
		int r;

		if (x == NULL)
			return -1;
		r = py_format(s, b, x, p, n);
		py_decref(x);
		return r;
	}
	if (n == 0 || (v->type != PY_INT && v->type != PY_BOOL && v->type != PY_FLOAT && v->type != PY_STR)) {
		if (n != 0) {
			py_fail(s, "unsupported format string passed to %s.__format__", py_type_name(v));
			return -1;
		}
		py_str_of(b, v, s->po);
		return py_repr_failed(s) ? -1 : 0;
	}
	if (spec_parse(s, p, n, v, &sp) != 0)
		return -1;
	if (v->type == PY_STR)
		return fmt_str(s, b, v->u.str.s, v->u.str.len, &sp, v);
	if (v->type == PY_FLOAT)
		return fmt_float(s, b, v->u.f, &sp, v);
	return fmt_int(s, b, v->u.i, &sp, v);
}

/* format(value, format_spec='') */
struct pyobj *
builtin_format(struct py_session *s, const struct builtin *bi, struct pyobj *self, struct pyobj **a)
{
	struct sbuf b = { 0 };
	struct pyobj *r = NULL;

	(void)bi, (void)self;
	if (a[0] == NULL)
		return py_fail(s, "format expected at least 1 argument, got 0");
	if (a[1] != NULL && a[1]->type != PY_STR)
		return py_fail(s, "format() argument 2 must be str, not %s", py_type_name(a[1]));
	if (py_format(s, &b, a[0], a[1] ? a[1]->u.str.s : "", a[1] ? a[1]->u.str.len : 0) == 0)
		r = py_str(b.s ? b.s : "", b.len);
	free(b.s);
	return r;
}

/* str(object='') (op 0), repr(obj) (op 1) */
struct pyobj *
builtin_str(struct py_session *s, const struct builtin *bi, struct pyobj *self, struct pyobj **a)
{
	struct sbuf b = { 0 };
	struct pyobj *r = NULL;

	(void)self;
	if (a[0] == NULL) {
		if (bi->op == 1)
			return py_fail(s, "repr() takes exactly one argument (0 given)");
		return py_str("", 0);
	}
	if (a[0]->type == PY_STR && bi->op == 0) {
		py_incref(a[0]);
		return a[0];
	}
	if (bi->op == 1)
		py_repr(&b, a[0], s->po);
	else
		py_str_of(&b, a[0], s->po);
	if (!py_repr_failed(s))
		r = py_str(b.s ? b.s : "", b.len);
	free(b.s);
	return r;
}
