/*
 * notebook.c - --run NOTEBOOK.ipynb (notebook.h): the cells read by
 * readipynb.c, refused whole when a line is IPython's and not Python's,
 * then run one by one in the session (py_exec_cell), each under its
 * "In [N]:" header with its "Out[N]:".
 */
#include <stdlib.h>
#include <string.h>

#include "notebook.h"
#include "readipynb.h"
#include "../util/util.h"

/* a cell that is only blanks: a fresh kernel does not run it (no In [N]) */
static int
blank(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

/* the first line of src IPython reads and Python does not (`!pip ...`, `%timeit ...`): its number, or 0 */
static int
magic_line(const char *src, const char **at, size_t *len)
{
	const char *p = src, *e;
	int line = 1;

	for (; *p != '\0'; line++) {
		const char *q = p;

		while (*q == ' ' || *q == '\t')
			q++;
		e = strchr(p, '\n');
		if (*q == '!' || *q == '%') {
			*at = q;
			*len = e != NULL ? (size_t)(e - q) : strlen(q);
			return line;
		}
		if (e == NULL)
			break;
		p = e + 1;
	}
	return 0;
}

/* IPython shows nothing for a cell whose last token is ';' (comments and blank lines after it aside) */
static int
quiet(const char *src)
{
	const char *line = src, *p, *end = src + strlen(src), *e, *hash;
	size_t n;

	while (end > src) {
		for (line = end; line > src && line[-1] != '\n'; line--)
			;
		for (p = line; p < end && (*p == ' ' || *p == '\t'); p++)
			;
		n = end > p ? (size_t)(end - p) : 0;
		hash = memchr(p, '#', n);
		e = hash != NULL && memchr(p, '\'', n) == NULL && memchr(p, '"', n) == NULL
		    ? hash : end;	/* a comment, where no string could hold the '#' */
		while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
			e--;
		if (e > p)
			return e[-1] == ';';
		end = line > src ? line - 1 : src;	/* a blank or comment line: the one before */
	}
	return 0;
}

/* no line of any cell is IPython's own: 0, or -1 after the message naming the first */
static int
refuse_magic(const char *path, const struct nb_cell *c, int n)
{
	const char *at;
	size_t len;
	int i, k = 0, line;

	for (i = 0; i < n; i++) {
		if (blank(c[i].source))
			continue;
		k++;
		if ((line = magic_line(c[i].source, &at, &len)) == 0)
			continue;
		diag("%s: In [%d] (cell %d), line %d: `%.*s` is an IPython %s, not Python: attn-explain runs Python "
		    "only (remove the line)", path, k, c[i].index, line, len > 60 ? 60 : (int)len, at,
		    *at == '!' ? "shell command" : "magic");
		return -1;
	}
	return 0;
}

/* one cell run: its text to fp; 0, or -1 after the message */
static int
run_cell(FILE *fp, const char *path, const char *src, int k, struct py_session *s, const struct print_opts *po)
{
	struct sbuf out = { 0 }, shown = { 0 };
	char err[1024];
	int rc = py_exec_cell(s, src, po, &out, &shown, err, sizeof err);

	fprintf(fp, "In [%d]:\n", k);
	fwrite(out.s != NULL ? out.s : "", 1, out.len, fp);
	if (rc == 0 && shown.len > 0 && !quiet(src)) {
		/* IPython puts a value of several lines under its prompt, not beside it */
		fprintf(fp, "Out[%d]:%s", k, memchr(shown.s, '\n', shown.len - 1) != NULL ? "\n" : " ");
		fwrite(shown.s, 1, shown.len, fp);
	}
	if (rc == 0)
		fputc('\n', fp);
	fflush(fp);
	if (rc != 0) {
		const char *type = py_error_type(err);

		diag("%s: In [%d], line %d: %s%s%s", path, k, py_error_line(s), type ? type : "", type ? ": " : "", err);
	}
	free(out.s);
	free(shown.s);
	return rc;
}

int
notebook_run(FILE *fp, const char *path, const char *text, size_t len, struct py_session *s,
    const struct print_opts *po)
{
	struct nb_cell *c;
	int i, n, k = 0, rc = 0;

	if (!readipynb_cells(text, len, &c, &n)) {
		diag("%s: expected a Jupyter notebook (a JSON object with a \"cells\" array)", path);
		return -1;
	}
	if (refuse_magic(path, c, n) != 0) {
		readipynb_free(c, n);
		return -1;
	}
	for (i = 0; i < n && rc == 0; i++)
		if (!blank(c[i].source))
			rc = run_cell(fp, path, c[i].source, ++k, s, po);
	readipynb_free(c, n);
	return rc;
}
