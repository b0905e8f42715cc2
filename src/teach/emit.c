/*
 * emit.c - --emit python and --emit ipynb: the cells of a run as PyTorch
 * that recomputes them.  The pieces come from cell.c's cell_emit(), the
 * lines from code.c, so the script runs exactly what the cells show; only
 * literal data is written out here in full.
 *
 * The script prints what `attn-explain --color never FILE` prints, byte
 * for byte, on PyTorch 1.13 with the reference BLAS; the notebook holds
 * the same lines per stage with their outputs filled in, a matplotlib
 * heat map of attn_weights after its cell, and speaks of PyTorch only:
 * the input by its file name (no folder), no option of attn-explain.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "emit.h"
#include "../pipeline/pipeline.h"

int
emit_format(const char *name)
{
	if (strcmp(name, "python") == 0)
		return EMIT_PYTHON;
	if (strcmp(name, "ipynb") == 0)
		return EMIT_IPYNB;
	return -1;
}

/* ---- Python text ---- */

/* A float32 as the shortest Python float literal that torch.tensor() rounds back to it. */
static void
py_float(struct sbuf *b, float f)
{
	char buf[40];

	if (isnan(f)) {
		sbuf_add(b, "float('nan')");
		return;
	}
	if (isinf(f)) {
		sbuf_add(b, f < 0 ? "float('-inf')" : "float('inf')");
		return;
	}
	print_shortest(buf, sizeof buf, f);
	if (strpbrk(buf, ".e") == NULL)
		strcat(buf, ".0");	/* a float, not an int: torch.tensor keeps float32 */
	sbuf_add(b, buf);
}

/* A tensor as nested lists, one innermost row per line at depth 1 and more. */
static void
py_list(struct sbuf *b, const struct tensor *t, int dim, size_t off, int indent)
{
	size_t stride = 1;
	int i, d;

	if (t->ndim == 0) {
		py_float(b, t->data[0]);
		return;
	}
	for (d = dim + 1; d < t->ndim; d++)
		stride *= (size_t)t->shape[d];
	sbuf_addc(b, '[');
	for (i = 0; i < t->shape[dim]; i++) {
		if (i > 0) {
			sbuf_addc(b, ',');
			if (dim + 1 < t->ndim) {
				sbuf_addc(b, '\n');
				sbuf_spaces(b, indent + 1);
			} else {
				sbuf_addc(b, ' ');
			}
		}
		if (dim + 1 < t->ndim)
			py_list(b, t, dim + 1, off + (size_t)i * stride, indent + 1);
		else
			py_float(b, t->data[off + (size_t)i]);
	}
	sbuf_addc(b, ']');
}

/* The lines with their literal data written out (code.c's markers resolved). */
static void
py_lines(struct sbuf *b, const char *lines, const struct run *r, const struct input *in)
{
	const char *p = lines, *q, *e;

	while ((q = strchr(p, CODE_LIT[0])) != NULL && (e = strchr(q, CODE_END[0])) != NULL) {
		const struct tensor *t = code_literal(r, in, q + 1, (size_t)(e - q - 1));
		const char *ls = q;

		while (ls > lines && ls[-1] != '\n')
			ls--;
		sbuf_addn(b, p, (size_t)(q - p));
		if (t != NULL)
			py_list(b, t, 0, 0, (int)(q - ls));
		else
			sbuf_add(b, "None");	/* not reached: code.c names only tensors it has */
		p = e + 1;
	}
	sbuf_add(b, p);
	sbuf_addc(b, '\n');
}

/* print(...) of one line of text */
static void
py_print(struct sbuf *b, const char *text)
{
	sbuf_add(b, "print(");
	sbuf_quote(b, text, 0);
	sbuf_add(b, ")\n");
}

/* ---- the script ---- */

struct py_sink {
	struct cell_sink k;
	struct sbuf *b;
	const struct run *r;
	const struct input *in;
};

/* the sink k is the first member of */
#define PS(k) ((struct py_sink *)(k))

static void
py_header(struct cell_sink *k, const char *title, const char *what)
{
	struct sbuf t = { 0 };
	char *s;

	sbuf_addf(&t, "%s: %s", title, what);
	s = sbuf_take(&t);
	sbuf_addc(PS(k)->b, '\n');
	py_print(PS(k)->b, s);
	free(s);
}

/* each line of text printed */
static void
py_print_lines(struct sbuf *b, const char *lines, const char *prefix)
{
	const char *p, *nl;
	struct sbuf line = { 0 };
	char *s;

	for (p = lines; p != NULL && *p != '\0'; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		sbuf_add(&line, prefix);
		sbuf_addn(&line, p, nl ? (size_t)(nl - p) : strlen(p));
		s = sbuf_take(&line);
		py_print(b, s);
		free(s);
	}
}

