/* line.h - the line-editing seam: libedit on a terminal, plain reads otherwise. */
#ifndef LINE_H
#define LINE_H

#include <stddef.h>

/*
 * Ownership: line_read() returns a line the caller frees; a completer
 * returns a NULL-terminated array of strings that line.c frees, array and
 * strings.  Only line.c includes the editing library's headers.
 */

/* Bytes of a line kept; a longer line is read to its end and reported by length. */
#define LINE_KEEP 65536

/*
 * Candidates for the word that starts at line[start] and ends at the end of
 * line (the text up to the cursor): whole words, not suffixes.  NULL or an
 * empty array: nothing to offer.
 */
typedef char **(*line_completer)(const char *line, int start);

/*
 * Editing and history only when standard input is a terminal.  histfile:
 * where history lives between sessions, or NULL for none.
 */
void line_init(const char *histfile, line_completer complete);
/*
 * The next line without its newline, or NULL at end of input.  *len is the
 * line's full length in bytes: more than LINE_KEEP means only the first
 * LINE_KEEP were kept, and fewer than strlen() would count means a NUL byte.
 * Ctrl-C at the prompt discards the line and prompts again.
 */
char *line_read(const char *prompt, size_t *len);
/* The same, but Ctrl-C at the prompt returns NULL with *intr set (the line discarded). */
char *line_read_intr(const char *prompt, size_t *len, int *intr);
void line_add_history(const char *line);
/* Saves the history (mode 0600) and releases the editor. */
void line_done(void);
/* 1 when standard input is a terminal (prompts, editing, history). */
int line_interactive(void);

#endif
