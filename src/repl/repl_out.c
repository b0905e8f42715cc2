/*
 * repl_out.c - what every command uses: its error line, wrapped text, long
 * output held until a Ctrl-C can no longer drop it, and cutting arguments
 * into words.  Here rather than in repl.c so that calls go one way: repl.c
 * calls the commands, the commands call these, nothing calls back.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "line.h"
#include "repl_cmds.h"

/* ---- output ---- */

/* A command's error: one line on stderr, without the program's name; -1. */
int
repl_fail(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);		/* keep the order when both go to one file */
	va_start(ap, fmt);
	diag_v(fmt, ap);	/* the whole message, however long, escaped as every diagnostic is */
	va_end(ap);
	return -1;
}

/*
 * Words separated by spaces, filled greedily into lines of at most width
 * columns, each starting with indent; dim: in the teaching text's colour.
 */
void
repl_wrapped(FILE *fp, const char *s, const char *indent, int width, int dim)
{
	struct sbuf b = { 0 };
	char *text;

	text_wrap(&b, s, indent, width);
	text = sbuf_take(&b);
	fputs(dim ? DIM : "", fp);
	fputs(indent, fp);
	fputs(text, fp);
	fputs(dim ? RESET "\n" : "\n", fp);
	free(text);
}

int
repl_output(struct session *s, int (*fn)(struct session *, FILE *, const void *), const void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc;

	if (mem == NULL)
		return fn(s, stdout, arg);
	rc = fn(s, mem, arg);
	if (fclose(mem) != 0) {
		free(text);
		return repl_fail("out of memory");
	}
	if (interrupt_pending) {
		free(text);
		if (line_interactive())
			fputc('\n', stdout);	/* after the ^C on the terminal */
		return repl_fail("%s", s->python ? "KeyboardInterrupt" : "interrupted");
	}
	fwrite(text, 1, len, stdout);
	free(text);
	return rc;
}

/* ---- arguments ---- */

char *
repl_skip_ws(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

char *
repl_next_word(char **p)
{
	char *w = repl_skip_ws(*p), *e;

	if (*w == '\0')
		return NULL;
	for (e = w; *e && *e != ' ' && *e != '\t'; e++)
		;
	if (*e)
		*e++ = '\0';
	*p = e;
	return w;
}
