/* stage.h - the attention stages of shared/spec/input-format.md, computed in order. */
#ifndef STAGE_H
#define STAGE_H

#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "rng.h"
#include "tensor.h"

/*
 * Ownership: stage_run() fills a struct run that owns every tensor and
 * string in it; stage_free() releases them all at once.  The input is
 * borrowed for the duration of stage_run() only.
 */

enum stage_id {
	ST_INPUTS, ST_QUERIES, ST_KEYS, ST_VALUES,
	ST_QUERIES_HEADS, ST_KEYS_HEADS, ST_VALUES_HEADS,
	ST_ATTN_SCORES, ST_MASK, ST_MASKED_SCORES, ST_SCALED_SCORES,
	ST_ATTN_WEIGHTS, ST_UNMASKED_WEIGHTS, ST_MASK_SIMPLE, ST_MASKED_SIMPLE,
	ST_MASKED_SIMPLE_NORM, ST_DROPOUT_MASK, ST_DROPPED_WEIGHTS,
	ST_CONTEXT_VECS, ST_MERGED, ST_OUTPUT,
	ST_COUNT
};

struct stage_def {
	const char *name;
	int extra;		/* shown by a plain run only with --all */
	const char *what;	/* one line for the cell header */
};
extern const struct stage_def stage_defs[ST_COUNT];

/* A weight matrix as the notebook holds it: W_query, W_key, W_value, out_proj. */
struct layer {
	int present;
	int linear;		/* nn.Linear: weight (out, in) and bias; else x @ W with W (in, out) */
	struct tensor *w, *b;	/* print-ready: Parameter, requires_grad as PyTorch shows them */
};

struct run {
	int batched, B, T, d_in, d_out, H, hd;
	int simple;		/* no weights: queries = keys = values = inputs */
	struct tensor *st[ST_COUNT];	/* NULL when this input does not compute it */
	char why[ST_COUNT][96];		/* why not, for "--print mask" on a non-causal run */
	char *code[ST_COUNT];		/* the PyTorch line behind each stage */
	char *setup;			/* the lines that create the weights, or NULL */
	struct layer layer[NLAYER];
	const char *const *tokens;	/* borrowed from the input */
	int ntokens;
	float scale_used;		/* what the scores were multiplied by, or divided by */
	int scale_divides;		/* 1: divided by sqrt(head_dim); 0: multiplied by scale */
	int scaled;			/* 0 in simple mode without scale */
	struct tensor_arena *arena;	/* the weights' memory, or every tensor's; or NULL */
	size_t arena_bytes;		/* what it was made for */
	size_t all_bytes;		/* of every stage and weight, kept or not */
	struct rng rng_end;		/* the generator after the run's own draws */
	int stacked;			/* head_layout "stacked": heads[h].W_query names head h's layers */
};

/* Largest number of floats one run may hold in all its stages. */
#define STAGE_MAX_FLOATS ((size_t)1 << 30)
/* The limit in force: STAGE_MAX_FLOATS, lowered by the fuzzers to keep runs quick. */
extern size_t stage_max_floats;

/*
 * Computes every stage of the input, in order; keeps those in `keep` (a
 * set of STAGE_BIT(id)) and frees each other one after its last use.
 * 0, or -1 with a one-line reason in err (sizes beyond the limit, ...).
 */
#define STAGE_BIT(id) (1u << (id))
#define STAGE_KEEP_ALL ((1u << ST_COUNT) - 1)
int stage_run(struct run *r, const struct input *in, unsigned keep, char *err, size_t errlen);
void stage_free(struct run *r);
/* ST_*, or -1. */
int stage_lookup(const char *name);
/* "timing: stages draws 4.10 projections ... (ms)": the last run's phases */
void stage_timing_print(FILE *fp);
/* "(T, T) = (6, 6)" style description of a stage's shape. */
char *stage_shape_desc(char *buf, size_t len, const struct run *r, int id);

#endif
