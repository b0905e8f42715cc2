/* heatmap.c - a T x T tensor as shaded cells, masked cells marked apart. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "heatmap.h"

static const char *const shades[] = { " ", "\u2591", "\u2592", "\u2593", "\u2588" };

/* A label: the token (its first `width` bytes), or its index, padded to width. */
static void
put_label(FILE *fp, const struct run *r, int t, int width)
{
	char buf[64];

	if (r->tokens != NULL && t < r->ntokens)
		snprintf(buf, sizeof buf, "%.*s", width, r->tokens[t]);
	else
		snprintf(buf, sizeof buf, "%d", t);
	fprintf(fp, "%*s", width, buf);
}

/* A value in at most 6 columns. */
static void
put_number(FILE *fp, float x)
{
	if (x >= 0 && x < 10)
		fprintf(fp, "%6.4f", x);
	else if (x > -10 && x < 100)
		fprintf(fp, "%6.3f", x);
	else
		fprintf(fp, "%6.0e", x);
}

int
heatmap_print(FILE *fp, const struct run *r, const char *expr, int color,
    int numbers, char *err, size_t errlen)
{
	char def[64];
	struct value v;
	const struct tensor *t;
	float lo = INFINITY, hi = -INFINITY;
	int T, i, j, cw, lw = 1, masked_any = 0;
	size_t k;

	if (expr == NULL || *expr == '\0') {
		const char *name = r->st[ST_DROPPED_WEIGHTS] ? "dropped_weights" : "attn_weights";

		if (r->batched && r->H > 1)
			snprintf(def, sizeof def, "%s[0, 0]", name);
		else if (r->batched || r->H > 1)
			snprintf(def, sizeof def, "%s[0]", name);
		else
			snprintf(def, sizeof def, "%s", name);
		expr = def;
	}
	if (expr_eval(expr, r, &v, err, errlen) != 0)
		return -1;
	if (v.kind != VAL_TENSOR || v.t->ndim != 2 || v.t->shape[0] != v.t->shape[1]) {
		snprintf(err, errlen, "%s: a heat map needs a square 2-d tensor (T, T); pick one, e.g. attn_weights[0]%s",
		    expr, r->batched && r->H > 1 ? " or attn_weights[0, 1]" : "");
		value_free(&v);
		return -1;
	}
	t = v.t;
	T = t->shape[0];
	for (k = 0; k < t->numel; k++)
		if (isfinite(t->data[k])) {
			lo = t->data[k] < lo ? t->data[k] : lo;
			hi = t->data[k] > hi ? t->data[k] : hi;
		}
	if (lo > 0)
		lo = 0;
	if (!(hi > lo))
		hi = lo + 1;
	for (i = 0; i < T; i++) {
		int n = r->tokens && i < r->ntokens ? (int)strlen(r->tokens[i]) : snprintf(NULL, 0, "%d", i);

		lw = n > lw ? n : lw;
	}
	lw = lw > 12 ? 12 : lw;
	cw = numbers ? 7 : 2;	/* display columns of a cell, after its leading space */
	fprintf(fp, "%s  (rows: queries, columns: keys)\n", expr);
	fprintf(fp, "%*s", lw, "");
	for (j = 0; j < T; j++) {
		fputc(' ', fp);
		put_label(fp, r, j, cw);
	}
	fputc('\n', fp);
	for (i = 0; i < T; i++) {
		put_label(fp, r, i, lw);
		for (j = 0; j < T; j++) {
			float x = t->data[(size_t)i * T + j];
			int masked = !isfinite(x) || (r->st[ST_MASK] != NULL && j > i);
			double level = isfinite(x) ? (x - lo) / (hi - lo) : 0;

			masked_any |= masked;
			fputc(' ', fp);
			if (masked) {
				fprintf(fp, color ? "\033[2m%*s\u00b7\033[0m" : "%*s\u00b7", cw - 1, "");
			} else if (color) {
				int c = 232 + (int)lround(level * 23);

				fprintf(fp, "\033[48;5;%dm\033[38;5;%dm", c, level > 0.5 ? 16 : 255);
				if (numbers) {
					fputc(' ', fp);
					put_number(fp, x);
				} else {
					fputs("  ", fp);
				}
				fputs("\033[0m", fp);
			} else {
				int sh = (int)lround(level * 4);

				fputs(shades[sh], fp);
				if (numbers)
					put_number(fp, x);
				else
					fputs(shades[sh], fp);
			}
		}
		fputc('\n', fp);
	}
	fprintf(fp, "scale: %s%.4g .. %.4g%s\n", color ? "dark = " : "' ' = ", lo, hi, color ? " = light" : " = \u2588");
	if (masked_any)
		fprintf(fp, "\u00b7 = masked (a future token, -inf before softmax)\n");
	value_free(&v);
	return 0;
}
