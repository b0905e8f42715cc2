/* test_stage.c - what a run keeps, and where its memory comes from. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../src/py/expr.h"
#include "../src/pipeline/json.h"
#include "../src/pipeline/stage.h"
#include "../src/kernels/tensor.h"
#include "test.h"

static int
same_tensor(const struct tensor *a, const struct tensor *b)
{
	return a != NULL && b != NULL && tensor_same_shape(a, b) &&
	    memcmp(a->data, b->data, a->numel * sizeof *a->data) == 0 && a->grad_fn == b->grad_fn;
}

/*
 * One input: a run that keeps everything fills its arena exactly (the
 * plan and the allocations agree), and a run that keeps one stage gives
 * that stage the same bits while freeing every other one, its arena
 * holding exactly the weights.
 */
static void
check_input(const char *name, struct input *in)
{
	struct run all, one;
	char err[256];
	size_t refused, used;
	int id, other;

	if (stage_run(&all, in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		CHECK(0, "%s: %s", name, err);
		return;
	}
	used = tensor_arena_used(all.arena, &refused);
#ifndef __SANITIZE_ADDRESS__	/* no arenas there: AddressSanitizer checks separate blocks */
	CHECK(all.arena != NULL && all.arena_bytes == all.all_bytes && used == all.all_bytes && refused == 0,
	    "%s: arena of %zu bytes: %zu used, %zu did not fit", name, all.all_bytes, used, refused);
#else
	(void)used;
#endif
	for (id = 0; id < ST_COUNT; id++) {
		if (all.st[id] == NULL)
			continue;
		if (stage_run(&one, in, STAGE_BIT(id), err, sizeof err) != 0) {
			CHECK(0, "%s: keep %s: %s", name, stage_defs[id].name, err);
			continue;
		}
		CHECK(same_tensor(all.st[id], one.st[id]), "%s: %s kept alone differs", name, stage_defs[id].name);
		for (other = 0; other < ST_COUNT; other++)
			if (other != id && one.st[other] != NULL)
				break;
		CHECK(other == ST_COUNT, "%s: keeping %s also kept %s", name, stage_defs[id].name,
		    other < ST_COUNT ? stage_defs[other].name : "");
		used = tensor_arena_used(one.arena, &refused);
		CHECK(used == (one.arena ? one.arena_bytes : 0) && refused == 0 && one.arena_bytes < all.all_bytes,
		    "%s: keeping %s: arena of %zu bytes (all %zu): %zu used, %zu did not fit", name,
		    stage_defs[id].name, one.arena_bytes, all.all_bytes, used, refused);
		stage_free(&one);
	}
	stage_free(&all);
}

void
test_stage(void)
{
	static const char *const files[] = {
		"data/your-journey.json", "data/journey-xw.json", "data/journey-linear-causal.json",
		"data/batch.json", "data/multihead-split.json", "data/multihead-stacked.json",
		"data/batched-multihead.json", "data/book-rand-123.json", "data/book-linear-789.json",
		"data/book-causal-dropout.json", "data/book-wrapper-123.json", "data/book-mha-123.json",
		"data/karpathy-1337.json",
	};
	static const char *const texts[] = {	/* dropout on a batch, x @ W weights, 1 row */
		"{\"inputs\": {\"randn\": [2, 5, 4]}, \"seed\": 3, \"init\": \"linear\", \"d_out\": 6, "
		"\"heads\": 3, \"causal\": true, \"dropout\": 0.5, \"out_proj\": true}",
		"{\"inputs\": [[1, 2], [3, 4], [5, 6]], \"weights\": {\"W_query\": [[1, 0], [0, 1]], "
		"\"W_key\": [[2, 0], [0, 2]], \"W_value\": [[1, 1], [1, 1]], \"out_proj\": [[1, 0], [0, 1]]}}",
		"{\"inputs\": [[0.5, -1, 2]], \"causal\": true, \"scale\": 0.25}",
	};
	size_t saved = tensor_arena_min, i;
	struct input in;
	char name[32];

	tensor_arena_min = 0;		/* an arena for every run that keeps everything */
	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		if (json_load(&in, files[i]) != 0) {
			CHECK(0, "%s does not load", files[i]);
			continue;
		}
		check_input(files[i], &in);
		input_free(&in);
	}
	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		snprintf(name, sizeof name, "text %zu", i);
		if (json_load_text(&in, name, texts[i], strlen(texts[i])) != 0) {
			CHECK(0, "%s does not load", name);
			continue;
		}
		check_input(name, &in);
		input_free(&in);
	}
	tensor_arena_min = saved;

	/* the stages an expression names, wherever they stand */
	CHECK(expr_stages("attn_weights[0].sum(dim=-1)") == STAGE_BIT(ST_ATTN_WEIGHTS), "expr_stages: one name");
	CHECK(expr_stages(" print( keys.shape[-1] ) ") == STAGE_BIT(ST_KEYS), "expr_stages: inside print()");
	CHECK(expr_stages("mask masked_scores") == (STAGE_BIT(ST_MASK) | STAGE_BIT(ST_MASKED_SCORES)),
	    "expr_stages: mask is not masked_scores' prefix");
	CHECK(expr_stages("W_query.weight") == 0 && expr_stages("") == 0 && expr_stages("attn_weight") == 0,
	    "expr_stages: no stage");
}

/* softmax of x / f (or x * f) row by row, without the scaled copy: the same bits as with it */
void
test_softmax_scaled(void)
{
	enum { ROWS = 700, N = 100 };
	float *x = malloc(ROWS * N * sizeof *x), *sc = malloc(ROWS * N * sizeof *sc);
	float *a = malloc(ROWS * N * sizeof *a), *b = malloc(ROWS * N * sizeof *b);
	uint32_t seed = 99;
	size_t i, bad;
	int divides;

	for (i = 0; i < ROWS * N; i++) {
		seed = seed * 1664525u + 1013904223u;
		x[i] = ((float)(seed >> 8) / 16777216.0f - 0.5f) * 40;
		if (i % N > i / N % N)
			x[i] = -INFINITY;	/* causal rows */
	}
	for (divides = 0; divides < 2; divides++) {
		float f = divides ? 8.0f : 0.125f + 1e-3f;

		for (i = 0; i < ROWS * N; i++)
			sc[i] = divides ? x[i] / f : x[i] * f;
		tensor_softmax_rows(a, sc, ROWS, N);
		tensor_softmax_rows_scaled(b, x, ROWS, N, f, divides);
		for (i = 0, bad = 0; i < ROWS * N; i++)
			bad += memcmp(&a[i], &b[i], sizeof a[i]) != 0;
		CHECK(bad == 0, "softmax_rows_scaled (divides %d): %zu of %d values differ", divides, bad, ROWS * N);
	}
	free(x);
	free(sc);
	free(a);
	free(b);
}
