/* heatmap.c - a 2-d tensor as shaded cells, labelled with the stage positions it shows. */
#define _XOPEN_SOURCE 700	/* wcwidth() is XSI */
#include <langinfo.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "../util/util.h"
#include "../py/py.h"
#include "heatmap.h"

#define LABEL_MAX 12			/* display columns of a token in a label */
#define MARK_BASE 4096			/* flat indices go in two pieces below it: exact in float32 */

/* The shades and marks: Unicode in a UTF-8 locale, ASCII in any other (glyphs(), by the locale). */
struct glyph_set {
	const char *shade[5], *masked, *nan, *cut;
};
static const struct glyph_set glyphs_utf8 = { { " ", "\u2591", "\u2592", "\u2593", "\u2588" }, "\u00b7", "\u00d7",
	"\u2026" };
static const struct glyph_set glyphs_ascii = { { " ", ".", ":", "+", "#" }, "-", "x", "~" };
static int locale_utf8(void);

static const struct glyph_set *
glyphs(void)
{
	return locale_utf8() ? &glyphs_utf8 : &glyphs_ascii;
}
#define shades (glyphs()->shade)
#define GLYPH_MASKED (glyphs()->masked)
#define GLYPH_NAN (glyphs()->nan)
#define GLYPH_CUT (glyphs()->cut)

/* What one axis of a stage counts (input-format.md's shapes). */
enum { K_POS, K_BATCH, K_HEAD, K_QUERY, K_KEY, K_TOKEN, K_DIM };
static const char *const kind_one[] = { "position", "batch", "head", "query", "key", "token" };
static const char *const kind_many[] = { "positions", "batches", "heads", "queries", "keys", "tokens" };

/* ---- text in display columns ---- */

/*
 * The next character of s (not at its end): *len bytes, *w display columns,
 * or *w = -1 when the locale cannot display it (any non-ASCII character in a
 * locale that is not UTF-8: JSON's strings are; an invalid byte; a control
 * character): then it is drawn as one '?'.
 */
static void
char_next(const char *s, int utf8, size_t *len, int *w)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n;
	int k;

	if (utf8) {
		mbstate_t st;
		wchar_t wc;

		memset(&st, 0, sizeof st);
		n = mbrtowc(&wc, s, MB_LEN_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			*len = 1;
			*w = -1;
			return;
		}
		*len = n;
		*w = wcwidth(wc);
		return;
	}
	*w = *u >= 0x20 && *u < 0x7f ? 1 : -1;
	*len = 1;
	/* a whole UTF-8 sequence stands for one character: never split it */
	n = *u >= 0xf0 && *u <= 0xf4 ? 4 : *u >= 0xe0 && *u <= 0xef ? 3 : *u >= 0xc2 && *u <= 0xdf ? 2 : 1;
	for (k = 1; k < (int)n; k++)
		if (u[k] < 0x80 || u[k] > 0xbf)
			return;
	*len = n;
}

static int
locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

/*
 * A character the locale cannot display (len bytes at p) as Python's
 * backslashreplace writes it: \n, \x1b, \xe9, \u2019, \U0001f600 (ASCII).
 */
