/*
 * repl.c - attn-explain -i: step through the stages, inspect them, change
 * a setting and see what moves.
 *
 * The split follows lua.c: this file holds the command table and the loop,
 * line.c the terminal.  Commands are found as SQLite's shell finds its dot
 * commands: by full name, by abbreviation, or by any unambiguous prefix; a
 * line that names no command is an expression, printed as --print prints it.
 *
 * Work that can take long (recomputing the stages, printing a big tensor)
 * runs in a child process.  stage.c and print.c have no cancellation
 * points, so that is the one way Ctrl-C can stop the work and leave the
 * session exactly as it was: the child dies, the parent goes on.
 */
#include <sys/types.h>
#include <sys/wait.h>

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

#include "cell.h"
#include "diag.h"
#include "explain.h"
#include "expr.h"
#include "heatmap.h"
#include "json.h"
#include "line.h"
#include "print.h"
#include "repl.h"
#include "rng.h"
#include "stage.h"

#define PROMPT "attn> "
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define RESET "\033[0m"

struct session {
	const struct input *file;	/* as loaded, with the command line's options: show's reference */
	struct cell_opts co0;		/* the view at the start */
	struct input in;		/* the settings now */
	struct run r;			/* computed from in */
	struct cell_opts co;		/* the view now; co.po is always in.po */
	int pos;			/* the stage shown last, or -1: before the first */
	int has_prev;			/* diff's "old": the run before the last set that recomputed */
	struct input prev_in;		/* prev_r borrows its tokens */
	struct run prev_r;
	char prev_what[160];		/* "set heads 2" */
	int blank;			/* the command's output ended with a blank line */
	int done;
};

struct command {
	const char *name;
	const char *abbrev;	/* besides the unambiguous prefixes, or NULL */
	const char *usage;
	const char *help;	/* one line for the list */
	const char *more;	/* help COMMAND */
	int (*fn)(struct session *, char *args);
};

#define NCOMMANDS 16
static const struct command commands[NCOMMANDS];	/* the table is near the end, after the functions */

static volatile sig_atomic_t interrupted;

/*
 * On a terminal, long work runs in a child so that Ctrl-C can stop it;
 * scripted sessions (and the sanitizers and fuzzers that run them) keep
 * everything in one process.
 */
static int use_fork;

static void
on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* ---- output ---- */

/* A command's error: one line on stderr, without the program's name; -1. */
static int
fail(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fflush(stdout);		/* keep the order when both go to one file */
	diag("%s", msg);
	return -1;
}

/*
 * Words separated by spaces, filled greedily into lines of at most width
 * columns, each starting with indent; dim: in the teaching text's colour.
 */
static void
put_wrapped(FILE *fp, const char *s, const char *indent, int width, int dim)
{
	int ind = (int)strlen(indent), col = ind;
	size_t w;

	fputs(dim ? DIM : "", fp);
	fputs(indent, fp);
	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		w = strcspn(s, " ");
		if (col > ind && col + 1 + (int)w > width) {
			fputc('\n', fp);
			fputs(indent, fp);
			col = ind;
		} else if (col > ind) {
			fputc(' ', fp);
			col++;
		}
		fwrite(s, 1, w, fp);
		col += (int)w;
		s += w;
	}
	fputs(dim ? RESET "\n" : "\n", fp);
}

/* A double as the shortest text that reads back the same, as Python's repr. */
static char *
real_str(char *buf, size_t len, double v)
{
	int prec;

	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return buf;
	}
	snprintf(buf, len, "%.17g", v);
	return buf;
}

/* ---- Ctrl-C: long work in a child process ---- */

/*
 * Wait for a child; a Ctrl-C while waiting is passed on to it (on a terminal
 * it got its own already).  0 when it exited 0; -1 otherwise, after saying
 * why unless it failed quietly (its own message, or SIGPIPE).
 */
static int
child_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return fail("waiting for the computation: %s", strerror(errno));
		if (interrupted)
			kill(pid, SIGINT);
	}
	if (WIFSIGNALED(status)) {
		if (WTERMSIG(status) == SIGINT) {
			if (line_interactive())
				fputc('\n', stdout);	/* the child may have stopped mid-line */
			return fail("interrupted");
		}
		if (WTERMSIG(status) == SIGPIPE)
			return -1;
		return fail("the computation died of signal %d", WTERMSIG(status));
	}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/*
 * fn(s, arg) in a child that prints and exits: output commands change no
 * state, so a Ctrl-C loses nothing.  Without fork it runs here.
 */
static int
in_child(struct session *s, int (*fn)(struct session *, const void *), const void *arg)
{
	pid_t pid;
	int rc;

	fflush(stdout);
	fflush(stderr);
	if (!use_fork || (pid = fork()) < 0)
		return fn(s, arg);
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		rc = fn(s, arg);
		if (fflush(stdout) != 0)
			rc = -1;
		_exit(rc == 0 ? 0 : 1);	/* no atexit, no stdio teardown: the parent owns those */
	}
	return child_wait(pid);
}

/*
 * A recomputed run travels from the child through a pipe: a status byte,
 * then either the error text or the struct run followed by every block it
 * owns, in a fixed order.  The child's pointers only say which blocks
 * follow.  grad_fn points at static strings, the same in both processes
 * after fork.  (A new owned pointer in struct run needs a line in
 * run_send() and run_recv().)
 */
