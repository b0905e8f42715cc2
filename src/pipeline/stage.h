/* stage.h - the attention stages of shared/spec/input-format.md, computed in order. */
#ifndef STAGE_H
#define STAGE_H

#include <stddef.h>
#include <stdio.h>

#include "input.h"
#include "../kernels/kernels.h"

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

/*
 * Check mode's mistakes (shared/spec/check.md's catalogue, in its order;
 * check.c holds their ids and texts).  Each is one step of this pipeline
 * done as a learner's notebook may have done it; a struct variant names
 * one or two, and stage_run_variant() computes the run with them.
 */
enum mistake {
	MK_NO_SCALE, MK_SCALE_BY_D, MK_SCALE_BY_D_IN, MK_SCALE_BY_D_OUT,
	MK_SOFTMAX_WRONG_DIM, MK_NORMALISE_BY_SUM, MK_NO_MASK, MK_MASK_AFTER_SOFTMAX,
	MK_MASK_WITH_ZERO, MK_MASK_DIAGONAL, MK_MASK_INVERTED,
	MK_QK_SWAPPED, MK_QUERIES_ARE_KEYS, MK_WEIGHT_NOT_TRANSPOSED,
	MK_DROPOUT_NOT_SCALED, MK_DROPOUT_BEFORE_SOFTMAX,
	MK_HEADS_NOT_TRANSPOSED, MK_NO_OUT_PROJ,
	MK_COUNT
};
/* The readings of one id (check.md "Readings of the catalogue"). */
enum { QAK_KEYS, QAK_QUERIES };				/* queries-are-keys: k @ k.T, or q @ q.T */
/* weight-not-transposed: which projections, and (+ WNT_BIAS) whether the bias is still added */
enum { WNT_ALL, WNT_QUERY, WNT_KEY, WNT_VALUE, WNT_BIAS };
/* softmax-wrong-dim: over which axis of (…, [H,] T, T) (the query axis is check.md's; dim=1 on 4-d is the heads') */
enum { SWD_QUERY, SWD_HEADS, SWD_BATCH };
enum { MI_PAST, MI_PAST_AND_SELF };			/* mask-inverted: tril(-1) as the mask, or masked where tril == 1 */
enum { DNS_UNSCALED, DNS_RAND };			/* dropout-not-scaled: nn.Dropout's zeros, or rand() > p */
enum { HNT_MERGE, HNT_SPLIT, HNT_BOTH };		/* heads-not-transposed: view without transpose where */

struct variant {
	unsigned set;				/* 1u << MK_*: the mistakes made; 0 for a run as it should be */
	unsigned char reading[MK_COUNT];	/* which reading of each, 0 the first */
	/*
	 * The dropout masks, shaped like attn_weights (the batch of a
	 * stage_slice()): what nn.Dropout(p) multiplies by, and
	 * torch.rand(...) > p as 0/1 (dropout-not-scaled's second reading).
	 * A variant draws nothing: the caller drew these once.
	 */
	const float *drop_mask, *rand_mask;
	const unsigned char *rows;	/* T flags: the output rows to compute (those compared), or NULL: all */
	/*
	 * weight-not-transposed's projections of this run's batch, x @ W
	 * without and with the bias, slot 2 * layer + bias: computed on first
	 * use and kept there for the next variant (which borrows them); the
	 * caller frees them.  NULL: no cache.
	 */
	struct tensor **proj_cache;
};

/* A weight matrix as the notebook holds it: W_query, W_key, W_value, out_proj. */
struct layer {
	int present;
	int linear;		/* nn.Linear: weight (out, in) and bias; else x @ W with W (in, out) */
	struct tensor *w, *b;	/* print-ready: Parameter, requires_grad as PyTorch shows them */
};

