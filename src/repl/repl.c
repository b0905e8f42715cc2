/*
 * repl.c - attn-explain -i: the loop, the command table, help and Tab.
 *
 * The split follows lua.c: this file holds the command table and the loop,
 * line.c the terminal, and the commands live by what they work on
 * (repl_step.c, repl_inspect.c, repl_settings.c).  Commands are found as
 * SQLite's shell finds its dot commands: by full name, by abbreviation, or
 * by any unambiguous prefix; a line that names no command is an
 * expression, printed as --print prints it.
 *
 * Ctrl-C: a handler sets interrupt_pending, which the stage loops, the
 * kernels and the printer poll; the work stops early, its half-made result
 * is dropped, and the session is exactly as it was.  (This replaced a child
 * process that shipped every recomputed run back through a pipe.)
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../teach/teach.h"
#include "../util/util.h"
#include "../py/py.h"
#include "../pipeline/pipeline.h"
#include "line.h"
#include "repl_common.h"
#include "../kernels/kernels.h"
#include "repl.h"
#include "repl_cmds.h"

#define PROMPT "attn> "

struct command {
	const char *name;
	const char *abbrev;	/* besides the unambiguous prefixes, or NULL */
	const char *usage;
	const char *help;	/* one line for the list */
	const char *more;	/* help COMMAND */
	int (*fn)(struct session *, char *args);
};

#define NCOMMANDS 20
static const struct command commands[NCOMMANDS];	/* the table is near the end, after the functions */

static void
on_sigint(int sig)
{
	(void)sig;
	interrupt_pending = 1;
}

/* ---- help, quit ---- */

static const struct command *lookup_command(const char *word, int *nmatch, char *list, size_t listlen);

static int
cmd_help(struct session *s, char *args)
{
	const struct command *c;
	char *w = repl_next_word(&args), list[512];
	int i, nmatch;

	(void)s;
	if (w == NULL) {
		printf("commands (any unambiguous prefix works too):\n");
		for (i = 0; i < NCOMMANDS; i++)
			printf("  %-19s %-3s %s\n", commands[i].usage, commands[i].abbrev ? commands[i].abbrev : "",
			    commands[i].help);
		repl_wrapped(stdout, "A line that is no command is Python, as a notebook cell takes it: "
		    "x = attn_scores[1] / attn_scores[1].sum(), torch.softmax(x, dim=-1), "
		    "wei.masked_fill(tril == 0, float('-inf')), print(...); a bare expression "
		    "shows its value as Python's REPL does. EXPR is any expression over the stages "
		    "and your variables (vars lists them). Lines starting with # are comments. "
		    "help COMMAND says more about one command.", "", 76, 0);
		return 0;
	}
	if (*repl_skip_ws(args) != '\0')
		return repl_fail("help: expected one command");
	if ((c = lookup_command(w, &nmatch, list, sizeof list)) == NULL) {
		if (nmatch > 1)
			return repl_fail("help: ambiguous command \"%s\": %s", w, list);
		return repl_fail("help: unknown command \"%s\" (help lists them)", w);
	}
	printf("%s%s%s%s\n", c->usage, c->abbrev ? " (or " : "", c->abbrev ? c->abbrev : "", c->abbrev ? ")" : "");
	repl_wrapped(stdout, c->more, "  ", 76, 0);
	if (c->fn == cmd_set)
		for (i = 0; i < settings_count; i++)
			if (settings[i].in_repl)
				printf("  %-13s %s\n", settings[i].name, settings[i].values);
	return 0;
}

static int
cmd_quit(struct session *s, char *args)
{
	if (*repl_skip_ws(args) != '\0')
		return repl_fail("quit: takes no argument");
	s->done = 1;
	s->blank = 1;	/* nothing follows */
	return 0;
}

