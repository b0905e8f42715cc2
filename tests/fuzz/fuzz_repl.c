/* fuzz_repl.c - libFuzzer: any bytes as REPL lines against a loaded causal two-head session. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/pipeline/json.h"
#include "../../src/pipeline/stage.h"
#include "../../src/repl/repl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char text[] =
    "{\"inputs\": [[[1, 2, 3, 4], [5, 6, 7, 8], [0, -1, 2, 0.5]], [[1, 0, 0, 1], [0, 1, 1, 0], [2, 2, 2, 2]]],"
    " \"tokens\": [\"a\", \"b\", \"c\"], \"heads\": 2, \"init\": \"linear\", \"d_out\": 4, \"qkv_bias\": true,"
    " \"out_proj\": true, \"causal\": true, \"dropout\": 0.5}";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct input in;
	static struct cell_opts co;
	static int ready;
	char *cwd;

	stage_max_floats = (size_t)1 << 22;	/* 16 MiB: sizes explore nothing new */
	if (!ready) {
		if (json_load_text(&in, "fuzz.json", text, sizeof text - 1) != 0)
			abort();
		co.po = in.po;
		freopen("/dev/null", "w", stdout);
		ready = 1;
	}
	/* save writes files: keep them in a scratch directory */
	cwd = getcwd(NULL, 0);
	if (chdir("/tmp") != 0)
		abort();
	repl_run_text(&in, &co, (const char *)data, size);
	if (cwd != NULL && chdir(cwd) != 0)
		abort();
	free(cwd);
	return 0;
}
