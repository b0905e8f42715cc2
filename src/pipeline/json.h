/* json.h - the input file format (shared/spec/input-format.md): read, checked, written back. */
#ifndef JSON_H
#define JSON_H

#include <stddef.h>

#include "input.h"
#include "../kernels/kernels.h"

/*
 * Ownership: json_load() fills a struct input (input.h) that owns its
 * tensors and strings, to release with input_free(); json_dump() and
 * json_load_tensor() give the caller what they return.
 */

/* Read and check FILE; 0, or -1 after one diagnostic naming the place. */
int json_load(struct input *in, const char *path);
/* The same from text already in memory (len bytes); path names it in errors. */
int json_load_text(struct input *in, const char *path, const char *text, size_t len);
/*
 * An input file read once (infile.c): json_input_peek() reads path (quietly,
 * once: a second peek uses the text kept) and says whether it is JSON whose
 * top-level object has key (1) or not, or could not be read (0).  The text
 * stays kept until json_input_take() gives it (NUL-terminated, len bytes,
 * to free()) to the loader; json_load() takes it itself.  NULL: not kept.
 * json_input_drop() lets go of every text not taken but except's (NULL: all).
 */
int json_input_peek(const char *path, const char *key);
char *json_input_take(const char *path, size_t *len);
void json_input_drop(const char *except);

/* The input as a file that reproduces it (the REPL's save): free() it. */
char *json_dump(const struct input *in);

/* The settings alone, as one line of JSON with the file's keys: free() it. */
char *json_settings(const struct input *in);

/* "--tensor FILE": {"tensor": ..., "print_options": {...}}. */
struct tensor *json_load_tensor(const char *path, struct print_opts *po);

/*
 * The syntax check a load starts with (RFC 8259, after a leading BOM), on
 * its own, for the tests: 0 when text is JSON; -1 when not, with
 * "LINE:COL: message" in err; -2 when cJSON does not build the tree the
 * check saw (a bug).  Writes no diagnostic.
 */
int json_check_syntax(const char *text, size_t len, char *err, size_t errlen);

/*
 * JSON for other readers (check mode's THEIRS): the loader's own syntax
 * check and messages, then the values of the text it passed.  json_scan()
 * checks text (len bytes, NUL-terminated at text[len], any BOM already
 * skipped: columns count from after it): one value, white space around it,
 * nothing else.  flags: JSON_NONFINITE takes NaN, Infinity and -Infinity
 * as numbers (Python's json.dump writes them).  0, or -1 with
 * "LINE:COL: message" in err.  Keeps nothing: memory is constant.
 *
 * On text json_scan() passed, p at a value (or white space before one):
 * json_ws() is the offset past white space; json_skip() past the value;
 * json_string() moves *p past the string at its opening quote, its text
 * (escapes decoded, UTF-8) added to out unless out is NULL; json_number()
 * reads the number at *p into *v and moves past it, and returns 1 when a
 * finite number is out of double range (*v is then inf), else 0.
 */
#define JSON_NONFINITE 1
struct sbuf;
int json_scan(const char *text, size_t len, int flags, char *err, size_t errlen);
size_t json_ws(const char *s, size_t len, size_t p);
size_t json_skip(const char *s, size_t len, size_t p);
void json_string(const char *s, size_t len, size_t *p, struct sbuf *out);
int json_number(const char *s, size_t len, size_t *p, double *v);

#endif