static const struct command commands[NCOMMANDS] = {
	{ "next", "n", "next [N]", "the next stage, or the next N (also: empty line)",
	    "Shows the next stage's cell, exactly as attn-explain FILE prints it; with N, "
	    "the next N cells. An empty line does the same as next.", cmd_next },
	{ "back", "b", "back [N]", "one stage back, or N, and show it",
	    "Goes back one stage (or N) and shows that cell again; back from the first "
	    "stage returns to the start.", cmd_back },
	{ "goto", "g", "goto STAGE", "a stage by name or number",
	    "Shows STAGE: its name (attn_weights), an unambiguous prefix of it (attn_w), or "
	    "its number in the stages list.", cmd_goto },
	{ "run", "r", "run", "every stage from here to the end",
	    "Shows every remaining cell, as a plain attn-explain FILE would.", cmd_run },
	{ "restart", NULL, "restart", "back to before the first stage",
	    "Goes back to the start, before the inputs (the weights cell follows the "
	    "inputs cell). Settings stay as they are (show lists them).", cmd_restart },
	{ "stages", NULL, "stages", "the stages, > marking where you are",
	    "Lists the stages this run steps through with their shapes, > marking the one "
	    "shown last, and names the extra stages that set all true adds.", cmd_stages },
	{ "print", "p", "print EXPR", "print(EXPR) as PyTorch prints it (also: bare EXPR)",
	    "Prints EXPR exactly as print(EXPR) does in PyTorch, and as attn-explain --print "
	    "does. A line that is not a command is taken as an EXPR too.", cmd_print },
	{ "set", NULL, "set KEY VALUE", "change a setting and recompute (help set: keys)",
	    "Changes a setting, checked by the rules of the input file, and recomputes "
	    "every stage; the position stays where it was if that stage still exists. "
	    "set KEY alone shows one setting. The keys:", cmd_set },
	{ "show", NULL, "show", "the settings; * marks changes since the start",
	    "Lists every setting; * marks those that differ from the file (or, for the "
	    "view, from the start) and gives the old value.", cmd_show },
	{ "diff", "d", "diff EXPR", "how EXPR changed with the last set",
	    "Prints EXPR as it was before the last set that recomputed, as it is now, and "
	    "the largest absolute difference between the two. Your variables are read as in every "
	    "expression: a set does not change them.", cmd_diff },
	{ "heatmap", "hm", "heatmap [-n] [EXPR]", "attention weights as a heat map (-n: numbers)",
	    "Draws a 2-d tensor, by default the stage the session is at (its first batch "
	    "and head; before the first stage, the attention weights), with positions and "
	    "tokens on both axes; -n writes the value in each cell. Colour follows set color. "
	    "heatmap EXPR > FILE.svg (or .png, .pdf) draws it as a figure instead (-f overwrites FILE); "
	    "a 3-d EXPR such as attn_weights[0] as a grid of one map per head.", cmd_heatmap },
	{ "explain", NULL, "explain [STAGE]", "what a stage does and why",
	    "The teaching text of a stage (of the current one by default, or of the weights "
	    "before the first), with this run's numbers.", cmd_explain },
	{ "why", "w", "why [-d N] EXPR", "how one element was computed, with its numbers",
	    "Shows how one element of a stage, e.g. why attn_weights[1, 0], was computed from the elements of "
	    "the stages before it: the formula, the numbers put in, each intermediate result, and the value as "
	    "print shows it. -d N also explains the elements it used, N stages deep (-d all: back to the inputs "
	    "and the weights); -v writes every term of a long sum; set explain true adds why each step exists. "
	    "Each step starts NAME[INDEX] = FORMULA and ends with the line = VALUE.", cmd_why },
	{ "check", NULL, "check [-v] THEIRS", "compare THEIRS's tensors with these; name the mistake",
	    "Reads the tensors in the file THEIRS (PyTorch prints pasted from a notebook or a "
	    "terminal, or JSON of named arrays), matches each to a stage of this session as it "
	    "is now (its settings included), and says whether it matches; where it does not, "
	    "which mistake of the catalogue (softmax over the wrong axis, no scaling, a mask "
	    "after softmax ...) reproduces it, as attn-explain --check does. -v adds the tensors "
	    "side by side and the PyTorch line the mistake changes; --tolerance X compares "
	    "within X instead of one unit of the last printed digit. check VAR compares your "
	    "variable VAR's tensor instead (check ./VAR: the file).", cmd_check },
	{ "trace", NULL, "trace EXPR", "step into a call of your function: each assignment as a cell",
	    "Runs EXPR (a call of a function you defined, or a statement making one, e.g. trace out = "
	    "self_attention(inputs, W_q, W_k, W_v)) and shows each assignment inside the call as a cell: "
	    "the line, the shape, the value as PyTorch prints it. A tensor equal to a stage of this session is "
	    "labelled with the stage's name; the first line whose tensor differs from the stage it stands for is "
	    "named with the mistake of the catalogue that reproduces it, as check does. Afterwards why NAME[INDEX] "
	    "explains a traced name equal to a stage, e.g. why context_vec[1, 0].", cmd_trace },
	{ "vars", NULL, "vars", "your variables, their types and shapes",
	    "Lists the variables the session's Python lines made, with their type and shape; "
	    "(stale) marks one computed from a stage that a set has since changed (it keeps its "
	    "value, as in Python: assign it again to follow the new run).", cmd_vars },
	{ "save", NULL, "save [-f] FILE", "the settings as a file (--python, --ipynb: as PyTorch)",
	    "save [-f] [--python | --ipynb | --figure] FILE writes the settings as an input file that "
	    "reproduces this session; with --python, a Python script that prints every cell as this session shows them "
	    "(attn-explain --emit python); with --ipynb, a Jupyter notebook of the same "
	    "cells, outputs filled in; with --figure, the heat map the bare heatmap draws as a figure, "
	    "SVG, PNG or PDF by FILE's extension. An existing FILE is kept unless -f is given.", cmd_save },
	{ "help", "h", "help [COMMAND]", "this list, or more on one command",
	    "Lists the commands, or says more about one.", cmd_help },
	{ "quit", "q", "quit", "leave (also: exit, exit(), Ctrl-D, end of input)",
	    "Ends the session; so do exit, exit(), quit(), Ctrl-D and the end of the input.", cmd_quit },
	{ "exit", NULL, "exit", "leave",
	    "Ends the session, as quit does.", cmd_quit },
};

