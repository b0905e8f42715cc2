/* cell.c - each stage as a notebook cell, and every stage as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell.h"
#include "explain.h"

#define BOLD "\033[1m"
#define CYAN "\033[36m"
#define DIM "\033[2m"
#define RESET "\033[0m"

int
cell_shown(const struct run *r, int id, const struct cell_opts *co)
{
	return r->st[id] != NULL && (co->all || !stage_defs[id].extra);
}

int
cell_count(const struct run *r, const struct cell_opts *co)
{
	int i, n = 0;

	for (i = 0; i < ST_COUNT; i++)
		n += cell_shown(r, i, co);
	return n;
}

int
cell_index(const struct run *r, int id, const struct cell_opts *co)
{
	int i, n = 0;

	for (i = 0; i <= id; i++)
		n += cell_shown(r, i, co);
	return n;
}

/* Teaching text, wrapped at 76 columns, each line a "  # " comment. */
static void
print_explain(FILE *fp, const struct run *r, int id, const struct cell_opts *co)
{
	struct sbuf b = { 0 };
	const char *p;
	char *s;
	int col = 0;

	explain_stage(&b, r, id);
	s = sbuf_take(&b);
	fputs(co->color ? DIM : "", fp);
	for (p = s; *p; ) {
		size_t w;

		while (*p == ' ')
			p++;
		if ((w = strcspn(p, " ")) == 0)
			break;
		if (col == 0) {
			fputs("  #", fp);
			col = 3;
		}
		if (col > 3 && col + 1 + (int)w > 76) {
			fputs("\n  #", fp);
			col = 3;
		}
		fputc(' ', fp);
		fwrite(p, 1, w, fp);
		col += 1 + (int)w;
		p += w;
	}
	fputs(co->color ? RESET "\n" : "\n", fp);
	free(s);
}

void
cell_print(FILE *fp, const struct run *r, int id, const struct cell_opts *co)
{
	char desc[128];
	char *t;

	if (r->st[id] == NULL)
		return;
	fprintf(fp, "%s[%d/%d] %s%s: %s\n", co->color ? BOLD : "", cell_index(r, id, co),
	    cell_count(r, co), stage_defs[id].name, co->color ? RESET : "", stage_defs[id].what);
	if (co->explain)
		print_explain(fp, r, id, co);
	fprintf(fp, "  %s>>> %s%s\n", co->color ? CYAN : "", r->code[id], co->color ? RESET : "");
	fprintf(fp, "  %sshape %s%s\n", co->color ? DIM : "", stage_shape_desc(desc, sizeof desc, r, id),
	    co->color ? RESET : "");
	if (id == ST_INPUTS && r->tokens != NULL) {
		int i;

		fprintf(fp, "  tokens:");
		for (i = 0; i < r->ntokens; i++)
			fprintf(fp, " %s", r->tokens[i]);
		fputc('\n', fp);
	}
	t = print_tensor_str(r->st[id], &co->po);
	fprintf(fp, "%s\n\n", t);
	free(t);
}

void
cell_print_setup(FILE *fp, const struct run *r, const struct cell_opts *co)
{
	static const char *const names[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };
	const char *p, *nl;
	int l;

	if (r->setup == NULL)
		return;
	fprintf(fp, "%sweights%s: where the projection matrices come from\n", co->color ? BOLD : "", co->color ? RESET : "");
	if (co->explain)
		print_explain(fp, r, -1, co);
	for (p = r->setup; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p) - 1;
		fprintf(fp, "  %s>>> %.*s%s\n", co->color ? CYAN : "", (int)(nl - p), p, co->color ? RESET : "");
	}
	if (!co->all) {
		fprintf(fp, "  %s(--all or --print W_query%s shows them)%s\n\n", co->color ? DIM : "",
		    r->layer[0].linear ? ".weight" : "", co->color ? RESET : "");
		return;
	}
	for (l = 0; l < NLAYER; l++) {
		const struct layer *L = &r->layer[l];
		char *t;

		if (!L->present)
			continue;
		fprintf(fp, "  %s>>> %s%s%s\n", co->color ? CYAN : "", names[l], L->linear ? ".weight" : "", co->color ? RESET : "");
		t = print_tensor_str(L->w, &co->po);
		fprintf(fp, "%s\n", t);
		free(t);
		if (L->b != NULL) {
			fprintf(fp, "  %s>>> %s.bias%s\n", co->color ? CYAN : "", names[l], co->color ? RESET : "");
			t = print_tensor_str(L->b, &co->po);
			fprintf(fp, "%s\n", t);
			free(t);
		}
	}
	fputc('\n', fp);
}

static void
json_string(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(fp, "\\%c", *s);
		else if ((unsigned char)*s < 32)
			fprintf(fp, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, fp);
	}
	fputc('"', fp);
}

void
cell_print_json(FILE *fp, const struct run *r)
{
	int id, d, first = 1;
	size_t i;

	fputs("[\n", fp);
	for (id = 0; id < ST_COUNT; id++) {
		const struct tensor *t = r->st[id];

		if (t == NULL)
			continue;
		fprintf(fp, "%s  {\"name\": \"%s\", \"expression\": ", first ? "" : ",\n", stage_defs[id].name);
		json_string(fp, r->code[id]);
		fputs(", \"shape\": [", fp);
		for (d = 0; d < t->ndim; d++)
			fprintf(fp, "%s%d", d ? ", " : "", t->shape[d]);
		fputs("], \"data\": [", fp);
		for (i = 0; i < t->numel; i++) {
			float v = t->data[i];

			if (i)
				fputs(", ", fp);
			if (isnan(v))
				fputs("\"nan\"", fp);
			else if (isinf(v))
				fputs(v < 0 ? "\"-inf\"" : "\"inf\"", fp);
			else
				fprintf(fp, "%.9g", (double)v);
		}
		fputs("]}", fp);
		first = 0;
	}
	fputs("\n]\n", fp);
}
