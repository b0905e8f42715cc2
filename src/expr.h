/* expr.h - "attn_weights[0].sum(dim=-1)": the small expressions --print and the REPL take. */
#ifndef EXPR_H
#define EXPR_H

#include <stddef.h>

#include "print.h"
#include "stage.h"

/*
 * Ownership: expr_eval() fills a struct value that owns its tensor;
 * release it with value_free().  The run is borrowed.
 */

enum { VAL_TENSOR, VAL_SIZE, VAL_INT };

struct value {
	int kind;
	struct tensor *t;	/* VAL_TENSOR */
	int ndim, shape[TENSOR_MAXDIM];	/* VAL_SIZE: torch.Size */
	long long i;		/* VAL_INT */
};

/* 0, or -1 with a one-line message in err. */
int expr_eval(const char *text, const struct run *r, struct value *out, char *err, size_t errlen);
/*
 * The stages an expression may read: STAGE_BIT(id) for every name in it
 * that is a stage's, wherever it stands (more than it reads, never fewer).
 */
unsigned expr_stages(const char *text);
/* print(value) as PyTorch writes it, without the final newline; free() it. */
char *value_str(const struct value *v, const struct print_opts *po);
void value_free(struct value *v);
/* The names an expression may start with, NULL-terminated (for completion). */
extern const char *const expr_names[];

#endif
