/* json.h - an input file (shared/spec/input-format.md) -> struct input. */
#ifndef JSON_H
#define JSON_H

#include <stdint.h>

#include "print.h"
#include "tensor.h"

/*
 * Ownership: json_load() fills a struct input that owns its tensors and
 * strings; release them with input_free().  input_copy() makes an
 * independent copy (the REPL keeps the file's settings beside its own).
 */

enum { INIT_NONE, INIT_RAND, INIT_RANDN, INIT_LINEAR };
enum { LAYER_QUERY, LAYER_KEY, LAYER_VALUE, LAYER_OUT, NLAYER };

/* One projection, in the form it was given. */
struct weight {
	int linear;		/* 1: {"weight", "bias"}: x @ weight.T + bias; 0: bare x @ W */
	struct tensor *w;	/* bare: (in, out); linear: weight (out, in) */
	struct tensor *b;	/* linear only: (out,), or NULL */
};

struct input {
	char *path;		/* as given; "-" is standard input */
	struct tensor *inputs;	/* (T, d_in) or (B, T, d_in); NULL when drawn */
	int rand_kind;		/* INIT_NONE, or INIT_RAND / INIT_RANDN: inputs drawn */
	int rand_ndim, rand_dims[3];
	char **tokens;		/* ntokens labels, or NULL */
	int ntokens;
	uint64_t seed;
	int has_weights;	/* explicit weights: W[LAYER_QUERY..LAYER_VALUE] */
	struct weight W[NLAYER];	/* W[LAYER_OUT].w is NULL without out_proj */
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

void input_default(struct input *in);
/* Read and check FILE; 0, or -1 after one diagnostic naming the place. */
int json_load(struct input *in, const char *path);
/* The same from text already in memory (len bytes); path names it in errors. */
int json_load_text(struct input *in, const char *path, const char *text, size_t len);
void input_free(struct input *in);
void input_copy(struct input *dst, const struct input *src);
/* The settings as an input file that reproduces them (the REPL's save). */
char *input_to_json(const struct input *in);

/* "--tensor FILE": {"tensor": ..., "print_options": {...}}. */
struct tensor *json_load_tensor(const char *path, struct print_opts *po);

/*
 * The syntax check a load starts with (RFC 8259, after a leading BOM), on
 * its own, for the tests: 0 when text is JSON; -1 when not, with
 * "LINE:COL: message" in err; -2 when cJSON does not build the tree the
 * check saw (a bug).  Writes no diagnostic.
 */
int json_check_syntax(const char *text, size_t len, char *err, size_t errlen);

#endif