static void
put(int fd, const void *p, size_t n)
{
	const char *c = p;
	ssize_t k;

	while (n > 0) {
		k = write(fd, c, n > ((size_t)1 << 30) ? (size_t)1 << 30 : n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			_exit(1);
		c += k;
		n -= (size_t)k;
	}
}

static void
put_tensor(int fd, const struct tensor *t)
{
	put(fd, t, sizeof *t);
	put(fd, t->data, t->numel * sizeof *t->data);
}

static void
put_str(int fd, const char *s)
{
	size_t n = strlen(s);

	put(fd, &n, sizeof n);
	put(fd, s, n);
}

static void
run_send(int fd, const struct input *in)
{
	struct run r;
	char err[512];
	int i;

	if (stage_run(&r, in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		put(fd, "e", 1);
		put_str(fd, err);
		return;
	}
	put(fd, "r", 1);
	put(fd, &r, sizeof r);
	for (i = 0; i < ST_COUNT; i++) {
		if (r.st[i] != NULL)
			put_tensor(fd, r.st[i]);
		if (r.code[i] != NULL)
			put_str(fd, r.code[i]);
	}
	if (r.setup != NULL)
		put_str(fd, r.setup);
	for (i = 0; i < NLAYER; i++) {
		if (r.layer[i].w != NULL)
			put_tensor(fd, r.layer[i].w);
		if (r.layer[i].b != NULL)
			put_tensor(fd, r.layer[i].b);
	}
}

/* 0, or -1 when the pipe ended early (the child was stopped) or failed. */
static int
get(int fd, void *p, size_t n)
{
	char *c = p;
	ssize_t k;

	while (n > 0) {
		k = read(fd, c, n > ((size_t)1 << 30) ? (size_t)1 << 30 : n);
		if (k < 0 && errno == EINTR)
			continue;	/* child_wait() passes the Ctrl-C on */
		if (k <= 0)
			return -1;
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

static int
get_tensor(int fd, struct tensor **out)
{
	struct tensor h, *t, mine;

	if (get(fd, &h, sizeof h) != 0 || (t = tensor_new(h.ndim, h.shape)) == NULL)
		return -1;
	mine = *t;
	*t = h;
	t->data = mine.data;	/* the child's pointer and memory mean nothing here */
	t->mapped = mine.mapped;
	t->borrowed = mine.borrowed;
	if (get(fd, t->data, t->numel * sizeof *t->data) != 0) {
		tensor_free(t);
		return -1;
	}
	*out = t;
	return 0;
}

static int
get_str(int fd, char **out)
{
	size_t n;
	char *s;

	if (get(fd, &n, sizeof n) != 0 || n > ((size_t)1 << 30))
		return -1;
	s = xmalloc(n + 1);
	if (get(fd, s, n) != 0) {
		free(s);
		return -1;
	}
	s[n] = '\0';
	*out = s;
	return 0;
}

/* 0: *out filled; 1: stage_run's error in err; -1: the pipe broke. */
static int
run_recv(int fd, struct run *out, const struct input *in, char *err, size_t errlen)
{
	struct run raw;
	char status, *msg;
	int i;

	memset(out, 0, sizeof *out);
	if (get(fd, &status, 1) != 0)
		return -1;
	if (status == 'e') {
		if (get_str(fd, &msg) != 0)
			return -1;
		snprintf(err, errlen, "%s", msg);
		free(msg);
		return 1;
	}
	if (get(fd, &raw, sizeof raw) != 0)
		return -1;
	*out = raw;
	for (i = 0; i < ST_COUNT; i++) {
		out->st[i] = NULL;
		out->code[i] = NULL;
	}
	out->setup = NULL;
	out->arena = NULL;
	for (i = 0; i < NLAYER; i++)
		out->layer[i].w = out->layer[i].b = NULL;
	out->tokens = (const char *const *)in->tokens;
	for (i = 0; i < ST_COUNT; i++) {
		if (raw.st[i] != NULL && get_tensor(fd, &out->st[i]) != 0)
			goto broken;
		if (raw.code[i] != NULL && get_str(fd, &out->code[i]) != 0)
			goto broken;
	}
	if (raw.setup != NULL && get_str(fd, &out->setup) != 0)
		goto broken;
	for (i = 0; i < NLAYER; i++) {
		if (raw.layer[i].w != NULL && get_tensor(fd, &out->layer[i].w) != 0)
			goto broken;
		if (raw.layer[i].b != NULL && get_tensor(fd, &out->layer[i].b) != 0)
			goto broken;
	}
	return 0;
broken:
	stage_free(out);
	return -1;
}

/*
 * stage_run() in a child.  0: *out holds the run; -1: the stages could not
 * be computed, reason in err; -2: interrupted or lost, already said.
 */
static int
compute(const struct input *in, struct run *out, char *err, size_t errlen)
{
	int fd[2], rc;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	if (!use_fork || pipe(fd) != 0)
		return stage_run(out, in, STAGE_KEEP_ALL, err, errlen) == 0 ? 0 : -1;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return stage_run(out, in, STAGE_KEEP_ALL, err, errlen) == 0 ? 0 : -1;
	}
	if (pid == 0) {
		close(fd[0]);
		signal(SIGINT, SIG_DFL);
		run_send(fd[1], in);
		_exit(0);
	}
	close(fd[1]);
	rc = run_recv(fd[0], out, in, err, errlen);
	close(fd[0]);
	if (child_wait(pid) != 0) {
		if (rc == 0)
			stage_free(out);
		return -2;
	}
	if (rc < 0) {
		fail("the computation ended early");
		return -2;
	}
	return rc == 0 ? 0 : -1;
}

/* ---- stages ---- */

static int
shown(const struct session *s, int id)
{
	return cell_shown(&s->r, id, &s->co);
}

static int
next_shown(const struct session *s, int from)
{
	int i;

	for (i = from + 1; i < ST_COUNT; i++)
		if (shown(s, i))
			return i;
	return -1;
}

static int
prev_shown(const struct session *s, int from)
{
	int i;

	for (i = from - 1; i >= 0; i--)
		if (shown(s, i))
			return i;
	return -1;
}

/* "[3/8] keys" */
static char *
stage_label(char *buf, size_t len, const struct session *s, int id)
{
	snprintf(buf, len, "[%d/%d] %s", cell_index(&s->r, id, &s->co),
	    cell_count(&s->r, &s->co), stage_defs[id].name);
	return buf;
}

struct cells {
	int n, id[ST_COUNT];
};

static int
print_cells(struct session *s, const void *arg)
{
	const struct cells *c = arg;
	int i;

	for (i = 0; i < c->n; i++)
		cell_print(stdout, &s->r, c->id[i], &s->co);
	return 0;
}

/* Show these cells (in a child); the position moves to the last when all got out. */
static int
show_cells(struct session *s, const struct cells *c)
{
	s->blank = 1;
	if (in_child(s, print_cells, c) != 0) {
		s->blank = 0;
		return -1;
	}
	if (c->n > 0)
		s->pos = c->id[c->n - 1];
	return 0;
}

static int
print_setup(struct session *s, const void *arg)
{
	(void)arg;
	cell_print_setup(stdout, &s->r, &s->co);
	return 0;
}

/* After a change, the same stage if it is still shown, else the nearest earlier one. */
static void
reposition(struct session *s, char *note, size_t len)
{
	char lab[96];
	int old = s->pos;

	note[0] = '\0';
	if (s->pos < 0 || shown(s, s->pos))
		return;
	s->pos = prev_shown(s, s->pos);
	if (s->pos < 0)
		snprintf(note, len, "; %s is gone, back at the start", stage_defs[old].name);
	else
		snprintf(note, len, "; %s is gone, now at %s", stage_defs[old].name,
		    stage_label(lab, sizeof lab, s, s->pos));
}

/* Every stage name, NULL-terminated (for suggestions and completion). */
static const char *const *
stage_names(void)
{
	static const char *names[ST_COUNT + 1];
	int i;

	for (i = 0; i < ST_COUNT; i++)
		names[i] = stage_defs[i].name;
	names[ST_COUNT] = NULL;
	return names;
}

/*
 * A stage by name, unambiguous prefix, or number among the shown ones.
 * -1 after an error naming cmd.  hidden: extra stages not shown may be named.
 */
static int
find_stage(struct session *s, const char *cmd, const char *word, int hidden)
{
	const char *const *names = stage_names();
	size_t n = strlen(word);
	int i, id = -1, nmatch = 0;
	char list[512] = "";

	if (n > 0 && strspn(word, "0123456789") == n) {
		int count = cell_count(&s->r, &s->co);
		long k;

		errno = 0;
		k = strtol(word, NULL, 10);	/* digits only; ERANGE gives LONG_MAX */

		if (k < 1 || k > count)
			return fail("%s: no stage %s (they are numbered 1 to %d)", cmd, word, count);
		for (i = 0; i < ST_COUNT; i++)
			if (shown(s, i) && cell_index(&s->r, i, &s->co) == k)
				return i;
	}
	for (i = 0; i < ST_COUNT && id < 0; i++)
		if (strcmp(word, names[i]) == 0)
			id = i;
	for (i = 0; i < ST_COUNT && id < 0 && n > 0; i++)
		if (strncmp(word, names[i], n) == 0) {
			nmatch++;
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", nmatch > 1 ? ", " : "", names[i]);
		}
	if (id < 0 && nmatch == 1)
		for (i = 0; i < ST_COUNT && id < 0; i++)
			if (strncmp(word, names[i], n) == 0)
				id = i;
	if (id < 0 && nmatch > 1)
		return fail("%s: ambiguous stage \"%s\": %s", cmd, word, list);
	if (id < 0) {
		const char *sug = diag_suggest(word, names);

		if (sug != NULL)
			return fail("%s: unknown stage \"%s\"; did you mean \"%s\"?", cmd, word, sug);
		return fail("%s: unknown stage \"%s\" (stages lists them)", cmd, word);
	}
	if (s->r.st[id] == NULL)
		return fail("%s: %s: %s", cmd, names[id], s->r.why[id]);
	if (!hidden && !shown(s, id))
		return fail("%s: %s is an extra stage: set all true to step through it (print %s shows it now)",
		    cmd, names[id], names[id]);
	return id;
}

/* ---- arguments ---- */

static char *
skip_ws(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Cut the first word off *p; NULL when there is none. */
static char *
next_word(char **p)
{
	char *w = skip_ws(*p), *e;

	if (*w == '\0')
		return NULL;
	for (e = w; *e && *e != ' ' && *e != '\t'; e++)
		;
	if (*e)
		*e++ = '\0';
	*p = e;
	return w;
}

/* A count of stages: 1 by default; a huge one means "all there are". */
static int
parse_count(const char *cmd, char *args, int *out)
{
	char *w = next_word(&args);
	size_t n;
	long v;

	*out = 1;
	if (w == NULL)
		return 0;
	if (*skip_ws(args) != '\0')
		return fail("%s: expected at most one number, got \"%s\"", cmd, skip_ws(args));
	n = strlen(w);
	if (strspn(w, "0123456789") != n || strspn(w, "0") == n)
		return fail("%s: expected a number of stages (1, 2, ...), got \"%s\"", cmd, w);
	errno = 0;
	v = strtol(w, NULL, 10);	/* digits only; ERANGE gives LONG_MAX */
	*out = v > INT_MAX ? INT_MAX : (int)v;
	return 0;
}

/* ---- moving ---- */

static int
cmd_next(struct session *s, char *args)
{
	struct cells c = { 0 };
	char lab[96];
	int n, id;

	if (parse_count("next", args, &n) != 0)
		return -1;
	for (id = s->pos; c.n < n && (id = next_shown(s, id)) >= 0;)
		c.id[c.n++] = id;
	if (c.n == 0)
		return fail("next: %s was the last stage (back, goto or restart to look again)",
		    stage_label(lab, sizeof lab, s, s->pos));
	return show_cells(s, &c);
}

static int
cmd_run(struct session *s, char *args)
{
	char lab[96];
	struct cells c = { 0 };
	int id;

	if (*skip_ws(args) != '\0')
		return fail("run: takes no argument (next N shows N stages)");
	for (id = s->pos; (id = next_shown(s, id)) >= 0;)
		c.id[c.n++] = id;
	if (c.n == 0)
		return fail("run: %s was the last stage (back, goto or restart to look again)",
		    stage_label(lab, sizeof lab, s, s->pos));
	return show_cells(s, &c);
}

static int
cmd_back(struct session *s, char *args)
{
	struct cells c = { 0 };
	char lab[96];
	int n, id = s->pos;

	if (parse_count("back", args, &n) != 0)
		return -1;
	if (s->pos < 0)
		return fail("back: at the start already");
	while (n-- > 0 && id >= 0)
		id = prev_shown(s, id);
	if (id < 0) {
		s->pos = -1;
		printf("at the start, before %s\n", stage_label(lab, sizeof lab, s, next_shown(s, -1)));
		return 0;
	}
	c.id[c.n++] = id;
	return show_cells(s, &c);
}

static int
cmd_goto(struct session *s, char *args)
{
	struct cells c = { 0 };
	char *w = next_word(&args);
	int id;

	if (w == NULL || *skip_ws(args) != '\0')
		return fail("goto: expected one stage, a name or a number (stages lists them)");
	if ((id = find_stage(s, "goto", w, 0)) < 0)
		return -1;
	c.id[c.n++] = id;
	return show_cells(s, &c);
}

static int
cmd_restart(struct session *s, char *args)
{
	char lab[96];

	if (*skip_ws(args) != '\0')
		return fail("restart: takes no argument");
	s->pos = -1;
	printf("at the start, before %s\n", stage_label(lab, sizeof lab, s, next_shown(s, -1)));
	if (s->r.setup != NULL) {
		putchar('\n');
		if (in_child(s, print_setup, NULL) != 0)
			return -1;
		s->blank = 1;
	}
	return 0;
}

static int
cmd_stages(struct session *s, char *args)
{
	char desc[128], lab[32];
	int i, w = 0, extra = 0;

	if (*skip_ws(args) != '\0')
		return fail("stages: takes no argument");
	for (i = 0; i < ST_COUNT; i++)
		if (shown(s, i) && (int)strlen(stage_defs[i].name) > w)
			w = (int)strlen(stage_defs[i].name);
	if (s->pos < 0)
		printf("> (the start)\n");
	for (i = 0; i < ST_COUNT; i++) {
		if (!shown(s, i)) {
			extra += s->r.st[i] != NULL;
			continue;
		}
		snprintf(lab, sizeof lab, "[%d/%d]", cell_index(&s->r, i, &s->co), cell_count(&s->r, &s->co));
		printf("%c %-7s %-*s  %s\n", i == s->pos ? '>' : ' ', lab, w, stage_defs[i].name,
		    stage_shape_desc(desc, sizeof desc, &s->r, i));
	}
	if (extra > 0) {
		struct sbuf b = { 0 };
		char *t;
		int n = 0;

		sbuf_add(&b, "also computed (set all true to step through them):");
		for (i = 0; i < ST_COUNT; i++)
			if (!shown(s, i) && s->r.st[i] != NULL)
				sbuf_addf(&b, "%s %s", n++ ? "," : "", stage_defs[i].name);
		t = sbuf_take(&b);
		put_wrapped(stdout, t, "", 76, 0);
		free(t);
	}
	return 0;
}

/* ---- inspecting ---- */

struct print_job {
	const char *cmd;	/* "print: " or "" (a bare expression), before an error */
	const char *expr;
};

static int
print_expr(struct session *s, const void *arg)
{
	const struct print_job *j = arg;
	struct value v;
	char err[512], *t;

	if (expr_eval(j->expr, &s->r, &v, err, sizeof err) != 0)
		return fail("%s%s", j->cmd, err);
	t = value_str(&v, &s->in.po);
	printf("%s\n", t);
	free(t);
	value_free(&v);
	return 0;
}

static int
cmd_print(struct session *s, char *args)
{
	struct print_job j = { "print: ", NULL };

	j.expr = skip_ws(args);
	if (*j.expr == '\0')
		return fail("print: expected an expression, e.g. print attn_weights[0]");
	return in_child(s, print_expr, &j);
}

/* Largest |old - new|; equal values (infinities, NaN and NaN too) count 0. */
static double
max_abs_diff(const struct tensor *a, const struct tensor *b)
{
	double m = 0, x, y, d;
	size_t k;

	for (k = 0; k < a->numel; k++) {
		x = a->data[k];
		y = b->data[k];
		if (x == y || (isnan(x) && isnan(y)))
			continue;
		d = fabs(x - y);
		if (isnan(d))
			return NAN;
		if (d > m)
			m = d;
	}
	return m;
}

static int
print_diff(struct session *s, const void *arg)
{
	const char *e = arg;
	struct value old, now;
	char err[512], a[64], b[64], *t;

	if (expr_eval(e, &s->prev_r, &old, err, sizeof err) != 0)
		return fail("diff: before %s: %s", s->prev_what, err);
	if (expr_eval(e, &s->r, &now, err, sizeof err) != 0) {
		value_free(&old);
		return fail("diff: %s", err);
	}
	printf("old (before %s):\n", s->prev_what);
	t = value_str(&old, &s->in.po);
	printf("%s\nnew:\n", t);
	free(t);
	t = value_str(&now, &s->in.po);
	printf("%s\n", t);
	free(t);
	if (old.kind != VAL_TENSOR || now.kind != VAL_TENSOR)
		printf("max abs diff: none (not tensors)\n");
	else if (!tensor_same_shape(old.t, now.t))
		printf("shapes differ: %s before, %s now\n", tensor_size_str(a, sizeof a, old.t),
		    tensor_size_str(b, sizeof b, now.t));
	else
		printf("max abs diff: %.6g\n", max_abs_diff(old.t, now.t));
	value_free(&old);
	value_free(&now);
	return 0;
}

static int
cmd_diff(struct session *s, char *args)
{
	const char *e = skip_ws(args);

	if (*e == '\0')
		return fail("diff: expected an expression, e.g. diff attn_weights");
	if (!s->has_prev)
		return fail("diff: nothing changed yet (diff EXPR compares EXPR before and after the last set)");
	return in_child(s, print_diff, e);
}

struct heatmap_job {
	const char *expr;	/* NULL: the current weights */
	int numbers;
};

static int
print_heatmap(struct session *s, const void *arg)
{
	const struct heatmap_job *j = arg;
	char err[512];

	if (heatmap_print(stdout, &s->r, j->expr, s->co.color, j->numbers, err, sizeof err) != 0)
		return fail("heatmap: %s", err);
	return 0;
}

static int
cmd_heatmap(struct session *s, char *args)
{
	struct heatmap_job j = { NULL, 0 };
	char *p = skip_ws(args);

	while (*p == '-') {
		char *w = next_word(&p);

		if (strcmp(w, "-n") != 0)
			return fail("heatmap: unknown option \"%s\" (-n adds the numbers)", w);
		j.numbers = 1;
		p = skip_ws(p);
	}
	j.expr = *p ? p : NULL;
	return in_child(s, print_heatmap, &j);
}

static int
cmd_explain(struct session *s, char *args)
{
	struct sbuf b = { 0 };
	char *w = next_word(&args), *t;
	int id;

	if (w != NULL && *skip_ws(args) != '\0')
		return fail("explain: expected one stage, a name or a number");
	if (w != NULL && strcmp(w, "weights") == 0) {
		if (s->r.setup == NULL)
			return fail("explain: weights: this run has none (queries = keys = values = inputs)");
		id = -1;
	} else if (w != NULL) {
		if ((id = find_stage(s, "explain", w, 1)) < 0)
			return -1;
	} else if (s->pos >= 0) {
		id = s->pos;
	} else if (s->r.setup != NULL) {
		id = -1;
	} else {
		return fail("explain: before the first stage: name one (explain attn_weights) or step with next");
	}
	printf("%s%s%s: %s\n", s->co.color ? BOLD : "", id < 0 ? "weights" : stage_defs[id].name,
	    s->co.color ? RESET : "", id < 0 ? "where the projection matrices come from" : stage_defs[id].what);
	explain_stage(&b, &s->r, id);
	t = sbuf_take(&b);
	put_wrapped(stdout, t, "  # ", 76, s->co.color);
	free(t);
	return 0;
}

/* ---- settings ---- */

enum { SET_RUN, SET_PRINT, SET_VIEW };

struct setting {
	const char *name;
	int kind;		/* SET_RUN: recompute; SET_PRINT: print options; SET_VIEW: the session's view */
	const char *values;	/* what VALUE may be */
	const char *const *choices;	/* for Tab, or NULL */
	int (*set)(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len);
	void (*get)(char *buf, size_t len, const struct input *in, const struct cell_opts *co);
	/* without set and get: a plain int of the print options (lo..hi), or a flag of the view (bool) */
	size_t off;
	long long lo, hi;
	int bool;
};

static void
in_dims(const struct input *in, int *T, int *d_in)
{
	if (in->inputs != NULL) {
		*T = in->inputs->shape[in->inputs->ndim - 2];
		*d_in = in->inputs->shape[in->inputs->ndim - 1];
	} else {
		*T = in->rand_dims[in->rand_ndim - 2];
		*d_in = in->rand_dims[in->rand_ndim - 1];
	}
}

/* d_out as the run has it: given, from the weights, or d_in in simple mode. */
static int
in_d_out(const struct input *in)
{
	int T, d_in;

	in_dims(in, &T, &d_in);
	return in->d_out > 0 ? in->d_out : d_in;
}

static int
errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* A decimal integer in [lo, hi], nothing else; the message as json.c words it. */
static int
parse_int(const char *v, long long lo, long long hi, long long *out, char *err, size_t len)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(v, &end, 10);
	if (!(isdigit((unsigned char)*v) || (*v == '-' && isdigit((unsigned char)v[1]))) ||
	    *end != '\0' || errno != 0 || x < lo || x > hi) {
		if (hi >= INT_MAX)
			return errf(err, len, "expected an integer >= %lld, got \"%s\"", lo, v);
		return errf(err, len, "expected an integer from %lld to %lld, got \"%s\"", lo, hi, v);
	}
	*out = x;
	return 0;
}

/* A finite decimal number (no hex, no inf or nan: the file cannot hold them either). */
static int
parse_real(const char *v, double *out)
{
	char *end;

	if (*v == '\0' || strspn(v, "0123456789.eE+-") != strlen(v))
		return -1;
	*out = strtod(v, &end);
	return *end == '\0' && isfinite(*out) ? 0 : -1;
}

static int
parse_bool(const char *v, int *out)
{
	if (strcmp(v, "true") == 0 || strcmp(v, "True") == 0 || strcmp(v, "on") == 0)
		*out = 1;
	else if (strcmp(v, "false") == 0 || strcmp(v, "False") == 0 || strcmp(v, "off") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

static int
is_none(const char *v)
{
	return strcmp(v, "none") == 0 || strcmp(v, "None") == 0 || strcmp(v, "null") == 0;
}

static int
bool_arg(const char *v, int *out, char *err, size_t len)
{
	if (parse_bool(v, out) != 0)
		return errf(err, len, "expected true or false (or on, off), got \"%s\"", v);
	return 0;
}

static int
seed_arg(const char *v, uint64_t *out, char *err, size_t len)
{
	if (*v == '-' || rng_parse_seed(v, out) != 0)
		return errf(err, len, "expected an integer seed from 0 to 18446744073709551615, got \"%s\"", v);
	return 0;
}

static int
set_heads(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	long long h;
	int d = in_d_out(in);

	(void)co;
	if (parse_int(v, 1, 1 << 20, &h, err, len) != 0)
		return -1;
	if (d % h != 0)
		return errf(err, len, "%lld heads do not divide d_out = %d", h, d);
	in->heads = (int)h;
	return 0;
}

static void
get_heads(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%d", in->heads);
}

static int
set_d_out(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	long long d;
	int T, d_in;

	(void)co;
	in_dims(in, &T, &d_in);
	if (in->has_weights)
		return errf(err, len, "follows from the file's weights (%d); only init draws weights of another width", in->d_out);
	if (in->init == INIT_NONE)
		return errf(err, len, "only with init (without weights d_out = d_in = %d); set init first", d_in);
	if (parse_int(v, 1, 1 << 24, &d, err, len) != 0)
		return -1;
	if (d % in->heads != 0)
		return errf(err, len, "%d heads do not divide d_out = %lld", in->heads, d);
	in->d_out = (int)d;
	return 0;
}

static void
get_d_out(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%d", in_d_out(in));
}

static int
set_causal(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)co;
	return bool_arg(v, &in->causal, err, len);
}

static void
get_causal(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->causal ? "true" : "false");
}

static int
set_dropout(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	double p;

	(void)co;
	if (parse_real(v, &p) != 0 || !(p >= 0 && p <= 1))
		return errf(err, len, "expected a number from 0 to 1, got \"%s\"", v);
	in->dropout = p;
	return 0;
}

static void
get_dropout(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	real_str(buf, len, in->dropout);
}

static int
set_dropout_seed(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)co;
	if (is_none(v)) {
		in->has_dropout_seed = 0;
		in->dropout_seed = 0;
		return 0;
	}
	if (seed_arg(v, &in->dropout_seed, err, len) != 0)
		return errf(err, len, "expected an integer seed from 0 to 18446744073709551615, or none, got \"%s\"", v);
	in->has_dropout_seed = 1;
	return 0;
}

static void
get_dropout_seed(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	if (in->has_dropout_seed)
		snprintf(buf, len, "%llu", (unsigned long long)in->dropout_seed);
	else
		snprintf(buf, len, "none");
}

static int
set_dropout_rng(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)co;
	if (strcmp(v, "default") == 0)
		in->dropout_mkl = 0;
	else if (strcmp(v, "mkl") == 0)
		in->dropout_mkl = 1;
	else
		return errf(err, len, "expected default or mkl, got \"%s\"", v);
	return 0;
}

static void
get_dropout_rng(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->dropout_mkl ? "mkl" : "default");
}

