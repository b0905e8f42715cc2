/*
 * fuzz_expr.c - libFuzzer: any text as an expression (expr_eval, the
 * heatmap) and as REPL lines (py_exec in a fresh session, each NUL byte
 * starting a new line) against a causal two-head batched run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/py/expr.h"
#include "../../src/teach/heatmap.h"
#include "../../src/pipeline/json.h"
#include "../../src/py/py.h"
#include "../../src/pipeline/stage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char text[] =
    "{\"inputs\": [[[1, 2, 3, 4], [5, 6, 7, \"inf\"], [0, -1, 2, 0.5]], [[1, 0, 0, 1], [0, 1, 1, 0], [2, 2, 2, 2]]],"
    " \"tokens\": [\"a\", \"b\", \"c\"], \"heads\": 2, \"init\": \"linear\", \"d_out\": 4, \"qkv_bias\": true,"
    " \"out_proj\": true, \"causal\": true, \"dropout\": 0.5}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct input in;
	static struct run r;
	static int ready;
	static FILE *devnull;
	struct print_opts po;
	struct value v;
	struct py_session *s;
	char err[512], *e, *s1, *line;
	size_t off;

	if (!ready) {
		char msg[256];

		if (json_load_text(&in, "fuzz.json", text, sizeof text - 1) != 0 ||
		    stage_run(&r, &in, STAGE_KEEP_ALL, msg, sizeof msg) != 0)
			abort();
		devnull = fopen("/dev/null", "w");
		diag_set_prefix(NULL);
		py_max_numel = 1 << 16;	/* quick inputs: no tensor beyond 64k elements */
		ready = 1;
	}
	if (size > 4096)	/* tensors the size of the line would only cost time */
		return 0;
	e = malloc(size + 1);
	memcpy(e, data, size);
	e[size] = '\0';
	print_opts_default(&po);
	if (expr_eval(e, &r, &v, err, sizeof err) == 0) {
		s1 = value_str(&v, &po);
		fputs(s1, devnull);
		free(s1);
		value_free(&v);
	}
	heatmap_print(devnull, &r, e, size & 1, size & 2, err, sizeof err);
	/* the same bytes as REPL lines, one session */
	s = py_session_new(&r);
	for (off = 0; off <= size; off += strlen(line) + 1) {
		struct sbuf out = { 0 };

		line = e + off;
		py_needs_more(line);
		py_is_statement(line);
		if (py_exec(s, line, &po, &out, err, sizeof err) == 0 || out.len > 0)
			fputs(out.s ? out.s : "", devnull);
		free(out.s);
		if (off + strlen(line) >= size)
			break;
	}
	{
		struct sbuf vars = { 0 };
		size_t start;
		char **c = py_complete(s, e, &start);
		int i;

		py_vars(s, &vars);
		free(vars.s);
		for (i = 0; c != NULL && c[i] != NULL; i++)
			free(c[i]);
		free(c);
	}
	py_session_free(s);
	free(e);
	return 0;
}