/*
 * Full name or abbreviation, else the one command the word begins.  NULL
 * when there is none (*nmatch 0) or several (*nmatch > 1, listed in list).
 */
static const struct command *
lookup_command(const char *word, int *nmatch, char *list, size_t listlen)
{
	size_t n = strlen(word);
	int i, hit = -1;

	*nmatch = 0;
	list[0] = '\0';
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(word, commands[i].name) == 0 ||
		    (commands[i].abbrev != NULL && strcmp(word, commands[i].abbrev) == 0)) {
			*nmatch = 1;
			return &commands[i];
		}
	for (i = 0; i < NCOMMANDS && n > 0; i++)
		if (strncmp(word, commands[i].name, n) == 0) {
			hit = i;
			snprintf(list + strlen(list), listlen - strlen(list), "%s%s", (*nmatch)++ ? ", " : "", commands[i].name);
		}
	return *nmatch == 1 ? &commands[hit] : NULL;
}

static const char *const *
command_names(void)
{
	static const char *names[64];
	int i;

	for (i = 0; i < NCOMMANDS && i < 63; i++)
		names[i] = commands[i].name;
	return names;
}

/* The names an expression starts from: the stages, then the layers. */
static const char *const *
expr_words(void)
{
	static const char *names[ST_COUNT + NLAYER + 1];
	const char *const *st;
	int i, n = 0;

	if (names[0] == NULL) {
		st = stage_names();
		for (i = 0; i < ST_COUNT; i++)
			names[n++] = st[i];
		for (i = 0; i < NLAYER; i++)
			names[n++] = input_layer_names[i];
		names[n] = NULL;
	}
	return names;
}

/* Commands and expression names: what a first word may be. */
static const char *const *
first_words(void)
{
	static const char *names[64];
	int i, n = 0;

	if (names[0] == NULL) {
		for (i = 0; i < NCOMMANDS; i++)
			names[n++] = commands[i].name;
		for (i = 0; expr_words()[i] != NULL && n < 63; i++)
			names[n++] = expr_words()[i];
		names[n] = NULL;
	}
	return names;
}

/* The identifier a line starts with, into buf ("" when it starts otherwise). */
static const char *
lead_name(const char *line, char *buf, size_t len)
{
	size_t n = 0;

	if (isalpha((unsigned char)line[0]) || line[0] == '_')
		while (isalnum((unsigned char)line[n]) || line[n] == '_')
			n++;
	snprintf(buf, len, "%.*s", n < len ? (int)n : 0, line);
	return buf;
}

static int
is_command_name(const char *name)
{
	int i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return 1;
	return 0;
}

/*
 * Python meets the commands (expressions.md): an assignment, del, import or
 * print(...) is Python; a line that starts with a variable's or a stage's
 * name is Python even where the name abbreviates a command (b, q, s), but
 * a full command name followed by its arguments stays the command.
 */