static void
py_explain(struct cell_sink *k, const char *lines)
{
	py_print_lines(PS(k)->b, lines, "");
}

static void
py_code(struct cell_sink *k, const char *lines)
{
	char *shown = code_shown(lines), *p, *nl;
	struct sbuf prefixed = { 0 };

	/* what the cell shows first (a block cannot be cut by print calls), then the lines themselves */
	for (p = shown; p != NULL && *p != '\0'; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		sbuf_addf(&prefixed, "  %s %.*s\n", *p == ' ' ? "..." : ">>>", nl ? (int)(nl - p) : (int)strlen(p), p);
	}
	free(shown);
	shown = sbuf_take(&prefixed);
	py_print_lines(PS(k)->b, shown, "");
	free(shown);
	py_lines(PS(k)->b, lines, PS(k)->r, PS(k)->in);
}

static void
py_note(struct cell_sink *k, const char *text, int dim)
{
	struct sbuf t = { 0 };
	char *s;

	(void)dim;
	sbuf_addf(&t, "  %s", text);
	s = sbuf_take(&t);
	py_print(PS(k)->b, s);
	free(s);
}

static void
py_shape(struct cell_sink *k, const char *dims, const char *var, const struct tensor *t)
{
	struct sbuf s = { 0 };
	char *label;

	(void)t;
	sbuf_addf(&s, "  shape %s =", dims);
	label = sbuf_take(&s);
	sbuf_add(PS(k)->b, "print(");
	sbuf_quote(PS(k)->b, label, 0);
	sbuf_addf(PS(k)->b, ", tuple(%s.shape))\n", var);
	free(label);
}

/* print(var): the script prints the value itself, so text (what attn-explain printed) is not needed */
static void
py_printed(struct cell_sink *k, const char *var, const char *text)
{
	(void)text;
	sbuf_addf(PS(k)->b, "print(%s)\n", var);
}

static void
py_show(struct cell_sink *k, const char *var, const struct tensor *t)
{
	struct sbuf s = { 0 };
	char *line;

	sbuf_addf(&s, "  >>> %s", var);
	line = sbuf_take(&s);
	py_print(PS(k)->b, line);
	free(line);
	cell_tensor(k, var, t);
}

static void
py_end(struct cell_sink *k)
{
	sbuf_add(PS(k)->b, "print()\n");
}

/* torch.set_printoptions(...) as the run prints */
static void
py_printoptions(struct sbuf *b, const struct print_opts *po)
{
	sbuf_addf(b, "torch.set_printoptions(precision=%d, threshold=", po->precision);
	if (po->threshold == 0x7fffffffffffffffLL)
		sbuf_add(b, "math.inf");
	else
		sbuf_addf(b, "%lld", po->threshold);
	sbuf_addf(b, ", edgeitems=%d, linewidth=%d, sci_mode=%s)\n", po->edgeitems, po->linewidth,
	    po->sci_mode < 0 ? "None" : po->sci_mode ? "True" : "False");
}

static void
py_preamble(struct sbuf *b, const struct input *in, const struct cell_opts *co)
{
	char path[512];

	sbuf_add(b, "# Every cell of attn-explain ");
	if (co->all)
		sbuf_add(b, "--all ");
	if (co->explain)
		sbuf_add(b, "--explain ");
	sbuf_addf(b, "%s, in PyTorch (written by attn-explain --emit python).\n", code_path(in, path, sizeof path));
	sbuf_add(b, "# With PyTorch 1.13 on the CPU and the reference BLAS it prints, byte for byte,\n"
	    "# what attn-explain --color never prints for the same input and options.\n");
	if (co->po.torch29)
		sbuf_add(b, "# The tensors are printed as PyTorch 2.9 and later print them (--torch29).\n");
	sbuf_add(b, "import math\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n");
	py_printoptions(b, &co->po);
}

/* ---- the notebook ---- */

/* text as a JSON array of lines, each but the last keeping its '\n' (nbformat's multiline strings) */
static void
json_lines(struct sbuf *b, const char *text)
{
	const char *p = text, *nl;
	char *line;
	int first = 1;

	sbuf_addc(b, '[');
	while (*p != '\0') {
		nl = strchr(p, '\n');
		line = nl ? strndup(p, (size_t)(nl - p + 1)) : strdup(p);
		sbuf_add(b, first ? "" : ", ");
		sbuf_quote(b, line, 1);
		free(line);
		first = 0;
		p = nl ? nl + 1 : p + strlen(p);
	}
	sbuf_addc(b, ']');
}

