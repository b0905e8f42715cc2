/* readprint.c - THEIRS for check mode: tensor(...) prints and JSON read back (shared/spec/check.md);
 * what a print's numbers are is readnum.c's, the label a line gives it readlabel.c's. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/util.h"
#include "../pipeline/pipeline.h"
#include "readprint.h"
#include "readipynb.h"
#include "readlabel.h"
#include "readnum.h"

#define MAX_FILE (256L << 20)	/* bytes of THEIRS we read, as json.c */

/* One reading: the text, where errors go, and a forward-moving line:col cursor. */
struct rd {
	const char *path;
	const char *s;		/* len bytes, not NUL-terminated */
	size_t len;
	char *err;
	size_t errlen;
	int failed;		/* err holds the first error; later ones are dropped */
	size_t bom;		/* 3 after a UTF-8 byte order mark, which takes no column; else 0 */
	size_t at_off;		/* where() resumes from here: line:col of at_off */
	int at_line, at_col;
	int comment;		/* this print's first line starts with '#': so may its other lines */
	int json;		/* messages speak JSON ("an array") rather than print text ("'['") */
	size_t total;		/* values read into the set so far (at most RP_MAX_VALUES) */
	char jpath[256];	/* JSON messages start with the tensor's key */
};

/* ---- positions and messages ---- */

/* line:col (1-based, col in characters) of byte off; linear over a whole reading. */
static void
where(struct rd *r, size_t off, int *line, int *col)
{
	if (off > r->len)
		off = r->len;
	if (off < r->at_off) {
		r->at_off = r->bom;
		r->at_line = 1;
		r->at_col = 1;
	}
	for (; r->at_off < off; r->at_off++) {
		unsigned char c = (unsigned char)r->s[r->at_off];

		if (c == '\n') {
			r->at_line += r->at_line < INT_MAX;
			r->at_col = 1;
		} else if ((c & 0xc0) != 0x80) {	/* not a UTF-8 continuation byte */
			r->at_col += r->at_col < INT_MAX;
		}
	}
	*line = r->at_line;
	*col = r->at_col;
}

static int
fail(struct rd *r, size_t off, const char *fmt, ...)
{
	va_list ap;
	int line, col, n;

	if (r->failed)
		return -1;
	r->failed = 1;
	if (r->errlen == 0)
		return -1;
	where(r, off, &line, &col);
	n = snprintf(r->err, r->errlen, "%s:%d:%d: %s", r->path, line, col, r->jpath);
	if (n >= 0 && (size_t)n < r->errlen) {
		va_start(ap, fmt);
		vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int
is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}

/* A token of print text ends at white space, punctuation of the print, or a control byte. */
static int
ends_word(int c)
{
	return is_space(c) || c == ',' || c == '[' || c == ']' || c == '(' || c == ')' ||
	    (unsigned char)c < 32 || c == 127;
}

static size_t
word_end(const struct rd *r, size_t p)
{
	while (p < r->len && !ends_word(r->s[p]))
		p++;
	return p;
}

/* What stands at off, for "got ...": end of input, 'c', "word", or a byte. */
static const char *
got(const struct rd *r, size_t off, char *buf, size_t n)
{
	size_t e;
	unsigned char c;

	if (off >= r->len)
		return "end of input";
	c = (unsigned char)r->s[off];
	if (c < 32 || c == 127) {
		snprintf(buf, n, "byte 0x%02x", c);
		return buf;
	}
	e = word_end(r, off);
	if (e == off || strchr("{}:\"", c) != NULL) {
		snprintf(buf, n, "'%c'", c);
		return buf;
	}
	if (e - off > 24)
		snprintf(buf, n, "\"%.24s...\"", r->s + off);
	else
		snprintf(buf, n, "\"%.*s\"", (int)(e - off), r->s + off);
	return buf;
}

/* ---- nested lists -> shape and values (shared by prints and JSON) ---- */

struct nest {
	int ndim;		/* -1 until the first number or empty list fixes it */
	int depth;		/* lists open now */
	int count[RP_MAXDIM];	/* items so far in the open list at each depth */
	int dots[RP_MAXDIM];	/* items before its "...", or -1 */
	size_t open[RP_MAXDIM];	/* where each open list starts, for messages */
	int seen[RP_MAXDIM];	/* a list at this depth has closed: its layout below is the rule */
	int shown[RP_MAXDIM], head[RP_MAXDIM], summ[RP_MAXDIM];
	double *v;		/* n values, cap allocated */
	size_t n, cap;
};

/*
 * JSON messages name the place: key[1][2] holds the indices of the lists
 * open above `depth`, the last one the item about to be added when pending.
 */
static void
nest_path(struct rd *r, const struct nest *b, const char *key, int depth, int pending)
{
	size_t n;
	int l;

	if (!r->json)
		return;
	n = (size_t)snprintf(r->jpath, sizeof r->jpath - 2, "%s", key);
	if (n > sizeof r->jpath - 24)
		n = sizeof r->jpath - 24;
	for (l = 0; l < depth && n < sizeof r->jpath - 16; l++)
		n += (size_t)snprintf(r->jpath + n, sizeof r->jpath - n, "[%d]",
		    b->count[l] - 1 + (l == depth - 1 ? pending : 0));
	snprintf(r->jpath + n, sizeof r->jpath - n, ": ");
}

static int
nest_bump(struct rd *r, struct nest *b, size_t off)
{
	if (b->count[b->depth - 1] == INT_MAX)
		return fail(r, off, "expected at most %d items in one list, got more", INT_MAX);
	b->count[b->depth - 1]++;
	return 0;
}

static int
nest_open(struct rd *r, struct nest *b, size_t off)
{
	char g[64];

	if (b->ndim >= 0 && b->depth >= b->ndim)
		return fail(r, off, "expected a number, got %s", r->json ? "an array" : got(r, off, g, sizeof g));
	if (b->depth == RP_MAXDIM)
		return fail(r, off, "expected at most %d dimensions, got a %s", RP_MAXDIM,
		    r->json ? "deeper array" : "ninth '['");
	if (b->depth > 0 && nest_bump(r, b, off) < 0)
		return -1;
	b->open[b->depth] = off;
	b->count[b->depth] = 0;
	b->dots[b->depth] = -1;
	b->depth++;
	return 0;
}

static int
nest_leaf(struct rd *r, struct nest *b, size_t off, double v)
{
	char g[64];

	if (b->ndim < 0)
		b->ndim = b->depth;
	else if (b->depth < b->ndim)
		return fail(r, off, "expected %s, got %s", r->json ? "an array" : "'['",
		    r->json ? "a number" : got(r, off, g, sizeof g));
	if (b->depth > 0 && nest_bump(r, b, off) < 0)
		return -1;
	if (r->total == RP_MAX_VALUES)
		return fail(r, off, "expected at most %zu elements in all, got more", RP_MAX_VALUES);
	r->total++;
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->v = xrealloc(b->v, b->cap * sizeof *b->v);
	}
	b->v[b->n++] = v;
	return 0;
}

