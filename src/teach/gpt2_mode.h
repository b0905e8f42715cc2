/*
 * gpt2_mode.h - inside teach: what the files of --model's mode share.
 * gpt2_opts.c reads the options and the JSON input file into a struct
 * gopts; gpt2_cells.c computes a struct gctx (the folder, the tokens, the
 * run) and shows its cells and heat map; gpt2_modes.c does --print,
 * --json, --check, --why and --emit npz|safetensors on it; gpt2_emit.c
 * writes --emit python|ipynb.
 *
 * Ownership: a struct gopts owns its arrays and the strings read from a
 * JSON file (gopts_free()); a struct gctx owns the model, the run and the
 * token labels (gctx_free()).
 */
#ifndef GPT2_MODE_H
#define GPT2_MODE_H

#include <stdio.h>

#include "../model/model.h"
#include "cell.h"

enum { G2_EXIT_OK, G2_EXIT_DATA, G2_EXIT_USAGE, G2_EXIT_DIFFER };

struct gopts {
	const char *dir, *text, *tokens;	/* --model, --text, --tokens (or the JSON file's) */
	const char *file;			/* the JSON input file, or NULL */
	int layer, head;			/* head -1: every head */
	int heatmap, json, interactive, numbers, verbose, force;
	const char **prints, **whys;		/* --print EXPR, --why EXPR, in order */
	int nprints, nwhys;
	const char *check, *output;		/* --check THEIRS, --output FILE */
	int emit, export;			/* EMIT_* / EXPORT_*, or -1 */
	char *owned[4];				/* strings read from the JSON file */
};

struct gctx {
	struct gpt2 m;
	struct bpe b;
	int have_bpe, have_run;
	int *ids, n;
	char **labels;			/* n token texts (a space as U+2423), or NULL without a vocabulary */
	char *idtext;			/* "15496, 995" */
	struct gpt2_run r;
};

/* gpt2_opts.c */
int gopts_parse(int argc, char **argv, struct gopts *g);
void gopts_free(struct gopts *g);
int gopts_usage(const char *fmt, const char *arg);
/* "15496,995" into *ids; 0, or -1 after the diagnostic */
int gopts_tokens(const char *s, int **ids, int *n);

/* gpt2_cells.c */
int gctx_open(struct gctx *c, const struct gopts *g);	/* the folder and its vocabulary; G2_EXIT_* */
int gctx_run(struct gctx *c, const struct gopts *g);	/* tokens and the forward pass; G2_EXIT_* */
void gctx_free(struct gctx *c);
/* every cell of the run into sink k (text: k is the terminal's, which prints token_ids itself; head -1: every head) */
void gctx_cells(struct cell_sink *k, int text, const struct gctx *c, int head);
void gctx_heat(FILE *fp, const struct gctx *c, int head);
/* the PyTorch line of stage s, and what it is */
void gctx_code(char *buf, size_t len, const struct gctx *c, int s);
const char *gctx_what(int s);

/* gpt2_modes.c */
int gctx_prints(const struct gctx *c, const struct gopts *g);
int gctx_json(FILE *fp, const struct gctx *c, const struct gopts *g);
int gctx_export(const struct gctx *c, const struct gopts *g);
int gctx_check(FILE *fp, const struct gctx *c, const struct gopts *g);
int gctx_whys(FILE *fp, const struct gctx *c, const struct gopts *g);
struct py_session;
struct py_session *gctx_session(const struct gctx *c, struct run *empty);
void gctx_bind(const struct gctx *c, struct py_session *s);

/* gpt2_repl.c: -i, the REPL over the run (set layer/head/text recompute), lines read by lines (gpt2_cells.h) */
struct gpt2_lines;
int gpt2_repl(struct gctx *c, struct gopts *g, const struct gpt2_lines *lines);

/* gpt2_figure.c: attn_weights[0, head] (head -1: every head, a grid) as a figure at path; G2_EXIT_* */
int gctx_figure(const char *path, const struct gctx *c, const struct gopts *g, int head, int numbers, int force);

/*
 * gpt2_mistake.c: check.md's mistakes a --model run can show, and two of
 * GPT-2's blocks (no-residual, layer-norm-eps).  g2_readings: how many
 * ways mistake k can be written (0: none in this run); g2_mistaken: the
 * stages reading i of mistake k changes into st (NULL where untouched),
 * freed with g2_stages_free; the mistaken residual streams are kept in a
 * struct g2_cache (zeroed, then g2_cache_free) for the next tensor.
 */
#define G2_NMISTAKES 15
#define G2_NREADINGS 3
struct g2_mistake {
	const char *id, *what;
};
struct g2_cache {
	struct tensor *residual[2][G2_NREADINGS];
};
extern const struct g2_mistake g2_mistakes[G2_NMISTAKES];
int g2_readings(const struct gctx *c, int k);
void g2_mistaken(const struct gctx *c, struct g2_cache *cache, int k, int i, struct tensor **st);
void g2_stages_free(struct tensor **st);
void g2_cache_free(struct g2_cache *cache);

/* gpt2_emit.c */
void gctx_emit(FILE *fp, const struct gctx *c, const struct gopts *g);

#endif