static int
set_seed(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)co;
	return seed_arg(v, &in->seed, err, len);
}

static void
get_seed(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%llu", (unsigned long long)in->seed);
}

static int
set_scale(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	double x;

	(void)co;
	if (is_none(v)) {
		in->has_scale = 0;
		in->scale = 0;
		return 0;
	}
	if (parse_real(v, &x) != 0 || !(x > 0))
		return errf(err, len, "expected a number > 0, or none, got \"%s\"", v);
	in->has_scale = 1;
	in->scale = x;
	return 0;
}

static void
get_scale(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	if (in->has_scale)
		real_str(buf, len, in->scale);
	else
		snprintf(buf, len, "none");
}

static int
set_head_layout(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)co;
	if (strcmp(v, "split") == 0)
		in->stacked = 0;
	else if (strcmp(v, "stacked") == 0)
		in->stacked = 1;
	else
		return errf(err, len, "expected split or stacked, got \"%s\"", v);
	return 0;
}

static void
get_head_layout(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->stacked ? "stacked" : "split");
}

static const char *const init_names[] = { "none", "rand", "randn", "linear", NULL };

static int
set_init(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	int i, T, d_in;

	(void)co;
	for (i = 0; init_names[i] != NULL; i++)
		if (strcmp(v, init_names[i]) == 0)
			break;
	if (init_names[i] == NULL)
		return errf(err, len, "expected rand, randn, linear or none, got \"%s\"", v);
	if (in->has_weights)
		return errf(err, len, "the file gives the weights; init draws them instead, so it needs a file without weights");
	if (i != INIT_LINEAR && in->qkv_bias)
		return errf(err, len, "qkv_bias is true, which only init linear uses (set qkv_bias false first)");
	in_dims(in, &T, &d_in);
	if (i == INIT_NONE) {
		if (in->out_proj)
			return errf(err, len, "out_proj is true, which needs init (set out_proj false first)");
		if (d_in % in->heads != 0)
			return errf(err, len, "without weights d_out = d_in = %d, which %d heads do not divide", d_in, in->heads);
		in->d_out = 0;
	} else if (in->d_out == 0) {
		in->d_out = d_in;	/* the file loader wants d_out with init; start from the inputs' width */
	}
	in->init = i;
	return 0;
}

