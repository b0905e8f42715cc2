/*
 * readipynb.h - a Jupyter notebook read: its code cells, each with its
 * source and its text outputs (stream, execute_result's and display_data's
 * text/plain).  The one reader of notebooks: check mode reads a notebook
 * as THEIRS (shared/spec/check.md) through readipynb_transcript(), and
 * --run NOTEBOOK.ipynb (notebook.c) runs the sources of readipynb_cells().
 * Internal to the teach part (readprint.c, notebook.c, tests/fuzz).
 */
#ifndef READIPYNB_H
#define READIPYNB_H

#include <stddef.h>

/* One code cell. */
struct nb_cell {
	char *source;		/* nbformat's multiline string joined */
	char *outputs;		/* its text outputs, each followed by a newline */
	int index;		/* 1-based, among all the notebook's cells (markdown ones too) */
};

/*
 * text[0..len) as a notebook: 1, and its code cells in order in *cells
 * (*n of them; free with readipynb_free), or 0 when it is no notebook (no
 * JSON object with a "cells" array), *cells then NULL.
 */
int readipynb_cells(const char *text, size_t len, struct nb_cell **cells, int *n);
void readipynb_free(struct nb_cell *cells, int n);

/*
 * The same as the transcript a notebook's page shows ("In [N]:", the
 * source, the outputs), so that readprint.c labels each print from the
 * source: 1 and the transcript in *out (malloc'd, *outlen bytes), or 0.
 */
int readipynb_transcript(const char *text, size_t len, char **out, size_t *outlen);

#endif
