/*
 * json_scan.c - the strict RFC 8259 syntax check an input file passes
 * before cJSON reads it, and the positions it keeps: cJSON accepts more
 * than JSON and keeps no positions, so jscan_check() names the line:col of
 * any error and records, in pre-order, where every value and key starts;
 * jscan_bind() pairs cJSON's nodes (built in the same pre-order) with them,
 * so that json.c's schema errors name FILE:LINE:COL too.  The same check,
 * and readers of the values of text it passed, serve every other JSON the
 * tool reads (json.h's json_scan(): check mode's THEIRS), so that JSON has
 * one grammar, one set of messages and one way of counting columns.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../util/util.h"
#include "json.h"
#include "json_scan.h"

#define MAX_DEPTH 64		/* inputs need 4 levels; deeper text is refused before cJSON sees it */

/* ---- positions ---- */

/* Lines count '\n'; columns count characters (UTF-8 sequences), from 1. */
void
jscan_line_col(const struct ctx *c, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	if (off > c->len)
		off = c->len;
	for (i = 0; i < off; i++) {
		if (c->text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)c->text[i] & 0xc0) != 0x80) {
			(*col)++;
		}
	}
	if (*line == 1)
		*col += (int)c->bom;
}

/*
 * "PATH: message" (path NULL: the message alone) at byte off, or with no
 * position when off is NO_KEY: to diag_at(), or into c->err.  -1.
 */
int
jscan_fail(const struct ctx *c, size_t off, const char *path, const char *fmt, ...)
{
	char msg[1024];
	int line = 0, col = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (off != NO_KEY)
		jscan_line_col(c, off, &line, &col);
	if (c->err != NULL)
		snprintf(c->err, c->errlen, "%d:%d: %s", line, col, msg);
	else if (path != NULL)
		diag_at(c->path, line, col, "%s: %s", path, msg);
	else
		diag_at(c->path, line, col, "%s", msg);
	return -1;
}

size_t
jscan_find_off(const struct ctx *c, const cJSON *node, int key)
{
	size_t i;

	for (i = 0; i < c->npos; i++)
		if (c->pos[i].node == node)
			return key && c->pos[i].key != NO_KEY ? c->pos[i].key : c->pos[i].off;
	return 0;
}

/* ---- the syntax check: RFC 8259, strictly ---- */

/*
 * cJSON takes leading zeros, "1.", raw control bytes in strings, any byte
 * <= 32 as white space, and cuts strings at \u0000; and says only where it
 * gave up.  jscan_check() accepts exactly JSON (RFC 8259) less what cJSON
 * cannot hold (\u0000 in a string, lone surrogates) and nesting deeper than
 * MAX_DEPTH; with c->nonfinite, also Python json's NaN, Infinity and
 * -Infinity (json.dump writes them).  Each error is one message at the
 * byte where the text goes wrong (an unterminated string: at its opening
 * quote), saying what was expected there.
 */

#define CH(c) ((unsigned char)(c)->text[(c)->scan])	/* NUL at the end */

static int
syn_error(const struct ctx *c, size_t off, const char *fmt, ...)
{
	char msg[900];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return jscan_fail(c, off, NULL, "invalid JSON: %s", msg);
}

/* The character at off, for a message: 'x', 'è' (U+00E8), byte 0x8f, end of input. */
static const char *
describe(const struct ctx *c, size_t off, char *buf, size_t len)
{
	unsigned char ch;
	size_t n;

	if (off >= c->len)
		return "end of input";
	ch = (unsigned char)c->text[off];
	if (ch == '\'')
		return "\"'\"";
	if (ch >= 32 && ch < 127) {
		snprintf(buf, len, "'%c'", ch);
		return buf;
	}
	n = diag_utf8_len(c->text + off, c->len - off);
	if (n == 3 && memcmp(c->text + off, "\xef\xbb\xbf", 3) == 0)
		return "U+FEFF (a byte order mark, allowed only at the very start)";
	if (n > 1) {
		const unsigned char *u = (const unsigned char *)c->text + off;
		unsigned long cp = n == 2 ? u[0] & 0x1f : n == 3 ? u[0] & 0x0f : u[0] & 0x07;
		size_t i;

		for (i = 1; i < n; i++)
			cp = cp << 6 | (u[i] & 0x3f);
		snprintf(buf, len, "'%.*s' (U+%04lX)", (int)n, c->text + off, cp);
		return buf;
	}
	snprintf(buf, len, "byte 0x%02x", ch);
	return buf;
}

