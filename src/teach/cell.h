/* cell.h - a stage shown as a notebook cell: header, PyTorch lines, shape, tensor. */
#ifndef CELL_H
#define CELL_H

#include <stdio.h>

#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"

/*
 * Where the pieces of a cell go.  cell_text_sink() writes them as a run
 * prints them; emit.c turns the same pieces into a Python script or a
 * notebook, so that a cell and the script cannot say different things.
 * Every piece borrows its arguments for the call only.
 */
struct cell_sink {
	/* "[1/8] inputs" and "the token embeddings, ..." ("weights" for the weights cell) */
	void (*header)(struct cell_sink *k, const char *title, const char *what);
	/* teaching text, lines "  # ..." joined by '\n' */
	void (*explain)(struct cell_sink *k, const char *lines);
	/* the cell's PyTorch lines, joined by '\n', literal data marked (code.c) */
	void (*code)(struct cell_sink *k, const char *lines);
	/* a line of prose: "tokens: Your journey ..."; dim: a hint rather than data */
	void (*note)(struct cell_sink *k, const char *text, int dim);
	/* "shape (T, d_in) = (6, 3)": the names of the dims, and the tensor (variable var) */
	void (*shape)(struct cell_sink *k, const char *dims, const char *var, const struct tensor *t);
	/* ">>> var" and its tensor (the weights) */
	void (*show)(struct cell_sink *k, const char *var, const struct tensor *t);
	/* the cell's end */
	void (*end)(struct cell_sink *k);
	/* print(var) and what it printed: a value the caller printed itself (an int64 tensor such as
	 * GPT-2's token_ids), or a stage's tensor (cell_tensor; text NULL when po is NULL) */
	void (*printed)(struct cell_sink *k, const char *var, const char *text);
	/* how the sink's tensors print; NULL: it does not need their text (a script prints them itself) */
	const struct print_opts *po;
};

/* the stage's tensor t, printed: k->printed(k, var, its text as k->po prints it) */
void cell_tensor(struct cell_sink *k, const char *var, const struct tensor *t);

/* The terminal's text, into fp (colour as co says); the sink is fp's until the next call. */
struct cell_sink *cell_text_sink(FILE *fp, const struct cell_opts *co);

/* Is this stage shown by a run with these options? */
int cell_shown(const struct run *r, int id, const struct cell_opts *co);
/* Number of shown stages, and the position of id among them (1-based). */
int cell_count(const struct run *r, const struct cell_opts *co);
int cell_index(const struct run *r, int id, const struct cell_opts *co);
/* The cell of stage id; the inputs cell is followed by the weights cell. */
void cell_emit(struct cell_sink *k, const struct run *r, int id, const struct cell_opts *co);
/* Every shown cell, in order: a plain run. */
void cell_emit_all(struct cell_sink *k, const struct run *r, const struct cell_opts *co);
/* cell_emit() as text into fp. */
void cell_print(FILE *fp, const struct run *r, int id, const struct cell_opts *co);
/*
 * --json: one object with the file, the tokens, the settings (the file's
 * keys), every computed stage and every weight (name, shape, flat data).
 */
void cell_print_json(FILE *fp, const struct run *r, const struct input *in);
/*
 * --emit npz|safetensors: the same stages and weights, named as there, as
 * float32 arrays in a NumPy .npz or a safetensors file (fmt: EXPORT_NPZ,
 * EXPORT_SAFETENSORS) at output, else at stem + ".npz" / ".safetensors".
 * 0; else one line "attn-explain: --emit: ..." on stderr and the exit
 * status: 2 the file was refused (it exists, no force), 1 cannot write.
 * cell_export_arrays: the same for any n named arrays (gpt2 mode's).
 */
int cell_export(const char *output, const char *stem, int fmt, const struct run *r, int force);
int cell_export_arrays(const char *output, const char *stem, int fmt, const struct export_array *a, int n, int force);
/* A JSON string; and "shape": [...], "data": [...] of a tensor (floats as the shortest text that reads back). */
void cell_json_string(FILE *fp, const char *s);
void cell_json_data(FILE *fp, const struct tensor *t);

#endif