static void
get_init(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", init_names[in->init]);
}

static int
set_qkv_bias(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	int b;

	(void)co;
	if (bool_arg(v, &b, err, len) != 0)
		return -1;
	if (b && in->init != INIT_LINEAR)
		return errf(err, len, "only used with init linear (explicit weights carry their own bias)");
	in->qkv_bias = b;
	return 0;
}

static void
get_qkv_bias(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->qkv_bias ? "true" : "false");
}

static int
set_out_proj(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	int b;

	(void)co;
	if (bool_arg(v, &b, err, len) != 0)
		return -1;
	if (in->has_weights)
		return errf(err, len, "the file's weights decide (weights.out_proj)");
	if (b && in->init == INIT_NONE)
		return errf(err, len, "true needs init (an output projection is drawn with the other weights)");
	in->out_proj = b;
	return 0;
}

static void
get_out_proj(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->out_proj || in->W[LAYER_OUT].w != NULL ? "true" : "false");
}

static int
set_threshold(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	long long x;

	(void)co;
	if (strcmp(v, "inf") == 0) {
		in->po.threshold = LLONG_MAX;
		return 0;
	}
	if (parse_int(v, 0, LLONG_MAX, &x, err, len) != 0)
		return errf(err, len, "expected an integer >= 0 or inf, got \"%s\"", v);
	in->po.threshold = x;
	return 0;
}

