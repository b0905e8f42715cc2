/*
 * repl_common.h - inside repl: what the toy session (repl.c) and the
 * --model session's line reader (repl_model.c) share (repl_common.c).
 *
 * Ownership: complete_line() returns a NULL-terminated array line.c frees;
 * repl_more() and repl_read() return text the caller frees.
 */
#ifndef REPL_COMMON_H
#define REPL_COMMON_H

#include <stddef.h>

#include "../util/util.h"

struct py_session;

#define REPL_MORE_PROMPT "...   "

/* What Tab offers in a session. */
struct complete_spec {
	const struct py_session *py;	/* its Python names (variables, stages, torch.), or NULL */
	const char *const *first;	/* a first word: the commands (and more names) */
	int (*is_python)(void *ctx, const char *line);	/* the line so far is Python: Python completes it */
	/*
	 * The words for argument nw (1, 2, ...) of command word cmd, prev the
	 * first argument ("" for nw 1); *python set: Python's names instead.
	 */
	const char *const *(*args)(void *ctx, const char *cmd, int nw, const char *prev, int *python);
	void *ctx;
};

/* The candidates for the word at line[start] (a line_completer's answer). */
char **complete_line(const struct complete_spec *sp, const char *line, int start);
/* names starting with word into *list (n long, NULL-terminated), once each */
void complete_add(char ***list, size_t *n, const char *word, const char *const *names);

/*
 * A line onto the Python statement in pending: the whole statement once
 * py_needs_more() says it is closed (pending emptied), else NULL.
 */
char *repl_more(struct sbuf *pending, const char *line, size_t len);
/*
 * The next line (line_read) at prompt, or at "...   " while pending holds
 * an open statement; Ctrl-C inside one drops it ("KeyboardInterrupt" on
 * stderr) and prompts anew.  NULL at the end of input.
 */
char *repl_read(struct sbuf *pending, const char *prompt, size_t *len);
/* At the end of input: an open statement in pending dropped, with one line on stderr. */
void repl_end_open(struct sbuf *pending);

#endif
