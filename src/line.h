/* line.h - the line-editing seam: libedit on a terminal, plain reads otherwise. */
#ifndef LINE_H
#define LINE_H

/*
 * Ownership: line_read() returns a line (without its newline) that the
 * caller frees, or NULL at end of input.
 */
typedef char **(*line_completer)(const char *word, int start);

void line_init(const char *histfile, const char *const *words);
char *line_read(const char *prompt);
void line_add_history(const char *line);
void line_done(void);
int line_interactive(void);

#endif