static char *emit_plot_cell(const struct run *r);

struct nb_sink {
	struct cell_sink k;
	struct sbuf *cells;	/* the cells written so far, comma-separated */
	int ncells, count;
	struct sbuf md, src, out;	/* the cell being made: markdown, code, its output */
	const struct run *r;
	const struct input *in;
	const char *from, *name;	/* the input's path as code.c writes it, and its file name */
	int plot;		/* the cell being made is attn_weights': the heat map follows it */
};

/* the sink k is the first member of */
#define NS(k) ((struct nb_sink *)(k))

static void
nb_cell(struct nb_sink *n, const char *type, const char *source, const char *output)
{
	struct sbuf *b = n->cells;

	sbuf_addf(b, "%s  {\n   \"cell_type\": \"%s\",\n   \"id\": \"cell-%d\",\n   \"metadata\": {},\n",
	    n->ncells ? ",\n" : "", type, n->ncells + 1);
	if (strcmp(type, "code") == 0) {
		if (output == NULL)
			sbuf_add(b, "   \"execution_count\": null,\n   \"outputs\": [");	/* not run: the learner runs it */
		else
			sbuf_addf(b, "   \"execution_count\": %d,\n   \"outputs\": [", ++n->count);
		if (output != NULL && *output != '\0') {
			sbuf_add(b, "\n    {\n     \"name\": \"stdout\",\n     \"output_type\": \"stream\",\n     \"text\": ");
			json_lines(b, output);
			sbuf_add(b, "\n    }\n   ");
		}
		sbuf_add(b, "],\n");
	}
	sbuf_add(b, "   \"source\": ");
	json_lines(b, source);
	sbuf_add(b, "\n  }");
	n->ncells++;
}

static void
nb_header(struct cell_sink *k, const char *title, const char *what)
{
	sbuf_addf(&NS(k)->md, "**%s**: %s\n", title, what);
}

static void
nb_explain(struct cell_sink *k, const char *lines)
{
	const char *p;

	/* the teaching text as a paragraph: the "  # " of each line dropped */
	sbuf_addc(&NS(k)->md, '\n');
	for (p = lines; *p != '\0'; p++) {
		if ((p == lines || p[-1] == '\n') && strncmp(p, "  # ", 4) == 0)
			p += 4;
		sbuf_addc(&NS(k)->md, *p == '\n' ? ' ' : *p);
	}
	sbuf_addc(&NS(k)->md, '\n');
}

/* s into b, each "# from " + from written "# from " + name: the notebook names the input's file, not its folder */
static void
nb_from(struct sbuf *b, const char *s, const char *from, const char *name)
{
	const char *p;
	size_t k = strlen("# from "), n;

	if (from == NULL) {	/* a model run's cells (emit_cells) name no input file */
		sbuf_add(b, s);
		return;
	}
	n = strlen(from);
	while ((p = strstr(s, "# from ")) != NULL) {
		sbuf_addn(b, s, (size_t)(p - s) + k);
		s = p + k;
		if (strncmp(s, from, n) == 0) {
			sbuf_add(b, name);
			s += n;
		}
	}
	sbuf_add(b, s);
}

static void
nb_code(struct cell_sink *k, const char *lines)
{
	struct sbuf b = { 0 };
	char *s;

	py_lines(&b, lines, NS(k)->r, NS(k)->in);
	s = sbuf_take(&b);
	nb_from(&NS(k)->src, s, NS(k)->from, NS(k)->name);
	free(s);
}

static void
nb_note(struct cell_sink *k, const char *text, int dim)
{
	/* a hint (dim) names attn-explain's options: the notebook says it in PyTorch */
	if (dim)
		sbuf_addf(&NS(k)->md, "\n`print(W_query%s)` shows them.\n", NS(k)->r->layer[0].linear ? ".weight" : "");
	else
		sbuf_addf(&NS(k)->md, "\n%s\n", text);
}

static void
nb_shape(struct cell_sink *k, const char *dims, const char *var, const struct tensor *t)
{
	char buf[64];
	struct sbuf s = { 0 };
	char *label;

	sbuf_addf(&s, "shape %s =", dims);
	label = sbuf_take(&s);
	sbuf_add(&NS(k)->src, "print(");
	sbuf_quote(&NS(k)->src, label, 0);
	sbuf_addf(&NS(k)->src, ", tuple(%s.shape))\n", var);
	sbuf_addf(&NS(k)->out, "%s %s\n", label, tensor_shape_str(buf, sizeof buf, t));
	if (strcmp(var, "attn_weights") == 0 && NS(k)->r != NULL)	/* a model run (emit_cells) has no run to draw */
		NS(k)->plot = 1;
	free(label);
}

