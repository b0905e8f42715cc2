/* expr.h - "attn_weights[0].sum(dim=-1)": one expression for --print, the heatmap and diff (py.h evaluates it). */
#ifndef EXPR_H
#define EXPR_H

#include <stddef.h>

#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"

/*
 * Ownership: expr_eval() fills a struct value that owns its tensor and
 * its object; release them with value_free(), before the run is freed
 * (the value may still look at the run's memory).  The run is borrowed.
 */

enum { VAL_TENSOR, VAL_SIZE, VAL_INT, VAL_OTHER };

struct value {
	int kind;
	struct tensor *t;	/* VAL_TENSOR: the values as contiguous float32 (bools 0/1, ints converted) */
	int dtype;		/* VAL_TENSOR: 0 float32, 1 int64, 2 bool (as py's DT_*) */
	int ndim, shape[TENSOR_MAXDIM];	/* VAL_SIZE: torch.Size */
	long long i;		/* VAL_INT */
	void *obj;		/* the interpreter's value (any kind), printed by value_str() */
	char *printed;		/* what print() calls inside the expression wrote, shown before the value */
	int stmt;		/* a top-level print(...) with keywords: the print
				 * statement, printed is all it shows (its own end included), no value */
};

struct py_session;

/* Any expression of contract v2 (no statements); 0, or -1 with a one-line message in err. */
int expr_eval(const char *text, const struct run *r, struct value *out, char *err, size_t errlen);
/*
 * The same in a session (py.h): its variables and its generator, which
 * goes on from one expression to the next as in one Python program.
 */
int expr_eval_in(struct py_session *s, const char *text, struct value *out, char *err, size_t errlen);
/*
 * The same with s's variables over the stages of another run r (diff: the
 * run before the last set; a variable keeps its value across a set); s's
 * generator is not advanced.
 */
int expr_eval_on(struct py_session *s, const struct run *r, const char *text, struct value *out, char *err,
    size_t errlen);
/*
 * The stages an expression may read: STAGE_BIT(id) for every name in it
 * that is a stage's, wherever it stands (more than it reads, never fewer).
 */
unsigned expr_stages(const char *text);
/* print(value) as PyTorch writes it, without the final newline; free() it. */
char *value_str(const struct value *v, const struct print_opts *po);
void value_free(struct value *v);
/* Its Python type's name, as type(v).__name__: "Tensor", "int", "str", "NoneType", ... */
const char *value_type(const struct value *v);

#endif