static int
is_python(const struct session *s, const char *line)
{
	char name[64];
	size_t n;

	if (py_is_statement(line))
		return 1;
	lead_name(line, name, sizeof name);
	n = strlen(name);
	if (py_needs_more(line) && !(is_command_name(name) && (line[n] == ' ' || line[n] == '\t')))
		return 1;	/* "x = torch.tensor([1.,": Python's, whatever its first word */
	if (n == 0 || !py_has_name(s->py, name))
		return 0;
	/* "next", "print attn_weights": a command's full name, alone or with its arguments */
	return !(is_command_name(name) && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t'));
}

/*
 * A line that names no command is Python, whose error says what is wrong
 * ("name 'nxt' is not defined. Did you mean: 'next'?"), as in a notebook.  A line that leaves a bracket
 * or a string open takes the next lines, as Python's REPL does (the book's
 * torch.tensor([[...], ...]) spans six).
 */
static void
python(struct session *s, const char *text)
{
	if (py_needs_more(text)) {
		free(repl_more(&s->pending, text, strlen(text)));	/* NULL: the statement is open */
		s->blank = 1;	/* nothing to show until the statement is whole */
		return;
	}
	repl_python(s, text);
}

/* ---- the loop ---- */

/*
 * A command, with out of memory as its one error line (issue 24 item 19):
 * malloc refused where the command has no way back of its own (check's
 * reader, a heat map, why): the session goes on, what it was building lost.
 */
static void
run_command(const struct command *c, struct session *s, char *args)
{
	jmp_buf oom, *outer = diag_nomem_jump;
	char msg[512], what[128];

	snprintf(what, sizeof what, "%s%s%s", c->name, *args ? " " : "", args);	/* args: the command may cut it */
	if (outer == NULL && setjmp(oom) != 0) {
		diag_nomem_jump = NULL;
		diag_nomem_text(msg, sizeof msg);
		diag_set_file(NULL);
		repl_fail("%s: %s", what, msg);
		return;
	}
	if (outer == NULL)
		diag_nomem_jump = &oom;
	c->fn(s, args);
	diag_nomem_jump = outer;
}

/* One line of input: a comment, a command, or an expression. */
static void
do_line(struct session *s, char *line, size_t len)
{
	const struct command *c;
	char *p, *e, *word, list[512];
	size_t i, n;
	int nmatch;

	s->blank = 0;
	if (s->pending.len > 0) {	/* the lines before left a bracket open: this one goes on */
		if (line_interactive())
			line_add_history(line);
		if ((p = repl_more(&s->pending, line, len)) == NULL)
			return;
		repl_python(s, p);
		free(p);
		goto out;
	}
	p = repl_skip_ws(line);
	if (*p == '#')
		return;
	if (len > LINE_KEEP) {
		repl_fail("line too long: %zu bytes (at most %d)", len, LINE_KEEP);
		goto out;
	}
	if (len > 0 && line[len - 1] == '\r')	/* a script saved with CRLF */
		line[--len] = '\0';
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];

		if ((ch < 32 && ch != '\t') || ch == 127) {
			repl_fail("line has a %s byte (0x%02x) at column %zu; ignored", ch ? "control" : "NUL", ch, i + 1);
			goto out;
		}
	}
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	if (line_interactive())
		line_add_history(p);
	if (*p == '\0') {
		cmd_next(s, p);
		goto out;
	}
	if ((strcmp(p, "exit()") == 0 && !py_has_name(s->py, "exit")) ||
	    (strcmp(p, "quit()") == 0 && !py_has_name(s->py, "quit"))) {
		cmd_quit(s, "");	/* Python's REPL habit */
		goto out;
	}
	if (is_python(s, p)) {
		python(s, p);
		goto out;
	}
	e = p;
	if ((word = repl_next_word(&e)) == NULL)
		goto out;	/* not reached: p is neither empty nor blank */
	n = strlen(word);
	if ((c = lookup_command(word, &nmatch, list, sizeof list)) != NULL) {
		run_command(c, s, e);
	} else if (nmatch > 1) {
		repl_fail("ambiguous command \"%s\": %s", word, list);
	} else {
		if (e > word + n)
			word[n] = ' ';	/* undo next_word's cut: the expression is the whole line */
		python(s, p);
	}
out:
	if (!line_interactive() && !s->blank)
		putchar('\n');
	fflush(stdout);
}

/* ---- completion (repl_common.c's engine, with this session's words) ---- */

/* The session whose names Tab offers (the REPL runs one at a time). */
static struct session *current;

static int
spec_is_python(void *ctx, const char *line)
{
	(void)ctx;
	return current != NULL && is_python(current, line);
}

