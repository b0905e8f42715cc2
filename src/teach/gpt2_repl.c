/*
 * gpt2_repl.c - `attn-explain -i --model DIR ...`: a line-by-line session
 * over a GPT-2 run, with the toy REPL's language: Python over the stages
 * (each a variable; the learner's own variables live on across `set`) and
 * the commands `print EXPR`, `show`, `set layer N`, `set head N`, `set text
 * TEXT`, `set tokens ID,...` (each recomputes the run and binds the stages
 * anew), `diff EXPR` (EXPR before and after the last set), `cells`,
 * `heatmap [-n] [FILE]` (the terminal's map, or a figure), `why EXPR`,
 * `check THEIRS`, `help`, `quit`.  Lines come from the REPL's editor
 * (struct gpt2_lines, given by main: libedit, the history file and Tab on
 * a terminal, plain reads otherwise), a Python statement that spans lines
 * (a block, an open bracket) whole; this file gives it the session's words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "../py/py.h"
#include "gpt2_cells.h"
#include "gpt2_mode.h"

static const char help_text[] =
    "Python over the stages (token_ids, tok_emb, ..., attn_weights, output), and the commands:\n"
    "  print EXPR       p   print(EXPR) as PyTorch prints it (also: bare EXPR)\n"
    "  set layer N | set head N | set text TEXT | set tokens ID,ID,...   recompute the run\n"
    "  show                 the settings: model, layer, head, text, tokens\n"
    "  diff EXPR        d   EXPR before and after the last set\n"
    "  cells                every stage's cell\n"
    "  heatmap [-n] [FILE]  hm   the head's attention weights by token (FILE: .svg, .png or .pdf; -n: numbers)\n"
    "  why EXPR         w   one element's arithmetic, e.g. why ln_1[0, 1, 3]\n"
    "  check THEIRS         their printed tensors (or JSON) against this run's stages\n"
    "  help             h   this text\n"
    "A Python line ending in ':' opens a block: indented lines follow after ..., a blank line runs it.\n"
    "  quit             q   leave (also: exit, Ctrl-D)\n";

struct msession {
	struct gctx *c;
	struct gopts *g;
	struct py_session *py, *prev;	/* prev: the stages before the last set, or NULL */
	struct run empty, prev_empty;
	char *prev_what;		/* "layer 1, head 0, 5 tokens" of prev */
};

static char *
what(const struct msession *m)
{
	struct sbuf b = { 0 };

	sbuf_addf(&b, "layer %d, head %d, %d tokens", m->c->r.layer, m->g->head < 0 ? 0 : m->g->head, m->c->n);
	return sbuf_take(&b);
}

/* set NAME VALUE: the run recomputed when it changed (refused with a message otherwise) */
static void
set(struct msession *m, char *arg)
{
	struct gctx *c = m->c;
	struct gopts *g = m->g, try = *g;
	char *v = strchr(arg, ' '), *keep, *was;
	struct py_session *before;
	struct run before_empty;

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
	before = gctx_session(c, &before_empty);
	was = what(m);
	if (gctx_run(c, &try) != G2_EXIT_OK) {	/* the diagnostic is out; the old run stays */
		py_session_free(before);
		free(was);
		return;
	}
	keep = xstrdup(try.text != NULL ? try.text : try.tokens);	/* v is the line's: it goes */
	free(g->owned[3]);
	g->owned[3] = keep;
	*(try.text != NULL ? &try.text : &try.tokens) = keep;
	g->layer = try.layer;
	g->head = try.head;
	g->text = try.text;
	g->tokens = try.tokens;
	gctx_bind(c, m->py);
	py_session_free(m->prev);
	free(m->prev_what);
	m->prev = before;
	m->prev_empty = before_empty;
	m->prev_what = was;
	printf("layer %d, head %d, %d tokens: recomputed\n", c->r.layer, g->head < 0 ? 0 : g->head, c->n);
}

/* print(e) in session s: 0, or -1 after the message */
static int
print_in(struct py_session *s, const char *e)
{
	struct print_opts po;
	char *out = NULL, err[512];

	print_opts_default(&po);
	if (py_print_expr(s, e, &po, &out, err, sizeof err) != 0) {
		fflush(stdout);
		diag("%s", err);
		return -1;
	}
	printf("%s\n", out);
	free(out);
	return 0;
}

static void
diff(struct msession *m, const char *e)
{
	char *now;

	if (m->prev == NULL) {
		puts("diff: no set yet: change a setting first (set layer N, set head N, set text TEXT)");
		return;
	}
	now = what(m);
	printf("before (%s):\n", m->prev_what);
	if (print_in(m->prev, e) == 0) {
		printf("after (%s):\n", now);
		print_in(m->py, e);
	}
	free(now);
}

/* heatmap [-n] [FILE] */
static void
heat(struct msession *m, char *a)
{
	int numbers = 0;

	a += strspn(a, " ");
	if (strncmp(a, "-n", 2) == 0 && (a[2] == ' ' || a[2] == '\0')) {
		numbers = 1;
		a += 2 + strspn(a + 2, " ");
	}
	fflush(stdout);
	if (*a != '\0')
		gctx_figure(a, m->c, m->g, m->g->head, numbers, 1);
	else
		gctx_heat(stdout, m->c, m->g->head < 0 ? 0 : m->g->head);
}