static void
get_threshold(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	if (in->po.threshold == LLONG_MAX)
		snprintf(buf, len, "inf");
	else
		snprintf(buf, len, "%lld", in->po.threshold);
}

static int
set_sci_mode(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	int b;

	(void)co;
	if (is_none(v)) {
		in->po.sci_mode = -1;
		return 0;
	}
	if (parse_bool(v, &b) != 0)
		return errf(err, len, "expected true, false or none, got \"%s\"", v);
	in->po.sci_mode = b;
	return 0;
}

static void
get_sci_mode(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)co;
	snprintf(buf, len, "%s", in->po.sci_mode < 0 ? "none" : in->po.sci_mode ? "true" : "false");
}

static int
set_color(struct input *in, struct cell_opts *co, const char *v, char *err, size_t len)
{
	(void)in;
	if (strcmp(v, "always") == 0)
		co->color = 1;
	else if (strcmp(v, "never") == 0)
		co->color = 0;
	else if (strcmp(v, "auto") == 0)
		co->color = isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL;
	else if (parse_bool(v, &co->color) != 0)
		return errf(err, len, "expected always, never, auto, true or false, got \"%s\"", v);
	return 0;
}

static void
get_color(char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	(void)in;
	snprintf(buf, len, "%s", co->color ? "true" : "false");
}

