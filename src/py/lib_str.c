/*
 * lib_str.c - Python's str as Python 3.11 has it, in characters (UTF-8
 * code points, not bytes): its methods (split, join, strip, upper, replace,
 * startswith, ljust, zfill, count, find, isdigit, ...: the rows of ns
 * "str" in lib_builtins.c, bound to the string by pynames.c), s[i] and s[a:b], s * n.
 * str.format and % formatting are lib_strfmt.c's; `in` is pyarith.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* ---- characters ---- */


/* the byte offset of character k (k <= the count: n) */
static size_t
char_off(const char *p, size_t n, size_t k)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (((unsigned char)p[i] & 0xc0) != 0x80 && c++ == k)
			return i;
	return n;
}

static size_t
char_bytes(const char *p, size_t n)	/* the bytes of the character at p */
{
	size_t k = 1;

	while (k < n && ((unsigned char)p[k] & 0xc0) == 0x80)
		k++;
	return k;
}

static struct pyobj *
str_of_buf(struct sbuf *b)
{
	struct pyobj *r = py_str(b->s ? b->s : "", b->len);

	free(b->s);
	return r;
}

/* ---- s[i], s[a:b:c], s * n ---- */

static struct pyobj *
str_slice(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	const char *p = o->u.str.s;
	size_t n = o->u.str.len, nc = text_chars(p, n), *off;
	long long a, b, st, k, i;
	struct sbuf out = { 0 };

	if (py_slice_ends(s, idx, (long long)nc, &a, &b, &st) != 0)
		return NULL;
	off = xmalloc((nc + 1) * sizeof *off);
	for (i = 0, k = 0; i < (long long)n; i++)
		if (((unsigned char)p[i] & 0xc0) != 0x80)
			off[k++] = (size_t)i;
	off[nc] = n;
	sbuf_addn(&out, "", 0);
	for (i = a; st > 0 ? i < b : i > b; i += st)
		sbuf_addn(&out, p + off[i], off[i + 1] - off[i]);
	free(off);
	return str_of_buf(&out);
}

struct pyobj *
str_subscript(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	const char *p = o->u.str.s;
	size_t n = o->u.str.len, nc, at;
	long long i;

	if (idx->type == PY_SLICE)
		return str_slice(s, o, idx);
	if (!py_is_int(idx))
		return py_fail(s, "TypeError: string indices must be integers, not '%s'", py_type_name(idx));
	nc = text_chars(p, n);
	i = idx->u.i < 0 ? idx->u.i + (long long)nc : idx->u.i;
	if (i < 0 || i >= (long long)nc)
		return py_fail(s, "IndexError: string index out of range");
	at = char_off(p, n, (size_t)i);
	return py_str(p + at, char_bytes(p + at, n - at));
}

/* s * k (k an int: the caller checked) */
struct pyobj *
str_repeat(struct py_session *s, const struct pyobj *o, long long k)
{
	struct sbuf b = { 0 };
	long long i;

	if (k <= 0 || o->u.str.len == 0)
		return py_str("", 0);
	if ((unsigned long long)k * o->u.str.len > 100000000ULL)
		return py_fail(s, "the string would be too long (more than 100000000 bytes)");
	for (i = 0; i < k; i++)
		sbuf_addn(&b, o->u.str.s, o->u.str.len);
	return str_of_buf(&b);
}

static int
find_bytes(const char *h, size_t hn, const char *nd, size_t nn, size_t from, size_t *at)
{
	size_t i;

	for (i = from; i + nn <= hn; i++)
		if (memcmp(h + i, nd, nn) == 0) {
			*at = i;
			return 1;
		}
	return 0;
}

/* ---- the methods ---- */

static int
need_str(struct py_session *s, const struct pyobj *o, const char *fmt)
{
	if (o->type == PY_STR)
		return 0;
	py_fail(s, fmt, py_type_name(o));
	return -1;
}

