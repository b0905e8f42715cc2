/* explain.h - a few sentences of teaching text per stage, with this run's own numbers. */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include "../util/util.h"
#include "../pipeline/pipeline.h"

/* Append the text for stage id (or, with id < 0, the weights) to b. */
void explain_stage(struct sbuf *b, const struct run *r, int id);

#endif
