/*
 * notebook.h - --run NOTEBOOK.ipynb: a notebook's code cells run in order
 * in one session, each shown as Jupyter shows it (doc/expressions-v3.md,
 * "Running a notebook"):
 *
 *     In [N]:
 *     what the cell printed (its stream output)
 *     Out[N]: the last expression's value (text/plain)
 *     (a blank line)
 *
 * N counts the code cells that are not empty, as a fresh kernel's
 * execution counts do; a value of more than one line starts on the line
 * after "Out[N]:".  Markdown and raw cells are skipped.
 */
#ifndef NOTEBOOK_H
#define NOTEBOOK_H

#include <stddef.h>
#include <stdio.h>

#include "../py/py.h"

/*
 * Runs the notebook text[0..len) (path names it in messages) in session s,
 * writing to fp.  0; or -1 after one line on standard error: not a
 * notebook, a shell or magic line (`!pip`, `%time`: before anything runs),
 * or the error a cell raised (`PATH: In [N], line L: TYPE: MESSAGE`, after
 * what the cells before it and it printed).
 */
int notebook_run(FILE *fp, const char *path, const char *text, size_t len, struct py_session *s,
    const struct print_opts *po);

#endif