/* "unexpected X[, expected WHAT]"; a comment gets a word of its own. */
static int
syn_unexpected(const struct ctx *c, size_t off, const char *what)
{
	char buf[64];

	if (off < c->len && c->text[off] == '/' && (c->text[off + 1] == '/' || c->text[off + 1] == '*'))
		return syn_error(c, off, "comments are not allowed in JSON (a key starting with '_' can hold one)");
	if (what == NULL)
		return syn_error(c, off, "unexpected %s", describe(c, off, buf, sizeof buf));
	return syn_error(c, off, "unexpected %s, expected %s", describe(c, off, buf, sizeof buf), what);
}

/* Quotes other than '"' where a string or key starts: 'x', “x”, ‘x’. */
static int
syn_quote(const struct ctx *c)
{
	const char *p = c->text + c->scan;

	if (*p == '\'')
		return syn_error(c, c->scan, "JSON needs double quotes (\"), not single quotes (')");
	if (strncmp(p, "\xe2\x80\x9c", 3) == 0 || strncmp(p, "\xe2\x80\x9d", 3) == 0 ||
	    strncmp(p, "\xe2\x80\x98", 3) == 0 || strncmp(p, "\xe2\x80\x99", 3) == 0)
		return syn_error(c, c->scan, "JSON needs straight double quotes (\"), not curly quotes (%.3s)", p);
	return 1;
}

static int
skip_ws(struct ctx *c)
{
	while (CH(c) == ' ' || CH(c) == '\t' || CH(c) == '\n' || CH(c) == '\r')
		c->scan++;
	return CH(c);
}

static void
record(struct ctx *c, size_t key)
{
	if (c->no_pos)
		return;
	if (c->npos == c->cappos) {
		c->cappos = c->cappos ? 2 * c->cappos : 256;
		c->pos = xrealloc(c->pos, c->cappos * sizeof *c->pos);
	}
	c->pos[c->npos].node = NULL;
	c->pos[c->npos].off = c->scan;
	c->pos[c->npos].key = key;
	c->npos++;
}

/* ASCII only: the REPL sets LC_CTYPE, and JSON's grammar is ASCII. */
static int
is_digit(int ch)
{
	return ch >= '0' && ch <= '9';
}

