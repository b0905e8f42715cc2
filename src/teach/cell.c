/* cell.c - each stage as a notebook cell, and every stage as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell.h"
#include "explain.h"
#include "../util/util.h"
#include "../pipeline/pipeline.h"

#define BOLD "\033[1m"
#define CYAN "\033[36m"
#define DIM "\033[2m"
#define RESET "\033[0m"

static const char *const *const layer_var = input_layer_names;

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

/* Teaching text wrapped at 76 columns, each line a "  # " comment; free() it. */
static char *
explain_lines(const struct run *r, int id)
{
	struct sbuf b = { 0 }, out = { 0 };
	char *s;

	explain_stage(&b, r, id);
	s = sbuf_take(&b);
	if (s[strspn(s, " ")] != '\0') {	/* "  # word word", lines up to 76 columns */
		sbuf_add(&out, "  # ");
		text_wrap(&out, s, "  # ", 76);
	}
	free(s);
	return sbuf_take(&out);
}

/* The weights cell: where the projections come from, and with --all the matrices. */
static void
emit_setup(struct cell_sink *k, const struct run *r, const struct cell_opts *co)
{
	char var[32], hint[96];
	int l;

	if (r->setup == NULL)
		return;
	k->header(k, "weights", "where the projection matrices come from");
	if (co->explain) {
		char *t = explain_lines(r, -1);

		k->explain(k, t);
		free(t);
	}
	k->code(k, r->setup);
	if (!co->all) {
		snprintf(hint, sizeof hint, "(--all or --print W_query%s shows them)", r->layer[0].linear ? ".weight" : "");
		k->note(k, hint, 1);
	}
	for (l = 0; l < NLAYER && co->all; l++) {
		const struct layer *L = &r->layer[l];

		if (!L->present)
			continue;
		snprintf(var, sizeof var, "%s%s", layer_var[l], L->linear ? ".weight" : "");
		k->show(k, var, L->w);
		if (L->b != NULL) {
			snprintf(var, sizeof var, "%s.bias", layer_var[l]);
			k->show(k, var, L->b);
		}
	}
	k->end(k);
}

void
cell_emit(struct cell_sink *k, const struct run *r, int id, const struct cell_opts *co)
{
	char title[96], desc[128], *p;

	if (r->st[id] == NULL)
		return;
	snprintf(title, sizeof title, "[%d/%d] %s", cell_index(r, id, co), cell_count(r, co), stage_defs[id].name);
	k->header(k, title, stage_what(r, id));
	if (co->explain) {
		char *t = explain_lines(r, id);

		k->explain(k, t);
		free(t);
	}
	k->code(k, id == ST_DROPPED_WEIGHTS && !cell_shown(r, ST_DROPOUT_MASK, co) ? r->code_alone : r->code[id]);
	stage_shape_desc(desc, sizeof desc, r, id);
	if ((p = strstr(desc, " = ")) != NULL)
		*p = '\0';	/* "(T, d_in)": the sink writes the values */
	k->shape(k, desc, stage_defs[id].name, r->st[id]);
	if (id == ST_INPUTS && r->tokens != NULL) {
		struct sbuf b = { 0 };
		char *t;
		int i;

		sbuf_add(&b, "tokens:");
		for (i = 0; i < r->ntokens; i++)
			sbuf_addf(&b, " %s", r->tokens[i]);
		t = sbuf_take(&b);
		for (p = t; *p; p++)	/* a control byte in a token cannot drive the terminal: '?' as the heat map shows it */
			if ((unsigned char)*p < 32 || *p == 127)
				*p = '?';
		k->note(k, t, 0);
		free(t);
	}
	cell_tensor(k, stage_defs[id].name, r->st[id]);
	k->end(k);
	if (id == ST_INPUTS)
		emit_setup(k, r, co);
}

void
cell_tensor(struct cell_sink *k, const char *var, const struct tensor *t)
{
	char *s = k->po != NULL ? print_tensor_str(t, k->po) : NULL;

	k->printed(k, var, s);
	free(s);
}

void
cell_emit_all(struct cell_sink *k, const struct run *r, const struct cell_opts *co)
{
	int i;

	for (i = 0; i < ST_COUNT && !interrupt_pending; i++)
		if (cell_shown(r, i, co))
			cell_emit(k, r, i, co);
}

/* ---- the terminal's text ---- */

struct text_sink {
	struct cell_sink k;
	FILE *fp;
	const struct cell_opts *co;
};

static struct text_sink *
ts(struct cell_sink *k)
{
	return (struct text_sink *)k;
}

