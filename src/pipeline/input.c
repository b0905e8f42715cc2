/*
 * input.c - a struct input's life: copies, release, and what follows from
 * its shape.  Its defaults are the settings table's (settings.c), which
 * calls this file and not the other way round.
 */
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "input.h"

const char *const input_layer_names[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };

static void
weight_free(struct weight *w)
{
	tensor_free(w->w);
	tensor_free(w->b);
	w->w = w->b = NULL;
}

void
input_free(struct input *in)
{
	int i;

	tensor_free(in->inputs);
	xfree_strings(in->tokens, (size_t)in->ntokens);
	for (i = 0; i < NLAYER; i++)
		weight_free(&in->W[i]);
	free(in->path);
	memset(in, 0, sizeof *in);
}

static struct tensor *
copy_or_null(const struct tensor *t)
{
	return t ? tensor_copy(t) : NULL;
}

void
input_copy(struct input *dst, const struct input *src)
{
	int i;

	*dst = *src;
	dst->path = xstrdup(src->path);
	dst->inputs = copy_or_null(src->inputs);
	if (src->tokens != NULL) {
		dst->tokens = xcalloc((size_t)src->ntokens, sizeof *dst->tokens);
		for (i = 0; i < src->ntokens; i++)
			dst->tokens[i] = xstrdup(src->tokens[i]);
	}
	for (i = 0; i < NLAYER; i++) {
		dst->W[i].w = copy_or_null(src->W[i].w);
		dst->W[i].b = copy_or_null(src->W[i].b);
	}
}

void
input_dims(const struct input *in, int *T, int *d_in)
{
	if (in->inputs != NULL) {
		*T = in->inputs->shape[in->inputs->ndim - 2];
		*d_in = in->inputs->shape[in->inputs->ndim - 1];
	} else {
		*T = in->rand_dims[in->rand_ndim - 2];
		*d_in = in->rand_dims[in->rand_ndim - 1];
	}
}

int
input_d_out(const struct input *in)
{
	int T, d_in;

	input_dims(in, &T, &d_in);
	return in->d_out > 0 ? in->d_out : d_in;
}
