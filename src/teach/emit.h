/* emit.h - a run as a Python script or a Jupyter notebook that recomputes it in PyTorch. */
#ifndef EMIT_H
#define EMIT_H

#include <stdio.h>

#include "cell.h"
#include "../pipeline/pipeline.h"

enum { EMIT_PYTHON, EMIT_IPYNB };

/* "python" or "ipynb": EMIT_*, or -1. */
int emit_format(const char *name);
/*
 * The cells of a run (every stage kept, as a plain run computes them),
 * as co shows them, written as format: a script that prints what the run
 * prints, or a notebook whose outputs are filled in.  Nothing is allocated
 * that outlives the call.
 */
void emit_run(FILE *fp, int format, const struct run *r, const struct input *in, const struct cell_opts *co);
/*
 * The same for cells made by another caller (--model's): preamble (the
 * script's first lines, or the notebook's first code cell), then
 * cells(sink, arg) puts each cell through the sink; code lines are run as
 * written (no literal markers).
 */
void emit_cells(FILE *fp, int format, const char *preamble, void (*cells)(struct cell_sink *k, void *arg), void *arg,
    const struct print_opts *po);

#endif
