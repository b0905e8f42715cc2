/* heatmap.h - attention weights as a grid with token labels on both axes. */
#ifndef HEATMAP_H
#define HEATMAP_H

#include <stddef.h>
#include <stdio.h>

#include "print.h"
#include "stage.h"

/*
 * expr: a 2-d (T, T) expression such as attn_weights or attn_weights[0, 1];
 * NULL picks the current weights (batch 0, head 0).  color: ANSI 256-colour
 * shading, else Unicode shades.  numbers: the value in each cell.
 * 0, or -1 with a message in err.
 */
int heatmap_print(FILE *fp, const struct run *r, const char *expr, int color,
    int numbers, char *err, size_t errlen);

#endif