static int
is_alpha(int ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int
lower(int ch)
{
	return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch;
}

static int
hex4(const char *p, unsigned *u)
{
	int i, h;

	*u = 0;
	for (i = 0; i < 4; i++) {
		if (is_digit(p[i]))
			h = p[i] - '0';
		else if (lower(p[i]) >= 'a' && lower(p[i]) <= 'f')
			h = lower(p[i]) - 'a' + 10;
		else
			return -1;
		*u = *u << 4 | (unsigned)h;
	}
	return 0;
}

/* A backslash escape in a string, at c->scan. */
static int
syn_escape(struct ctx *c)
{
	size_t at = c->scan;
	const char *p = c->text + at;
	unsigned char e = (unsigned char)p[1];
	unsigned u, lo;

	if (e != '\0' && strchr("\"\\/bfnrt", e) != NULL) {
		c->scan += 2;
		return 0;
	}
	if (e != 'u') {
		if (e < 32 || e >= 127)
			return syn_error(c, at, "unknown escape: '\\' followed by byte 0x%02x, expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", e);
		return syn_error(c, at, "unknown escape '\\%c', expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", e);
	}
	if (hex4(p + 2, &u) != 0)
		return syn_error(c, at, "expected 4 hex digits after \\u");
	if (u == 0)
		return syn_error(c, at, "\\u0000 (the NUL character) is not supported in strings");
	if (u >= 0xdc00 && u <= 0xdfff)
		return syn_error(c, at, "lone surrogate %.6s: a low surrogate \\uDC00-\\uDFFF must follow a high one \\uD800-\\uDBFF", p);
	if (u >= 0xd800 && u <= 0xdbff) {
		if (p[6] != '\\' || p[7] != 'u' || hex4(p + 8, &lo) != 0 || lo < 0xdc00 || lo > 0xdfff)
			return syn_error(c, at, "lone surrogate %.6s, expected a low surrogate \\uDC00-\\uDFFF right after it", p);
		c->scan += 12;
		return 0;
	}
	c->scan += 6;
	return 0;
}

/* A string or key, at its opening quote. */
static int
syn_string(struct ctx *c)
{
	size_t start = c->scan, n;
	unsigned char ch;

	c->scan++;
	for (;;) {
		ch = CH(c);
		if (ch == '"') {
			c->scan++;
			return 0;
		}
		if (c->scan >= c->len || (ch == '\\' && c->scan + 1 >= c->len))
			return syn_error(c, start, "unterminated string, expected a closing '\"' before the end of the file");
		if (ch == '\n' || ch == '\r')
			return syn_error(c, start, "unterminated string, expected a closing '\"' before the end of the line "
			    "(a line break inside a string is written \\n)");
		if (ch == '\t')
			return syn_error(c, c->scan, "raw tab inside a string, expected \\t");
		if (ch < 32)
			return syn_error(c, c->scan, "raw control byte 0x%02x inside a string, expected \\u%04x", ch, ch);
		if (ch == '\\') {
			if (syn_escape(c) != 0)
				return -1;
		} else if (ch >= 0x80) {
			if ((n = diag_utf8_len(c->text + c->scan, c->len - c->scan)) == 0)
				return syn_error(c, c->scan, "invalid UTF-8 in a string (byte 0x%02x)", ch);
			c->scan += n;
		} else {
			c->scan++;
		}
	}
}

/* Length of the word at off: letters, digits, '_'. */
static size_t
word_len(const struct ctx *c, size_t off)
{
	size_t n = 0;

	while (is_alpha(c->text[off + n]) || is_digit(c->text[off + n]) || c->text[off + n] == '_')
		n++;
	return n;
}

static int
word_is(const struct ctx *c, size_t off, size_t n, const char *w)
{
	size_t i;

	if (strlen(w) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (lower(c->text[off + i]) != w[i])
			return 0;
	return 1;
}

/* NaN, Infinity and Python's True/False/None say what JSON writes; sign: "-" or "". */
static int
syn_bad_word(const struct ctx *c, size_t at, size_t off, size_t n, const char *sign)
{
	static const char *const lits[] = { "true", "false", "null", "none" };
	int i;

	if (word_is(c, off, n, "nan"))
		return syn_error(c, at, "%s%.*s is not JSON, expected the string \"nan\"", sign, (int)n, c->text + off);
	if (word_is(c, off, n, "infinity") || word_is(c, off, n, "inf"))
		return syn_error(c, at, "%s%.*s is not JSON, expected the string \"%sinf\"", sign, (int)n, c->text + off, sign);
	if (*sign != '\0')
		return 1;
	for (i = 0; i < 4; i++)
		if (word_is(c, off, n, lits[i]))
			return syn_error(c, at, "%.*s is not JSON, expected %s (JSON writes true, false, null)",
			    (int)n, c->text + off, i == 3 ? "null" : lits[i]);
	return 1;
}

static int
syn_number(struct ctx *c)
{
	size_t start = c->scan;
	char buf[64];

	if (CH(c) == '-') {
		c->scan++;
		if (!is_digit(CH(c))) {
			size_t n = word_len(c, c->scan);

			if (c->nonfinite && n == 8 && strncmp(c->text + c->scan, "Infinity", 8) == 0) {
				c->scan += n;
				return 0;
			}
			if (n > 0 && syn_bad_word(c, start, c->scan, n, "-") <= 0)
				return -1;
			return syn_error(c, c->scan, "expected a digit after '-', got %s", describe(c, c->scan, buf, sizeof buf));
		}
	}
	if (CH(c) == '0') {
		c->scan++;
		if (is_digit(CH(c)))
			return syn_error(c, start, "number with a leading zero (JSON writes 7, not 07; 0.7 is fine)");
		if (CH(c) == 'x' || CH(c) == 'X')
			return syn_error(c, start, "hexadecimal number, expected a decimal one");
	} else {
		while (is_digit(CH(c)))
			c->scan++;
	}
	if (CH(c) == '.') {
		c->scan++;
		if (!is_digit(CH(c)))
			return syn_error(c, c->scan, "expected a digit after the decimal point, got %s", describe(c, c->scan, buf, sizeof buf));
		while (is_digit(CH(c)))
			c->scan++;
	}
	if (CH(c) == 'e' || CH(c) == 'E') {
		c->scan++;
		if (CH(c) == '+' || CH(c) == '-')
			c->scan++;
		if (!is_digit(CH(c)))
			return syn_error(c, c->scan, "expected a digit in the exponent, got %s", describe(c, c->scan, buf, sizeof buf));
		while (is_digit(CH(c)))
			c->scan++;
	}
	return 0;
}

static int syn_value(struct ctx *c, size_t key, int depth, const char *what);

/* After '[' or '{': the closing bracket, or members separated by ','. */
static int
syn_container(struct ctx *c, int depth)
{
	int object = CH(c) == '{';
	char close = object ? '}' : ']';
	const char *sep = object ? "',' or '}'" : "',' or ']'";
	size_t key = NO_KEY;
	int first = 1;

	if (depth > MAX_DEPTH)
		return jscan_fail(c, c->scan, NULL, "nesting deeper than %d levels", MAX_DEPTH);
	c->scan++;
	if (skip_ws(c) == close) {
		c->scan++;
		return 0;
	}
	for (;;) {
		if (object) {
			key = c->scan;
			if (CH(c) != '"') {
				size_t n = word_len(c, c->scan);

				if (syn_quote(c) <= 0)
					return -1;
				if (n > 0 && !is_digit(CH(c)))
					return syn_error(c, c->scan, "key without quotes, expected \"%.*s\"",
					    n > 40 ? 40 : (int)n, c->text + c->scan);
				return syn_unexpected(c, c->scan, first ? "a key in double quotes or '}'" : "a key in double quotes");
			}
			if (syn_string(c) != 0)
				return -1;
			if (skip_ws(c) != ':')
				return syn_unexpected(c, c->scan, "':' after the key");
			c->scan++;
		}
		if (syn_value(c, key, depth, "a value") != 0)
			return -1;
		first = 0;
		if (skip_ws(c) == close) {
			c->scan++;
			return 0;
		}
		if (CH(c) != ',')
			return syn_unexpected(c, c->scan, sep);
		c->scan++;
		if (skip_ws(c) == close)
			return syn_error(c, c->scan, "unexpected '%c' after ',' (JSON allows no trailing comma)", close);
	}
}

/* One value at c->scan (after white space); what: expected, for the message. */
static int
syn_value(struct ctx *c, size_t key, int depth, const char *what)
{
	size_t n;
	int ch = skip_ws(c);

	record(c, key);
	if (ch == '{' || ch == '[')
		return syn_container(c, depth + 1);
	if (ch == '"')
		return syn_string(c);
	if (ch == '-' || is_digit(ch))
		return syn_number(c);
	if ((n = word_len(c, c->scan)) > 0) {
		const char *p = c->text + c->scan;

		if ((n == 4 && (strncmp(p, "true", 4) == 0 || strncmp(p, "null", 4) == 0)) ||
		    (n == 5 && strncmp(p, "false", 5) == 0) ||
		    (c->nonfinite && ((n == 3 && strncmp(p, "NaN", 3) == 0) || (n == 8 && strncmp(p, "Infinity", 8) == 0)))) {
			c->scan += n;
			return 0;
		}
		if (syn_bad_word(c, c->scan, c->scan, n, "") <= 0)
			return -1;
	}
	if (syn_quote(c) <= 0)
		return -1;
	if (ch == '+')
		return syn_error(c, c->scan, "unexpected '+', JSON numbers have no plus sign");
	if (ch == '.')
		return syn_error(c, c->scan, "unexpected '.', JSON numbers start with a digit (0.5, not .5)");
	return syn_unexpected(c, c->scan, what);
}

/*
 * The whole text: one value and white space around it.  Fills c->pos.
 * 0, or -1 after one message.
 */
int
jscan_check(struct ctx *c)
{
	const char *p;

	if (c->len == 0 || strspn(c->text, " \t\r\n") == c->len)
		return jscan_fail(c, c->len, NULL, "expected a JSON object, got %s", c->len ? "only white space" : "an empty file");
	if ((p = memchr(c->text, '\0', c->len)) != NULL)
		return jscan_fail(c, (size_t)(p - c->text), NULL, "unexpected NUL byte, expected JSON text");
	c->scan = 0;
	c->npos = 0;
	if (syn_value(c, NO_KEY, 0, "a JSON value") != 0)
		return -1;
	skip_ws(c);
	if (c->scan < c->len)
		return syn_unexpected(c, c->scan, "the end of the JSON text");
	return 0;
}

/*
 * Pairs cJSON's nodes with c->pos, both in pre-order, and checks that they
 * agree (so a position never names another value).  0, or -1 if they do not.
 */
int
jscan_bind(struct ctx *c, cJSON *node, size_t *i, int member)
{
	cJSON *e;
	struct node_pos *p;
	char first;

	if (*i >= c->npos)
		return -1;
	p = &c->pos[(*i)++];
	first = c->text[p->off];
	if ((p->key != NO_KEY) != member ||
	    (cJSON_IsObject(node) && first != '{') || (cJSON_IsArray(node) && first != '[') ||
	    (cJSON_IsString(node) && first != '"') || (cJSON_IsNumber(node) && first != '-' && !is_digit(first)) ||
	    (cJSON_IsBool(node) && first != 't' && first != 'f') || (cJSON_IsNull(node) && first != 'n'))
		return -1;
	p->node = node;
	/* Python's json reads "-0" as the integer 0, so torch.tensor() gets +0, not -0 */
	if (cJSON_IsNumber(node) && strncmp(c->text + p->off, "-0", 2) == 0 &&
	    c->text[p->off + 2] != '.' && c->text[p->off + 2] != 'e' && c->text[p->off + 2] != 'E')
		cJSON_SetNumberValue(node, 0.0);
	for (e = node->child; e != NULL; e = e->next)
		if (jscan_bind(c, e, i, cJSON_IsObject(node)) != 0)
			return -1;
	return 0;
}

/* ---- json.h's scanner for other readers: the check, then the values of checked text ---- */

int
json_scan(const char *text, size_t len, int flags, char *err, size_t errlen)
{
	struct ctx c;

	memset(&c, 0, sizeof c);
	c.text = text;
	c.len = len;
	c.err = err;
	c.errlen = errlen;
	c.nonfinite = (flags & JSON_NONFINITE) != 0;
	c.no_pos = 1;
	if (errlen > 0)
		err[0] = '\0';
	return jscan_check(&c);
}

size_t
json_ws(const char *s, size_t len, size_t p)
{
	while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r'))
		p++;
	return p;
}

/* Past the string whose opening quote is at p. */
static size_t
past_string(const char *s, size_t len, size_t p)
{
	for (p++; p < len && s[p] != '"'; p++)
		if (s[p] == '\\')
			p++;
	return p + 1;
}

size_t
json_skip(const char *s, size_t len, size_t p)
{
	int depth = 0;

	p = json_ws(s, len, p);
	if (p < len && s[p] != '"' && s[p] != '[' && s[p] != '{') {	/* a number or a word */
		while (p < len && (is_alpha(s[p]) || is_digit(s[p]) || s[p] == '-' || s[p] == '+' || s[p] == '.'))
			p++;
		return p;
	}
	do {
		if (s[p] == '"') {
			p = past_string(s, len, p);
		} else {
			depth += (s[p] == '[' || s[p] == '{') - (s[p] == ']' || s[p] == '}');
			p++;
		}
	} while (depth > 0 && p < len);
	return p;
}

/* Code point cp as UTF-8 into u; its length. */
static int
utf8_put(unsigned long cp, char *u)
{
	if (cp < 0x80) {
		u[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	u[0] = (char)(0xf0 | cp >> 18);
	u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	u[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

void
json_string(const char *s, size_t len, size_t *pp, struct sbuf *out)
{
	size_t p = *pp + 1;
	unsigned hi, lo;
	char u[4];

	while (p < len && s[p] != '"') {
		if (s[p] != '\\') {
			if (out != NULL)
				sbuf_addn(out, s + p, 1);
			p++;
			continue;
		}
		if (s[p + 1] != 'u') {
			if (out != NULL) {
				char e = s[p + 1];

				u[0] = e == 'b' ? '\b' : e == 'f' ? '\f' : e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e;
				sbuf_addn(out, u, 1);
			}
			p += 2;
			continue;
		}
		hex4(s + p + 2, &hi);	/* the check passed: no \u0000, no lone surrogate */
		p += 6;
		if (hi >= 0xd800 && hi < 0xdc00) {
			hex4(s + p + 2, &lo);
			hi = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
			p += 6;
		}
		if (out != NULL)
			sbuf_addn(out, u, (size_t)utf8_put(hi, u));
	}
	*pp = p + 1;
}

int
json_number(const char *s, size_t len, size_t *pp, double *v)
{
	size_t p = *pp, q = p + (p < len && s[p] == '-'), n;
	char buf[64], *heap = NULL, *t;

	if (len - q >= 8 && memcmp(s + q, "Infinity", 8) == 0) {
		*v = q > p ? -INFINITY : INFINITY;
		*pp = q + 8;
		return 0;
	}
	if (len - q >= 3 && memcmp(s + q, "NaN", 3) == 0) {
		*v = NAN;
		*pp = q + 3;
		return 0;
	}
	while (q < len && (is_digit(s[q]) || s[q] == '.' || s[q] == 'e' || s[q] == 'E' || s[q] == '+' || s[q] == '-'))
		q++;
	n = q - p;
	t = n < sizeof buf ? buf : (heap = xmalloc(n + 1));
	memcpy(t, s + p, n);
	t[n] = '\0';
	*v = strtod(t, NULL);
	free(heap);
	*pp = q;
	return isinf(*v) != 0;
}