static const char *const bools[] = { "true", "false", NULL };
static const char *const sci_modes[] = { "true", "false", "none", NULL };
static const char *const nones[] = { "none", NULL };
static const char *const layouts[] = { "split", "stacked", NULL };
static const char *const colors[] = { "always", "never", "auto", NULL };
static const char *const rngs[] = { "default", "mkl", NULL };
static const char *const thresholds[] = { "inf", NULL };

/* a setting's own set_X and get_X; an int of the print options in lo..hi; a flag of the view */
#define FUNCS(x) set_##x, get_##x, 0, 0, 0, 0
#define PO_INT(field, lo, hi) NULL, NULL, offsetof(struct print_opts, field), lo, hi, 0
#define FLAG(field) NULL, NULL, offsetof(struct cell_opts, field), 0, 1, 1

static const struct setting settings[] = {
	{ "heads", SET_RUN, "an integer >= 1 that divides d_out", NULL, FUNCS(heads) },
	{ "causal", SET_RUN, "true or false", bools, FUNCS(causal) },
	{ "dropout", SET_RUN, "a number from 0 to 1", NULL, FUNCS(dropout) },
	{ "dropout_seed", SET_RUN, "a seed, or none", nones, FUNCS(dropout_seed) },
	{ "dropout_rng", SET_RUN, "default or mkl", rngs, FUNCS(dropout_rng) },
	{ "seed", SET_RUN, "an integer from 0 to 2^64-1", NULL, FUNCS(seed) },
	{ "scale", SET_RUN, "a number > 0, or none (divide by sqrt(head_dim))", nones, FUNCS(scale) },
	{ "head_layout", SET_RUN, "split or stacked", layouts, FUNCS(head_layout) },
	{ "init", SET_RUN, "rand, randn, linear or none (files without weights)", init_names, FUNCS(init) },
	{ "d_out", SET_RUN, "an integer >= 1 (with init)", NULL, FUNCS(d_out) },
	{ "qkv_bias", SET_RUN, "true or false (with init linear)", bools, FUNCS(qkv_bias) },
	{ "out_proj", SET_RUN, "true or false (with init)", bools, FUNCS(out_proj) },
	{ "precision", SET_PRINT, "digits after the point, 0 to 50", NULL, PO_INT(precision, 0, PRINT_MAX_PRECISION) },
	{ "linewidth", SET_PRINT, "an integer >= 1", NULL, PO_INT(linewidth, 1, INT_MAX) },
	{ "sci_mode", SET_PRINT, "true, false or none", sci_modes, FUNCS(sci_mode) },
	{ "threshold", SET_PRINT, "an integer >= 0, or inf", thresholds, FUNCS(threshold) },
	{ "edgeitems", SET_PRINT, "an integer >= 1", NULL, PO_INT(edgeitems, 1, INT_MAX) },
	{ "all", SET_VIEW, "true or false: step through the extra stages too", bools, FLAG(all) },
	{ "explain", SET_VIEW, "true or false: teaching text in every cell", bools, FLAG(explain) },
	{ "color", SET_VIEW, "always, never or auto (or true, false)", colors, FUNCS(color) },
};
#undef FUNCS
#undef PO_INT
#undef FLAG
#define NSETTINGS ((int)(sizeof settings / sizeof settings[0]))

/* st's set(), or the plain field's: an int of in->po, or a flag of co */
static int
setting_set(const struct setting *st, struct input *in, struct cell_opts *co, const char *v,
    char *err, size_t len)
{
	long long x;

	if (st->set != NULL)
		return st->set(in, co, v, err, len);
	if (st->bool)
		return bool_arg(v, (int *)((char *)co + st->off), err, len);
	if (parse_int(v, st->lo, st->hi, &x, err, len) != 0)
		return -1;
	*(int *)((char *)&in->po + st->off) = (int)x;
	return 0;
}

static void
setting_get(const struct setting *st, char *buf, size_t len, const struct input *in, const struct cell_opts *co)
{
	if (st->get != NULL)
		st->get(buf, len, in, co);
	else if (st->bool)
		snprintf(buf, len, "%s", *(const int *)((const char *)co + st->off) ? "true" : "false");
	else
		snprintf(buf, len, "%d", *(const int *)((const char *)&in->po + st->off));
}

static const char *const *
setting_names(void)
{
	static const char *names[NSETTINGS + 1];
	int i;

	for (i = 0; i < NSETTINGS; i++)
		names[i] = settings[i].name;
	names[NSETTINGS] = NULL;
	return names;
}

/* Exact name, else unambiguous prefix; NULL after an error. */
static const struct setting *
find_setting(const char *key)
{
	size_t n = strlen(key);
	char list[512] = "";
	int i, hit = -1, nmatch = 0;

	for (i = 0; i < NSETTINGS; i++)
		if (strcmp(key, settings[i].name) == 0)
			return &settings[i];
	for (i = 0; i < NSETTINGS; i++)
		if (strncmp(key, settings[i].name, n) == 0) {
			hit = i;
			nmatch++;
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", nmatch > 1 ? ", " : "", settings[i].name);
		}
	if (nmatch == 1)
		return &settings[hit];
	if (nmatch > 1) {
		fail("set: ambiguous key \"%s\": %s", key, list);
	} else {
		const char *sug = diag_suggest(key, setting_names());

		if (sug != NULL)
			fail("set: unknown key \"%s\"; did you mean \"%s\"?", key, sug);
		else
			fail("set: unknown key \"%s\" (help set lists them)", key);
	}
	return NULL;
}

static int
cmd_set(struct session *s, char *args)
{
	const struct setting *st;
	struct input in;
	struct cell_opts co;
	struct run r;
	char *key = next_word(&args), *val = next_word(&args);
	char was[64], now[64], err[512], note[192], lab[96];
	int rc;

	if (key == NULL)
		return fail("set: expected set KEY VALUE (show lists the settings, help set the keys)");
	if ((st = find_setting(key)) == NULL)
		return -1;
	setting_get(st, was, sizeof was, &s->in, &s->co);
	if (val == NULL) {
		printf("%s = %s (%s)\n", st->name, was, st->values);
		return 0;
	}
	if (*skip_ws(args) != '\0')
		return fail("set %s: expected one value, got \"%s %s\"", st->name, val, skip_ws(args));
	input_copy(&in, &s->in);
	co = s->co;
	if (setting_set(st, &in, &co, val, err, sizeof err) != 0) {
		input_free(&in);
		return fail("set %s: %s", st->name, err);
	}
	setting_get(st, now, sizeof now, &in, &co);
	if (strcmp(was, now) == 0) {
		input_free(&in);
		printf("%s is %s already\n", st->name, now);
		return 0;
	}
	if (st->kind == SET_RUN) {
		if ((rc = compute(&in, &r, err, sizeof err)) != 0) {
			input_free(&in);
			return rc == -1 ? fail("set %s: %s", st->name, err) : -1;
		}
		if (s->has_prev) {
			stage_free(&s->prev_r);
			input_free(&s->prev_in);
		}
		s->prev_r = s->r;
		s->prev_in = s->in;
		s->has_prev = 1;
		snprintf(s->prev_what, sizeof s->prev_what, "set %s %s", st->name, now);
		s->r = r;
		s->in = in;
	} else {
		s->in.po = in.po;
		s->co = co;
		input_free(&in);
	}
	s->co.po = s->in.po;
	printf("%s = %s (was %s)", st->name, now, was);
	if (st->set == set_init && strcmp(was, "none") == 0)
		printf("; d_out = %d, the inputs' width (set d_out to change it)", s->in.d_out);
	if (st->kind == SET_RUN || strcmp(st->name, "all") == 0) {
		reposition(s, note, sizeof note);
		printf("; %d stages", cell_count(&s->r, &s->co));
		if (note[0] != '\0')
			printf("%s", note);
		else if (s->pos >= 0)
			printf(", now at %s", stage_label(lab, sizeof lab, s, s->pos));
	}
	putchar('\n');
	return 0;
}

