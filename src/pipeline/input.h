/* input.h - what a run is computed from: the data of an input file and its settings. */
#ifndef INPUT_H
#define INPUT_H

#include <stdint.h>

#include "../kernels/kernels.h"

/*
 * Ownership: a struct input owns its tensors and strings; input_free()
 * releases them, input_copy() makes an independent copy (the REPL keeps
 * the file's settings beside its own).  json_load() fills one from a file;
 * settings.h describes, row by row, the settings it holds.
 */

enum { INIT_NONE, INIT_RAND, INIT_RANDN, INIT_LINEAR };
enum { LAYER_QUERY, LAYER_KEY, LAYER_VALUE, LAYER_OUT, NLAYER };
/*
 * The layers' names, indexed by LAYER_*: the file's keys, the variables of
 * the PyTorch lines, the names expressions and check know them by.
 */
extern const char *const input_layer_names[NLAYER];

/* One projection, in the form it was given. */
struct weight {
	int linear;		/* 1: {"weight", "bias"}: x @ weight.T + bias; 0: bare x @ W */
	struct tensor *w;	/* bare: (in, out); linear: weight (out, in) */
	struct tensor *b;	/* linear only: (out,), or NULL */
};

struct input {
	/* the data */
	char *path;		/* as given; "-" is standard input */
	struct tensor *inputs;	/* (T, d_in) or (B, T, d_in); NULL when drawn */
	int rand_kind;		/* INIT_NONE, or INIT_RAND / INIT_RANDN: inputs drawn */
	int rand_ndim, rand_dims[3];
	char **tokens;		/* ntokens labels, or NULL */
	int ntokens;
	int has_weights;	/* explicit weights: W[LAYER_QUERY..LAYER_VALUE] */
	struct weight W[NLAYER];	/* W[LAYER_OUT].w is NULL without out_proj */
	/* the settings (one row each in settings.c) */
	uint64_t seed;
	int init;		/* INIT_* */
	int d_out;		/* 0 when it follows from the weights or the inputs */
	int heads;
	int stacked;		/* head_layout "stacked" */
	int causal;
	int has_scale;
	double scale;
	double dropout;
	int has_dropout_seed;
	uint64_t dropout_seed;
	int dropout_mkl;
	int qkv_bias;
	int out_proj;		/* with init: draw an output projection */
	int init_order[3];	/* LAYER_* in creation order */
	struct print_opts po;
};

/* The defaults of every setting; no data (settings.c, beside the table). */
void input_default(struct input *in);
void input_free(struct input *in);
void input_copy(struct input *dst, const struct input *src);
/* T and d_in, whether the inputs are given or drawn. */
void input_dims(const struct input *in, int *T, int *d_in);
/* d_out as a run has it: given, from the weights, or d_in in simple mode. */
int input_d_out(const struct input *in);

#endif