/*
 * By command: an expression's names; a stage name (goto, explain);
 * a command (help); set's keys, then the key's values.
 */
static const char *const *
spec_args(void *ctx, const char *cmd, int nw, const char *prev, int *python)
{
	static const char *const weights[] = { "weights", NULL };
	static const char *both[ST_COUNT + 2];
	const struct command *c;
	const struct setting *st;
	char clist[512];
	int nmatch, i;

	(void)ctx;
	c = lookup_command(cmd, &nmatch, clist, sizeof clist);
	if (c == NULL || c->fn == cmd_print || c->fn == cmd_diff || c->fn == cmd_heatmap || c->fn == cmd_why) {
		*python = current != NULL;
		return expr_words();
	}
	if ((c->fn == cmd_goto || c->fn == cmd_explain) && nw == 1) {
		if (c->fn == cmd_goto)
			return stage_names();
		for (i = 0; i < ST_COUNT; i++)
			both[i] = stage_names()[i];
		both[i] = weights[0];
		return both;
	}
	if (c->fn == cmd_help && nw == 1)
		return command_names();
	if (c->fn == cmd_set && nw == 1)
		return setting_names();
	if (c->fn == cmd_set && nw == 2 && (st = setting_find(prev)) != NULL && st->in_repl)
		return setting_choices(st);
	return NULL;
}

static char **
complete(const char *line, int start)
{
	struct complete_spec sp;

	sp.py = current != NULL ? current->py : NULL;
	sp.first = first_words();
	sp.is_python = spec_is_python;
	sp.args = spec_args;
	sp.ctx = NULL;
	return complete_line(&sp, line, start);
}

static char *
history_path(void)
{
	const char *e = getenv("ATTN_EXPLAIN_HISTORY"), *home;
	char *p;

	if (e != NULL && *e != '\0')
		return xstrdup(e);
	if ((home = getenv("HOME")) == NULL || *home == '\0')
		return NULL;
	p = xmalloc(strlen(home) + sizeof "/.attn_explain_history");
	sprintf(p, "%s/.attn_explain_history", home);
	return p;
}

/* One paragraph: the file, the shapes, how to get going. */
static void
banner(struct session *s)
{
	struct sbuf b = { 0 };
	const struct run *r = &s->r;
	char desc[128], *t, *path;

	path = diag_escape(s->in.path);
	sbuf_addf(&b, "%s: inputs %s", path, stage_shape_desc(desc, sizeof desc, r, ST_INPUTS));
	free(path);
	if (r->simple)
		sbuf_add(&b, ", no weights (queries = keys = values = inputs)");
	else if (s->in.has_weights)
		sbuf_addf(&b, ", weights from the file, d_out = %d", r->d_out);
	else
		sbuf_addf(&b, ", weights drawn by init %s with seed %llu, d_out = %d", setting_find("init")->choices[s->in.init],
		    (unsigned long long)s->in.seed, r->d_out);
	if (r->H > 1)
		sbuf_addf(&b, ", %d heads of head_dim %d", r->H, r->hd);
	if (s->in.causal)
		sbuf_add(&b, ", causal");
	if (s->in.dropout > 0)
		sbuf_addf(&b, ", dropout %s", real_str(desc, sizeof desc, s->in.dropout));
	sbuf_addf(&b, "; %d stages to step through. Enter (or next) shows the next one; print EXPR, "
	    "or just EXPR, prints a tensor as PyTorch would; set KEY VALUE changes a setting and "
	    "recomputes; help lists every command.", cell_count(r, &s->co));
	t = sbuf_take(&b);
	repl_wrapped(stdout, t, "", 76, 0);
	free(t);
	putchar('\n');
}

/* The session's start: settings copied, stages computed, diagnostics without prefix. */
static int
session_open(struct session *s, const struct input *in, const struct cell_opts *co)
{
	char err[512];

	memset(s, 0, sizeof *s);
	s->file = in;
	s->co0 = *co;
	s->co = *co;
	s->co.po = in->po;
	s->pos = -1;
	input_copy(&s->in, in);
	if (stage_run(&s->r, &s->in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		diag_at(in->path, 0, 0, "%s", err);
		input_free(&s->in);
		return -1;
	}
	s->py = py_session_new(&s->r);
	diag_set_prefix(NULL);
	return 0;
}

static int
session_close(struct session *s)
{
	repl_end_open(&s->pending);
	diag_set_prefix("attn-explain");
	trace_free(s->trace);
	py_session_free(s->py);
	stage_free(&s->r);
	input_free(&s->in);
	if (s->has_prev) {
		stage_free(&s->prev_r);
		input_free(&s->prev_in);
	}
	return fflush(stdout) == 0 ? 0 : -1;
}

/* the editor with the history file (on a terminal), and Ctrl-C caught (the old action into *old) */
static void
lines_open(line_completer fn, struct sigaction *old)
{
	struct sigaction sa;
	char *hp = isatty(STDIN_FILENO) ? history_path() : NULL;

	line_init(hp, fn);
	free(hp);
	if (line_interactive()) {
		/* Ctrl-C: no SA_RESTART, so a read or wait in progress returns */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, old);
	}
}