int
lib_need_index(struct py_session *s, const struct pyobj *o, long long *v)
{
	if (!py_is_int(o)) {
		py_fail(s, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(o));
		return -1;
	}
	*v = o->u.i;
	return 0;
}

static int
is_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* str.split(sep=None, maxsplit=-1) */
struct pyobj *
str_split(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const char *p = self->u.str.s;
	size_t n = self->u.str.len, i = 0, j, at;
	long long max = -1, k = 0;
	struct sbuf parts = { 0 };
	struct pyobj *r, **v;
	int c;

	(void)b;
	if (a[0] != NULL && a[0]->type != PY_NONE && need_str(s, a[0], "TypeError: must be str or None, not %s") != 0)
		return NULL;
	if (a[1] != NULL && lib_need_index(s, a[1], &max) != 0)
		return NULL;
	if (a[0] == NULL || a[0]->type == PY_NONE) {
		for (;;) {
			while (i < n && is_space((unsigned char)p[i]))
				i++;
			if (i == n)
				break;
			j = i;
			if (max >= 0 && k++ >= max) {
				j = n;	/* the rest, its trailing blanks kept */
			} else {
				while (j < n && !is_space((unsigned char)p[j]))
					j++;
			}
			r = py_str(p + i, j - i);
			sbuf_addn(&parts, (const char *)&r, sizeof r);
			i = j;
		}
	} else {
		if (a[0]->u.str.len == 0) {
			free(parts.s);
			return py_fail(s, "ValueError: empty separator");
		}
		for (;;) {
			if ((max >= 0 && k++ >= max) || !find_bytes(p, n, a[0]->u.str.s, a[0]->u.str.len, i, &at))
				at = n;
			r = py_str(p + i, at - i);
			sbuf_addn(&parts, (const char *)&r, sizeof r);
			if (at == n)
				break;
			i = at + a[0]->u.str.len;
		}
	}
	v = (struct pyobj **)(void *)parts.s;
	r = py_seq(PY_LIST, (int)(parts.len / sizeof *v));
	for (c = 0; c < r->u.seq.n; c++)
		r->u.seq.v[c] = v[c];
	free(parts.s);
	return r;
}

/* str.join(iterable) */
struct pyobj *
str_join(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const struct pyobj *x = a[0];
	struct sbuf out = { 0 };
	size_t at, k;
	int i;

	if (x->type == PY_GEN) {	/* as Python's: the generator's items gathered, then joined */
		struct pyobj *t = py_gen_drain(s, a[0]), *r;

		if (t == NULL)
			return NULL;
		r = str_join(s, b, self, &t);
		py_decref(t);
		return r;
	}
	(void)b;
	sbuf_addn(&out, "", 0);
	switch (x->type) {
	case PY_STR:	/* its characters */
		for (at = 0; at < x->u.str.len; at += k) {
			k = char_bytes(x->u.str.s + at, x->u.str.len - at);
			if (at > 0)
				sbuf_addn(&out, self->u.str.s, self->u.str.len);
			sbuf_addn(&out, x->u.str.s + at, k);
		}
		return str_of_buf(&out);
	case PY_RANGE:	/* of ints: only an empty one joins */
		if (x->u.range.step > 0 ? x->u.range.start < x->u.range.stop : x->u.range.start > x->u.range.stop)
			break;
		return str_of_buf(&out);
	case PY_TENSOR:
		if (x->u.t.ndim == 0) {
			free(out.s);
			return py_fail(s, "TypeError: iteration over a 0-d tensor");
		}
		if (x->u.t.shape[0] > 0)
			break;
		return str_of_buf(&out);
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS:
		for (i = 0; i < x->u.seq.n; i++) {
			const struct pyobj *v = x->u.seq.v[i];

			if (v->type != PY_STR) {
				free(out.s);
				return py_fail(s, "TypeError: sequence item %d: expected str instance, %s found", i,
				    py_type_name(v));
			}
			if (i > 0)
				sbuf_addn(&out, self->u.str.s, self->u.str.len);
			sbuf_addn(&out, v->u.str.s, v->u.str.len);
		}
		return str_of_buf(&out);
	default:
		free(out.s);
		return py_fail(s, "TypeError: can only join an iterable");
	}
	free(out.s);
	return py_fail(s, "TypeError: sequence item 0: expected str instance, %s found",
	    x->type == PY_RANGE ? "int" : "Tensor");
}

