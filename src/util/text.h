/*
 * text.h - text helpers every part may use, each the one copy of its
 * idea: a shape as text ("(6, 2)", "(6,)", "torch.Size([6, 2])", "6, 2"
 * in messages, "(6)" in check mode), words wrapped to a width (--help,
 * the REPL's teaching text, emitted comments), and the shortest digits
 * of a number that read back as it (float32 or double), the characters
 * (not bytes) of a UTF-8 text.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>

/* open, the nd sizes joined by ", ", close, into buf (cut short at len); returns buf */
char *text_dims(char *buf, size_t len, int nd, const int *shape, const char *open, const char *close);

struct sbuf;

/*
 * The words of s (split at spaces) appended to out, one space apart, a
 * new line starting with indent before a word that would end past width;
 * the caller's line is taken to stand at column strlen(indent).  Never a
 * leading indent nor a final newline: those are the caller's.
 */
void text_wrap(struct sbuf *out, const char *s, const char *indent, int width);

/*
 * v with the fewest significant digits (1..9 for a float32, single; 1..17
 * for a double) whose text reads back as v, by printf's conv ('g' or 'e');
 * the most digits when none is shorter.  Returns buf.
 */
/* characters (not bytes) in the UTF-8 text p[0..n): len() of a Python str */
size_t text_chars(const char *p, size_t n);

char *text_shortest(char *buf, size_t len, double v, int single, char conv);

#endif
