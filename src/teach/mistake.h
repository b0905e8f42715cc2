/*
 * mistake.h - check mode's catalogue (shared/spec/check.md "Mistakes"):
 * one row per mistake, its id and text, the line of the notebook it is
 * about, its readings, when a run can make it, and the line it changes.
 * The numbers of a mistake are computed by stage_run_variant (stage.h).
 * Internal to the teach part (check.c, tests/test_check.c).
 */
#ifndef MISTAKE_H
#define MISTAKE_H

#include <stddef.h>

#include "../pipeline/pipeline.h"

/* The line of the notebook a mistake is about: a pair combines two different ones. */
enum { SL_PROJECT, SL_SPLIT, SL_SCORES, SL_MASK, SL_SCALE, SL_SOFTMAX, SL_DROPOUT, SL_OUTPUT };

/* What the notebook's lines call things in this run, for a mistaken line. */
struct mistake_names {
	const struct run *r;
	const struct input *in;
	const char *scores, *kv, *qv;	/* masked_scores or attn_scores; keys(_heads), queries(_heads) */
	char tr[32];			/* the transpose of keys: ".T", ".transpose(2, 3)", ... */
	char num[32];			/* the dropout probability */
	char lead[16];			/* "B, " in a view's shape when batched */
};

struct check_mistake {
	const char *id;		/* check.md's id: "no-scale", "scale-by-d", ... */
	const char *what;	/* check.md's description */
	int slot;		/* SL_*: the line of the notebook it is about */
	int nreadings;		/* check.md "Readings of the catalogue"; stage.h's enums */
	/* can run r make it (reading rd) at all, and would it change anything? */
	int (*applies)(const struct run *r, const struct input *in, int rd);
	/* the line it changes, as the notebook would have it, into buf; the stage whose line it replaces */
	int (*line)(char *buf, size_t len, const struct mistake_names *nm, int rd);
};

/* in the order of enum mistake */
extern const struct check_mistake check_mistakes[MK_COUNT];

/* The line mistake mk (reading rd) changes, into buf; the stage whose line it replaces. */
int mistake_line(char *buf, size_t len, const struct run *r, const struct input *in, int mk, int rd);

#endif