/* is byte-run p[0..k) one of the characters of set (UTF-8, whole characters) */
static int
in_set(const char *p, size_t k, const struct pyobj *set)
{
	size_t i, m;

	if (set == NULL)
		return k == 1 && is_space((unsigned char)p[0]);
	for (i = 0; i < set->u.str.len; i += m) {
		m = char_bytes(set->u.str.s + i, set->u.str.len - i);
		if (m == k && memcmp(set->u.str.s + i, p, k) == 0)
			return 1;
	}
	return 0;
}

/* strip (op 3), lstrip (1), rstrip (2): (chars=None) */
struct pyobj *
str_strip(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const char *p = self->u.str.s;
	size_t i = 0, j = self->u.str.len, k;
	const struct pyobj *set = a[0] != NULL && a[0]->type != PY_NONE ? a[0] : NULL;

	if (set != NULL && set->type != PY_STR)
		return py_fail(s, "TypeError: %s arg must be None or str", b->name);
	if (b->op & 1)
		while (i < j && in_set(p + i, (k = char_bytes(p + i, j - i)), set))
			i += k;
	if (b->op & 2)
		while (j > i) {
			k = 1;
			while (k < j - i && ((unsigned char)p[j - k] & 0xc0) == 0x80)
				k++;
			if (!in_set(p + j - k, k, set))
				break;
			j -= k;
		}
	return py_str(p + i, j - i);
}

/* a code point of two UTF-8 bytes (U+0080..U+07FF) upper- (up) or lower-cased, as Unicode's simple case
 * mapping for Latin-1 and Greek letters (others unchanged) */
static unsigned
case2(unsigned c, int up)
{
	if (up) {
		if ((c >= 0xe0 && c <= 0xfe && c != 0xf7) || (c >= 0x3b1 && c <= 0x3c9 && c != 0x3c2))
			return c - 0x20;
		return c == 0x3c2 ? 0x3a3 : c;
	}
	if ((c >= 0xc0 && c <= 0xde && c != 0xd7) || (c >= 0x391 && c <= 0x3a9 && c != 0x3a2))
		return c + 0x20;
	return c;
}

/* upper (op 1), lower (0): ASCII, Latin-1 and Greek letters (ß upper-cased is SS, as Python's) */
struct pyobj *
str_case(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const unsigned char *p = (const unsigned char *)self->u.str.s;
	size_t i, n = self->u.str.len;
	struct sbuf out = { 0 };

	(void)s, (void)a;
	sbuf_addn(&out, "", 0);
	for (i = 0; i < n; i++) {
		unsigned c = p[i];

		if (b->op ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z')) {
			sbuf_addc(&out, (char)(c ^ 0x20));
		} else if ((c & 0xe0) == 0xc0 && i + 1 < n && (p[i + 1] & 0xc0) == 0x80) {
			c = (c & 0x1f) << 6 | (p[++i] & 0x3f);
			if (b->op && c == 0xdf) {
				sbuf_add(&out, "SS");
				continue;
			}
			c = case2(c, b->op);
			sbuf_addc(&out, (char)(0xc0 | c >> 6));
			sbuf_addc(&out, (char)(0x80 | (c & 0x3f)));
		} else {
			sbuf_addc(&out, (char)c);
		}
	}
	return str_of_buf(&out);
}