static void
char_escape(const char *p, size_t len, char *buf, size_t size)
{
	const unsigned char *u = (const unsigned char *)p;
	unsigned long c = u[0];
	size_t k;

	if (len > 1 && len <= 4) {
		c = u[0] & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
		for (k = 1; k < len; k++)
			c = c << 6 | (u[k] & 0x3f);
	}
	if (c == '\n' || c == '\t' || c == '\r')
		snprintf(buf, size, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
	else if (c < 0x100)
		snprintf(buf, size, "\\x%02lx", c);
	else if (c < 0x10000)
		snprintf(buf, size, "\\u%04lx", c);
	else
		snprintf(buf, size, "\\U%08lx", c & 0x1fffffUL);
}

/*
 * s in at most maxw display columns, appended to b when b is not NULL:
 * whole characters only, GLYPH_CUT where it is cut, an escape (char_escape)
 * for what cannot be displayed (*bad is set then), never cut in two.
 * Returns the columns it takes.
 */
static int
text_fit(struct sbuf *b, const char *s, int maxw, int *bad)
{
	int utf8 = locale_utf8(), total = 0, used = 0, limit, w;
	const char *p;
	char esc[24];
	size_t len;

	for (p = s; *p != '\0'; p += len) {
		char_next(p, utf8, &len, &w);
		if (w < 0)
			char_escape(p, len, esc, sizeof esc);
		total += w < 0 ? (int)strlen(esc) : w;
	}
	if (total > maxw && maxw < 1)
		return 0;
	limit = total <= maxw ? total : maxw - 1;	/* room for GLYPH_CUT */
	for (p = s; *p != '\0'; p += len) {
		char_next(p, utf8, &len, &w);
		if (w < 0)
			char_escape(p, len, esc, sizeof esc);
		if (used + (w < 0 ? (int)strlen(esc) : w) > limit)
			break;
		if (w < 0)
			*bad = 1;
		if (b != NULL)
			sbuf_addn(b, w < 0 ? esc : p, w < 0 ? strlen(esc) : len);
		used += w < 0 ? (int)strlen(esc) : w;
	}
	if (total <= maxw)
		return used;
	/* a zero-width joiner left before the cut would join the ellipsis */
	if (b != NULL && b->len >= 3 && memcmp(b->s + b->len - 3, "\u200d", 3) == 0)
		b->s[b->len -= 3] = '\0';
	if (b != NULL)
		sbuf_add(b, GLYPH_CUT);
	return used + 1;
}

/*
 * Display columns available: COLUMNS, else the terminal's, else 80.  A
 * stream without a descriptor (the REPL's buffer, open_memstream) is written
 * to standard output afterwards: its terminal is standard output's.
 */
static int
width_of(FILE *fp)
{
	const char *e = getenv("COLUMNS");
	struct winsize ws;
	int fd = fileno(fp);
	char *end;
	long v;

	if (e != NULL && *e != '\0') {
		v = strtol(e, &end, 10);
		if (*end == '\0' && v > 0 && v <= 100000)
			return (int)v;
	}
	if (fd < 0)
		fd = STDOUT_FILENO;
	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

static int
digits(long v)
{
	int n = v < 0 ? 2 : 1;

	while (v >= 10 || v <= -10) {
		v /= 10;
		n++;
	}
	return n;
}

/* ---- which stage cells the values are ---- */

static int
is_attention(int id)	/* (…, [H,] T, T) */
{
	return id >= ST_ATTN_SCORES && id <= ST_DROPPED_WEIGHTS;
}

static int
axis_kind(const struct run *r, int id, int nd, int axis)
{
	int from_end = nd - axis;
	int heads = id == ST_QUERIES_HEADS || id == ST_KEYS_HEADS || id == ST_VALUES_HEADS ||
	    ((is_attention(id) || id == ST_CONTEXT_VECS) && r->H > 1);

	if (id < 0)
		return K_POS;
	if (from_end == 1)
		return is_attention(id) ? K_KEY : K_DIM;
	if (from_end == 2)
		return is_attention(id) ? K_QUERY : K_TOKEN;
	if (from_end == 3)
		return heads ? K_HEAD : K_BATCH;
	return from_end == 4 ? K_BATCH : K_POS;
}

static const char *
dim_name(const struct run *r, int id)
{
	if (id == ST_INPUTS)
		return "d_in";
	if (id == ST_QUERIES_HEADS || id == ST_KEYS_HEADS || id == ST_VALUES_HEADS ||
	    (id == ST_CONTEXT_VECS && r->H > 1))
		return "head_dim";
	return "d_out";
}

static const char *
kind_word(const struct run *r, int id, int kind, int many)
{
	if (kind == K_DIM)
		return dim_name(r, id);
	return many ? kind_many[kind] : kind_one[kind];
}

static int
has_token(int kind)
{
	return kind == K_QUERY || kind == K_KEY || kind == K_TOKEN;
}

/* The stages whose cells above the diagonal a causal run masks. */
static int
is_masked_stage(int id)
{
	return id == ST_MASKED_SCORES || id == ST_SCALED_SCORES || id == ST_ATTN_WEIGHTS ||
	    id == ST_DROPPED_WEIGHTS || id == ST_MASKED_SIMPLE || id == ST_MASKED_SIMPLE_NORM;
}

/*
 * How the values are cells of one stage.  A value tensor v of n axes whose
 * every element is an element of stage id: idx[e] is its flat index there.
 * Regular when each axis a of v walks one stage axis src[a] by step[a]
 * from origin (src -1: an axis of size 1, which walks none), as every mix
 * of selects, slices and transposes does.
 */
struct map {
	int id;				/* ST_*, or -1: computed values, no map */
	const struct tensor *st;	/* r->st[id] */
	size_t *idx;			/* v->numel */
	int regular;
	int origin[TENSOR_MAXDIM];	/* stage coordinates of element 0 */
	int src[TENSOR_MAXDIM], step[TENSOR_MAXDIM];
};

/* One drawn axis as a slice of a stage axis. */
struct slice {
	int axis, start, count, step;
};

enum { MARK_LOW, MARK_NEG, MARK_HIGH };

/*
 * expr on a copy of the run whose stage id holds, at element k, a piece of
 * k: k % MARK_BASE (MARK_LOW), -(k % MARK_BASE + 1) (MARK_NEG) or
 * k / MARK_BASE (MARK_HIGH), every one exact in float32 for any tensor size
 */
static struct tensor *
eval_marked(const struct run *r, const char *expr, int id, int mark)
{
	struct run copy = *r;
	struct tensor *iota = tensor_new_uninit(r->st[id]->ndim, r->st[id]->shape), *t = NULL;
	struct value v;
	char err[256];
	size_t k;
	int rc;

	if (iota == NULL)
		return NULL;
	for (k = 0; k < iota->numel && !interrupt_pending; k++)	/* Ctrl-C: the REPL drops the map */
		iota->data[k] = mark == MARK_HIGH ? (float)(k / MARK_BASE) :
		    mark == MARK_NEG ? -(float)(k % MARK_BASE + 1) : (float)(k % MARK_BASE);
	iota->grad_fn = r->st[id]->grad_fn;
	iota->requires_grad = r->st[id]->requires_grad;
	copy.st[id] = iota;
	rc = expr_eval(expr, &copy, &v, err, sizeof err);
	if (rc == 0 && v.kind == VAL_TENSOR) {
		t = v.t;	/* ours: the value lets go of it, and of what it borrowed of iota */
		v.t = NULL;
	}
	if (rc == 0)
		value_free(&v);
	tensor_free(iota);
	return t;
}

static void
map_axes(struct map *m, const struct tensor *v)
{
	const struct tensor *s = m->st;
	size_t stride[TENSOR_MAXDIM], vi[TENSOR_MAXDIM], e, want;
	int c[TENSOR_MAXDIM], a, d, used = 0;

	for (d = s->ndim - 1; d >= 0; d--)
		stride[d] = d == s->ndim - 1 ? 1 : stride[d + 1] * (size_t)s->shape[d + 1];
	tensor_unravel(s, m->idx[0], m->origin);
	m->regular = 1;
	for (a = v->ndim - 1; a >= 0; a--)
		vi[a] = a == v->ndim - 1 ? 1 : vi[a + 1] * (size_t)v->shape[a + 1];
	for (a = 0; a < v->ndim; a++) {
		int moved = 0;

		m->src[a] = -1;
		m->step[a] = 0;
		if (v->shape[a] < 2)
			continue;
		tensor_unravel(s, m->idx[vi[a]], c);
		for (d = 0; d < s->ndim; d++) {
			if (c[d] == m->origin[d])
				continue;
			moved++;
			m->src[a] = d;
			m->step[a] = c[d] - m->origin[d];
		}
		d = m->src[a];
		if (moved != 1 || m->step[a] < 1 || (used & (1 << d)) ||
		    (long)m->origin[d] + (long)(v->shape[a] - 1) * m->step[a] >= s->shape[d]) {
			m->regular = 0;
			return;
		}
		used |= 1 << d;
	}
	/* every element where the walk says */
	for (e = 0; e < v->numel && !interrupt_pending; e++) {
		want = m->idx[0];
		for (a = 0; a < v->ndim; a++)
			if (m->src[a] >= 0)
				want += (e / vi[a] % (size_t)v->shape[a]) * (size_t)m->step[a] * stride[m->src[a]];
		if (m->idx[e] != want) {
			m->regular = 0;
			return;
		}
	}
}

/*
 * Finds the stage v's elements come from: expr again on runs whose stage
 * holds pieces of its own flat indices k; only selects, slices and
 * transposes give back k % MARK_BASE, -(k % MARK_BASE + 1), k / MARK_BASE
 * and the stage's own value at k, in every element.
 */
static void
map_find(struct map *m, const struct run *r, const char *expr, const struct tensor *v)
{
	unsigned set = expr_stages(expr);
	int id;

	memset(m, 0, sizeof *m);
	m->id = -1;
	if (v->numel == 0)
		return;
	for (id = 0; id < ST_COUNT; id++) {
		const struct tensor *s = r->st[id];
		struct tensor *lo = NULL, *neg = NULL, *hi = NULL;
		size_t *idx, e;
		int ok;

		if (!(set & STAGE_BIT(id)) || s == NULL || s->numel == 0)
			continue;
		ok = (lo = eval_marked(r, expr, id, MARK_LOW)) != NULL &&
		    (neg = eval_marked(r, expr, id, MARK_NEG)) != NULL &&
		    (hi = eval_marked(r, expr, id, MARK_HIGH)) != NULL &&
		    tensor_same_shape(lo, v) && tensor_same_shape(neg, v) && tensor_same_shape(hi, v);
		idx = ok ? xcalloc(v->numel, sizeof *idx) : NULL;
		for (e = 0; ok && e < v->numel; e++) {
			float l = lo->data[e], h = hi->data[e];

			ok = l >= 0 && l < MARK_BASE && l == floorf(l) && neg->data[e] == -(l + 1) &&
			    h >= 0 && h == floorf(h) && h <= (float)(s->numel / MARK_BASE);
			if (ok) {
				idx[e] = (size_t)h * MARK_BASE + (size_t)l;
				ok = idx[e] < s->numel &&
				    memcmp(&v->data[e], &s->data[idx[e]], sizeof(float)) == 0;
			}
		}
		tensor_free(lo);
		tensor_free(neg);
		tensor_free(hi);
		if (ok) {
			m->id = id;
			m->st = s;
			m->idx = idx;
			map_axes(m, v);
			return;
		}
		free(idx);
	}
}

/*
 * A stage axis to label a drawn axis of size 1 with: first, else the last
 * one, that no other drawn axis walks (used).  Rows prefer the queries
 * (nd - 2), columns the keys (nd - 1).
 */
static int
pick_axis(const struct map *m, unsigned used, int first)
{
	int nd = m->st->ndim, d;

	if (first < nd && !(used & (1u << first)))
		return first;
	for (d = nd - 1; d >= 0; d--)
		if (!(used & (1u << d)))
			return d;
	return -1;
}

/* The two stage axes a 2-d result of m draws, as slices. */
static void
drawn_slices(const struct map *m, const int *size, const int *src, const int *step,
    struct slice *rows, struct slice *cols)
{
	int nd = m->st->ndim;
	unsigned used = 0;

	if (src[0] >= 0)
		used |= 1u << src[0];
	if (src[1] >= 0)
		used |= 1u << src[1];
	rows->axis = src[0] >= 0 ? src[0] : pick_axis(m, used, nd - 2);
	used |= 1u << rows->axis;
	cols->axis = src[1] >= 0 ? src[1] : pick_axis(m, used, nd - 1);
	rows->start = m->origin[rows->axis];
	cols->start = m->origin[cols->axis];
	rows->count = size[0];
	cols->count = size[1];
	rows->step = src[0] >= 0 ? step[0] : 1;
	cols->step = src[1] >= 0 ? step[1] : 1;
}

/* NAME[...]: the stage cells of the slices, every other axis where m's origin is. */
static void
put_canonical(struct sbuf *b, const struct map *m, const struct slice *rows, const struct slice *cols)
{
	const struct tensor *s = m->st;
	char item[TENSOR_MAXDIM][40];
	int d, last = -1;

	for (d = 0; d < s->ndim; d++) {
		const struct slice *sl = d == rows->axis ? rows : d == cols->axis ? cols : NULL;
		int stop;

		if (sl == NULL) {
			snprintf(item[d], sizeof item[d], "%d", m->origin[d]);
			last = d;
			continue;
		}
		stop = sl->start + (sl->count - 1) * sl->step + 1;
		if (sl->start == 0 && stop == s->shape[d] && sl->step == 1)
			snprintf(item[d], sizeof item[d], ":");
		else if (sl->step == 1)
			snprintf(item[d], sizeof item[d], "%d:%d", sl->start, stop);
		else
			snprintf(item[d], sizeof item[d], "%d:%d:%d", sl->start, stop, sl->step);
		if (strcmp(item[d], ":") != 0)
			last = d;
	}
	sbuf_add(b, stage_defs[m->id].name);
	for (d = 0; d <= last; d++)
		sbuf_addf(b, "%s%s", d == 0 ? "[" : ", ", item[d]);
	if (last >= 0)
		sbuf_addc(b, ']');
	if (rows->axis > cols->axis)
		sbuf_add(b, ".T");
}

/* expr as the operand of a postfix: in parentheses unless it is one already. */
static void
put_operand(struct sbuf *b, const char *expr)
{
	const char *p = expr, *end, *q;
	int depth = 0, bare = 1;

	while (*p == ' ' || *p == '\t')
		p++;
	end = p + strlen(p);
	while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (end - p > 7 && strncmp(p, "print(", 6) == 0 && end[-1] == ')') {	/* pasted from a notebook */
		p += 6;
		end--;
	}
	for (q = p; q < end; q++) {
		if (*q == '[' || *q == '(')
			depth++;
		else if (*q == ']' || *q == ')')
			depth--;
		else if (depth == 0 && !(*q == '_' || *q == '.' || (*q >= 'a' && *q <= 'z') ||
		    (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')))
			bare = 0;
	}
	if (!bare)
		sbuf_addc(b, '(');
	sbuf_addn(b, p, (size_t)(end - p));
	if (!bare)
		sbuf_addc(b, ')');
}

/* "(H, T, T) = (2, 4, 4)", or "(2, 4, 4)" when the axes are not a stage's */
static void
put_shape(struct sbuf *b, const struct run *r, const struct map *m, const struct tensor *v)
{
	int a, named = m->id >= 0 && m->regular;

	for (a = 0; a < v->ndim; a++)
		named = named && m->src[a] >= 0;
	if (named && v->ndim > 0) {
		for (a = 0; a < v->ndim; a++) {
			int k = axis_kind(r, m->id, m->st->ndim, m->src[a]);

			sbuf_addf(b, "%s%s", a ? ", " : "(",
			    k == K_DIM ? dim_name(r, m->id) : k == K_BATCH ? "B" : k == K_HEAD ? "H" :
			    k == K_POS ? "?" : "T");
		}
		sbuf_add(b, v->ndim == 1 ? ",) = " : ") = ");
	}
	sbuf_add(b, "(");
	for (a = 0; a < v->ndim; a++)
		sbuf_addf(b, "%s%d", a ? ", " : "", v->shape[a]);
	sbuf_add(b, v->ndim == 1 ? ",)" : ")");
}

/* The message for a value that is not 2-d, with an expression that is. */
static void
not_2d(char *err, size_t errlen, const struct run *r, const char *expr, const struct map *m,
    const struct tensor *v)
{
	struct sbuf b = { NULL, 0, 0 };
	char *s;

	sbuf_addf(&b, "%s: a heat map draws a 2-d tensor, ", expr);
	if (v->ndim == 0) {
		sbuf_add(&b, "and this is one number");
	} else {
		sbuf_addf(&b, "and this one is %d-d, ", v->ndim);
		put_shape(&b, r, m, v);
	}
	if (m->id >= 0 && m->regular) {
		struct slice rows, cols;
		int size[2], src[2], step[2], nd = m->st->ndim, n = v->ndim;

		if (n > 2) {	/* keep the last two axes, the others at their first index */
			size[0] = v->shape[n - 2], src[0] = m->src[n - 2], step[0] = m->step[n - 2];
			size[1] = v->shape[n - 1], src[1] = m->src[n - 1], step[1] = m->step[n - 1];
			drawn_slices(m, size, src, step, &rows, &cols);
		} else {	/* the stage axes next to the drawn one, one cell wide */
			unsigned used = n == 1 && m->src[0] >= 0 ? 1u << m->src[0] : 0;
			struct slice k = { 0, 0, 1, 1 }, o;

			if (n == 1) {
				k.axis = m->src[0] >= 0 ? m->src[0] : pick_axis(m, used, nd - 1);
				k.start = m->origin[k.axis];
				k.count = v->shape[0];
				k.step = m->src[0] >= 0 ? m->step[0] : 1;
				used |= 1u << k.axis;
				o.axis = pick_axis(m, used, k.axis == nd - 1 ? nd - 2 : nd - 1);
			} else {
				k.axis = nd - 2;
				k.start = m->origin[k.axis];
				o.axis = nd - 1;
			}
			o.start = m->origin[o.axis];
			o.count = 1;
			o.step = 1;
			rows = k.axis < o.axis ? k : o;
			cols = k.axis < o.axis ? o : k;
		}
		sbuf_add(&b, n > 2 ? "; index it down to 2-d, e.g. " : "; draw it as a slice, e.g. ");
		put_canonical(&b, m, &rows, &cols);
	} else if (v->ndim > 2) {
		int a;

		sbuf_add(&b, "; index it down to 2-d, e.g. ");
		put_operand(&b, expr);
		for (a = 0; a < v->ndim - 2; a++)
			sbuf_add(&b, a ? ", 0" : "[0");
		sbuf_addc(&b, ']');
	}
	s = sbuf_take(&b);
	snprintf(err, errlen, "%s", s);
	free(s);
}

/* ---- drawing ---- */

struct grid {
	const struct run *r;
	const struct tensor *t;		/* (R, C): the values */
	const struct map *m;
	int R, C, n;			/* n: the columns that fit */
	int regular;			/* rows and columns are slices of stage axes */
	struct slice rows, cols;
	int rkind, ckind;
	int causal;			/* m's stage is one a causal run masked */
	int nd, tw, lw, cw;		/* widths: row number, row token, row label, cell */
	int bad;			/* a label character shown as '?' */
};

static int
pos_of(const struct slice *s, int regular, int i)
{
	return regular ? s->start + i * s->step : i;
}

/* The token of position pos on an axis of this kind, or NULL. */
static const char *
token_of(const struct grid *g, int kind, int pos)
{
	if (!g->regular || !has_token(kind) || g->r->tokens == NULL || pos >= g->r->ntokens)
		return NULL;
	return g->r->tokens[pos];
}

static int
cell_masked(const struct grid *g, int i, int j)
{
	const struct tensor *s;
	size_t flat;
	int T;

	if (!g->causal)
		return 0;
	s = g->m->st;
	flat = g->m->idx[(size_t)i * g->C + j];
	T = s->shape[s->ndim - 1];
	return (int)(flat % (size_t)T) > (int)(flat / (size_t)T % (size_t)s->shape[s->ndim - 2]);
}

/* A value in exactly 6 columns, as many decimals as fit. */
static void
put_number(FILE *fp, float x)
{
	static const char *const fmts[] = { "%6.4f", "%6.3f", "%6.2f", "%6.1f", "%6.0f" };
	char buf[64];
	size_t f;

	if (isnan(x) || isinf(x)) {
		fprintf(fp, "%6s", isnan(x) ? "nan" : x > 0 ? "inf" : "-inf");
		return;
	}
	if (x != 0 && fabsf(x) < 0.00005f) {	/* would read 0.0000 */
		fprintf(fp, "%6.0e", x);
		return;
	}
	for (f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
		snprintf(buf, sizeof buf, fmts[f], x);
		if (strlen(buf) <= 6) {
			fputs(buf, fp);
			return;
		}
	}
	fprintf(fp, "%6.0e", x);
}

static void
put_label(FILE *fp, struct grid *g, int i)
{
	int pos = pos_of(&g->rows, g->regular, i), w = 0;
	const char *tok = token_of(g, g->rkind, pos);
	struct sbuf b = { NULL, 0, 0 };

	fprintf(fp, "%*d", g->nd, pos);
	if (g->tw == 0)
		return;
	fputc(' ', fp);
	if (tok != NULL)
		w = text_fit(&b, tok, LABEL_MAX, &g->bad);
	if (b.s != NULL)
		fputs(b.s, fp);
	fprintf(fp, "%*s", g->tw - w, "");
	free(b.s);
}

/* keys: 0 Your, 1 journey, ... when the columns' tokens are not the rows' */
static void
put_key(FILE *fp, struct grid *g, int width)
{
	const char *head;
	int j, col, need = 0;

	if (!g->regular || !has_token(g->ckind) || g->r->tokens == NULL)
		return;
	head = kind_many[g->ckind];
	for (j = 0; j < g->n && !need; j++) {
		int pos = pos_of(&g->cols, 1, j), k = pos - g->rows.start;

		need = !has_token(g->rkind) || k < 0 || k % g->rows.step != 0 || k / g->rows.step >= g->R;
	}
	if (!need)
		return;
	fprintf(fp, "%s:", head);
	col = (int)strlen(head) + 1;
	for (j = 0; j < g->n; j++) {
		int pos = pos_of(&g->cols, 1, j);
		const char *tok = token_of(g, g->ckind, pos);
		struct sbuf b = { NULL, 0, 0 };
		int w;

		sbuf_addf(&b, "%d ", pos);
		w = digits(pos) + 1 + (tok != NULL ? text_fit(&b, tok, LABEL_MAX, &g->bad) : 0);
		if (j > 0 && col + 2 + w > width) {
			fprintf(fp, ",\n%*s", (int)strlen(head) + 1, "");
			col = (int)strlen(head) + 1;
		} else if (j > 0) {
			fputc(',', fp);
			col++;
		}
		fprintf(fp, " %s", b.s);
		col += 1 + w;
		free(b.s);
	}
	fputc('\n', fp);
}

static void
put_title(FILE *fp, struct grid *g, const char *expr)
{
	const struct map *m = g->m;
	int d, any = 0;

	fprintf(fp, "%s  (", expr);
	if (!g->regular) {
		fprintf(fp, "rows and columns: positions in the result)\n");
		return;
	}
	for (d = 0; d < m->st->ndim; d++) {
		int k = axis_kind(g->r, m->id, m->st->ndim, d);
		const char *tok;

		if (d == g->rows.axis || d == g->cols.axis)
			continue;
		fprintf(fp, "%s%s %d", any++ ? ", " : "", kind_word(g->r, m->id, k, 0), m->origin[d]);
		if ((tok = token_of(g, k, m->origin[d])) != NULL) {
			struct sbuf b = { NULL, 0, 0 };

			text_fit(&b, tok, LABEL_MAX, &g->bad);
			fprintf(fp, " \"%s\"", b.s != NULL ? b.s : "");
			free(b.s);
		}
	}
	fprintf(fp, "%srows: %s, columns: %s)\n", any ? "; " : "", kind_word(g->r, m->id, g->rkind, 1),
	    kind_word(g->r, m->id, g->ckind, 1));
}

static void
put_cell(FILE *fp, const struct grid *g, float x, int masked, double lo, double hi, int color,
    int numbers)
{
	int cw = g->cw;
	double level;

	fputc(' ', fp);
	if (masked) {
		fprintf(fp, color ? "\033[2m%*s%s\033[0m" : "%*s%s", cw - 1, "", GLYPH_MASKED);
		return;
	}
	if (isnan(x)) {
		if (numbers)
			fprintf(fp, "%s%*s", GLYPH_NAN, cw - 7, ""), put_number(fp, x);
		else
			fprintf(fp, "%*s%s", cw - 1, "", GLYPH_NAN);
		return;
	}
	if (isinf(x))
		level = x > 0 ? 1 : 0;
	else
		level = hi > lo ? ((double)x - lo) / (hi - lo) : 0;
	if (color) {
		int c = 232 + (int)lround(level * 23);

		fprintf(fp, "\033[48;5;%dm\033[38;5;%dm", c, level > 0.5 ? 16 : 255);
		if (numbers) {
			fprintf(fp, "%*s", cw - 6, "");
			put_number(fp, x);
		} else {
			fprintf(fp, "%*s", cw, "");
		}
		fputs("\033[0m", fp);
	} else {
		const char *sh = shades[lround(level * 4)];
		int k;

		fputs(sh, fp);
		if (numbers) {
			fprintf(fp, "%*s", cw - 7, "");
			put_number(fp, x);
		} else {
			for (k = 1; k < cw; k++)
				fputs(sh, fp);
		}
	}
}

/* The cell width for the first n columns' numbers. */
static int
cell_width(const struct grid *g, int numbers, int n)
{
	int dg = digits(pos_of(&g->cols, g->regular, n - 1));

	return numbers ? (dg > 7 ? dg : 7) : (dg > 2 ? dg : 2);
}

/* The row labels' width (every row is drawn), then the columns that fit, at least one, and their width. */
static void
lay_out(struct grid *g, int width, int numbers)
{
	int i;

	g->nd = 1;
	g->tw = 0;
	for (i = 0; i < g->R; i++) {
		int pos = pos_of(&g->rows, g->regular, i), w;
		const char *tok = token_of(g, g->rkind, pos);

		g->nd = digits(pos) > g->nd ? digits(pos) : g->nd;
		if (tok != NULL && (w = text_fit(NULL, tok, LABEL_MAX, &g->bad)) > g->tw)
			g->tw = w;
	}
	g->lw = g->nd + (g->tw > 0 ? 1 + g->tw : 0);
	for (g->n = 1; g->n < g->C; g->n++)
		if (g->lw + (g->n + 1) * (1 + cell_width(g, numbers, g->n + 1)) > width)
			break;
	g->cw = cell_width(g, numbers, g->n);
}

/* The shading's range, from the cells drawn (figure_range_add()). */
static void
scale_of(struct figure_range *sc, const struct grid *g)
{
	int i, j;

	figure_range_init(sc);
	for (i = 0; i < g->R && !interrupt_pending; i++)
		for (j = 0; j < g->n; j++)
			figure_range_add(sc, g->t->data[(size_t)i * g->C + j], cell_masked(g, i, j));
	figure_range_done(sc);
}

/* The lines under the map that say what its shades and glyphs mean. */
static void
put_legend(FILE *fp, const struct grid *g, const struct figure_range *sc, int color)
{
	const char *blank = color ? "dark" : "' '", *full = color ? "light" : shades[4];

	if (sc->lo > sc->hi)
		fprintf(fp, "scale: no finite value to shade");
	else if (sc->lo == sc->hi)
		fprintf(fp, "scale: every shaded cell is %.4g, drawn %s", sc->lo, blank);
	else
		fprintf(fp, "scale: %s%.4g .. %.4g = %s", color ? "dark = " : "' ' = ", sc->lo, sc->hi, full);
	if (sc->pinf || sc->ninf)
		fprintf(fp, "; %s%s%s%s%s", sc->pinf ? "inf = " : "", sc->pinf ? full : "", sc->pinf && sc->ninf ? ", " : "",
		    sc->ninf ? "-inf = " : "", sc->ninf ? blank : "");
	fputc('\n', fp);
	if (sc->masked) {
		int id = g->m->id;

		fprintf(fp, "%s = masked (a future token: %s)\n", GLYPH_MASKED,
		    id == ST_MASKED_SCORES || id == ST_SCALED_SCORES ? "-inf, so softmax gives it weight 0" :
		    id == ST_MASKED_SIMPLE || id == ST_MASKED_SIMPLE_NORM ? "zeroed by mask_simple" :
		    "-inf before softmax, weight 0");
	}
	if (sc->nan)
		fprintf(fp, "%s = nan (not a number)\n", GLYPH_NAN);
	if (g->bad)
		fprintf(fp, "\\ in a label: an escape, as Python writes it (\\t, \\xe9, \\u732b), of a character "
		    "this locale cannot display\n");
}

/* Where the columns not shown are: "shown: keys 0-25 (26 of 100 columns); next: attn_weights[0, 0, :, 26:52]" */
static void
put_more(FILE *fp, const struct grid *g, const char *expr)
{
	int last = pos_of(&g->cols, g->regular, g->n - 1), more = g->C - g->n < g->n ? g->C - g->n : g->n;
	struct sbuf b = { NULL, 0, 0 };

	fprintf(fp, "shown: %s %d-%d", g->regular ? kind_word(g->r, g->m->id, g->ckind, 1) : "columns",
	    pos_of(&g->cols, g->regular, 0), last);
	if (g->cols.step > 1)
		fprintf(fp, " step %d", g->cols.step);
	fprintf(fp, " (%d of %d columns); next: ", g->n, g->C);
	if (g->regular) {
		struct slice next = g->cols, rows = g->rows;

		next.start = last + g->cols.step;
		next.count = more;
		put_canonical(&b, g->m, &rows, &next);
	} else {
		put_operand(&b, expr);
		sbuf_addf(&b, "[:, %d:%d]", g->n, g->n + more);
	}
	fprintf(fp, "%s\n", b.s);
	free(b.s);
}

static void
draw(FILE *fp, struct grid *g, const char *expr, int color, int numbers)
{
	const struct tensor *t = g->t;
	int width = width_of(fp), i, j;
	struct figure_range sc;

	char *shown = diag_escape(expr);	/* a newline or ESC in the expression never reaches the terminal */

	lay_out(g, width, numbers);
	scale_of(&sc, g);
	put_title(fp, g, shown);
	fprintf(fp, "%*s", g->lw, "");
	for (j = 0; j < g->n; j++)
		fprintf(fp, " %*d", g->cw, pos_of(&g->cols, g->regular, j));
	fputc('\n', fp);
	for (i = 0; i < g->R && !interrupt_pending; i++) {
		put_label(fp, g, i);
		for (j = 0; j < g->n; j++)
			put_cell(fp, g, t->data[(size_t)i * g->C + j], cell_masked(g, i, j), sc.lo, sc.hi, color,
			    numbers);
		fputc('\n', fp);
	}
	put_key(fp, g, width);
	put_legend(fp, g, &sc, color);
	if (g->n < g->C)
		put_more(fp, g, shown);
	free(shown);
}

char *
heatmap_default_expr(char *buf, size_t len, const struct run *r, int id)
{
	const char *name;
	int nd, k;
	size_t n;

	if (id < 0 || id >= ST_COUNT)
		id = r->st[ST_DROPPED_WEIGHTS] != NULL ? ST_DROPPED_WEIGHTS : ST_ATTN_WEIGHTS;
	name = stage_defs[id].name;
	nd = r->st[id] != NULL ? r->st[id]->ndim : 2;
	n = (size_t)snprintf(buf, len, "%s", name);
	for (k = 0; k < nd - 2 && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%s", k ? ", 0" : "[0");
	if (nd > 2 && n < len)
		snprintf(buf + n, len - n, "]");
	return buf;
}

int
heatmap_print(FILE *fp, const struct run *r, const char *expr, int color,
    int numbers, char *err, size_t errlen)
{
	return heatmap_print_in(fp, r, NULL, expr, color, numbers, err, errlen);
}

int
heatmap_print_in(FILE *fp, const struct run *r, struct py_session *py, const char *expr, int color,
    int numbers, char *err, size_t errlen)
{
	char def[64];
	struct value v;
	struct map m;
	struct grid g;
	const struct tensor *t;

	if (expr == NULL || *expr == '\0')
		expr = heatmap_default_expr(def, sizeof def, r, -1);
	if ((py != NULL ? expr_eval_in(py, expr, &v, err, errlen) : expr_eval(expr, r, &v, err, errlen)) != 0)
		return -1;
	if (v.kind != VAL_TENSOR) {
		const char *type = value_type(&v);	/* 'abc', None, [[1, 2]] were each "a number" */

		if (v.kind == VAL_SIZE)
			snprintf(err, errlen, "%s: a heat map draws a 2-d tensor, and this is a torch.Size", expr);
		else if (strcmp(type, "int") == 0 || strcmp(type, "float") == 0 || strcmp(type, "bool") == 0)
			snprintf(err, errlen, "%s: a heat map draws a 2-d tensor, and this is a number (%s)", expr, type);
		else
			snprintf(err, errlen, "%s: a heat map draws a 2-d tensor, and this is a %s%s", expr, type,
			    strcmp(type, "list") == 0 || strcmp(type, "tuple") == 0 ? " (torch.tensor(...) makes one of it)" : "");
		value_free(&v);
		return -1;
	}
	t = v.t;
	map_find(&m, r, expr, t);
	if (t->ndim != 2 || t->numel == 0) {
		if (t->ndim != 2)
			not_2d(err, errlen, r, expr, &m, t);
		else
			snprintf(err, errlen, "%s: nothing to draw: the tensor is empty, (%d, %d)", expr,
			    t->shape[0], t->shape[1]);
		free(m.idx);
		value_free(&v);
		return -1;
	}
	memset(&g, 0, sizeof g);
	g.r = r;
	g.t = t;
	g.m = &m;
	g.R = t->shape[0];
	g.C = t->shape[1];
	g.regular = m.id >= 0 && m.regular;
	g.rows.count = g.R;
	g.cols.count = g.C;
	g.rows.step = g.cols.step = 1;
	g.rkind = g.ckind = K_POS;
	if (g.regular) {
		int size[2] = { g.R, g.C };

		drawn_slices(&m, size, m.src, m.step, &g.rows, &g.cols);
		g.rkind = axis_kind(r, m.id, m.st->ndim, g.rows.axis);
		g.ckind = axis_kind(r, m.id, m.st->ndim, g.cols.axis);
	}
	g.causal = m.id >= 0 && is_masked_stage(m.id) &&
	    (r->causal || r->st[ST_MASK] != NULL || r->st[ST_MASKED_SCORES] != NULL || r->st[ST_MASK_SIMPLE] != NULL);
	draw(fp, &g, expr, color, numbers);
	free(m.idx);
	value_free(&v);
	return 0;
}

/* ---- the heat map as a figure file (figure.c draws it) ---- */

/* The labels of one drawn axis: tokens where the axis walks tokens, else positions. */
static char **
figure_labels(const struct run *r, const struct map *m, int axis, int step, int count)
{
	char **l = xcalloc((size_t)count, sizeof *l), buf[32];
	int kind = m->id >= 0 && m->regular && axis >= 0 ? axis_kind(r, m->id, m->st->ndim, axis) : K_POS;
	int i, pos;

	for (i = 0; i < count; i++) {
		pos = kind != K_POS && axis >= 0 ? m->origin[axis] + i * step : i;
		if (has_token(kind) && r->tokens != NULL && pos < r->ntokens) {
			l[i] = xstrdup(r->tokens[pos]);
		} else {
			snprintf(buf, sizeof buf, "%d", pos);
			l[i] = xstrdup(buf);
		}
	}
	return l;
}

static void
free_labels(char **l, int n)
{
	int i;

	for (i = 0; l != NULL && i < n; i++)
		free(l[i]);
	free(l);
}

/* The cells a causal mask hid, by their stage coordinates; NULL when none can be. */
static unsigned char *
figure_mask(const struct run *r, const struct map *m, size_t numel)
{
	unsigned char *mask;
	const struct tensor *s = m->st;
	size_t e, T, Q;

	if (m->id < 0 || !is_masked_stage(m->id) || s->ndim < 2 ||
	    (!r->causal && r->st[ST_MASK] == NULL && r->st[ST_MASKED_SCORES] == NULL && r->st[ST_MASK_SIMPLE] == NULL))
		return NULL;	/* as the terminal's map: a causal run, whatever stages --heatmap kept */
	mask = xcalloc(numel, 1);
	T = (size_t)s->shape[s->ndim - 1];
	Q = (size_t)s->shape[s->ndim - 2];
	for (e = 0; e < numel; e++)
		mask[e] = m->idx[e] % T > m->idx[e] / T % Q;
	return mask;
}

/* "head 0", "batch 1": the maps of a grid, by what its first axis counts. */
static char **
figure_map_titles(const struct run *r, const struct map *m, int axis, int H)
{
	char **l = xcalloc((size_t)H, sizeof *l), buf[48];
	int a = m->id >= 0 && m->regular && axis >= 0 ? m->src[axis] : -1;
	int kind = a >= 0 ? axis_kind(r, m->id, m->st->ndim, a) : K_POS;
	int i;

	for (i = 0; i < H; i++) {
		snprintf(buf, sizeof buf, "%s %d", kind_one[kind], a >= 0 ? m->origin[a] + i * m->step[axis] : i);
		l[i] = xstrdup(buf);
	}
	return l;
}

/* The figure's tensor: v itself, or a (1, H, R, C) selection seen as (H, R, C). */
static int
figure_shape(struct tensor *view, const struct tensor *v, int *lead)
{
	*view = *v;
	*lead = 0;
	if (v->ndim == 4 && v->shape[0] == 1) {
		view->ndim = 3;
		memmove(view->shape, v->shape + 1, 3 * sizeof view->shape[0]);
		*lead = 1;
	}
	return view->ndim == 2 || view->ndim == 3 ? 0 : -1;
}

int
heatmap_figure(const char *path, const struct run *r, const char *expr, const char *run_name,
    int numbers, int force, char *err, size_t errlen)
{
	char def[64], title[512], **rl = NULL, **cl = NULL, **mt = NULL;
	struct figure_opts o;
	struct value v;
	struct map m;
	struct tensor view;
	unsigned char *mask = NULL;
	int lead, d, H = 1, rc;

	if (expr == NULL || *expr == '\0')
		expr = heatmap_default_expr(def, sizeof def, r, -1);
	if (expr_eval(expr, r, &v, err, errlen) != 0)
		return -3;
	if (v.kind != VAL_TENSOR) {
		snprintf(err, errlen, "%s: a heat map draws a 2-d tensor (or a grid of them), and this is a %s",
		    expr, value_type(&v));
		value_free(&v);
		return FIGURE_REFUSED;
	}
	if (figure_shape(&view, v.t, &lead) != 0) {
		snprintf(err, errlen, "%s: a figure draws a 2-d tensor, or a 3-d one as a grid of maps, "
		    "and this is %d-d%s%s%s", expr, v.t->ndim, v.t->ndim > 3 ? "; select one, e.g. " : "",
		    v.t->ndim > 3 ? expr : "", v.t->ndim > 3 ? "[0]" : "");
		value_free(&v);
		return FIGURE_REFUSED;
	}
	map_find(&m, r, expr, v.t);
	d = view.ndim - 2 + lead;	/* v's axis of the rows */
	if (view.ndim == 3)
		H = view.shape[0];
	memset(&o, 0, sizeof o);
	if (view.numel > 0 && (size_t)H <= FIGURE_MAX_MAPS && view.numel <= FIGURE_MAX_CELLS) {
		rl = figure_labels(r, &m, m.id >= 0 && m.regular ? m.src[d] : -1, m.step[d], v.t->shape[d]);
		cl = figure_labels(r, &m, m.id >= 0 && m.regular ? m.src[d + 1] : -1, m.step[d + 1], v.t->shape[d + 1]);
		if (H > 1 || view.ndim == 3)
			mt = figure_map_titles(r, &m, d - 1, H);
		mask = m.id >= 0 ? figure_mask(r, &m, v.t->numel) : NULL;
	}
	snprintf(title, sizeof title, "%s  (%s)", expr, run_name);
	o.title = title;
	o.row_labels = (const char *const *)rl;
	o.col_labels = (const char *const *)cl;
	o.map_titles = (const char *const *)mt;
	o.mask = mask;
	o.mask_note = mask != NULL ? "masked (a future token: -inf before softmax, weight 0)" : NULL;
	o.numbers = numbers;
	o.force = force;
	rc = figure_write(path, &view, &o, err, errlen);
	free_labels(rl, v.t->shape[d]);
	free_labels(cl, v.t->shape[d + 1]);
	free_labels(mt, H);
	free(mask);
	free(m.idx);
	value_free(&v);
	return rc;
}
