/*
 * teach - what a learner is shown about a run: notebook-style cells
 * (cell.h), the explanations (explain.h), heat maps (heatmap.h), the
 * arithmetic behind a number (why.h), check mode and its reader of printed
 * tensors (check.h, readprint.h; its catalogue of mistakes, derived
 * readings and readers of numbers, labels and notebooks are internal:
 * mistake.h, derived.h, readnum.h, readlabel.h, readipynb.h), heat maps as
 * figures (figure.h), scripts and notebooks written out (emit.h), a GPT-2
 * folder's stages and its mode (gpt2_cells.h; gpt2_mode.h internal),
 * notebooks run (notebook.h) and traces of script functions (trace.h).
 * Uses util, kernels, pipeline, model and py; never the REPL.
 */
#ifndef TEACH_H
#define TEACH_H

#include "cell.h"
#include "explain.h"
#include "heatmap.h"
#include "why.h"
#include "readprint.h"
#include "check.h"
#include "emit.h"
#include "figure.h"
#include "gpt2_cells.h"
#include "notebook.h"
#include "trace.h"

#endif
