/*
 * figure.h - a heat map as a figure file for slides and handouts: SVG, PNG
 * or PDF by the file's extension, drawn with cairo (SVG written as XML by
 * the same layout, so that labels and numbers stay text).  It shades and
 * marks cells with the meaning of the terminal heat map (heatmap.c): a grey
 * ramp from dark (the smallest value, or 0 when every value is positive) to
 * light (the largest), masked cells as a dot on the page's white, nan as a
 * cross, inf light and -inf dark.
 */
#ifndef FIGURE_H
#define FIGURE_H

#include <stddef.h>

#include "../kernels/kernels.h"

/*
 * Ownership: figure_write() borrows everything it is given and keeps
 * nothing; the caller's labels and mask may be freed when it returns.
 */

/* Refused above these (one line, nothing written): no unbounded memory. */
#define FIGURE_MAX_SIDE 512		/* rows or columns of one map */
#define FIGURE_MAX_CELLS (512 * 512)	/* cells of all maps together */
#define FIGURE_MAX_MAPS 256		/* maps of a grid */

struct figure_opts {
	const char *title;		/* "attn_weights[0]  (data/x.json, seed 123)"; NULL: none */
	const char *const *row_labels;	/* R UTF-8 strings (tokens), or NULL: positions 0, 1, ... */
	const char *const *col_labels;	/* C strings, or NULL */
	const char *const *map_titles;	/* H strings for a grid ("head 0"), or NULL: "[0]", "[1]", ... */
	const unsigned char *mask;	/* numel bytes, nonzero = masked; NULL: a -inf cell is masked */
	const char *mask_note;		/* the legend's words for a masked cell; NULL: "masked" */
	int numbers;			/* the value in each cell, as print(t) writes it, when it fits (cells of
					 * a big map shrink to fit 2400 units a side; below a 3-unit font none) */
	int force;			/* overwrite an existing file */
};

enum { FIGURE_OK = 0, FIGURE_REFUSED = -1, FIGURE_IO = -2 };

/*
 * Draws t, a (R, C) tensor as one map or a (H, R, C) tensor as a grid of H
 * maps sharing one colour scale, into path (.svg, .png or .pdf, any case).
 * The file appears whole or not at all: written under a temporary name in
 * the same folder, then renamed; an existing file is kept unless force.
 * FIGURE_OK; FIGURE_REFUSED with one line in err (unknown extension, not
 * 2-d or 3-d, empty, above the FIGURE_MAX_* sizes, the file exists: a
 * usage error); FIGURE_IO with one line naming path (cannot create,
 * disk full).  A PNG above 64 Mpixel is refused too (SVG or PDF then).
 * Text is laid out by pango with fontconfig's sans-serif and its fallback
 * fonts, so a label in any script an installed font covers (CJK from
 * fonts-wqy-microhei, Arabic and Hebrew from DejaVu, ...) is drawn shaped
 * and in its direction in PNG and PDF; the SVG keeps the text, drawn by
 * the viewer's fonts.
 */
int figure_write(const char *path, const struct tensor *t, const struct figure_opts *o,
    char *err, size_t errlen);

/*
 * How many characters of the UTF-8 text s the figures' fonts have no glyph
 * for (pango's unknown glyphs, drawn as a box with the code point): 0 when
 * fontconfig found a font for every one; -1 when pango cannot be loaded
 * (libpangocairo-1.0.so.0 is opened when the first figure is drawn; without
 * it figures use cairo's toy text, one font, boxes for other scripts).
 */
int figure_text_unknown(const char *s);

/*
 * Gives back the font caches cairo and fontconfig keep between figures
 * (LeakSanitizer reports them otherwise): once, at exit, after the last
 * figure_write().  Not once pango is loaded: its thread may still hold
 * them (figure.c tells LeakSanitizer instead).
 */
void figure_release(void);

/*
 * Where cell (i, j) of map h lies in the figure figure_write() would draw
 * of t with o: its top-left corner and side in pixels (PNG) or points
 * (PDF, SVG).  0, or -1 when t would be refused.  For tests and callers
 * that annotate.
 */
int figure_cell_at(const struct tensor *t, const struct figure_opts *o, int h, int i, int j,
    double *x, double *y, double *side);

/*
 * The shading's range, as the figure and the terminal's heat map both shade:
 * lo..hi over the cells that are neither masked nor nan nor infinite, with 0
 * as lo's ceiling (weights are shares of a whole: 0 is the palest or the
 * darkest shade); lo > hi when no cell is shaded.  figure_range_init(), then
 * figure_range_add() for every cell, which notes the other kinds of cell too,
 * then figure_range_done().
 */
struct figure_range {
	double lo, hi;
	int masked, nan, pinf, ninf;	/* some cell is masked, nan, inf, -inf */
};
void figure_range_init(struct figure_range *sc);
void figure_range_add(struct figure_range *sc, float x, int masked);
void figure_range_done(struct figure_range *sc);

#endif
