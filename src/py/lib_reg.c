/*
 * lib_reg.c - the library's one registry: the tables (lib.h: one of each
 * torch file, lib_builtins.c's of Python's side), in the order completion
 * lists their names, and the look-ups over them:
 * a row by namespace and name (lib_find), every row in turn
 * (lib_rows_next) and a namespace's names (lib_names).  The files whose
 * rows look rows up (lib_misc.c, lib_nn.c) call lib_find through
 * lib_find_hook, as the registry names their tables.  A table
 * is rows grouped under LIB_NS heads and ended by LIB_END (pyint.h).
 */
#include <string.h>

#include "lib.h"

/* the files' tables, searched in this order; a name twice in a namespace: the first */
static const struct builtin *const tables[] = {
	lib_tensor_rows, lib_torch_rows, lib_builtins_rows, lib_nn_rows, lib_misc_rows, lib_einsum_rows,
	lib_norm_rows, lib_split_rows, lib_fill_rows, lib_layers_rows, lib_bigram_rows,
};

#define NTABLES (sizeof tables / sizeof tables[0])
#define MAXNAMES 192	/* the names of one namespace, with its attributes */

/* the next row of the registry after b (NULL: the first), with its namespace in *ns; NULL after the last */
static const struct builtin *
next_row(const struct builtin *b, size_t *t, const char **ns)
{
	if (b == NULL) {
		*t = 0;
		b = tables[0];
	} else {
		b++;
	}
	for (;;) {
		if (b->name == NULL) {	/* LIB_END */
			if (++*t == NTABLES)
				return NULL;
			b = tables[*t];
		} else if (b->flags & LIB_HEAD) {
			*ns = b->name;
			b++;
		} else {
			return b;
		}
	}
}

const struct builtin *
lib_find(const char *ns, const char *name)
{
	const struct builtin *b = NULL;
	const char *bns = "";
	size_t t = 0;

	while ((b = next_row(b, &t, &bns)) != NULL)
		if (strcmp(b->name, name) == 0 && strcmp(bns, ns) == 0)
			return b;
	return NULL;
}

const struct builtin *
lib_rows_next(const struct builtin *row)
{
	const struct builtin *b = NULL;
	const char *ns = "";
	size_t t = 0;

	while ((b = next_row(b, &t, &ns)) != NULL && row != NULL && b != row)
		;
	return row == NULL || b == NULL ? b : next_row(b, &t, &ns);
}

/* the names of a namespace, for completion: functions, then attributes */
const char *const *
lib_names(const char *ns)
{
	static const char *lists[8][MAXNAMES];
	static const char *const nss[8] = { "torch", "torch.nn", "torch.nn.functional", "math", "", "Tensor", "Module",
		"Generator" };
	static const char *const extra[8][12] = {
		{ "nn", "inf", "float32", "float", "int64", "long", "bool", NULL },
		{ "functional", NULL },
		{ NULL },
		{ "inf", "pi", "e", NULL },
		{ NULL },
		{ "T", "shape", "dtype", "ndim", "requires_grad", "is_leaf", "data", NULL },
		{ "training", NULL },
		{ NULL },
	};
	const struct builtin *b = NULL;
	const char *bns = "";
	size_t t = 0, i;
	int k, n = 0;

	for (k = 0; k < 8; k++)
		if (strcmp(nss[k], ns) == 0)
			break;
	if (k == 8)
		return NULL;
	if (lists[k][0] == NULL) {
		while ((b = next_row(b, &t, &bns)) != NULL)
			if (strcmp(bns, ns) == 0 && n < MAXNAMES - 13)
				lists[k][n++] = b->name;
		for (i = 0; extra[k][i] != NULL; i++)
			lists[k][n++] = extra[k][i];
		lists[k][n] = NULL;
	}
	return lists[k];
}
