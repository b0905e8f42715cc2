/* diag.h - error messages in one format, and allocation that cannot fail silently. */
#ifndef DIAG_H
#define DIAG_H

#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>

/*
 * Messages go to stderr as "attn-explain: FILE:LINE:COL: message".  A
 * format ending in ':' appends strerror(errno).  In the REPL the prefix is
 * dropped (diag_set_prefix(NULL)), as lua.c does.  Control characters and
 * invalid UTF-8 in a message are written as escapes (\n, \x1b, ...), so
 * a message is always one line and never reaches the terminal as a command.
 */
void diag(const char *fmt, ...);
void diag_at(const char *path, int line, int col, const char *fmt, ...);
void diag_set_prefix(const char *prefix);
/* diag() with a va_list. */
void diag_v(const char *fmt, va_list ap);
/* The message into err (len bytes, cut to fit); always -1, for "return diag_errf(...)". */
int diag_errf(char *err, size_t len, const char *fmt, ...);
/* s as the messages quote it, control bytes escaped (see diag.c); free() it. */
char *diag_escape(const char *s);
/* The file being read, named by the out-of-memory message; NULL: none. */
void diag_set_file(const char *path);
/* What is being built from that file ("the JSON tree"), named by the out-of-memory message too. */
void diag_set_what(const char *what);

/* Bytes in the valid UTF-8 character at s (n bytes readable), or 0 if not valid. */
size_t diag_utf8_len(const char *s, size_t n);

/* Did you mean: the name among names (NULL-terminated) closest to word, or NULL. */
const char *diag_suggest(const char *word, const char *const *names);

/* Out of memory is the one error that exits on the spot (status 1). */
void *xmalloc(size_t n);
/*
 * Where xmalloc, xcalloc and xrealloc jump when malloc refuses, instead of
 * the message and exit(1): set by a caller that can drop what it was making
 * (stage_run, around its steps), NULL otherwise.
 */
extern jmp_buf *diag_nomem_jump;
extern size_t diag_nomem_bytes;	/* what the refused call asked for */
/* after such a jump: "FILE: out of memory while building WHAT (N bytes refused)" */
void diag_nomem_text(char *buf, size_t len);
void *xcalloc(size_t n, size_t size);
/* calloc() that may return NULL, for a caller that unwinds and says so (x.tolist()) */
void *try_calloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* free(v[0]) .. free(v[n - 1]), then free(v); v may be NULL (then n is not read) */
void xfree_strings(char **v, size_t n);

/* A growing string: the printer and the cells write into one. */
struct sbuf {
	char *s;		/* NUL-terminated, len bytes */
	size_t len, cap;
};
void sbuf_addn(struct sbuf *b, const char *s, size_t n);
void sbuf_add(struct sbuf *b, const char *s);
void sbuf_addc(struct sbuf *b, char c);
void sbuf_addf(struct sbuf *b, const char *fmt, ...);
void sbuf_vaddf(struct sbuf *b, const char *fmt, va_list ap);
void sbuf_spaces(struct sbuf *b, int n);
/* s in double quotes, escaped for JSON (json) or as a Python string literal;
 * a byte that is not valid UTF-8 becomes the text \xNN (the output stays UTF-8) */
void sbuf_quote(struct sbuf *b, const char *s, int json);
char *sbuf_take(struct sbuf *b);	/* the string (never NULL); b is empty again */

#endif
