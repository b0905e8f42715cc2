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

#endif
