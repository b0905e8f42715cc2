/*
 * infile.c - an input file read once: main decides between a toy input
 * and --model's (a top-level "model" key) on the file's text, and the
 * loader that then takes the file (json_load(), or --model's options) gets
 * that same text instead of reading the file again.  Reads are quiet: a
 * file that cannot be read is left to the loader, which says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "json.h"

#define MAX_KEPT (256L << 20)	/* json.c's MAX_FILE: a larger file is not kept (the loader refuses it) */

/* texts read and not yet taken, newest first */
static struct kept {
	char *path, *text;
	size_t len;
	struct kept *next;
} *kept;

static struct kept *
find(const char *path)
{
	struct kept *k;

	for (k = kept; k != NULL && strcmp(k->path, path) != 0; k = k->next)
		;
	return k;
}

/* path's text, NUL-terminated, or NULL (unreadable, a directory, too large) */
static char *
read_quiet(const char *path, size_t *lenp)
{
	char err[128];

	return file_read(path, (size_t)MAX_KEPT, lenp, err, sizeof err);
}

/* Is text (len bytes, NUL at text[len]) JSON whose top-level object has key? */
static int
has_key(const char *text, size_t len, const char *key)
{
	struct sbuf name = { 0 };
	char err[128];
	size_t p = 0, klen = strlen(key);
	int found = 0;

	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		p = 3;	/* a BOM, as json_load() skips it */
	if (strstr(text + p, key) == NULL || json_scan(text + p, len - p, 0, err, sizeof err) != 0)
		return 0;	/* not JSON: the toy loader's diagnostic, with its line and column */
	text += p;
	len -= p;
	p = json_ws(text, len, 0);
	if (p >= len || text[p] != '{')
		return 0;
	p = json_ws(text, len, p + 1);
	while (!found && p < len && text[p] == '"') {
		name.len = 0;
		json_string(text, len, &p, &name);
		found = name.len == klen && memcmp(name.s, key, klen) == 0;
		p = json_ws(text, len, p);	/* at ':' */
		p = json_skip(text, len, p + 1);
		p = json_ws(text, len, p);
		if (p < len && text[p] == ',')
			p = json_ws(text, len, p + 1);
	}
	free(name.s);
	return found;
}

int
json_input_peek(const char *path, const char *key)
{
	struct kept *k = find(path);

	if (k == NULL) {
		size_t len = 0;
		char *text = read_quiet(path, &len);

		if (text == NULL)
			return 0;
		k = xmalloc(sizeof *k);
		k->path = xstrdup(path);
		k->text = text;
		k->len = len;
		k->next = kept;
		kept = k;
	}
	return has_key(k->text, k->len, key);
}

char *
json_input_take(const char *path, size_t *len)
{
	struct kept **pp, *k;
	char *text;

	for (pp = &kept; *pp != NULL && strcmp((*pp)->path, path) != 0; pp = &(*pp)->next)
		;
	if ((k = *pp) == NULL)
		return NULL;
	*pp = k->next;
	text = k->text;
	*len = k->len;
	free(k->path);
	free(k);
	return text;
}

void
json_input_drop(const char *except)
{
	struct kept **pp = &kept, *k;

	while ((k = *pp) != NULL) {
		if (except != NULL && strcmp(k->path, except) == 0) {
			pp = &k->next;
			continue;
		}
		*pp = k->next;
		free(k->path);
		free(k->text);
		free(k);
	}
}