/* print(var) in the cell, text as its output */
static void
nb_printed(struct cell_sink *k, const char *var, const char *text)
{
	sbuf_addf(&NS(k)->src, "print(%s)\n", var);
	sbuf_addf(&NS(k)->out, "%s\n", text);
}

static void
nb_end(struct cell_sink *k)
{
	struct nb_sink *n = NS(k);
	char *md = sbuf_take(&n->md), *src = sbuf_take(&n->src), *out = sbuf_take(&n->out);
	size_t len = strlen(src);

	if (len > 0 && src[len - 1] == '\n')
		src[len - 1] = '\0';	/* a cell's source ends without a newline, as Jupyter saves it */
	nb_cell(n, "markdown", md, NULL);
	if (*src != '\0')
		nb_cell(n, "code", src, out);
	free(md);
	free(src);
	free(out);
	if (n->plot) {
		char *plot = emit_plot_cell(n->r);

		nb_cell(n, "code", plot, NULL);
		free(plot);
		n->plot = 0;
	}
}

/* ---- the notebook's heat map ---- */

/* Python's list of the token labels, "$" escaped (matplotlib reads $...$ as maths) */
static void
plot_tokens(struct sbuf *b, const struct run *r)
{
	struct sbuf t = { 0 };
	const char *p;
	char *s;
	int i;

	sbuf_add(b, "    tokens = [");
	for (i = 0; i < r->ntokens; i++) {
		for (p = r->tokens[i]; *p != '\0'; p++) {
			if (*p == '$')
				sbuf_addc(&t, '\\');
			sbuf_addc(&t, *p);
		}
		s = sbuf_take(&t);
		sbuf_add(b, i ? ", " : "");
		sbuf_quote(b, s, 0);
		free(s);
	}
	sbuf_add(b, "]\n");
}

/* the ticks of ax ("plt" for the one map): the tokens when there are few enough to read */
static void
plot_ticks(struct sbuf *b, const char *ax, const char *ind, int labels)
{
	if (!labels)
		return;
	if (strcmp(ax, "plt") == 0) {
		sbuf_addf(b, "%splt.xticks(range(len(tokens)), tokens, rotation=90)\n", ind);
		sbuf_addf(b, "%splt.yticks(range(len(tokens)), tokens)\n", ind);
		return;
	}
	sbuf_addf(b, "%s%s.set_xticks(range(len(tokens)))\n%s%s.set_xticklabels(tokens, rotation=90)\n", ind, ax, ind, ax);
	sbuf_addf(b, "%s%s.set_yticks(range(len(tokens)))\n%s%s.set_yticklabels(tokens)\n", ind, ax, ind, ax);
}

/*
 * The cell that draws attn_weights with matplotlib, as a learner writes it:
 * imshow, the tokens as ticks, a colour bar; a grid of maps, one per head,
 * for several heads; the first sequence of a batch.  Without matplotlib
 * it says so on stderr and the notebook runs on.
 */
static char *
emit_plot_cell(const struct run *r)
{
	struct sbuf b = { 0 };
	const char *w = r->batched ? "attn_weights[0]" : "attn_weights";
	int labels = r->tokens != NULL && r->ntokens == r->T && r->T <= 32, cols = r->H < 4 ? r->H : 4;

	sbuf_add(&b, "# The attention weights as a heat map: row i is token i's query, column j the key it\n"
	    "# attends to; each row sums to 1.  Drawn with matplotlib (pip install matplotlib).\n"
	    "import sys\n\ntry:\n    import matplotlib.pyplot as plt\nexcept ImportError:\n    plt = None\n"
	    "    print(\"matplotlib is not installed (pip install matplotlib): no heat map\", file=sys.stderr)\n"
	    "if plt is not None:\n");
	if (labels)
		plot_tokens(&b, r);
	if (r->H == 1) {
		sbuf_addf(&b, "    plt.imshow(%s.detach().numpy(), vmin=0)%s\n", w,
		    r->batched ? "  # the first sequence of the batch" : "");
		plot_ticks(&b, "plt", "    ", labels);
		sbuf_addf(&b, "    plt.xlabel(\"key\")\n    plt.ylabel(\"query\")\n    plt.title(\"%s\")\n"
		    "    plt.colorbar()\n    plt.show()", w);
		return sbuf_take(&b);
	}
	sbuf_addf(&b, "    w = %s.detach()  # %sone map per head\n", w, r->batched ? "the first sequence of the batch: " : "");
	sbuf_addf(&b, "    fig, axes = plt.subplots(%d, %d, figsize=(%d, %d), squeeze=False, constrained_layout=True)\n",
	    (r->H + cols - 1) / cols, cols, 4 * cols + 1, 4 * ((r->H + cols - 1) / cols));
	sbuf_add(&b, "    for h, ax in enumerate(axes.flat):\n        if h >= w.shape[0]:\n            ax.axis(\"off\")\n"
	    "            continue\n        im = ax.imshow(w[h].numpy(), vmin=0, vmax=float(w.max()))\n");
	plot_ticks(&b, "ax", "        ", labels);
	sbuf_addf(&b, "        ax.set_xlabel(\"key\")\n        ax.set_ylabel(\"query\")\n"
	    "        ax.set_title(\"%s[%%d]\" %% h)\n    fig.colorbar(im, ax=axes)\n    plt.show()", w);
	return sbuf_take(&b);
}

