/* fuzz_check.c - libFuzzer: any bytes as THEIRS against three runs (check mode), with check_run's promises checked. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/teach/check.h"
#include "../../src/pipeline/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_check: broken invariant: %s\n", what);
		abort();
	}
}

/* simple and unbatched; causal with dropout; batched, two heads, causal (the batch slices) */
static const char *const inputs[] = {
	"data/your-journey.json", "data/book-causal-dropout.json", "data/batched-multihead.json",
};
#define NRUNS (sizeof inputs / sizeof inputs[0])
static struct input in[NRUNS];
static struct run run[NRUNS];

static void
setup(void)
{
	static int done;
	char err[256];
	size_t i;

	if (done)
		return;
	done = 1;
	for (i = 0; i < NRUNS; i++) {
		check(json_load(&in[i], inputs[i]) == 0, "a data/ example loads (run from the source tree)");
		check(stage_run(&run[i], &in[i], STAGE_KEEP_ALL, err, sizeof err) == 0, "a data/ example runs");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rp_set s;
	struct check_opts o;
	char err[512], *out = NULL;
	size_t i, len = 0;
	FILE *fp;
	int n;

	setup();
	if (rp_read(&s, "fuzz", (const char *)data, size, err, sizeof err) != 0) {
		rp_free(&s);
		return 0;
	}
	memset(&o, 0, sizeof o);
	o.verbose = size % 2;	/* the side-by-side prints too */
	for (i = 0; i < NRUNS; i++) {
		fp = open_memstream(&out, &len);
		check(fp != NULL, "memstream");
		n = check_run(fp, &run[i], &in[i], &s, &o);
		fclose(fp);
		check(n >= 0 && n <= s.n, "check_run counts at most every tensor as differing");
		/* one line per tensor starts with its verdict, and the last says how many match */
		check(len > 0 && out[len - 1] == '\n', "the report ends a line");
		check(strstr(out, " match\n") != NULL, "the summary line");
		free(out);
		out = NULL;
	}
	rp_free(&s);
	return 0;
}
