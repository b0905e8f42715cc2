/* why.h - why one element of a stage is what it is: its arithmetic with the real numbers. */
#ifndef WHY_H
#define WHY_H

#include <stddef.h>
#include <stdio.h>

#include "../pipeline/pipeline.h"
#include "../kernels/kernels.h"

/*
 * Ownership: every function borrows its arguments for the call.
 * why_print() makes the whole text before it writes any of it, so that
 * an error leaves fp untouched.
 *
 * The text is a contract (outside checks read it): each step is a line
 * "NAME[INDEX] = FORMULA" (INDEX as PyTorch writes it, never negative),
 * then lines indented by four spaces, the last of which is "    = VALUE"
 * with VALUE as print(NAME[INDEX]) shows it inside tensor(...); steps are
 * separated by a blank line.
 */

#define WHY_DEPTH_ALL 0		/* back to the inputs and the weights */
#define WHY_MAX_DEPTH 1000
#define WHY_MAX_STEPS 5000	/* elements one why may explain */

struct why_opts {
	int depth;		/* 1: the element alone; 2: and each element it used; ...; WHY_DEPTH_ALL */
	int verbose;		/* every term of a sum and every value of a row, not 3 and the last */
	int explain;		/* a line or two on why each step exists */
	int cli;		/* word errors and examples for --why (else the REPL's why) */
	struct print_opts po;	/* how numbers print */
};

/*
 * The steps behind expr, one element of a stage ("attn_weights[1, 0]",
 * "output[-1, 3]") of run r, computed from input in, written to fp.
 * 0, or -1 with one line in err saying what why needs, with an example.
 */
int why_print(FILE *fp, const struct run *r, const struct input *in, const char *expr,
    const struct why_opts *o, char *err, size_t errlen);
/* "all" or a number from 1 to WHY_MAX_DEPTH, into *depth; 0, or -1. */
int why_depth(const char *text, int *depth);
/*
 * Element flat of stage id, recomputed by its rule from the stages before
 * it, as why shows it (the unit test holds it to the stage's bits).
 */
float why_value(const struct run *r, const struct input *in, int id, size_t flat);

#endif