static int
cmd_show(struct session *s, char *args)
{
	char desc[128], now[64], then[64];
	const struct input *f = s->file;
	int i, changed = 0;

	if (*skip_ws(args) != '\0')
		return fail("show: takes no argument (set KEY shows one setting)");
	printf("%s: inputs %s\n", s->in.path, stage_shape_desc(desc, sizeof desc, &s->r, ST_INPUTS));
	for (i = 0; i < NSETTINGS; i++) {
		const struct setting *st = &settings[i];

		if (i == 0 || st->kind != settings[i - 1].kind)
			printf("%s\n", st->kind == SET_RUN ? "the stages:" : st->kind == SET_PRINT ?
			    "print options:" : "the view:");
		setting_get(st, now, sizeof now, &s->in, &s->co);
		setting_get(st, then, sizeof then, f, &s->co0);
		if (strcmp(now, then) == 0) {
			printf("  %-13s %s\n", st->name, now);
		} else {
			printf("* %-13s %-8s (%s: %s)\n", st->name, now, st->kind == SET_VIEW ? "at the start" : "file", then);
			changed++;
		}
	}
	if (changed > 0)
		printf("(* marks what changed since the start)\n");
	return 0;
}

static int
cmd_save(struct session *s, char *args)
{
	char *p = skip_ws(args), *json, *e;
	int force = 0, fd;
	size_t n;
	FILE *fp;

	if (strncmp(p, "-f", 2) == 0 && (p[2] == ' ' || p[2] == '\t' || p[2] == '\0')) {
		force = 1;
		p = skip_ws(p + 2);
	}
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	if (*p == '\0')
		return fail("save: expected a file name (save -f FILE overwrites)");
	fd = open(p, O_WRONLY | O_CREAT | (force ? O_TRUNC : O_EXCL), 0666);
	if (fd < 0 && errno == EEXIST)
		return fail("save: %s exists (save -f %s overwrites it)", p, p);
	if (fd < 0 || (fp = fdopen(fd, "w")) == NULL) {
		int saved = errno;

		if (fd >= 0)
			close(fd);
		return fail("save: %s: %s", p, strerror(saved));
	}
	json = input_to_json(&s->in);
	n = strlen(json);
	if (fwrite(json, 1, n, fp) != n || fputc('\n', fp) == EOF) {
		int saved = errno;

		fclose(fp);
		free(json);
		return fail("save: %s: %s", p, strerror(saved));
	}
	free(json);
	if (fclose(fp) != 0)
		return fail("save: %s: %s", p, strerror(errno));
	printf("saved the settings to %s (attn-explain -i %s starts from them)\n", p, p);
	return 0;
}

/* ---- help, quit ---- */

static const struct command *lookup_command(const char *word, int *nmatch, char *list, size_t listlen);

static int
cmd_help(struct session *s, char *args)
{
	const struct command *c;
	char *w = next_word(&args), list[512];
	int i, nmatch;

	(void)s;
	if (w == NULL) {
		printf("commands (any unambiguous prefix works too):\n");
		for (i = 0; i < NCOMMANDS; i++)
			printf("  %-19s %-3s %s\n", commands[i].usage, commands[i].abbrev ? commands[i].abbrev : "",
			    commands[i].help);
		put_wrapped(stdout, "EXPR is a stage name, then any of [i], [i, j], [a:b], .T, "
		    ".transpose(a, b), .shape, .sum(dim=k), .mean(), .var(): for example "
		    "attn_weights[0].sum(dim=-1). Lines starting with # are comments. "
		    "help COMMAND says more about one command.", "", 76, 0);
		return 0;
	}
	if (*skip_ws(args) != '\0')
		return fail("help: expected one command");
	if ((c = lookup_command(w, &nmatch, list, sizeof list)) == NULL) {
		if (nmatch > 1)
			return fail("help: ambiguous command \"%s\": %s", w, list);
		return fail("help: unknown command \"%s\" (help lists them)", w);
	}
	printf("%s%s%s%s\n", c->usage, c->abbrev ? " (or " : "", c->abbrev ? c->abbrev : "", c->abbrev ? ")" : "");
	put_wrapped(stdout, c->more, "  ", 76, 0);
	if (c->fn == cmd_set)
		for (i = 0; i < NSETTINGS; i++)
			printf("  %-13s %s\n", settings[i].name, settings[i].values);
	return 0;
}

static int
cmd_quit(struct session *s, char *args)
{
	if (*skip_ws(args) != '\0')
		return fail("quit: takes no argument");
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
	    "Goes back to the start and shows where the weights come from. Settings stay as "
	    "they are (show lists them).", cmd_restart },
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
	    "the largest absolute difference between the two.", cmd_diff },
	{ "heatmap", "hm", "heatmap [-n] [EXPR]", "attention weights as a heat map (-n: numbers)",
	    "Draws a (T, T) tensor, the current attention weights by default, with the "
	    "tokens on both axes; -n writes the value in each cell. Colour follows set "
	    "color.", cmd_heatmap },
	{ "explain", NULL, "explain [STAGE]", "what a stage does and why",
	    "The teaching text of a stage (of the current one by default, or of the weights "
	    "before the first), with this run's numbers.", cmd_explain },
	{ "save", NULL, "save [-f] FILE", "the settings as an input file (-f: overwrite)",
	    "Writes the settings as an input file that reproduces this session; an "
	    "existing FILE is kept unless -f is given.", cmd_save },
	{ "help", "h", "help [COMMAND]", "this list, or more on one command",
	    "Lists the commands, or says more about one.", cmd_help },
	{ "quit", "q", "quit", "leave (also: exit, Ctrl-D, end of input)",
	    "Ends the session; so do exit, Ctrl-D and the end of the input.", cmd_quit },
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

/* Commands and expression names: what a first word may be. */
static const char *const *
first_words(void)
{
	static const char *names[64];
	int i, n = 0;

	if (names[0] == NULL) {
		for (i = 0; i < NCOMMANDS; i++)
			names[n++] = commands[i].name;
		for (i = 0; expr_names[i] != NULL && n < 63; i++)
			names[n++] = expr_names[i];
		names[n] = NULL;
	}
	return names;
}