struct run {
	int batched, B, T, d_in, d_out, H, hd;
	int simple;		/* no weights: queries = keys = values = inputs */
	int drawn;		/* the weights were drawn (init), not given */
	int causal;		/* future positions masked */
	struct tensor *st[ST_COUNT];	/* NULL when this input does not compute it */
	char why[ST_COUNT][96];		/* why not, for "--print mask" on a non-causal run */
	char *code[ST_COUNT];		/* the PyTorch line behind each stage */
	char *setup;			/* the lines that create the weights, or NULL */
	char *code_alone;		/* dropped_weights' line when dropout_mask's cell is not shown */
	struct layer layer[NLAYER];
	const char *const *tokens;	/* borrowed from the input */
	int ntokens;
	float scale_used;		/* what the scores were multiplied by, or divided by */
	int scale_divides;		/* 1: divided by sqrt(head_dim); 0: multiplied by scale */
	int scaled;			/* 0 in simple mode without scale */
	struct rng rng_end;		/* the generator after the run's own draws (weights, dropout) */
	struct tensor_arena *arena;	/* the weights' memory, or every tensor's; or NULL */
	int arena_whole;		/* the arena holds every tensor, not just the weights */
	size_t arena_bytes;		/* what it was made for */
	size_t all_bytes;		/* of every stage and weight, kept or not */
	struct rng rng_drawn;		/* the generator after the inputs and weights: where dropout draws */
	struct variant variant;		/* the mistakes it was computed with (check mode); set 0: none */
	unsigned borrowed;		/* STAGE_BIT(id): st[id] belongs to the run this one was made from */
	int layers_borrowed;		/* layer[] belongs to it too */
	int stacked;			/* head_layout "stacked": heads[h].W_query names head h's layers */
	double dropout;			/* p of the heads' nn.Dropout (heads[h] prints it) */
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
/*
 * Check mode: the run of base (a run that kept every stage, or a
 * stage_slice() of one, or a variant of those) with the mistakes of v,
 * which must include base's own.  Stages before the first step v changes
 * beyond base's are borrowed from base (which must outlive r); the steps
 * from there on are computed up to the last stage in `need` (STAGE_BIT
 * set), except the second causal route (unmasked_weights ...
 * masked_simple_norm), which a variant never computes.  0, or -1 when
 * interrupted (r is then empty).
 */
int stage_run_variant(struct run *r, const struct run *base, const struct input *in,
    const struct variant *v, unsigned need);
/* The stages (STAGE_BIT set) that stage_run_variant(r, base, in, v, ...) computes anew, at most. */
unsigned stage_variant_changes(const struct run *base, const struct variant *v);
/*
 * Batch b of a batched run that kept every stage, as a run of B = 1 whose
 * tensors are views of base's (stage_free() releases the views only);
 * attention never mixes batches, so a variant of the slice is the same
 * batch of the variant of the whole.
 */
void stage_slice(struct run *s, const struct run *base, int b);
/* ST_*, or -1. */
int stage_lookup(const char *name);
/* The cell header's line for stage id in this run (stage_defs' what, or one that fits this run's scaling). */
const char *stage_what(const struct run *r, int id);
/* Every stage's name, in order, NULL-terminated. */
const char *const *stage_names(void);
/* "timing: stages draws 4.10 projections ... (ms)": the last run's phases */
void stage_timing_print(FILE *fp);
/*
 * code.c: the PyTorch lines of each computed stage and of the weights
 * (r->code, r->setup): lines joined by '\n', literal data as
 * CODE_LIT name CODE_END.
 */
#define CODE_LIT "\001"
#define CODE_END "\002"
void code_lines(struct run *r, const struct input *in);
/* The input's file name, control bytes as \xNN, for a comment line. */
const char *code_path(const struct input *in, char *buf, size_t len);
/* " / keys_heads.shape[-1]**0.5", " * 0.25" or "": how the run scales its scores, as code.c writes it; returns buf. */
const char *code_scaling(const struct run *r, const struct input *in, char *buf, size_t len);
/* A line as a cell shows it: literal data as "..."; free() it. */
char *code_shown(const char *line);
/* The tensor a literal names (its first len bytes): "inputs", "W_query.weight", ...; or NULL. */
const struct tensor *code_literal(const struct run *r, const struct input *in, const char *name, size_t len);
/* "(T, T) = (6, 6)" style description of a stage's shape. */
char *stage_shape_desc(char *buf, size_t len, const struct run *r, int id);

#endif
