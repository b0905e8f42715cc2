/*
 * readfile.c - a whole file read into memory, or the reason why not
 * (readfile.h): the one fread loop that main's --run/--python sources and
 * the input file read once (pipeline/infile.c) share.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "readfile.h"

char *
file_read(const char *path, size_t max, size_t *lenp, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "rb");
	struct sbuf b = { 0 };
	char buf[65536];
	size_t n;
	int over = 0;

	if (fp == NULL) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return NULL;
	}
	while (!over && (n = fread(buf, 1, sizeof buf, fp)) > 0) {
		sbuf_addn(&b, buf, n);
		over = max > 0 && b.len > max;
	}
	if (ferror(fp) || over) {
		if (over)
			snprintf(err, errlen, "larger than %zu bytes", max);
		else
			snprintf(err, errlen, "cannot read");
		fclose(fp);
		free(b.s);
		return NULL;
	}
	fclose(fp);
	if (lenp != NULL)
		*lenp = b.len;
	return b.s != NULL ? sbuf_take(&b) : xstrdup("");
}
