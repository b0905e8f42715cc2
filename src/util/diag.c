/* diag.c - error messages, checked allocation, growing strings. */
#include <errno.h>
#include <stdarg.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static const char *diag_prefix = "attn-explain";
static const char *diag_file;	/* named by the out-of-memory message, or NULL */
static const char *diag_what;	/* what was being built from it (diag_set_what) */

static void nomem(size_t n);

void
diag_set_prefix(const char *prefix)
{
	diag_prefix = prefix;
}

void
diag_set_file(const char *path)
{
	diag_file = path;
	diag_what = NULL;
}

void
diag_set_what(const char *what)
{
	diag_what = what;
}

size_t
diag_utf8_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		len = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		len = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		len = 4;
	else
		return 0;	/* a continuation byte, an overlong C0/C1, or beyond U+10FFFF */
	if (n < len)
		return 0;
	/* the second byte's range rules out overlongs, surrogates and > U+10FFFF */
	if (u[0] == 0xe0)
		lo = 0xa0;
	else if (u[0] == 0xed)
		hi = 0x9f;
	else if (u[0] == 0xf0)
		lo = 0x90;
	else if (u[0] == 0xf4)
		hi = 0x8f;
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (i = 2; i < len; i++)
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 0;
	return len;
}

/*
 * Every message is one line that cannot drive the terminal, whatever file
 * name or expression it quotes: control bytes are written as escapes (\n,
 * \r, \t, and \xNN for the others, so ESC is \x1b), and so is every byte
 * that is not valid UTF-8, the C1 controls U+0080-U+009F (some terminals
 * obey them as escapes) and the bidirectional overrides U+202A-U+202E and
 * U+2066-U+2069 (they reorder what the terminal shows); a C1 control or an
 * override is written byte by byte (U+009B as \xc2\x9b).  A backslash
 * stays a backslash: the messages quote JSON escapes such as \uDFFF as
 * they were written, so the form is readable, not reversible.
 */
static void
put_escaped(FILE *fp, const char *s)
{
	char out[512];
	size_t n = strlen(s), i = 0, k = 0, len, j;

	while (i < n) {
		const unsigned char *u = (const unsigned char *)s + i;
		int plain;

		if (k + 4 * 4 > sizeof out) {
			fwrite(out, 1, k, fp);
			k = 0;
		}
		len = diag_utf8_len(s + i, n - i);
		plain = len > 0 && u[0] >= 0x20 && u[0] != 0x7f;
		if (len == 2 && u[0] == 0xc2 && u[1] < 0xa0)
			plain = 0;
		if (len == 3 && u[0] == 0xe2 && ((u[1] == 0x80 && u[2] >= 0xaa && u[2] <= 0xae) ||
		    (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9)))
			plain = 0;
		if (plain) {
			memcpy(out + k, s + i, len);
			k += len;
			i += len;
			continue;
		}
		if (len == 0)
			len = 1;
		for (j = 0; j < len; j++, i++) {
			unsigned char c = (unsigned char)s[i];

			if (c == '\n' || c == '\r' || c == '\t') {
				out[k++] = '\\';
				out[k++] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
			} else {
				k += (size_t)sprintf(out + k, "\\x%02x", c);
			}
		}
	}
	fwrite(out, 1, k, fp);
}

char *
diag_escape(const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (mem == NULL)
		nomem(strlen(s));
	put_escaped(mem, s);
	if (fclose(mem) != 0)
		nomem(strlen(s));
	return text;
}

static void
vdiag(const char *where, const char *fmt, va_list ap)
{
	int saved = errno, n;
	size_t flen = strlen(fmt);
	char small[2048], *msg = small, *big = NULL;
	va_list aq;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0)
		small[0] = '\0';
	else if ((size_t)n >= sizeof small && (big = malloc((size_t)n + 1)) != NULL) {
		vsnprintf(big, (size_t)n + 1, fmt, aq);
		msg = big;
	}
	va_end(aq);
	if (diag_prefix != NULL)
		fprintf(stderr, "%s: ", diag_prefix);
	if (where != NULL) {
		put_escaped(stderr, where);
		fputs(": ", stderr);
	}
	put_escaped(stderr, msg);
	if (flen > 0 && fmt[flen - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
	free(big);
}
void
diag_v(const char *fmt, va_list ap)
{
	vdiag(NULL, fmt, ap);
}

void
diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(NULL, fmt, ap);
	va_end(ap);
}

