/* check.h - check mode: someone's tensors against the run's, and the mistake that explains a difference. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

#include "../pipeline/pipeline.h"
#include "mistake.h"
#include "readprint.h"

/*
 * Ownership: check_run() borrows its arguments and frees everything it
 * allocates before it returns.  The contract is shared/spec/check.md.
 */

struct check_opts {
	int verbose;		/* -v: each differing tensor side by side, and the line a mistake changes */
	int has_tolerance;	/* --tolerance: one absolute bound for every element ... */
	double tolerance;	/* ... instead of one unit of the last printed digit */
};

/* the catalogue of mistakes, check_mistakes[]: mistake.h */

/*
 * Judges each tensor of theirs against run r (computed from in, keeping
 * every stage): which stage or part of a stage it is, whether it matches,
 * and if not, which mistake of the catalogue (or pair of them) reproduces
 * it.  Writes one line per tensor, in their order, then "N of M match".
 * Returns how many did not match (0: all did), or -1 when interrupted
 * (interrupt_pending: the REPL's Ctrl-C), fp then holding part of the report.
 */
int check_run(FILE *fp, const struct run *r, const struct input *in, const struct rp_set *theirs,
    const struct check_opts *o);
/* --tolerance X: a finite number >= 0 into *x; 0, or -1. */
int check_parse_tolerance(const char *s, double *x);

#endif