static int
nest_dots(struct rd *r, struct nest *b, size_t off)
{
	int l = b->depth - 1;

	if (l < 0 || b->count[l] == 0 || b->ndim < 0)
		return fail(r, off, "expected a number or '[' before '...', got '...'");
	if (b->dots[l] >= 0)
		return fail(r, off, "expected one '...' in a list, got a second");
	b->dots[l] = b->count[l];
	return 0;
}

static void
layout(char *buf, size_t n, int count, int head, int summ)
{
	if (summ)
		snprintf(buf, n, "%d, ..., %d", head, count - head);
	else
		snprintf(buf, n, "%d", count);
}

static int
nest_close(struct rd *r, struct nest *b, size_t off)
{
	int l = b->depth - 1, c = b->count[l], h, s;
	char want[64], have[64];

	if (b->dots[l] >= 0 && b->dots[l] == c)
		return fail(r, off, "expected a number or '[' after '...', got ']'");
	if (b->ndim < 0)
		b->ndim = b->depth;	/* [] or [[], []]: the innermost list is the last dim */
	s = b->dots[l] >= 0;
	h = s ? b->dots[l] : c;
	if (!b->seen[l]) {
		b->seen[l] = 1;
		b->shown[l] = c;
		b->head[l] = h;
		b->summ[l] = s;
	} else if (b->shown[l] != c || b->head[l] != h || b->summ[l] != s) {
		int row = l == b->ndim - 1;

		layout(want, sizeof want, b->shown[l], b->head[l], b->summ[l]);
		layout(have, sizeof have, c, h, s);
		return fail(r, b->open[l], "expected %s %s in this %s, as in the %s before, got %s",
		    want, row ? "numbers" : "items", row ? "row" : "list", row ? "rows" : "lists", have);
	}
	b->depth--;
	return 0;
}

/* The finished layout into t (which takes b's values). */
static void
nest_take(struct nest *b, struct rp_tensor *t)
{
	int d;

	t->ndim = b->ndim < 0 ? 0 : b->ndim;
	t->nshown = 1;
	for (d = 0; d < t->ndim; d++) {
		if (!b->seen[d])	/* below an empty list: nothing was shown */
			b->shown[d] = b->head[d] = b->summ[d] = 0;
		t->shown[d] = b->shown[d];
		t->head[d] = b->head[d];
		t->summarised[d] = b->summ[d];
		t->size[d] = b->summ[d] ? -1 : b->shown[d];
		t->nshown *= (size_t)b->shown[d];
	}
	t->v = b->n < b->cap ? xrealloc(b->v, (b->n ? b->n : 1) * sizeof *b->v) : b->v;	/* 64 kept for 1: 512 B a tensor(1.) */
	b->v = NULL;
	b->n = b->cap = 0;
}

/* ---- the set ---- */

static struct rp_tensor *
set_add(struct rp_set *s)
{
	struct rp_tensor *t;

	if (s->n == INT_MAX / 2)
		return NULL;
	if ((s->n & (s->n - 1)) == 0)	/* 0, 1, 2, 4...: the capacity doubles */
		s->t = xrealloc(s->t, (s->n ? 2 * (size_t)s->n : 1) * sizeof *s->t);
	t = &s->t[s->n++];
	memset(t, 0, sizeof *t);
	return t;
}

static void
tensor_clear(struct rp_tensor *t)
{
	free(t->label);
	free(t->v);
	free(t->grad_fn);
	free(t->device);
}

void
rp_free(struct rp_set *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		tensor_clear(&s->t[i]);
	free(s->t);
	s->t = NULL;
	s->n = 0;
}