static const char *
on(struct cell_sink *k, const char *esc)
{
	return ts(k)->co->color ? esc : "";
}

static void
text_header(struct cell_sink *k, const char *title, const char *what)
{
	fprintf(ts(k)->fp, "%s%s%s: %s\n", on(k, BOLD), title, on(k, RESET), what);
}

static void
text_explain(struct cell_sink *k, const char *lines)
{
	fprintf(ts(k)->fp, "%s%s%s\n", on(k, DIM), lines, on(k, RESET));
}

static void
text_code(struct cell_sink *k, const char *lines)
{
	char *shown = code_shown(lines), *p, *nl;

	/* each line after ">>> "; a loop's body after "... ", as the Python REPL shows them */
	for (p = shown; p != NULL && *p != '\0'; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		fprintf(ts(k)->fp, "  %s%s %.*s%s\n", on(k, CYAN), *p == ' ' ? "..." : ">>>",
		    nl ? (int)(nl - p) : (int)strlen(p), p, on(k, RESET));
	}
	free(shown);
}

static void
text_note(struct cell_sink *k, const char *text, int dim)
{
	fprintf(ts(k)->fp, "  %s%s%s\n", dim ? on(k, DIM) : "", text, dim ? on(k, RESET) : "");
}

static void
text_shape(struct cell_sink *k, const char *dims, const char *var, const struct tensor *t)
{
	char buf[64];

	(void)var;
	fprintf(ts(k)->fp, "  %sshape %s = %s%s\n", on(k, DIM), dims, tensor_shape_str(buf, sizeof buf, t), on(k, RESET));
}

static void
text_printed(struct cell_sink *k, const char *var, const char *text)
{
	(void)var;
	fprintf(ts(k)->fp, "%s\n", text);
}


static void
text_show(struct cell_sink *k, const char *var, const struct tensor *t)
{
	fprintf(ts(k)->fp, "  %s>>> %s%s\n", on(k, CYAN), var, on(k, RESET));
	cell_tensor(k, var, t);
}

static void
text_end(struct cell_sink *k)
{
	fputc('\n', ts(k)->fp);
}

struct cell_sink *
cell_text_sink(FILE *fp, const struct cell_opts *co)
{
	static struct text_sink s = { { text_header, text_explain, text_code, text_note, text_shape,
	    text_show, text_end, text_printed, NULL }, NULL, NULL };

	s.fp = fp;
	s.co = co;
	s.k.po = &co->po;
	return &s.k;
}

void
cell_print(FILE *fp, const struct run *r, int id, const struct cell_opts *co)
{
	cell_emit(cell_text_sink(fp, co), r, id, co);
}

/* ---- JSON ---- */

void
cell_json_string(FILE *fp, const char *s)
{
	struct sbuf b = { 0 };
	char *q;

	sbuf_quote(&b, s, 1);
	q = sbuf_take(&b);
	fputs(q, fp);
	free(q);
}

/* --json's numbers: blocks of JSON_BLOCK, each as ", "-separated text in its own buffer. */
#define JSON_BLOCK ((size_t)1 << 17)
#define JSON_NUM_MAX (FLOATFMT_LEN + 2)
struct json_nums {
	const float *data;
	size_t numel, base;
	char *buf[2];
	size_t len[2];
};

static void
json_nums_rows(void *ctx, size_t lo, size_t hi)
{
	struct json_nums *j = ctx;
	size_t r, i, end, n, k;

	for (r = lo; r < hi; r++) {
		char *b = j->buf[r];

		i = j->base + r * JSON_BLOCK;
		end = i + JSON_BLOCK < j->numel ? i + JSON_BLOCK : j->numel;
		for (n = 0; i < end; i++) {
			float v = j->data[i];
			const char *s;

			if (i) {
				b[n++] = ',';
				b[n++] = ' ';
			}
			if (isnan(v))
				s = "\"nan\"";
			else if (isinf(v))
				s = v < 0 ? "\"-inf\"" : "\"inf\"";
			else
				s = floatfmt_shortest(b + n, FLOATFMT_LEN, v);
			k = strlen(s);
			if (s != b + n)
				memcpy(b + n, s, k);
			n += k;
		}
		j->len[r] = n;
	}
}

