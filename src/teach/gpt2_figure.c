/*
 * gpt2_figure.c - --model's `--heatmap -o FILE` (and the model REPL's
 * `hm FILE`): the attention weights of one head (--head H), or of every
 * head as a grid, drawn as a figure (SVG, PNG or PDF by FILE's extension,
 * figure.c), rows and columns labelled with the tokens as text (a
 * leading space shown as U+2423), the causal mask's cells marked masked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "figure.h"
#include "gpt2_mode.h"

/* "0 ␣journey" style labels: the position and the token, or the position alone without a vocabulary */
static char **
labels(const struct gctx *c)
{
	char **l = xmalloc((size_t)c->r.T * sizeof *l);
	int i;

	for (i = 0; i < c->r.T; i++) {
		struct sbuf b = { 0 };

		if (c->labels != NULL)
			sbuf_addf(&b, "%d %s", i, c->labels[i]);
		else
			sbuf_addf(&b, "%d (id %d)", i, c->r.ids[i]);
		l[i] = sbuf_take(&b);
	}
	return l;
}

int
gctx_figure(const char *path, const struct gctx *c, const struct gopts *g, int head, int numbers, int force)
{
	const struct tensor *w = c->r.st[G2_ATTN_WEIGHTS];
	int T = c->r.T, H = w->shape[1], h0 = head < 0 ? 0 : head, nh = head < 0 ? H : 1, h, i, j, rc;
	int shape[3] = { nh, T, T };
	struct tensor *view = tensor_new_uninit(nh > 1 ? 3 : 2, nh > 1 ? shape : shape + 1);
	unsigned char *mask = xmalloc((size_t)nh * T * T);
	char **lab = labels(c), **mt = xmalloc((size_t)nh * sizeof *mt), title[1024], err[1024];
	struct figure_opts o;

	memcpy(view->data, w->data + (size_t)h0 * T * T, (size_t)nh * T * T * sizeof *view->data);
	for (h = 0; h < nh; h++) {
		for (i = 0; i < T; i++)
			for (j = 0; j < T; j++)
				mask[((size_t)h * T + i) * T + j] = j > i;
		mt[h] = xmalloc(32);
		snprintf(mt[h], 32, "head %d", h0 + h);
	}
	if (head < 0)
		snprintf(title, sizeof title, "attn_weights[0]  (%s, layer %d, every head)", g->dir, c->r.layer);
	else
		snprintf(title, sizeof title, "attn_weights[0, %d]  (%s, layer %d, head %d)", head, g->dir, c->r.layer, head);
	memset(&o, 0, sizeof o);
	o.title = title;
	o.row_labels = (const char *const *)lab;
	o.col_labels = (const char *const *)lab;
	o.map_titles = nh > 1 ? (const char *const *)mt : NULL;
	o.mask = mask;
	o.mask_note = "masked (a future token: -inf before softmax, weight 0)";
	o.numbers = numbers;
	o.force = force;
	rc = figure_write(path, view, &o, err, sizeof err);
	figure_release();
	xfree_strings(lab, (size_t)T);
	xfree_strings(mt, (size_t)nh);
	free(mask);
	tensor_free(view);
	if (rc == FIGURE_OK)
		return G2_EXIT_OK;
	diag("--heatmap: %s", err);
	return rc == FIGURE_REFUSED ? G2_EXIT_USAGE : G2_EXIT_DATA;
}