/* str.replace(old, new, count=-1) */
struct pyobj *
str_replace(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const char *p = self->u.str.s;
	size_t n = self->u.str.len, i = 0, at;
	long long max = -1, k = 0;
	struct sbuf out = { 0 };

	(void)b;
	if (need_str(s, a[0], "TypeError: replace() argument 1 must be str, not %s") != 0 ||
	    need_str(s, a[1], "TypeError: replace() argument 2 must be str, not %s") != 0 ||
	    (a[2] != NULL && lib_need_index(s, a[2], &max) != 0))
		return NULL;
	sbuf_addn(&out, "", 0);
	if (a[0]->u.str.len == 0) {	/* between every character */
		while (i <= n) {
			if (max >= 0 && k >= max) {
				sbuf_addn(&out, p + i, n - i);
				break;
			}
			sbuf_addn(&out, a[1]->u.str.s, a[1]->u.str.len);
			k++;
			if (i == n)
				break;
			at = char_bytes(p + i, n - i);
			sbuf_addn(&out, p + i, at);
			i += at;
		}
		return str_of_buf(&out);
	}
	while ((max < 0 || k < max) && find_bytes(p, n, a[0]->u.str.s, a[0]->u.str.len, i, &at)) {
		sbuf_addn(&out, p + i, at - i);
		sbuf_addn(&out, a[1]->u.str.s, a[1]->u.str.len);
		i = at + a[0]->u.str.len;
		k++;
	}
	sbuf_addn(&out, p + i, n - i);
	return str_of_buf(&out);
}

/* the byte range [*from, *to) of characters start..end (Python's slice indices, None: the ends);
 * 1 when start is past end (or past the string) */
static int
sub_range(struct py_session *s, const struct pyobj *o, struct pyobj *start, struct pyobj *end, size_t *from,
    size_t *to)
{
	size_t n = o->u.str.len, nc = text_chars(o->u.str.s, n);
	long long a = 0, z = (long long)nc;

	if (start != NULL && start->type != PY_NONE) {
		if (!py_is_int(start)) {
			py_fail(s, "TypeError: slice indices must be integers or None or have an __index__ method");
			return -1;
		}
		a = start->u.i < 0 ? py_slice_adjust(start->u.i, (long long)nc, 1) : start->u.i;
	}
	if (end != NULL && end->type != PY_NONE) {
		if (!py_is_int(end)) {
			py_fail(s, "TypeError: slice indices must be integers or None or have an __index__ method");
			return -1;
		}
		z = py_slice_adjust(end->u.i, (long long)nc, 1);
	}
	if (a > z)	/* nothing: find says -1 even for "" */
		return 1;
	*from = char_off(o->u.str.s, n, (size_t)a);
	*to = char_off(o->u.str.s, n, (size_t)z);
	return 0;
}

/* count (op 0), find (1), index (2): (sub, start=None, end=None) */
struct pyobj *
str_search(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const char *p = self->u.str.s;
	size_t from = 0, to = 0, at, i;
	long long k = 0;
	int none;

	if (need_str(s, a[0], "TypeError: must be str, not %s") != 0 ||
	    (none = sub_range(s, self, a[1], a[2], &from, &to)) < 0)
		return NULL;
	if (none)
		return b->op == 2 ? py_fail(s, "ValueError: substring not found") : py_int(b->op == 0 ? 0 : -1);
	if (b->op == 0) {
		if (a[0]->u.str.len == 0)
			return py_int((long long)text_chars(p + from, to - from) + 1);
		for (i = from; find_bytes(p, to, a[0]->u.str.s, a[0]->u.str.len, i, &at); i = at + a[0]->u.str.len)
			k++;
		return py_int(k);
	}
	if (find_bytes(p, to, a[0]->u.str.s, a[0]->u.str.len, from, &at))
		return py_int((long long)text_chars(p, at));
	if (b->op == 2)
		return py_fail(s, "ValueError: substring not found");
	return py_int(-1);
}