/* b's text to fp; b is empty again */
static void
emit_flush(FILE *fp, struct sbuf *b)
{
	char *s = sbuf_take(b);

	fputs(s, fp);
	free(s);
}

/* the notebook around its cells (comma-separated JSON objects in cells, emptied) to fp: nbformat 4.5, a Python 3 kernel */
static void
nb_document(FILE *fp, struct sbuf *cells)
{
	struct sbuf b = { 0 };
	char *s = sbuf_take(cells);

	sbuf_add(&b, "{\n \"cells\": [\n");
	sbuf_add(&b, s);
	free(s);
	sbuf_add(&b, "\n ],\n \"metadata\": {\n  \"kernelspec\": {\n   \"display_name\": \"Python 3\",\n"
	    "   \"language\": \"python\",\n   \"name\": \"python3\"\n  },\n  \"language_info\": {\n"
	    "   \"name\": \"python\"\n  }\n },\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n");
	emit_flush(fp, &b);
}

/* ---- both ---- */

void
emit_cells(FILE *fp, int format, const char *preamble, void (*cells)(struct cell_sink *k, void *arg), void *arg,
    const struct print_opts *po)
{
	struct sbuf b = { 0 }, cs = { 0 };
	char *s;

	if (format == EMIT_PYTHON) {
		struct py_sink k = { { py_header, py_explain, py_code, py_note, py_shape, py_show, py_end, py_printed, NULL },
		    &b, NULL, NULL };

		sbuf_add(&b, preamble);
		cells(&k.k, arg);
		emit_flush(fp, &b);
	} else {
		struct nb_sink k = { { nb_header, nb_explain, nb_code, nb_note, nb_shape, cell_tensor, nb_end, nb_printed, po },
		    &cs, 0, 0, { 0 }, { 0 }, { 0 }, NULL, NULL, NULL, NULL, 0 };

		s = xstrdup(preamble);
		if (*s != '\0' && s[strlen(s) - 1] == '\n')
			s[strlen(s) - 1] = '\0';
		nb_cell(&k, "code", s, NULL);
		free(s);
		cells(&k.k, arg);
		nb_document(fp, &cs);
	}
}

void
emit_run(FILE *fp, int format, const struct run *r, const struct input *in, const struct cell_opts *co)
{
	struct sbuf b = { 0 };
	struct cell_opts plain = *co;

	plain.color = 0;
	if (format == EMIT_PYTHON) {
		struct py_sink k = { { py_header, py_explain, py_code, py_note, py_shape, py_show, py_end, py_printed, NULL },
		    &b, r, in };

		py_preamble(&b, in, &plain);
		cell_emit_all(&k.k, r, &plain);
		emit_flush(fp, &b);
	} else {
		struct sbuf cells = { 0 }, first = { 0 };
		char path[512];
		struct nb_sink k = { { nb_header, nb_explain, nb_code, nb_note, nb_shape, cell_tensor, nb_end, nb_printed, &plain.po },
		    &cells, 0, 0, { 0 }, { 0 }, { 0 }, r, in, NULL, NULL, 0 };
		char *src;

		k.from = code_path(in, path, sizeof path);
		k.name = strrchr(k.from, '/') != NULL ? strrchr(k.from, '/') + 1 : k.from;
		sbuf_addf(&first, "# Self-attention on %s, step by step in PyTorch (written by attn-explain)\n", k.name);
		sbuf_add(&first, "import math\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n");
		py_printoptions(&first, &plain.po);
		src = sbuf_take(&first);
		src[strlen(src) - 1] = '\0';
		nb_cell(&k, "code", src, "");
		free(src);
		cell_emit_all(&k.k, r, &plain);
		nb_document(fp, &cells);
	}
}