static char *
strndup_(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

/* ---- one print: tensor(BODY, SUFFIX...) ---- */

/* White space, and with r->comment a '#' that starts a continuation line. */
static size_t
skip_ws(const struct rd *r, size_t p)
{
	while (p < r->len) {
		char c = r->s[p];

		if (c == '\n' && r->comment) {
			p++;
			while (p < r->len && (r->s[p] == ' ' || r->s[p] == '\t'))
				p++;
			if (p < r->len && r->s[p] == '#')
				p++;
		} else if (is_space(c)) {
			p++;
		} else {
			break;
		}
	}
	return p;
}

static int
unterminated(struct rd *r, size_t start)
{
	return fail(r, start, "expected ')' to close this tensor(, got end of input");
}

/* A number (or True/False) at *pp into b and f. */
static int
element(struct rd *r, struct nest *b, struct facts *f, size_t *pp)
{
	size_t p = *pp, e = word_end(r, p);
	struct num x;
	char g[64];
	int rc = readnum_parse(r->s + p, e - p, &x);

	if (rc == -2)
		return fail(r, p, "expected a number within double range, got %s", got(r, p, g, sizeof g));
	if (rc < 0)
		return fail(r, p, "expected a number, got %s", got(r, p, g, sizeof g));
	if (x.kind == NUM_BOOL && f->nnum)
		return fail(r, p, "expected a number like the elements before, got %s", got(r, p, g, sizeof g));
	if (x.kind != NUM_BOOL && f->nbool)
		return fail(r, p, "expected True or False like the elements before, got %s", got(r, p, g, sizeof g));
	if (nest_leaf(r, b, p, x.v) < 0)
		return -1;
	readnum_facts_add(f, &x);
	*pp = e;
	return 0;
}

/* BODY: a number (0-d) or nested lists with "..." summaries; *pp moves past it. */
static int
body(struct rd *r, size_t start, struct nest *b, struct facts *f, size_t *pp)
{
	size_t p = skip_ws(r, *pp);
	int want_item = 1, just_opened = 0;
	char g[64];

	if (p >= r->len)
		return unterminated(r, start);
	if (r->s[p] != '[') {
		if (element(r, b, f, &p) < 0)
			return -1;
		*pp = p;
		return 0;
	}
	for (;;) {
		char c;

		p = skip_ws(r, p);
		if (p >= r->len && b->depth > 0)	/* unbalanced: name the '[' left open */
			return fail(r, b->open[b->depth - 1], "expected ']' to close this '[', got end of input");
		if (p >= r->len)
			return unterminated(r, start);
		c = r->s[p];
		if (want_item) {
			if (c == '[') {
				if (nest_open(r, b, p) < 0)
					return -1;
				p++;
				just_opened = 1;
				continue;
			}
			if (c == ']' && just_opened) {
				if (nest_close(r, b, p) < 0)
					return -1;
				p++;
				want_item = just_opened = 0;
				if (b->depth == 0)
					break;
				continue;
			}
			if (r->len - p >= 3 && memcmp(r->s + p, "...", 3) == 0 && word_end(r, p) == p + 3) {
				if (nest_dots(r, b, p) < 0)
					return -1;
				p += 3;
			} else if (element(r, b, f, &p) < 0) {
				return -1;
			}
			want_item = just_opened = 0;
		} else if (c == ',') {
			p++;
			want_item = 1;
		} else if (c == ']') {
			if (nest_close(r, b, p) < 0)
				return -1;
			p++;
			if (b->depth == 0)
				break;
		} else {
			return fail(r, p, "expected ',' or ']', got %s", got(r, p, g, sizeof g));
		}
	}
	*pp = p;
	return 0;
}

/* size=(0, 3): dims into shape, their count into *nd. */
static int
size_suffix(struct rd *r, size_t *pp, int *shape, int *nd)
{
	size_t p = skip_ws(r, *pp);
	char g[64];

	*nd = 0;
	if (p >= r->len || r->s[p] != '(')
		return fail(r, p, "expected '(' after size=, got %s", got(r, p, g, sizeof g));
	for (p++;;) {
		long long v = 0;
		size_t q;

		p = skip_ws(r, p);
		if (p < r->len && r->s[p] == ')')
			break;
		for (q = p; q < r->len && is_digit(r->s[q]); q++)
			if ((v = v * 10 + (r->s[q] - '0')) > INT_MAX)
				return fail(r, p, "expected a size below 2^31, got %s", got(r, p, g, sizeof g));
		if (q == p || (q < r->len && !ends_word(r->s[q])))
			return fail(r, p, "expected a size, got %s", got(r, p, g, sizeof g));
		if (*nd == RP_MAXDIM)
			return fail(r, p, "expected at most %d sizes, got more", RP_MAXDIM);
		shape[(*nd)++] = (int)v;
		p = skip_ws(r, q);
		if (p < r->len && r->s[p] == ',')
			p++;
		else if (p >= r->len || r->s[p] != ')')
			return fail(r, p, "expected ',' or ')', got %s", got(r, p, g, sizeof g));
	}
	*pp = p + 1;
	return 0;
}

/* The layout of t as a shape: "(3, ...7, 4)" marks a summarised dim that showed 7. */
static void
layout_str(char *buf, size_t n, const struct rp_tensor *t)
{
	size_t k = (size_t)snprintf(buf, n, "(");
	int d;

	for (d = 0; d < t->ndim && k < n; d++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s%d", d ? ", " : "",
		    t->summarised[d] ? ">" : "", t->shown[d]);
	if (k < n)
		snprintf(buf + k, n - k, t->ndim == 1 ? ",)" : ")");
}

/* What the suffixes said; each suffix reader starts at *ep, past "name=", and moves it past its value. */
struct suffix_said {
	size_t at;		/* where the suffix's name is */
	int shape[RP_MAXDIM], nd, has_size;
	size_t size_at;
	int dtype;		/* enum rp_dtype, or -1 */
};

static int
suffix_size(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x)
{
	(void)t;
	x->size_at = x->at;
	x->has_size = 1;
	return size_suffix(r, ep, x->shape, &x->nd);
}

static int
suffix_dtype(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x)
{
	size_t w, e = *ep;
	char g[64];
	int d;

	(void)t;
	if (r->len - e < 6 || memcmp(r->s + e, "torch.", 6) != 0)
		return fail(r, e, "expected torch.DTYPE, got %s", got(r, e, g, sizeof g));
	for (w = e + 6; w < r->len && is_ident(r->s[w]); w++)
		;
	if ((d = readnum_dtype(r->s + e + 6, w - e - 6)) >= 0)
		x->dtype = d;
	if (x->dtype < 0)
		return fail(r, e, "expected a real or bool dtype such as torch.float32, got %s", got(r, e, g, sizeof g));
	*ep = w;
	return 0;
}

static int
suffix_device(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x)
{
	size_t e = *ep, w = e + 1;
	char quote = e < r->len ? r->s[e] : 0, g[64];

	(void)x;
	if (quote == '\'' || quote == '"')
		while (w < r->len && w - e < 64 && r->s[w] != quote && (unsigned char)r->s[w] >= 32)
			w++;
	if ((quote != '\'' && quote != '"') || w >= r->len || r->s[w] != quote)
		return fail(r, e, "expected a quoted device such as 'cuda:0', got %s", got(r, e, g, sizeof g));
	free(t->device);
	t->device = strndup_(r->s + e + 1, w - e - 1);
	*ep = w + 1;
	return 0;
}

static int
suffix_grad_fn(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x)
{
	size_t e = *ep, w = e + 1;
	char g[64];

	(void)x;
	if (e < r->len && r->s[e] == '<')
		while (w < r->len && w - e < 128 && is_ident(r->s[w]))
			w++;
	if (e >= r->len || r->s[e] != '<' || w == e + 1 || w >= r->len || r->s[w] != '>')
		return fail(r, e, "expected <Name> after grad_fn=, got %s", got(r, e, g, sizeof g));
	free(t->grad_fn);
	t->grad_fn = strndup_(r->s + e + 1, w - e - 1);
	t->requires_grad = 1;
	*ep = w + 1;
	return 0;
}

static int
suffix_requires_grad(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x)
{
	size_t e = *ep, w = word_end(r, e);
	char g[64];

	(void)x;
	if (readnum_word_is(r->s + e, w - e, "True"))
		t->requires_grad = 1;
	else if (!readnum_word_is(r->s + e, w - e, "False"))
		return fail(r, e, "expected True or False, got %s", got(r, e, g, sizeof g));
	*ep = w;
	return 0;
}

static const struct {
	const char *name;
	int (*read)(struct rd *r, size_t *ep, struct rp_tensor *t, struct suffix_said *x);
} suffix_defs[] = {
	{ "size", suffix_size }, { "dtype", suffix_dtype }, { "device", suffix_device },
	{ "grad_fn", suffix_grad_fn }, { "requires_grad", suffix_requires_grad },
};

/* size=: the printed shape must agree (tensor([], size=(0, 3)) takes it). */
static int
size_agrees(struct rd *r, struct rp_tensor *t, const struct suffix_said *x)
{
	char want[160], have[160];
	int d;

	text_dims(want, sizeof want, x->nd, x->shape, "(", x->nd == 1 ? ",)" : ")");
	if (t->ndim == 1 && t->shown[0] == 0) {	/* tensor([], size=(0, 3)) */
		for (d = 0; d < x->nd && x->shape[d] != 0; d++)
			;
		if (d == x->nd)
			return fail(r, x->size_at, "expected a size with a 0 in it for tensor([]), got size=%s", want);
		t->ndim = x->nd;
		for (d = 0; d < x->nd; d++)
			t->shown[d] = t->head[d] = t->size[d] = x->shape[d];
		return 0;
	}
	if (!rp_fits(t, x->nd, x->shape)) {
		layout_str(have, sizeof have, t);
		return fail(r, x->size_at, "expected size= to agree with the printed shape %s, got size=%s", have, want);
	}
	return 0;
}

/* The suffixes after the body, up to and past the closing ')'. */
static int
suffixes(struct rd *r, size_t start, struct rp_tensor *t, size_t *pp)
{
	size_t p = *pp, q, e, i, n = sizeof suffix_defs / sizeof suffix_defs[0];
	char g[64];
	struct suffix_said x;

	memset(&x, 0, sizeof x);
	x.dtype = -1;
	for (;;) {
		p = skip_ws(r, p);
		if (p >= r->len)
			return unterminated(r, start);
		if (r->s[p] == ')')
			break;
		if (r->s[p] != ',')
			return fail(r, p, "expected ',' or ')', got %s", got(r, p, g, sizeof g));
		p = skip_ws(r, p + 1);
		for (q = p; q < r->len && is_ident(r->s[q]); q++)
			;
		for (i = 0; q < r->len && r->s[q] == '=' && q != p && i < n; i++)
			if (readnum_word_is(r->s + p, q - p, suffix_defs[i].name))
				break;
		if (q >= r->len || r->s[q] != '=' || q == p || i == n)
			return fail(r, p, "expected size=, dtype=, device=, grad_fn= or requires_grad=, got %s",
			    got(r, p, g, sizeof g));
		e = q + 1;
		x.at = p;
		if (suffix_defs[i].read(r, &e, t, &x) < 0)
			return -1;
		p = e;
	}
	*pp = p + 1;
	if (x.dtype >= 0)
		t->dtype = (enum rp_dtype)x.dtype;
	return x.has_size ? size_agrees(r, t, &x) : 0;
}

/*
 * The print whose "tensor(" is at start: 0 and *endp past its ')' (t
 * filled but for the label), or -1.
 */
static int
print_read(struct rd *r, size_t start, struct rp_tensor *t, size_t *endp)
{
	struct nest b;
	struct facts f;
	size_t p = start + 7;

	memset(&b, 0, sizeof b);
	memset(&f, 0, sizeof f);
	b.ndim = -1;
	if (body(r, start, &b, &f, &p) < 0) {
		free(b.v);
		return -1;
	}
	nest_take(&b, t);
	readnum_facts_apply(&f, t);
	t->dtype = f.nbool ? RP_BOOL : f.nfloat == f.nnonfinite && f.nint > 0 ? RP_INT64 : RP_FLOAT32;
	if (suffixes(r, start, t, &p) < 0)
		return -1;
	*endp = p;
	return 0;
}

/* Is the "tensor(" at p a print?  Code such as tensor(x) or torch.tensor([...]) is not. */
static int
is_print(struct rd *r, size_t p)
{
	size_t q, e;
	struct num x;

	if (p > 0 && (is_ident(r->s[p - 1]) || r->s[p - 1] == '.'))
		return 0;
	q = skip_ws(r, p + 7);
	if (q >= r->len || r->s[q] == '[')
		return 1;	/* at the end: an unterminated print */
	e = word_end(r, q);
	return readnum_parse(r->s + q, e - q, &x) != -1;
}

static size_t
find_tensor(const struct rd *r, size_t p)
{
	while (p + 7 <= r->len) {
		const char *t = memchr(r->s + p, 't', r->len - p - 6);

		if (t == NULL)
			break;
		p = (size_t)(t - r->s);
		if (memcmp(t, "tensor(", 7) == 0)
			return p;
		p++;
	}
	return r->len;
}

static int
read_text(struct rd *r, struct rp_set *set)
{
	size_t p = 0, prev_end = 0, end;

	while ((p = find_tensor(r, p)) < r->len) {
		struct rp_tensor *t;

		r->comment = 0;
		if (!is_print(r, p)) {
			p += 7;
			continue;
		}
		if ((t = set_add(set)) == NULL)
			return fail(r, p, "expected at most %d tensors, got more", INT_MAX / 2);
		r->comment = readlabel_around(r->s, p, prev_end, t);
		where(r, p, &t->line, &t->col);
		if (print_read(r, p, t, &end) < 0)
			return -1;
		p = prev_end = end;
	}
	return 0;
}

/* ---- JSON ---- */

/*
 * rp_read() checks the syntax with the input files' own scanner (json.h's
 * json_scan(), taking Python's NaN and Infinity); then read_json() walks
 * the checked text with its readers straight into the nested-list
 * builder: memory is the values only, and each pass is linear.
 */

static size_t
jws(const struct rd *r, size_t p)
{
	return json_ws(r->s, r->len, p);
}

/* Past the value at *pp, which nobody reads. */
static void
jskip(const struct rd *r, size_t *pp)
{
	*pp = json_skip(r->s, r->len, *pp);
}

/* The JSON value at p, for "got ...": an array, a string "x", null... */
static const char *
jkind(const struct rd *r, size_t p, char *buf, size_t len)
{
	size_t e = p + 1;

	switch (p < r->len ? r->s[p] : 0) {
	case '[': return "an array";
	case '{': return "an object";
	case 't': return "true";
	case 'f': return "false";
	case 'n': return "null";
	case '"':
		while (e < r->len && r->s[e] != '"' && (unsigned char)r->s[e] >= 32 && e - p <= 24)
			e++;
		snprintf(buf, len, "a string \"%.*s%s\"", (int)(e - p - 1), r->s + p + 1,
		    e < r->len && r->s[e] == '"' ? "" : "...");
		return buf;
	default:
		return "a number";
	}
}

/*
 * The string at the quote at *pp, decoded (the syntax pass checked it);
 * *pp moves past it.  It becomes a label and a part of one-line messages:
 * control characters ("\n" in a key) turn into '?'.
 */
static char *
jdecode(struct rd *r, size_t *pp)
{
	struct sbuf b = { NULL, 0, 0 };
	size_t i;

	sbuf_addn(&b, "", 0);
	json_string(r->s, r->len, pp, &b);
	for (i = 0; i < b.len; i++)
		if ((unsigned char)b.s[i] < 32 || b.s[i] == 127)
			b.s[i] = '?';
	return sbuf_take(&b);
}

/* Does the key at the quote at p read exactly name (no escapes)? */
static int
jkey_is(const struct rd *r, size_t p, const char *name)
{
	size_t n = strlen(name);

	return r->len - p > n + 1 && memcmp(r->s + p + 1, name, n) == 0 && r->s[p + 1 + n] == '"';
}

/* After a key at *pp: past the key and its ':', to the value. */
static void
jpast_key(struct rd *r, size_t *pp)
{
	json_string(r->s, r->len, pp, NULL);
	*pp = jws(r, jws(r, *pp) + 1);
}

/* "inf", "-inf", "nan" (any case, "infinity" too) as the JSON string at p. */
static int
jnonfinite(const struct rd *r, size_t p, double *v)
{
	size_t q, k;
	char w[16];
	int neg = 0;

	q = ++p;
	while (q < r->len && r->s[q] != '"' && q - p < 12)
		q++;
	if (q >= r->len || r->s[q] != '"')
		return -1;
	if (r->s[p] == '-' || r->s[p] == '+')
		neg = r->s[p++] == '-';
	for (k = 0; p + k < q; k++)
		w[k] = (char)(r->s[p + k] | 0x20);	/* ASCII lower case */
	w[k] = '\0';
	if (strcmp(w, "inf") == 0 || strcmp(w, "infinity") == 0)
		*v = neg ? -INFINITY : INFINITY;
	else if (strcmp(w, "nan") == 0)
		*v = NAN;
	else
		return -1;
	return 0;
}

/* The value at *pp (nested arrays of numbers) into b; recursion ends at RP_MAXDIM + 1 levels. */
static int
jtensor_at(struct rd *r, size_t *pp, struct nest *b, struct facts *f, const char *key)
{
	size_t p = jws(r, *pp), at = p;
	double v = 0;
	char g[64], c = p < r->len ? r->s[p] : 0;
	int isbool = 0;

	nest_path(r, b, key, b->depth, 1);
	if (c == '[') {
		if (nest_open(r, b, at) < 0)
			return -1;
		p = jws(r, p + 1);
		if (p < r->len && r->s[p] == ']') {
			p++;
		} else {
			for (;;) {
				if (jtensor_at(r, &p, b, f, key) < 0)
					return -1;
				p = jws(r, p);
				if (p < r->len && r->s[p] == ',') {
					p++;
				} else if (p < r->len && r->s[p] == ']') {
					p++;
					break;
				} else {
					return fail(r, p, "expected ',' or ']', got %s", got(r, p, g, sizeof g));
				}
			}
		}
		nest_path(r, b, key, b->depth - 1, 0);
		*pp = p;
		return nest_close(r, b, at);
	}
	if (c == '"' && jnonfinite(r, p, &v) == 0) {
		json_string(r->s, r->len, &p, NULL);
	} else if (c == 't' || c == 'f') {
		isbool = 1;
		v = c == 't';
		p += c == 't' ? 4 : 5;
	} else if (c == '-' || c == 'N' || c == 'I' || is_digit(c)) {
		if (json_number(r->s, r->len, &p, &v) != 0)
			return fail(r, at, "expected a number, \"inf\", \"-inf\" or \"nan\", got a number out of double range");
	} else {
		return fail(r, at, "expected a number, \"inf\", \"-inf\" or \"nan\", got %s", jkind(r, at, g, sizeof g));
	}
	if (isbool != (f->nbool > 0) && f->nbool + f->nnum > 0)
		return fail(r, at, "expected %s like the elements before, got %s",
		    f->nbool ? "true or false" : "a number", jkind(r, at, g, sizeof g));
	if (nest_leaf(r, b, at, v) < 0)
		return -1;
	if (isbool)
		f->nbool++;
	else
		f->nnum++;
	*pp = p;
	return 0;
}

/* A new tensor in set from the JSON value at *pp; key names it in messages. */
static int
jtensor(struct rd *r, size_t *pp, const char *key, struct rp_set *set, struct rp_tensor **tp)
{
	struct nest b;
	struct facts f;
	struct rp_tensor *t;
	size_t p = jws(r, *pp);

	memset(&b, 0, sizeof b);
	memset(&f, 0, sizeof f);
	b.ndim = -1;
	if ((t = set_add(set)) == NULL)
		return fail(r, p, "expected at most %d tensors, got more", INT_MAX / 2);
	t->json = 1;
	where(r, p, &t->line, &t->col);
	if (jtensor_at(r, &p, &b, &f, key) < 0) {
		free(b.v);
		return -1;
	}
	r->jpath[0] = '\0';
	nest_take(&b, t);
	t->dtype = f.nbool ? RP_BOOL : RP_FLOAT32;
	t->notation = RP_UNROUNDED;
	t->precision = -1;
	t->unit = 0;
	*pp = p;
	*tp = t;
	return 0;
}

/* "shape": [2, 3] at *pp into shape; the count into *nd. */
static int
jshape(struct rd *r, size_t *pp, int *shape, int *nd)
{
	size_t p = *pp, at;
	char g[64];
	double v;

	*nd = 0;
	if (r->s[p] != '[')
		return fail(r, p, "shape: expected an array of sizes, got %s", jkind(r, p, g, sizeof g));
	p = jws(r, p + 1);
	while (p < r->len && r->s[p] != ']') {
		at = p;
		if (*nd == RP_MAXDIM)
			return fail(r, at, "shape: expected at most %d sizes, got more", RP_MAXDIM);
		if (!(r->s[p] == '-' || is_digit(r->s[p])) || json_number(r->s, r->len, &p, &v) != 0 ||
		    v < 0 || v > INT_MAX || v != floor(v))
			return fail(r, at, "shape: expected a size from 0 to 2^31-1, got %s",
			    r->s[at] == '-' || is_digit(r->s[at]) ? "another number" : jkind(r, at, g, sizeof g));
		shape[(*nd)++] = (int)v;
		p = jws(r, p);
		if (p < r->len && r->s[p] == ',')
			p = jws(r, p + 1);
	}
	*pp = p + 1;
	return 0;
}

/* One of --json's {"name": ..., "expression": ..., "shape": [...], "data": [...]}: data flat or nested. */
static int
jstage(struct rd *r, size_t *pp, struct rp_set *set)
{
	size_t p = jws(r, *pp), obj = p, data_at = 0, numel = 1;
	int shape[RP_MAXDIM], nd = -1, d, zero = 0;
	char g[64], want[160], have[160], *name = NULL;
	struct rp_tensor *t = NULL;

	if (r->s[p] != '{')
		return fail(r, p, "expected an object {\"name\", \"shape\", \"data\"}, got %s", jkind(r, p, g, sizeof g));
	p = jws(r, p + 1);
	while (r->s[p] != '}') {
		size_t key = p;

		if (name != NULL)
			snprintf(r->jpath, sizeof r->jpath, "%.200s: ", name);
		else
			r->jpath[0] = '\0';
		jpast_key(r, &p);
		if (jkey_is(r, key, "name")) {
			if (r->s[p] != '"') {
				free(name);
				return fail(r, p, "expected a \"name\" string, got %s", jkind(r, p, g, sizeof g));
			}
			free(name);
			name = jdecode(r, &p);
		} else if (jkey_is(r, key, "data") && t == NULL) {
			data_at = p;
			if (jtensor(r, &p, name ? name : "data", set, &t) < 0) {
				free(name);
				return -1;
			}
		} else if (jkey_is(r, key, "shape") && nd < 0) {
			if (jshape(r, &p, shape, &nd) < 0) {
				free(name);
				return -1;
			}
		} else {
			jskip(r, &p);
		}
		p = jws(r, p);
		if (r->s[p] == ',')
			p = jws(r, p + 1);
	}
	*pp = p + 1;
	if (name == NULL)
		return fail(r, obj, "expected a \"name\" string, got none");
	snprintf(r->jpath, sizeof r->jpath, "%.200s: ", name);
	if (t == NULL) {
		free(name);
		return fail(r, obj, "expected a \"data\" member, got none");
	}
	t->label = name;
	t->named = 1;
	if (nd < 0 || rp_fits(t, nd, shape)) {
		r->jpath[0] = '\0';
		return 0;
	}
	for (d = 0; d < nd; d++) {
		zero |= shape[d] == 0;
		if (numel <= RP_MAX_VALUES)	/* saturates: 2^25 * 2^31 fits in size_t */
			numel *= (size_t)shape[d];
	}
	if (zero)
		numel = 0;
	if (t->ndim == 1 && (size_t)t->shown[0] == numel) {	/* flat data */
		t->ndim = nd;
		for (d = 0; d < nd; d++)
			t->shown[d] = t->head[d] = t->size[d] = shape[d];
		r->jpath[0] = '\0';
		return 0;
	}
	text_dims(want, sizeof want, nd, shape, "(", nd == 1 ? ",)" : ")");
	layout_str(have, sizeof have, t);
	return fail(r, data_at, "data: expected %zu numbers, or nested arrays of shape %s, got shape %s",
	    numel, want, have);
}

/*
 * Is the object at p --json's document, {"file", "tokens", "settings",
 * "stages": [...], "weights": [...]}?  Its member "stages" is an array.
 */
static int
jdocument(struct rd *r, size_t p)
{
	size_t key;

	p = jws(r, p + 1);
	while (p < r->len && r->s[p] == '"') {
		key = p;
		jpast_key(r, &p);
		if (jkey_is(r, key, "stages") && r->s[p] == '[')
			return 1;
		jskip(r, &p);
		p = jws(r, p);
		if (p < r->len && r->s[p] == ',')
			p = jws(r, p + 1);
	}
	return 0;
}

/* --json's document: the tensors of its "stages" and "weights" arrays; the rest is not a tensor. */
static int
read_document(struct rd *r, size_t p, struct rp_set *set)
{
	size_t key;

	p = jws(r, p + 1);
	while (r->s[p] == '"') {
		key = p;
		jpast_key(r, &p);
		if ((jkey_is(r, key, "stages") || jkey_is(r, key, "weights")) && r->s[p] == '[') {
			for (p = jws(r, p + 1); r->s[p] != ']';) {
				if (jstage(r, &p, set) < 0)
					return -1;
				p = jws(r, p);
				if (r->s[p] == ',')
					p = jws(r, p + 1);
			}
			p++;
		} else {
			jskip(r, &p);
		}
		p = jws(r, p);
		if (r->s[p] == ',')
			p = jws(r, p + 1);
	}
	if (set->n == 0)
		return fail(r, 0, "expected at least one tensor in \"stages\", got none");
	return 0;
}

/* THEIRS as JSON (its syntax checked): {"name": nested arrays, ...}, or --json's document or array. */
static int
read_json(struct rd *r, size_t p, struct rp_set *set)
{
	struct rp_tensor *t;
	char close = r->s[p] == '{' ? '}' : ']';
	size_t root = p;

	r->json = 1;
	if (close == '}' && jdocument(r, p))
		return read_document(r, p, set);
	p = jws(r, p + 1);
	if (r->s[p] == close)
		return fail(r, root, "expected at least one tensor, got an empty %s", close == '}' ? "object" : "array");
	for (;;) {
		if (close == '}') {
			size_t q = p;
			char *key = jdecode(r, &q);
			int rc;

			p = jws(r, jws(r, q) + 1);
			rc = jtensor(r, &p, key, set, &t);
			if (rc == 0)
				t->label = key;
			else
				free(key);
			if (rc < 0)
				return -1;
		} else if (jstage(r, &p, set) < 0) {
			return -1;
		}
		p = jws(r, p);
		if (r->s[p] != ',')
			return 0;
		p = jws(r, p + 1);
	}
}

/* ---- entry points ---- */

/*
 * The syntax check of the JSON at r->bom: 0, or -1 with "PATH:LINE:COL: message" in jerr.
 * json_scan() wants the text NUL-terminated: a copy.
 */
static int
json_syntax(const struct rd *r, char *jerr, size_t jerrlen)
{
	size_t n = r->len - r->bom;
	char *copy = xmalloc(n + 1), e[480];
	int rc;

	memcpy(copy, r->s + r->bom, n);
	copy[n] = '\0';
	if ((rc = json_scan(copy, n, JSON_NONFINITE, e, sizeof e)) != 0)
		snprintf(jerr, jerrlen, "%s:%s", r->path, e);
	free(copy);
	return rc;
}

int
rp_read(struct rp_set *out, const char *path, const char *text, size_t len, char *err, size_t errlen)
{
	struct rd r;
	char jerr[512] = "", *nb;
	size_t p = 0, nblen;

	out->n = 0;
	out->t = NULL;
	memset(&r, 0, sizeof r);
	r.path = path;
	r.s = text;
	r.len = len;
	r.err = err;
	r.errlen = errlen;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r.bom = p = 3;	/* a UTF-8 byte order mark: columns count from after it, as an input file's */
	r.at_off = r.bom;
	r.at_line = r.at_col = 1;
	if (errlen > 0)
		err[0] = '\0';
	while (p < len && is_space(text[p]))
		p++;
	if (len == 0)
		return fail(&r, 0, "expected tensor(...) prints or a JSON object, got an empty file");
	if (p == len)
		return fail(&r, len, "expected tensor(...) prints or a JSON object, got only white space");
	if ((text[p] == '{' || text[p] == '[') && json_syntax(&r, jerr, sizeof jerr) == 0) {
		if (readipynb_transcript(text, len, &nb, &nblen)) {
			int rc = rp_read(out, path, nb, nblen, err, errlen);	/* check.md: a notebook's outputs */

			free(nb);
			return rc;
		}
		if (read_json(&r, p, out) == 0)
			return 0;
		rp_free(out);
		return -1;
	}
	if (read_text(&r, out) < 0) {
		rp_free(out);
		return -1;
	}
	if (out->n > 0)
		return 0;
	if (jerr[0] != '\0') {	/* it looked like JSON and is no print either: say why it is no JSON */
		snprintf(err, errlen, "%s", jerr);
		return -1;
	}
	return fail(&r, p, "expected tensor(...) prints or a JSON object, got text with no tensor(...) in it");
}

int
rp_load(struct rp_set *out, const char *path, char *err, size_t errlen)
{
	FILE *fp;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	struct stat st;
	int rc;

	out->n = 0;
	out->t = NULL;
	if (strcmp(path, "-") == 0) {
		fp = stdin;
	} else {
		if ((fp = fopen(path, "r")) == NULL) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
			fclose(fp);
			snprintf(err, errlen, "%s: is a directory, expected PyTorch prints or JSON", path);
			return -1;
		}
	}
	for (;;) {
		if (len + 65536 > cap) {	/* refused: the reader's own error, the file's buffer freed */
			char *more = realloc(buf, cap = (len + 65536) * 2);

			if (more == NULL) {
				snprintf(err, errlen, "%s: out of memory reading the file (%zu bytes)", path, cap);
				goto fail;
			}
			buf = more;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
		if (n == 0)
			break;
		if (len > (size_t)MAX_FILE) {
			snprintf(err, errlen, "%s: file larger than %ld MiB", path, MAX_FILE >> 20);
			goto fail;
		}
	}
	if (ferror(fp)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	if (fp != stdin)
		fclose(fp);
	rc = rp_read(out, path, buf, len, err, errlen);
	free(buf);
	return rc;
fail:
	if (fp != stdin)
		fclose(fp);
	free(buf);
	return -1;
}
