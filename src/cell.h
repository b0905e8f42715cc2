/* cell.h - a stage shown as a notebook cell: header, PyTorch line, shape, tensor. */
#ifndef CELL_H
#define CELL_H

#include <stdio.h>

#include "print.h"
#include "settings.h"
#include "stage.h"

/* Is this stage shown by a run with these options? */
int cell_shown(const struct run *r, int id, const struct cell_opts *co);
/* Number of shown stages, and the position of id among them (1-based). */
int cell_count(const struct run *r, const struct cell_opts *co);
int cell_index(const struct run *r, int id, const struct cell_opts *co);
void cell_print(FILE *fp, const struct run *r, int id, const struct cell_opts *co);
/* The weights cell (setup lines, and the weights with --all); nothing without weights. */
void cell_print_setup(FILE *fp, const struct run *r, const struct cell_opts *co);
/* Every stage as JSON (--json). */
void cell_print_json(FILE *fp, const struct run *r);

#endif