/* startswith (op 0), endswith (1): (prefix, start=None, end=None); prefix a str or a tuple of them */
struct pyobj *
str_affix(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	size_t from = 0, to = 0, m;
	int i, n = a[0]->type == PY_TUPLE ? a[0]->u.seq.n : 1, none;

	if (a[0]->type != PY_STR && a[0]->type != PY_TUPLE)
		return py_fail(s, "TypeError: %s first arg must be str or a tuple of str, not %s", b->name,
		    py_type_name(a[0]));
	if ((none = sub_range(s, self, a[1], a[2], &from, &to)) < 0)
		return NULL;
	for (i = 0; i < n && !none; i++) {
		const struct pyobj *x = a[0]->type == PY_TUPLE ? a[0]->u.seq.v[i] : a[0];

		if (x->type != PY_STR)
			return py_fail(s, "TypeError: tuple for %s must only contain str, not %s", b->name, py_type_name(x));
		m = x->u.str.len;
		if (m <= to - from &&
		    memcmp(self->u.str.s + (b->op ? to - m : from), x->u.str.s, m) == 0)
			return py_bool(1);
	}
	return py_bool(0);
}

/* ljust (op 0), rjust (1), center (2): (width, fillchar=' ') */
struct pyobj *
str_just(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long w, nc = (long long)text_chars(self->u.str.s, self->u.str.len), left, i;
	const char *fill = " ";
	size_t fn = 1;
	struct sbuf out = { 0 };

	if (lib_need_index(s, a[0], &w) != 0)
		return NULL;
	if (a[1] != NULL) {
		if (a[1]->type != PY_STR)
			return py_fail(s, "TypeError: The fill character must be a unicode character, not %s",
			    py_type_name(a[1]));
		if (text_chars(a[1]->u.str.s, a[1]->u.str.len) != 1)
			return py_fail(s, "TypeError: The fill character must be exactly one character long");
		fill = a[1]->u.str.s;
		fn = a[1]->u.str.len;
	}
	if (w <= nc)
		return py_str(self->u.str.s, self->u.str.len);
	if (w > 100000000)
		return py_fail(s, "the string would be too long (more than 100000000 characters)");
	left = b->op == 0 ? 0 : b->op == 1 ? w - nc : (w - nc) / 2 + ((w - nc) & w & 1);
	for (i = 0; i < left; i++)
		sbuf_addn(&out, fill, fn);
	sbuf_addn(&out, self->u.str.s, self->u.str.len);
	for (i = left + nc; i < w; i++)
		sbuf_addn(&out, fill, fn);
	return str_of_buf(&out);
}

/* str.zfill(width) */
struct pyobj *
str_zfill(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long w, nc = (long long)text_chars(self->u.str.s, self->u.str.len), i;
	struct sbuf out = { 0 };
	size_t sign = 0;

	(void)b;
	if (lib_need_index(s, a[0], &w) != 0)
		return NULL;
	if (w <= nc)
		return py_str(self->u.str.s, self->u.str.len);
	if (w > 100000000)
		return py_fail(s, "the string would be too long (more than 100000000 characters)");
	if (self->u.str.len > 0 && (self->u.str.s[0] == '+' || self->u.str.s[0] == '-')) {
		sbuf_addn(&out, self->u.str.s, 1);
		sign = 1;
	}
	for (i = 0; i < w - nc; i++)
		sbuf_addc(&out, '0');
	sbuf_addn(&out, self->u.str.s + sign, self->u.str.len - sign);
	return str_of_buf(&out);
}

/* isdigit (op 0), isalpha (1): ASCII, and Latin-1's letters for isalpha */
struct pyobj *
str_is(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const unsigned char *p = (const unsigned char *)self->u.str.s;
	size_t i, n = self->u.str.len;

	(void)s, (void)a;
	if (n == 0)
		return py_bool(0);
	for (i = 0; i < n; i++) {
		if (b->op == 0 ? (p[i] >= '0' && p[i] <= '9') : ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'z'))
			continue;
		if (b->op == 1 && p[i] == 0xc3 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] != 0x97 && p[i + 1] != 0xb7) {
			i++;
			continue;
		}
		return py_bool(0);
	}
	return py_bool(1);
}
