/* test_why.c - why's rules give every element of every stage the stage's own bits. */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/pipeline/json.h"
#include "../src/pipeline/stage.h"
#include "../src/kernels/tensor.h"
#include "../src/teach/why.h"
#include "test.h"

/* Elements checked per stage: all of them up to this, else this many spread over the stage. */
#define WHY_SAMPLE 4000

static int
same_bits(float a, float b)
{
	return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* Every stage of one input: each element recomputed by its rule is the stage's float. */
static void
check_values(const char *path, const struct input *in, const struct run *r)
{
	int id;

	for (id = 0; id < ST_COUNT; id++) {
		const struct tensor *t = r->st[id];
		size_t k, step, n = 0, bad = 0, first = 0;

		if (t == NULL)
			continue;
		step = t->numel > WHY_SAMPLE ? t->numel / WHY_SAMPLE + 1 : 1;
		for (k = 0; k < t->numel; k += step, n++)
			if (!same_bits(why_value(r, in, id, k), t->data[k]) && bad++ == 0)
				first = k;
		CHECK(bad == 0, "%s: %s: %zu of %zu elements recomputed by why differ from the stage (first at %zu: %.9g, "
		    "the stage %.9g)", path, stage_defs[id].name, bad, n, first, (double)why_value(r, in, id, first),
		    (double)t->data[first]);
	}
}

/* Depth all reaches the inputs and the weights (tests/why/all-* hold whole traces from PyTorch). */
static void
check_depth_all(const char *path, const struct input *in, const struct run *r)
{
	struct why_opts o;
	char err[512], *text = NULL, expr[64];
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int id = r->st[ST_OUTPUT] != NULL ? ST_OUTPUT : ST_CONTEXT_VECS, rc;

	memset(&o, 0, sizeof o);
	o.depth = WHY_DEPTH_ALL;
	print_opts_default(&o.po);
	snprintf(expr, sizeof expr, "%s[%s0, 0]", stage_defs[id].name, r->batched ? "-1, " : "");
	if (r->st[id]->ndim == 4)
		snprintf(expr, sizeof expr, "%s[-1, 0, 0, 0]", stage_defs[id].name);
	if (r->st[id]->ndim == 3 && !r->batched)
		snprintf(expr, sizeof expr, "%s[0, 0, 0]", stage_defs[id].name);
	rc = why_print(fp, r, in, expr, &o, err, sizeof err);
	fclose(fp);
	CHECK(rc == 0, "%s: why %s: %s", path, expr, err);
	if (rc != 0) {
		free(text);
		return;
	}
	CHECK(strstr(text, "\ninputs[") != NULL, "%s: why --depth all %s never reaches the inputs", path, expr);
	CHECK(r->simple || strstr(text, "\nW_query") != NULL, "%s: why --depth all %s never reaches W_query", path, expr);
	free(text);
}

/* One softmax row step by step: the same floats as the kernel, and exps * inv = the row. */
static void
check_softmax_steps(void)
{
	static const int sizes[] = { 1, 3, 7, 8, 9, 16, 17, 100 };
	size_t s;
	uint32_t seed = 99;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		int n = sizes[s], j, scaled, bad = 0;
		float *x = malloc(4 * (size_t)n * sizeof *x), *a = x + n, *b = x + 2 * n, *e = x + 3 * n;

		for (j = 0; j < n; j++)
			x[j] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 1048576.0f - 8.0f;
		if (n > 2)
			x[2] = -INFINITY;
		for (scaled = 0; scaled < 2; scaled++) {
			struct tensor_softmax_steps st = { .exps = e, .scaled = NULL };

			if (scaled)
				tensor_softmax_rows_scaled(a, x, 1, n, 1.4142135f, 1);
			else
				tensor_softmax_rows(a, x, 1, n);
			tensor_softmax_steps(b, x, n, scaled, 1.4142135f, 1, &st);
			for (j = 0; j < n; j++)
				bad += !same_bits(a[j], b[j]) || !same_bits(e[j] * st.inv, a[j]);
			CHECK(bad == 0 && st.inv == 1 / st.sum, "softmax steps of %d (scaled %d): %d values differ", n, scaled, bad);
		}
		free(x);
	}
}

void
test_why(void)
{
	static const char *const patterns[] = { "data/*.json", "tests/golden/*.json" };
	size_t p, i;

	check_softmax_steps();
	for (p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
		glob_t g;

		if (glob(patterns[p], 0, NULL, &g) != 0) {
			CHECK(0, "no files match %s", patterns[p]);
			continue;
		}
		for (i = 0; i < g.gl_pathc; i++) {
			struct input in;
			struct run r;
			char err[256];

			if (json_load(&in, g.gl_pathv[i]) != 0) {
				CHECK(0, "%s: does not load", g.gl_pathv[i]);
				input_free(&in);
				continue;
			}
			if (stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
				CHECK(0, "%s: %s", g.gl_pathv[i], err);
				input_free(&in);
				continue;
			}
			check_values(g.gl_pathv[i], &in, &r);
			if (r.all_bytes < (1u << 16))
				check_depth_all(g.gl_pathv[i], &in, &r);
			stage_free(&r);
			input_free(&in);
		}
		globfree(&g);
	}
}