static int
is_name(const char *word, size_t n, const char *const *names)
{
	int i;

	for (i = 0; names[i] != NULL; i++)
		if (strlen(names[i]) == n && strncmp(word, names[i], n) == 0)
			return 1;
	return 0;
}

/* A line that names no command: an expression, if it starts with a name. */
static int
bare_expr(struct session *s, char *line)
{
	struct print_job j = { "", NULL };
	size_t n = 0;
	char word[64];

	while (isalnum((unsigned char)line[n]) || line[n] == '_')
		n++;
	if (!is_name(line, n, expr_names)) {
		const char *sug;

		n = strcspn(line, " \t");
		snprintf(word, sizeof word, "%.*s%s", n > 40 ? 40 : (int)n, line, n > 40 ? "..." : "");
		if ((sug = diag_suggest(word, first_words())) != NULL)
			return fail("unknown command or name \"%s\"; did you mean \"%s\"?", word, sug);
		return fail("unknown command or name \"%s\" (help lists the commands)", word);
	}
	j.expr = line;
	return in_child(s, print_expr, &j);
}

/* ---- the loop ---- */

/* One line of input: a comment, a command, or an expression. */
static void
do_line(struct session *s, char *line, size_t len)
{
	const struct command *c;
	char *p, *e, *word, list[512];
	size_t i, n;
	int nmatch;

	s->blank = 0;
	p = skip_ws(line);
	if (*p == '#')
		return;
	if (len > LINE_KEEP) {
		fail("line too long: %zu bytes (at most %d)", len, LINE_KEEP);
		goto out;
	}
	if (len > 0 && line[len - 1] == '\r')	/* a script saved with CRLF */
		line[--len] = '\0';
	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];

		if ((ch < 32 && ch != '\t') || ch == 127) {
			fail("line has a %s byte (0x%02x) at column %zu; ignored", ch ? "control" : "NUL", ch, i + 1);
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
	e = p;
	if ((word = next_word(&e)) == NULL)
		goto out;	/* not reached: p is neither empty nor blank */
	n = strlen(word);
	if ((c = lookup_command(word, &nmatch, list, sizeof list)) != NULL) {
		c->fn(s, e);
	} else if (nmatch > 1) {
		fail("ambiguous command \"%s\": %s", word, list);
	} else {
		if (e > word + n)
			word[n] = ' ';	/* undo next_word's cut: the expression is the whole line */
		bare_expr(s, p);
	}
out:
	if (!line_interactive() && !s->blank)
		putchar('\n');
	fflush(stdout);
}

/* ---- completion ---- */

static void
add_matches(char ***list, size_t *n, const char *word, const char *const *names)
{
	size_t len = strlen(word), i, k;

	for (i = 0; names[i] != NULL; i++) {
		if (strncmp(names[i], word, len) != 0)
			continue;
		for (k = 0; k < *n; k++)
			if (strcmp((*list)[k], names[i]) == 0)
				break;
		if (k < *n)
			continue;
		*list = xrealloc(*list, (*n + 2) * sizeof **list);
		(*list)[(*n)++] = xstrdup(names[i]);
		(*list)[*n] = NULL;
	}
}

/*
 * What Tab offers: commands and names for the first word; then, by
 * command, stage names, setting keys and their values, expression names.
 */
static char **
complete(const char *line, int start)
{
	static const char *const weights[] = { "weights", NULL };
	const char *word = line + start, *p = line, *w[2] = { NULL, NULL };
	const struct command *c;
	char **list = NULL, buf[64], clist[512];
	size_t n = 0, wl[2] = { 0, 0 };
	int nw = 0, nmatch, i;

	/* the words before the one being completed */
	for (;;) {
		while (p < word && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= word)
			break;
		if (nw < 2) {
			w[nw] = p;
			wl[nw] = strcspn(p, " \t");
		}
		nw++;
		p += strcspn(p, " \t");
	}
	if (nw == 0) {
		add_matches(&list, &n, word, first_words());
		return list;
	}
	snprintf(buf, sizeof buf, "%.*s", (int)(wl[0] < 63 ? wl[0] : 63), w[0]);
	c = lookup_command(buf, &nmatch, clist, sizeof clist);
	if (c == NULL || c->fn == cmd_print || c->fn == cmd_diff || c->fn == cmd_heatmap) {
		add_matches(&list, &n, word, expr_names);
	} else if ((c->fn == cmd_goto || c->fn == cmd_explain) && nw == 1) {
		add_matches(&list, &n, word, stage_names());
		if (c->fn == cmd_explain)
			add_matches(&list, &n, word, weights);
	} else if (c->fn == cmd_help && nw == 1) {
		add_matches(&list, &n, word, command_names());
	} else if (c->fn == cmd_set && nw == 1) {
		add_matches(&list, &n, word, setting_names());
	} else if (c->fn == cmd_set && nw == 2) {
		snprintf(buf, sizeof buf, "%.*s", (int)(wl[1] < 63 ? wl[1] : 63), w[1]);
		for (i = 0; i < NSETTINGS; i++)
			if (strcmp(buf, settings[i].name) == 0 && settings[i].choices != NULL)
				add_matches(&list, &n, word, settings[i].choices);
	}
	return list;
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
	char desc[128], *t;

	sbuf_addf(&b, "%s: inputs %s", s->in.path, stage_shape_desc(desc, sizeof desc, r, ST_INPUTS));
	if (r->simple)
		sbuf_add(&b, ", no weights (queries = keys = values = inputs)");
	else if (s->in.has_weights)
		sbuf_addf(&b, ", weights from the file, d_out = %d", r->d_out);
	else
		sbuf_addf(&b, ", weights drawn by init %s with seed %llu, d_out = %d", init_names[s->in.init],
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
	put_wrapped(stdout, t, "", 76, 0);
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
	diag_set_prefix(NULL);
	return 0;
}

static int
session_close(struct session *s)
{
	diag_set_prefix("attn-explain");
	stage_free(&s->r);
	input_free(&s->in);
	if (s->has_prev) {
		stage_free(&s->prev_r);
		input_free(&s->prev_in);
	}
	return fflush(stdout) == 0 ? 0 : -1;
}

int
repl_main(const struct input *in, const struct cell_opts *co)
{
	struct session s;
	struct sigaction sa, old_sa;
	char *line, *hp;
	size_t len;

	if (session_open(&s, in, co) != 0)
		return -1;
	hp = isatty(STDIN_FILENO) ? history_path() : NULL;
	line_init(hp, complete);
	free(hp);
	if (line_interactive()) {
		/* Ctrl-C: no SA_RESTART, so a read or wait in progress returns */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_sigint;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGINT, &sa, &old_sa);
		use_fork = 1;
	}
	banner(&s);
	if (s.r.setup != NULL)
		in_child(&s, print_setup, NULL);
	fflush(stdout);
	while (!s.done && (line = line_read(PROMPT, &len)) != NULL) {
		interrupted = 0;
		do_line(&s, line, len);
		free(line);
	}
	if (line_interactive())
		sigaction(SIGINT, &old_sa, NULL);
	use_fork = 0;
	line_done();
	return session_close(&s);
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
