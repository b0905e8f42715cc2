/*
 * pipeline - from an input file to the stages: the input and its settings
 * table (input.h, settings.h), the JSON scanner (json_scan.c, its header
 * internal) and loader (json.h), the stages in spec order with the PyTorch
 * line behind each (stage.h; code.c writes the lines), stages and weights
 * written as .npz or safetensors (export.h).  Uses util and kernels; knows
 * nothing of the interpreter, the lessons or the terminal.
 */
#ifndef PIPELINE_H
#define PIPELINE_H

#include "input.h"
#include "settings.h"
#include "json.h"
#include "stage.h"
#include "export.h"

#endif
