/*
 * pyrun.c - tests/pyrun INPUT.json < SESSION: the lines of SESSION fed to
 * py_exec() one REPL input at a time, as the REPL will: a line that leaves
 * a bracket open takes the next ones (py_needs_more), lines starting with
 * '#' are comments, the output goes to standard output and each error to
 * standard error as one line without the program's name.  The sessions
 * under tests/py/ compare both with what Python and PyTorch print for the
 * same lines (tests/gen/sessions.py).
 *
 * Two lines are the driver's own, for what only the REPL's commands reach:
 * "%vars" prints py_vars(); "%rerun FILE" loads FILE, computes its run and
 * moves the session onto it (py_session_rerun), as `set` will.  For make
 * bench, "%time N LINE" runs LINE N times and prints the median seconds.
 */
#define _GNU_SOURCE		/* getline */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/util/diag.h"
#include "../src/pipeline/json.h"
#include "../src/py/py.h"
#include "../src/pipeline/stage.h"
#include "../src/kernels/tensor.h"

/* FILE's input and run, or NULL after a message */
static struct run *
load(const char *path, struct input *in)
{
	struct run *r = malloc(sizeof *r);
	char err[512];

	if (r == NULL || json_load(in, path) != 0) {
		free(r);
		return NULL;
	}
	if (stage_run(r, in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", path, err);
		input_free(in);
		free(r);
		return NULL;
	}
	return r;
}

int
main(int argc, char **argv)
{
	struct input in, in2;
	struct run *r, *r2;
	struct py_session *s;
	struct sbuf text = { 0 };
	char *line = NULL, err[1024];
	size_t cap = 0;
	ssize_t n;

	if (argc != 2) {
		fprintf(stderr, "usage: tests/pyrun INPUT.json < SESSION\n");
		return 2;
	}
	if ((r = load(argv[1], &in)) == NULL)
		return 1;
	diag_set_prefix(NULL);
	s = py_session_new(r);
	while ((n = getline(&line, &cap, stdin)) > 0) {
		struct sbuf out = { 0 };

		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (text.len == 0 && line[0] == '#')
			continue;
		if (text.len == 0 && strcmp(line, "%vars") == 0) {
			py_vars(s, &out);
			fputs(out.s ? out.s : "", stdout);
			free(out.s);
			continue;
		}
		if (text.len == 0 && strncmp(line, "%time ", 6) == 0) {
			char *rest;
			long reps = strtol(line + 6, &rest, 10), i, j;
			double t[64];

			if (reps < 1 || reps > 64)
				reps = 5;
			rest += strspn(rest, " ");	/* the line itself: a leading blank is an indent since blocks */
			for (i = 0; i < reps; i++) {
				struct sbuf o = { 0 };
				double t0 = tensor_clock();

				if (py_exec(s, rest, &in.po, &o, err, sizeof err) != 0) {
					fprintf(stderr, "%s\n", err);
					break;
				}
				t[i] = tensor_clock() - t0;
				free(o.s);
				for (j = i; j > 0 && t[j - 1] > t[j]; j--) {	/* insertion: t sorted */
					double x = t[j];

					t[j] = t[j - 1];
					t[j - 1] = x;
				}
			}
			if (i == reps)
				printf("%.6f\n", t[reps / 2]);
			continue;
		}
		if (text.len == 0 && strncmp(line, "%rerun ", 7) == 0) {
			if ((r2 = load(line + 7, &in2)) == NULL)
				return 1;
			py_session_rerun(s, r2);	/* while the old run is alive */
			stage_free(r);
			free(r);
			input_free(&in);
			r = r2;
			in = in2;
			continue;
		}
		if (text.len > 0)
			sbuf_addc(&text, '\n');
		sbuf_add(&text, line);
		if (py_needs_more(text.s))
			continue;
		if (py_exec(s, text.s, &in.po, &out, err, sizeof err) != 0) {
			fwrite(out.s ? out.s : "", 1, out.len, stdout);
			fflush(stdout);
			fprintf(stderr, "%s\n", err);
			fflush(stderr);
		} else {
			fwrite(out.s ? out.s : "", 1, out.len, stdout);
		}
		free(out.s);
		free(sbuf_take(&text));
	}
	if (text.len > 0)
		fprintf(stderr, "incomplete input at the end\n");
	free(text.s);
	free(line);
	py_session_free(s);
	stage_free(r);
	free(r);
	input_free(&in);
	return 0;
}
