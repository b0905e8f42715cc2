/* fuzz_expr.c - libFuzzer: any text as an expression against a causal two-head batched run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/expr.h"
#include "../../src/heatmap.h"
#include "../../src/json.h"
#include "../../src/stage.h"

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
	char err[512], *e, *s;

	if (!ready) {
		char msg[256];

		if (json_load_text(&in, "fuzz.json", text, sizeof text - 1) != 0 ||
		    stage_run(&r, &in, STAGE_KEEP_ALL, msg, sizeof msg) != 0)
			abort();
		devnull = fopen("/dev/null", "w");
		ready = 1;
	}
	e = malloc(size + 1);
	memcpy(e, data, size);
	e[size] = '\0';
	print_opts_default(&po);
	if (expr_eval(e, &r, &v, err, sizeof err) == 0) {
		s = value_str(&v, &po);
		fputs(s, devnull);
		free(s);
		value_free(&v);
	}
	heatmap_print(devnull, &r, e, size & 1, size & 2, err, sizeof err);
	free(e);
	return 0;
}