/* the command word of s, if it is w or its short form ab: the rest of the line, else NULL */
static char *
cmd(char *s, const char *w, const char *ab)
{
	size_t n = strlen(w);

	if (strncmp(s, w, n) != 0 || (s[n] != '\0' && s[n] != ' ')) {
		n = ab != NULL ? strlen(ab) : 0;
		if (ab == NULL || strncmp(s, ab, n) != 0 || (s[n] != '\0' && s[n] != ' '))
			return NULL;
	}
	return s + n + strspn(s + n, " ");
}

/* one line of other kind than a command: Python */
static void
python(struct msession *m, const char *s)
{
	struct print_opts po;
	struct sbuf out = { 0 };
	char err[512];
	int rc;

	print_opts_default(&po);
	rc = py_exec(m->py, s, &po, &out, err, sizeof err);
	fputs(out.s != NULL ? out.s : "", stdout);
	if (rc != 0) {
		fflush(stdout);
		diag("%s", err);
	}
	free(out.s);
}

/* the command words (line() below), Tab's first words */
static const char *const commands[] = {
	"print", "p", "set", "show", "diff", "d", "cells", "heatmap", "hm", "why", "w", "check", "help", "h",
	"quit", "q", "exit", NULL
};
static const char *const expr_commands[] = { "print", "p", "diff", "d", "why", "w", NULL };
static const char *const set_keys[] = { "layer", "head", "text", "tokens", NULL };

/* does line() run s as Python (it starts with no command word)? */
static int
is_python(const char *s)
{
	int i;

	for (i = 0; commands[i] != NULL; i++) {
		size_t n = strlen(commands[i]);

		if (strncmp(s, commands[i], n) == 0 && (s[n] == '\0' || s[n] == ' '))
			return 0;
	}
	return *s != '\0' && *s != '#';
}

/* one line: a command, or Python; 1 to leave */
static int
line(struct msession *m, char *s)
{
	struct gopts w = *m->g;
	char *a;

	if (strcmp(s, "quit") == 0 || strcmp(s, "q") == 0 || strcmp(s, "exit") == 0 || strcmp(s, "exit()") == 0)
		return 1;
	if (strcmp(s, "help") == 0 || strcmp(s, "h") == 0) {
		fputs(help_text, stdout);
	} else if ((a = cmd(s, "set", NULL)) != NULL) {
		set(m, a);
	} else if (strcmp(s, "show") == 0) {
		printf("model %s\nlayer %d\nhead %d%s\n", m->g->dir, m->c->r.layer, m->g->head < 0 ? 0 : m->g->head,
		    m->g->head < 0 ? " (the cells show every head)" : "");
		if (m->g->text != NULL)
			printf("text %s\n", m->g->text);
		printf("tokens %s\n", m->c->idtext);
	} else if (strcmp(s, "cells") == 0) {
		struct cell_opts co;

		settings_default(NULL, &co);
		co.color = 0;
		print_opts_default(&co.po);
		gctx_cells(cell_text_sink(stdout, &co), 1, m->c, m->g->head);
	} else if ((a = cmd(s, "heatmap", "hm")) != NULL) {
		heat(m, a);
	} else if ((a = cmd(s, "why", "w")) != NULL && *a != '\0') {
		w.whys = (const char **)&a;
		w.nwhys = 1;
		fflush(stdout);
		gctx_whys(stdout, m->c, &w);
	} else if ((a = cmd(s, "check", NULL)) != NULL && *a != '\0') {
		w.check = a;
		fflush(stdout);
		gctx_check(stdout, m->c, &w);
	} else if ((a = cmd(s, "diff", "d")) != NULL && *a != '\0') {
		diff(m, a);
	} else if ((a = cmd(s, "print", "p")) != NULL && *a != '\0') {
		print_in(m->py, a);
	} else if (*s != '\0' && *s != '#') {
		python(m, s);
	}
	return 0;
}

int
gpt2_repl(struct gctx *c, struct gopts *g, const struct gpt2_lines *lines)
{
	struct msession m;
	struct gpt2_vocab vocab;
	char *s;
	size_t n;
	int tty;

	if (gctx_run(c, g) != G2_EXIT_OK)
		return G2_EXIT_DATA;
	memset(&m, 0, sizeof m);
	m.c = c;
	m.g = g;
	m.py = gctx_session(c, &m.empty);
	vocab.commands = commands;
	vocab.expr_commands = expr_commands;
	vocab.settings = set_keys;
	vocab.is_python = is_python;
	vocab.py = m.py;
	lines->open(&vocab);
	tty = lines->interactive();
	printf("attn-explain: %s, layer %d, head %d, %d tokens; help lists the commands\n", g->dir, c->r.layer,
	    g->head < 0 ? 0 : g->head, c->n);
	for (;;) {
		if (!tty)
			fputs(">>> ", stdout);
		fflush(stdout);
		if ((s = lines->read(">>> ", &n)) == NULL)
			break;
		n = strlen(s);
		while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' '))
			s[--n] = '\0';
		if (line(&m, s + strspn(s, " "))) {
			free(s);
			break;
		}
		free(s);
		fflush(stdout);
	}
	if (!tty)
		putchar('\n');
	lines->close();
	py_session_free(m.py);
	py_session_free(m.prev);
	free(m.prev_what);
	return G2_EXIT_OK;
}
