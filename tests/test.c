/* test.c - the checks' counters and how a failed check is written (test.h), shared by tests/unit and tests/modelrun. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

int test_passed, test_failed;

void
test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	char *msg, *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = n < 0 ? NULL : malloc((size_t)n + 1);
	if (msg == NULL) {
		fprintf(stderr, "    %s:%d: (the message could not be formatted)\n", file, line);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	fprintf(stderr, "    %s:%d: ", file, line);
	for (p = msg; *p != '\0'; p++) {
		fputc(*p, stderr);
		if (*p == '\n' && p[1] != '\0')
			fputs("    ", stderr);
	}
	fputc('\n', stderr);
	free(msg);
}

/* The whole of path, NUL-terminated (also from a pipe), or NULL: free() it. */
char *
test_slurp(const char *path)
{
	FILE *fp;
	char *buf = NULL, *nbuf;
	size_t len = 0, cap = 0, got;

	if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? 2 * cap : 65536;
			if ((nbuf = realloc(buf, cap + 1)) == NULL) {
				free(buf);
				fclose(fp);
				return NULL;
			}
			buf = nbuf;
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		free(buf);
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	buf[len] = '\0';
	return buf;
}
