/* heatmap.h - a 2-d tensor as a grid of shaded cells, labelled with the stage positions it shows. */
#ifndef HEATMAP_H
#define HEATMAP_H

#include <stddef.h>
#include <stdio.h>

#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "figure.h"

/*
 * Ownership: both functions borrow the run; heatmap_default_expr() writes
 * into the caller's buffer.
 */

/*
 * Draws the 2-d tensor that expr (any expression expr_eval() takes, such as
 * attn_weights[0, 1] or attn_weights[3:6, 0:3]) gives; NULL or "" draws
 * heatmap_default_expr(r, -1).  When expr only selects, slices and
 * transposes one stage, the rows and columns are labelled with their
 * positions (and tokens) in that stage and the cells a causal mask hid are
 * drawn apart; otherwise by their positions in the result.  color: ANSI
 * 256-colour shading, else Unicode shades.  numbers: the value in each
 * cell.  As many columns as fit the width (COLUMNS, else the terminal's
 * when fp is one, else 80), then a line naming the expression for the
 * next ones.  Labels are measured and cut in display columns of the
 * LC_CTYPE locale (main() calls setlocale).
 * 0, or -1 with a one-line message in err (not 2-d: with an expression
 * that is).
 */
int heatmap_print(FILE *fp, const struct run *r, const char *expr, int color,
    int numbers, char *err, size_t errlen);
/* The same with expr read in a session (py.h, r its run): its variables too, as every expression (the REPL's hm). */
struct py_session;
int heatmap_print_in(FILE *fp, const struct run *r, struct py_session *py, const char *expr, int color,
    int numbers, char *err, size_t errlen);

/*
 * The same map as a figure file (figure_write(): .svg, .png or .pdf by
 * path's extension), a 3-d selection such as attn_weights[0] of a
 * (B, H, T, T) run as a grid of maps; rows and columns labelled with their
 * tokens, causally masked cells marked, the title expr and "(run)".
 * 0; FIGURE_REFUSED (a usage error: extension, shape, size, the file
 * exists without force) or FIGURE_IO (cannot write) with one line in err;
 * -3 when expr does not evaluate (a data error, as heatmap_print's).
 */
int heatmap_figure(const char *path, const struct run *r, const char *expr, const char *run,
    int numbers, int force, char *err, size_t errlen);

/*
 * The expression a bare heat map draws for stage id (ST_*): its name indexed
 * with 0 down to 2-d, "attn_weights[0, 0]" for (B, H, T, T); id < 0: the
 * current weights, dropped_weights when there is dropout, else
 * attn_weights.  For the REPL's `hm` on the stage it is at.  Returns buf.
 */
char *heatmap_default_expr(char *buf, size_t len, const struct run *r, int id);

#endif
