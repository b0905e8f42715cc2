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

#endif
