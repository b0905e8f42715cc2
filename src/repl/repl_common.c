/*
 * repl_common.c - what both sessions (attn-explain -i FILE and -i --model
 * DIR) share, in one place: Tab's words for a line, from a description of
 * the session (struct complete_spec: its first words, its commands'
 * arguments, its Python names), and Python's multi-line statements (an
 * open bracket or string, a line ending in ':' and its block up to a
 * blank line) read after the "...   " prompt, Ctrl-C inside one dropping
 * it as Python's REPL does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../py/py.h"
#include "line.h"
#include "repl_common.h"

void
complete_add(char ***list, size_t *n, const char *word, const char *const *names)
{
	size_t len = strlen(word), i, k;

	for (i = 0; names != NULL && names[i] != NULL; i++) {
		if (strncmp(names[i], word, len) != 0)
			continue;
		for (k = 0; k < *n; k++)
			if (strcmp((*list)[k], names[i]) == 0)
				break;
		if (k < *n)
			continue;
		*list = xrealloc(*list, (*n + 2) * sizeof **list);
		(*list)[(*n)++] = xstrdup(names[i]);
		(*list)[*n] = NULL;
	}
}

/*
 * Python's completions (variables, stages, torch. functions, methods after
 * a dot) as whole words from start, where line.c's word begins.
 */
static char **
py_words(const struct py_session *py, const char *line, int start)
{
	size_t pstart, k, pre;
	char **c = py_complete(py, line, &pstart);

	if (c == NULL || pstart < (size_t)start)
		return c;
	pre = pstart - (size_t)start;	/* "x." before "sum": line.c replaces the word from start */
	for (k = 0; c[k] != NULL; k++) {
		char *w = xmalloc(pre + strlen(c[k]) + 1);

		memcpy(w, line + start, pre);
		strcpy(w + pre, c[k]);
		free(c[k]);
		c[k] = w;
	}
	return c;
}

/* the first word: the session's words and its Python names */
static char **
first_word(const struct complete_spec *sp, const char *line, int start)
{
	char **list = NULL, **more;
	size_t n = 0, k;

	complete_add(&list, &n, line + start, sp->first);
	if (sp->py == NULL)
		return list;
	more = py_words(sp->py, line, start);
	for (k = 0; more != NULL && more[k] != NULL; k++) {
		const char *one[2] = { more[k], NULL };

		complete_add(&list, &n, line + start, one);
		free(more[k]);
	}
	free(more);
	return list;
}

char **
complete_line(const struct complete_spec *sp, const char *line, int start)
{
	const char *word = line + start, *p = line, *w[2] = { NULL, NULL }, *const *args;
	char **list = NULL, cmd[64], prev[64];
	size_t n = 0, wl[2] = { 0, 0 };
	int nw = 0, python = 0;

	/* the words before the one being completed */
	for (;;) {
		while (p < word && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= word)
			break;
		if (nw < 2) {
			w[nw] = p;
			wl[nw] = strcspn(p, " \t");
		}
		nw++;
		p += strcspn(p, " \t");
	}
	if (nw == 0 && sp->py != NULL && (strpbrk(word, ".([=") != NULL || sp->is_python(sp->ctx, line)))
		return py_words(sp->py, line, start);
	if (nw == 0)
		return first_word(sp, line, start);
	snprintf(cmd, sizeof cmd, "%.*s", (int)(wl[0] < 63 ? wl[0] : 63), w[0]);
	snprintf(prev, sizeof prev, "%.*s", (int)(wl[1] < 63 ? wl[1] : 63), nw >= 2 ? w[1] : "");
	args = sp->args(sp->ctx, cmd, nw, prev, &python);
	if (python && sp->py != NULL)
		return py_words(sp->py, line, start);
	complete_add(&list, &n, word, args);
	return list;
}

char *
repl_more(struct sbuf *pending, const char *line, size_t len)
{
	if (pending->len > 0)
		sbuf_addc(pending, '\n');
	sbuf_addn(pending, line, len);
	if (pending->s != NULL && py_needs_more(pending->s))
		return NULL;
	return pending->s != NULL ? sbuf_take(pending) : xstrdup("");
}

char *
repl_read(struct sbuf *pending, const char *prompt, size_t *len)
{
	char *l;
	int intr;

	for (;;) {
		intr = 0;
		l = line_read_intr(pending->len > 0 ? REPL_MORE_PROMPT : prompt, len, &intr);
		interrupt_pending = 0;	/* a Ctrl-C at the prompt is spent: the line's work starts clean */
		if (l != NULL || !intr)
			return l;
		if (pending->len > 0) {	/* Ctrl-C inside a statement: dropped, as Python's REPL does */
			free(sbuf_take(pending));
			fflush(stdout);
			fputs("KeyboardInterrupt\n", stderr);
		}
	}
}

void
repl_end_open(struct sbuf *pending)
{
	if (pending->len == 0)
		return;
	fflush(stdout);
	diag("%s", "the input ended inside an open bracket or string: its last lines were not run");
	free(sbuf_take(pending));
}