void
diag_at(const char *path, int line, int col, const char *fmt, ...)
{
	char where[4096];
	va_list ap;

	if (line > 0)
		snprintf(where, sizeof where, "%s:%d:%d", path, line, col);
	else
		snprintf(where, sizeof where, "%s", path);
	va_start(ap, fmt);
	vdiag(where, fmt, ap);
	va_end(ap);
}

jmp_buf *diag_nomem_jump;
size_t diag_nomem_bytes;

void
diag_nomem_text(char *buf, size_t len)
{
	char *f = diag_file != NULL ? diag_escape(diag_file) : NULL;

	if (f != NULL && diag_what != NULL)
		snprintf(buf, len, "%s: out of memory while building %s (%zu bytes refused)", f, diag_what,
		    diag_nomem_bytes);
	else if (f != NULL)
		snprintf(buf, len, "%s: out of memory (%zu bytes refused)", f, diag_nomem_bytes);
	else
		snprintf(buf, len, "out of memory (%zu bytes refused)", diag_nomem_bytes);
	free(f);
}

static void
nomem(size_t n)
{
	diag_nomem_bytes = n;
	if (diag_nomem_jump != NULL)
		longjmp(*diag_nomem_jump, 1);
	fputs("attn-explain: ", stderr);
	if (diag_file != NULL) {
		put_escaped(stderr, diag_file);
		fputs(": ", stderr);
	}
	fputs("out of memory", stderr);
	if (diag_file != NULL && diag_what != NULL)
		fprintf(stderr, " while building %s", diag_what);
	fputc('\n', stderr);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem(n);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		nomem(n * size);
	return p;
}

void *
try_calloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size ? size : 1);
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		nomem(n);
	return p;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

void
xfree_strings(char **v, size_t n)
{
	size_t i;

	for (i = 0; v != NULL && i < n; i++)
		free(v[i]);
	free(v);
}

void
sbuf_addn(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sbuf_add(struct sbuf *b, const char *s)
{
	sbuf_addn(b, s, strlen(s));
}

void
sbuf_addc(struct sbuf *b, char c)
{
	sbuf_addn(b, &c, 1);
}

/* fmt and ap appended; ap is used as va_copy()'s source, so the caller still owns it */
void
sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap)
{
	char small[256];
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof small, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		sbuf_addn(b, small, (size_t)n);
		return;
	}
	{
		char *big = xmalloc((size_t)n + 1);

		va_copy(aq, ap);
		vsnprintf(big, (size_t)n + 1, fmt, aq);
		va_end(aq);
		sbuf_addn(b, big, (size_t)n);
		free(big);
	}
}

void
sbuf_addf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vaddf(b, fmt, ap);
	va_end(ap);
}

/* The message into err (len bytes, cut to fit); always -1, for "return errf(...)". */
int
diag_errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

void
sbuf_spaces(struct sbuf *b, int n)
{
	while (n-- > 0)
		sbuf_addc(b, ' ');
}

void
sbuf_quote(struct sbuf *b, const char *s, int json)
{
	sbuf_addc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t k;

		if (c >= 0x80) {	/* a byte that is not valid UTF-8: \xNN as text, as the messages show it */
			k = diag_utf8_len(s, strnlen(s, 4));
			if (k == 0) {
				sbuf_addf(b, "\\\\x%02x", c);
			} else {
				sbuf_addn(b, s, k);
				s += k - 1;
			}
		} else if (c == '"' || c == '\\')
			sbuf_addf(b, "\\%c", c);
		else if (c == '\n')
			sbuf_add(b, "\\n");
		else if (c == '\t')
			sbuf_add(b, "\\t");
		else if (c < 32 || c == 127)
			sbuf_addf(b, json ? "\\u%04x" : "\\x%02x", c);
		else
			sbuf_addc(b, (char)c);
	}
	sbuf_addc(b, '"');
}

char *
sbuf_take(struct sbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

/* ---- did you mean: the JSON keys, stage names, settings and commands ---- */

static int
edit_distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b), i, j;
	int row[64], prev, tmp;

	if (la > 60 || lb > 60)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			int best = prev + (a[i - 1] != b[j - 1]);

			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			tmp = row[j];
			row[j] = best;
			prev = tmp;
		}
	}
	return row[lb];
}

const char *
diag_suggest(const char *word, const char *const *names)
{
	const char *best = NULL;
	int bestd = 3, i, d;

	for (i = 0; names[i] != NULL; i++) {
		d = edit_distance(word, names[i]);
		if (d < bestd || (strlen(word) >= 3 && strncmp(word, names[i], strlen(word)) == 0 && d < 9 && best == NULL)) {
			bestd = d < bestd ? d : bestd;
			best = names[i];
		}
	}
	return best;
}
