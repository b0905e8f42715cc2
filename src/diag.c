/* diag.c - error messages, checked allocation, growing strings. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static const char *diag_prefix = "attn-explain";

volatile sig_atomic_t diag_interrupted;

void
diag_set_prefix(const char *prefix)
{
	diag_prefix = prefix;
}

static void
vdiag(const char *where, const char *fmt, va_list ap)
{
	int saved = errno;
	size_t n = strlen(fmt);

	if (diag_prefix != NULL)
		fprintf(stderr, "%s: ", diag_prefix);
	if (where != NULL)
		fprintf(stderr, "%s: ", where);
	vfprintf(stderr, fmt, ap);
	if (n > 0 && fmt[n - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
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

static void
nomem(void)
{
	fputs("attn-explain: out of memory\n", stderr);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		nomem();
	return p;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
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

void
sbuf_addf(struct sbuf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		sbuf_addn(b, small, (size_t)n);
		return;
	}
	{
		char *big = xmalloc((size_t)n + 1);

		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		sbuf_addn(b, big, (size_t)n);
		free(big);
	}
}

void
sbuf_spaces(struct sbuf *b, int n)
{
	while (n-- > 0)
		sbuf_addc(b, ' ');
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