void
cell_json_data(FILE *fp, const struct tensor *t)
{
	struct json_nums j;
	size_t base;
	int d, r;

	fputs("\"shape\": [", fp);
	for (d = 0; d < t->ndim; d++)
		fprintf(fp, "%s%d", d ? ", " : "", t->shape[d]);
	fputs("], \"data\": [", fp);
	/*
	 * The numbers straight into two buffers, formatted on two threads, then
	 * written in order: stdio and print_shortest per number were nearly all
	 * of --json's time on big runs.
	 */
	j.data = t->data;
	j.numel = t->numel;
	for (r = 0; r < 2; r++)
		j.buf[r] = xmalloc((t->numel < JSON_BLOCK ? t->numel + 1 : JSON_BLOCK) * JSON_NUM_MAX);
	for (base = 0; base < t->numel; base += 2 * JSON_BLOCK) {
		j.base = base;
		tensor_parallel(json_nums_rows, &j, 2, JSON_BLOCK);
		for (r = 0; r < 2; r++)
			fwrite(j.buf[r], 1, j.len[r], fp);
	}
	for (r = 0; r < 2; r++)
		free(j.buf[r]);
	fputc(']', fp);
}

void
cell_print_json(FILE *fp, const struct run *r, const struct input *in)
{
	char *set = json_settings(in), *shown, name[32];
	int id, l, i, first = 1;

	fputs("{\n  \"file\": ", fp);
	cell_json_string(fp, in->path ? in->path : "-");
	fputs(",\n  \"tokens\": ", fp);
	if (r->tokens == NULL) {
		fputs("null", fp);
	} else {
		fputc('[', fp);
		for (i = 0; i < r->ntokens; i++) {
			fputs(i ? ", " : "", fp);
			cell_json_string(fp, r->tokens[i]);
		}
		fputc(']', fp);
	}
	fprintf(fp, ",\n  \"settings\": %s,\n  \"stages\": [\n", set);
	free(set);
	for (id = 0; id < ST_COUNT; id++) {
		if (r->st[id] == NULL)
			continue;
		fprintf(fp, "%s    {\"name\": \"%s\", \"expression\": ", first ? "" : ",\n", stage_defs[id].name);
		shown = code_shown(r->code[id]);
		cell_json_string(fp, shown);
		free(shown);
		fputs(", ", fp);
		cell_json_data(fp, r->st[id]);
		fputc('}', fp);
		first = 0;
	}
	fputs("\n  ],\n  \"weights\": [", fp);
	for (l = 0, first = 1; l < NLAYER; l++) {
		const struct layer *L = &r->layer[l];

		for (i = 0; i < 2 && L->present; i++) {
			const struct tensor *t = i ? L->b : L->w;

			if (t == NULL)
				continue;
			snprintf(name, sizeof name, "%s%s", layer_var[l], i ? ".bias" : L->linear ? ".weight" : "");
			fprintf(fp, "%s\n    {\"name\": \"%s\", ", first ? "" : ",", name);
			cell_json_data(fp, t);
			fputc('}', fp);
			first = 0;
		}
	}
	fputs(first ? "]\n}\n" : "\n  ]\n}\n", fp);
}

/*
 * --emit npz|safetensors, for attn-explain FILE and gpt2 mode alike: the n
 * arrays into output, else into stem + the format's extension.
 */
int
cell_export_arrays(const char *output, const char *stem, int fmt, const struct export_array *a, int n, int force)
{
	const char *ext = fmt == EXPORT_NPZ ? ".npz" : ".safetensors";
	char err[1024], *path;
	int rc;

	if (output != NULL) {
		path = xstrdup(output);
	} else {
		path = xmalloc(strlen(stem) + strlen(ext) + 1);
		strcpy(path, stem);
		strcat(path, ext);
	}
	rc = export_write(path, (enum export_format)fmt, a, n, force, err, sizeof err);
	free(path);
	if (rc == 0)
		return 0;
	diag("--emit: %s", err);
	return rc == -1 ? 2 : 1;
}

int
cell_export(const char *output, const char *stem, int fmt, const struct run *r, int force)
{
	struct export_array a[ST_COUNT + 2 * NLAYER];
	char names[2 * NLAYER][32];
	int id, l, i, n = 0, nn = 0;

	for (id = 0; id < ST_COUNT; id++)
		if (r->st[id] != NULL) {
			a[n].name = stage_defs[id].name;
			a[n++].t = r->st[id];
		}
	for (l = 0; l < NLAYER; l++) {
		const struct layer *L = &r->layer[l];

		for (i = 0; i < 2 && L->present; i++) {
			const struct tensor *t = i ? L->b : L->w;

			if (t == NULL)
				continue;
			snprintf(names[nn], sizeof names[nn], "%s%s", layer_var[l], i ? ".bias" : L->linear ? ".weight" : "");
			a[n].name = names[nn++];
			a[n++].t = t;
		}
	}
	return cell_export_arrays(output, stem, fmt, a, n, force);
}
