/*
 * derived.h - check mode's derived readings (shared/spec/check.md): a
 * tensor of theirs that is no stage and no mistake, but a simple value
 * derived from a stage -- a sum, a row sum, a mean, a max (of a stage or
 * of a part of one along its leading axes), a stage's number of elements.
 * Internal to check.c.
 */
#ifndef DERIVED_H
#define DERIVED_H

#include <stddef.h>

#include "../pipeline/pipeline.h"
#include "readprint.h"

/* Is element x of theirs equal to y (check.c's rule for t)? */
typedef int (*derived_eq)(const void *ctx, double x, float y);

/*
 * The first derived value of a stage of r that equals t under eq: its
 * reading into name ("attn_weights[1].sum()", "attn_weights.sum(dim=-1)")
 * and its shape as the report writes it into shape ("(1)" for a single
 * number, "(6)"); 1, or 0 when none does.
 */
int derived_find(const struct run *r, const struct rp_tensor *t, derived_eq eq, const void *ctx,
    char *name, size_t namelen, char *shape, size_t shapelen);

#endif
