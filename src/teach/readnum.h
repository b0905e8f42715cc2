/*
 * readnum.h - a number as a PyTorch print writes it ("3", "3.", "0.2500",
 * "1.0000e-04", inf, True), and what all of one print's numbers say
 * together: its notation and the unit of its last digit (check.md); the
 * dtype names.  Internal to readprint.c and readlabel.c.
 */
#ifndef READNUM_H
#define READNUM_H

#include <stddef.h>

#include "readprint.h"

enum { NUM_INT, NUM_INTF, NUM_FIXED, NUM_SCI, NUM_NONFINITE, NUM_BOOL };

struct num {
	double v;
	int kind;		/* NUM_*: "3", "3.", "3.0000", "3.0e+00", inf/nan, True */
	int digits;		/* after the point (of the mantissa) */
	int exp;		/* the printed exponent; 0 without one */
};

/*
 * The printing facts of one tensor, gathered element by element: check.md's
 * unit is 10^-P in fixed notation and, in scientific notation, that of the
 * largest printed element (so a near-zero 1.2e-09 beside 9.9e-01 does not
 * demand 13 digits).  An element's own unit is 10^(exp - digits).
 */
struct facts {
	int nbool, nnum;	/* True/False against numbers: never mixed */
	int nint, nfloat, nsci, nfixed;
	int nnonfinite;		/* inf and nan, counted in nfloat too */
	double plain_u;		/* largest own unit of a non-scientific finite element */
	int plain_p;
	double fixed_u;		/* the same among the elements with digits after the point ("0.25", not "0." or "3") */
	int fixed_p;
	double sci_big, sci_u;	/* largest |x| of a non-zero scientific element, and its unit */
	int sci_p;
	double sci0_u;		/* largest unit of a scientific zero (all of them zero) */
	int sci0_p;
};

/* 1 when w[0..n) is the text lit. */
int readnum_word_is(const char *w, size_t n, const char *lit);
/* The token w[0..n) as PyTorch prints a number into x: 0, -1 when it is none, -2 when out of range. */
int readnum_parse(const char *w, size_t n, struct num *x);
/* The dtype torch.NAME names, w[0..n) being NAME: enum rp_dtype, or -1. */
int readnum_dtype(const char *w, size_t n);
/* One more element of the print. */
void readnum_facts_add(struct facts *f, const struct num *x);
/* The print's notation, precision and unit into t. */
void readnum_facts_apply(const struct facts *f, struct rp_tensor *t);

#endif
