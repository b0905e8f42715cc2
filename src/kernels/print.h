/* print.h - a tensor as text, exactly as PyTorch's print() writes it. */
#ifndef PRINT_H
#define PRINT_H

#include <stdio.h>

#include "tensor.h"

/* torch.set_printoptions; the rules are in shared/spec/torch-print.md. */
struct print_opts {
	int precision;		/* 4: digits after the point */
	long long threshold;	/* 1000: summarize when numel > threshold */
	int edgeitems;		/* 3: leading/trailing items kept when summarized, >= 1 */
	int linewidth;		/* 80 */
	int sci_mode;		/* -1 None (automatic), 0 False, 1 True */
	int torch29;		/* forced sci_mode measures widths as PyTorch >= 2.9 (spec 12.1) */
};

#define PRINT_MAX_PRECISION 50

void print_opts_default(struct print_opts *po);
/* The text of print(t), without a final newline; free() it. */
char *print_tensor_str(const struct tensor *t, const struct print_opts *po);
/*
 * print(t) of an int64 (is_bool 0) or bool tensor of the given shape, its
 * values in row-major order (bools as 0 and 1); free() the text.
 */
char *print_ints_str(int ndim, const int *shape, const long long *v, int is_bool, const struct print_opts *po);
/* print(t): the text and a newline. */
void print_tensor(FILE *fp, const struct tensor *t, const struct print_opts *po);

/* A finite float32 as the shortest decimal that reads back to it ("0.43", "1e-05"; -0 as "-0.0",
 * as "-0" reads back as +0); returns buf. */
char *print_shortest(char *buf, size_t len, float f);

#endif