int
repl_main(const struct input *in, const struct cell_opts *co)
{
	struct session s;
	struct sigaction old_sa;
	char *line;
	size_t len;

	if (session_open(&s, in, co) != 0)
		return -1;
	lines_open(complete, &old_sa);
	current = &s;
	banner(&s);
	fflush(stdout);
	while (!s.done && (line = repl_read(&s.pending, PROMPT, &len)) != NULL) {
		interrupt_pending = 0;
		do_line(&s, line, len);
		free(line);
	}
	if (line_interactive())
		sigaction(SIGINT, &old_sa, NULL);
	line_done();
	current = NULL;
	return session_close(&s);
}

/*
 * --model's -i session: the same editor and history file, Ctrl-C
 * discarding the line (or the open statement), Tab and Python's
 * multi-line statements from repl_common.c with the session's words.
 */
static struct sigaction model_old_sa;
static const struct gpt2_vocab *model_vocab;

/* the first word is Python's to complete where the line is a statement already (x = ...) */
static int
model_is_python(void *ctx, const char *line)
{
	(void)ctx;
	return py_is_statement(line);
}

static int
listed(const char *const *list, const char *w)
{
	for (; list != NULL && *list != NULL; list++)
		if (strcmp(*list, w) == 0)
			return 1;
	return 0;
}

static const char *const *
model_args(void *ctx, const char *cmd, int nw, const char *prev, int *python)
{
	(void)ctx;
	(void)prev;
	*python = listed(model_vocab->expr_commands, cmd);
	return strcmp(cmd, "set") == 0 && nw == 1 ? model_vocab->settings : NULL;
}

static char **
model_complete(const char *line, int start)
{
	struct complete_spec sp;

	sp.py = model_vocab->py;
	sp.first = model_vocab->commands;
	sp.is_python = model_is_python;
	sp.args = model_args;
	sp.ctx = NULL;
	return complete_line(&sp, line, start);
}

static void
model_open(const struct gpt2_vocab *v)
{
	model_vocab = v;
	lines_open(model_complete, &model_old_sa);
}

static char *
model_read(const char *prompt, size_t *len)
{
	struct sbuf pending = { 0 };
	char *l, *whole;

	for (;;) {
		if (pending.len > 0 && !line_interactive()) {
			fputs("... ", stdout);
			fflush(stdout);
		}
		if ((l = repl_read(&pending, prompt, len)) == NULL) {
			repl_end_open(&pending);
			return NULL;
		}
		line_add_history(l);
		if (pending.len == 0 && (!model_vocab->is_python(l + strspn(l, " ")) || !py_needs_more(l)))
			return l;
		whole = repl_more(&pending, l, strlen(l));
		free(l);
		if (whole != NULL) {
			*len = strlen(whole);
			return whole;
		}
	}
}

static void
model_close(void)
{
	if (line_interactive())
		sigaction(SIGINT, &model_old_sa, NULL);
	line_done();
	model_vocab = NULL;
}

void
repl_model_lines(struct gpt2_lines *l)
{
	l->open = model_open;
	l->read = model_read;
	l->close = model_close;
	l->interactive = line_interactive;
}

int
repl_run_text(const struct input *in, const struct cell_opts *co, const char *text, size_t len)
{
	struct session s;
	size_t i = 0, n;
	char *line;

	if (session_open(&s, in, co) != 0)
		return -1;
	while (i < len && !s.done) {
		for (n = 0; i + n < len && text[i + n] != '\n'; n++)
			;
		line = xmalloc(n + 1);
		memcpy(line, text + i, n);
		line[n] = '\0';
		do_line(&s, line, n);
		free(line);
		i += n + 1;
	}
	return session_close(&s);
}
