/*
 * gpt2_repl.c - `attn-explain -i --model DIR ...`: a line-by-line session
 * over a GPT-2 run.  Python over the stages (each a variable), and the
 * commands `set layer N`, `set head N`, `set text TEXT`, `set tokens
 * ID,...` (each recomputes the run; the stages' variables are bound
 * anew), `cells`, `heatmap`, `why EXPR`, `help`, `quit`.  Reads standard
 * input with stdio (no line editing: the toy REPL's editor is in src/repl,
 * to the right of this part).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "../py/py.h"
#include "gpt2_mode.h"

static const char help_text[] =
    "Python over the stages (token_ids, tok_emb, ..., attn_weights, output), and:\n"
    "  set layer N | set head N | set text TEXT | set tokens ID,ID,...   recompute the run\n"
    "  cells      every stage's cell        heatmap    the head's attention weights by token\n"
    "  why EXPR   one element's arithmetic  help       this text        quit  (or Ctrl-D)\n";

/* set NAME VALUE: 0 done (or refused with a message), and the run recomputed when it changed */
static void
set(struct gctx *c, struct gopts *g, char *arg, struct py_session **py, struct run *empty)
{
	char *v = strchr(arg, ' ');
	struct gopts try = *g;
	char *keep;

	if (v == NULL) {
		puts("set: expected set layer N, set head N, set text TEXT or set tokens ID,ID,...");
		return;
	}
	*v++ = '\0';
	if (strcmp(arg, "layer") == 0 || strcmp(arg, "head") == 0) {
		char *end;
		long n = strtol(v, &end, 10);

		if (end == v || *end != '\0' || n < 0 || n > 1000000) {
			printf("set %s: expected a whole number >= 0, got \"%s\"\n", arg, v);
			return;
		}
		*(strcmp(arg, "layer") == 0 ? &try.layer : &try.head) = (int)n;
	} else if (strcmp(arg, "text") == 0) {
		try.text = v;
		try.tokens = NULL;
	} else if (strcmp(arg, "tokens") == 0) {
		try.tokens = v;
		try.text = NULL;
	} else {
		printf("set %s: not a setting of a model session (layer, head, text, tokens)\n", arg);
		return;
	}
	fflush(stdout);
	if (gctx_run(c, &try) != G2_EXIT_OK)	/* the diagnostic is out; the old run stays */
		return;
	keep = xstrdup(try.text != NULL ? try.text : try.tokens);	/* v is the line's: it goes */
	free(g->owned[3]);
	g->owned[3] = keep;
	*(try.text != NULL ? &try.text : &try.tokens) = keep;
	g->layer = try.layer;
	g->head = try.head;
	g->text = try.text;
	g->tokens = try.tokens;
	py_session_free(*py);
	*py = gctx_session(c, empty);
	printf("layer %d, head %d, %d tokens: recomputed\n", c->r.layer, g->head < 0 ? 0 : g->head, c->n);
}

/* one line: a command, or Python */
static int
line(struct gctx *c, struct gopts *g, char *s, struct py_session **py, struct run *empty)
{
	struct print_opts po;
	struct sbuf out = { 0 };
	char err[512];

	print_opts_default(&po);
	if (strcmp(s, "quit") == 0 || strcmp(s, "exit") == 0)
		return 1;
	if (strcmp(s, "help") == 0) {
		fputs(help_text, stdout);
	} else if (strncmp(s, "set ", 4) == 0) {
		set(c, g, s + 4, py, empty);
	} else if (strcmp(s, "cells") == 0) {
		struct cell_opts co;

		settings_default(NULL, &co);
		co.color = 0;
		co.po = po;
		gctx_cells(cell_text_sink(stdout, &co), 1, c, g->head);
	} else if (strcmp(s, "heatmap") == 0) {
		gctx_heat(stdout, c, g->head < 0 ? 0 : g->head);
	} else if (strncmp(s, "why ", 4) == 0) {
		struct gopts w = *g;
		const char *e = s + 4;

		w.whys = &e;
		w.nwhys = 1;
		fflush(stdout);
		gctx_whys(stdout, c, &w);
	} else if (*s != '\0') {
		if (py_exec(*py, s, &po, &out, err, sizeof err) != 0) {
			fputs(out.s != NULL ? out.s : "", stdout);
			fflush(stdout);
			diag("%s", err);
		} else {
			fputs(out.s != NULL ? out.s : "", stdout);
		}
		free(out.s);
	}
	return 0;
}

int
gpt2_repl(struct gctx *c, struct gopts *g)
{
	struct run empty;
	struct py_session *py;
	char buf[65536];

	if (gctx_run(c, g) != G2_EXIT_OK)
		return G2_EXIT_DATA;
	py = gctx_session(c, &empty);
	printf("attn-explain: %s, layer %d, head %d, %d tokens; help lists the commands\n", g->dir, c->r.layer,
	    g->head < 0 ? 0 : g->head, c->n);
	for (;;) {
		size_t n;

		fputs(">>> ", stdout);
		fflush(stdout);
		if (fgets(buf, sizeof buf, stdin) == NULL)
			break;
		n = strlen(buf);
		while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		if (line(c, g, buf, &py, &empty))
			break;
		fflush(stdout);
	}
	putchar('\n');
	py_session_free(py);
	return G2_EXIT_OK;
}
