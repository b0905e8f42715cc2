/*
 * repl_cmds.h - what the REPL's files share: the session, the helpers for
 * arguments and output, and the commands, grouped by what they work on:
 * repl_step.c (moving through the stages), repl_inspect.c (looking at
 * tensors), repl_settings.c (changing and saving settings).  repl.c holds
 * the loop, the command table, help and Tab; repl_out.c the output and
 * argument helpers every command uses; line.c the terminal.
 *
 * Ownership: a session owns its input copy and its runs; commands borrow
 * the session and the argument text, which they may cut into words.
 */
#ifndef REPL_CMDS_H
#define REPL_CMDS_H

#include <stdio.h>

#include "../teach/teach.h"
#include "../pipeline/pipeline.h"
#include "../py/py.h"

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
	struct py_session *py;		/* the variables and generator of the Python the lines type */
	struct sbuf pending;		/* Python lines whose brackets are still open */
	struct trace *trace;		/* the last trace EXPR's (its names equal to stages, for why), or NULL */
	int tracing;			/* trace EXPR running: its last cell ends with a blank line */
	int python;			/* a Python line is running: Ctrl-C says KeyboardInterrupt, as Python */
};

/* repl_out.c */
/* A command's error: one line on stderr, without the program's name; -1. */
int repl_fail(const char *fmt, ...);
/* Words filled greedily into lines of at most width columns, each starting with indent. */
void repl_wrapped(FILE *fp, const char *s, const char *indent, int width, int dim);
/*
 * Long output: fn writes to fp, which holds the text until fn returns; a
 * Ctrl-C meanwhile drops it and says "interrupted" (-1), else it goes to
 * stdout.  fn's own return value otherwise.
 */
int repl_output(struct session *s, int (*fn)(struct session *, FILE *, const void *), const void *arg);

char *repl_skip_ws(char *p);
/* Cut the first word off *p; NULL when there is none. */
char *repl_next_word(char **p);

/* repl_step.c: the stages as this session's view shows them. */
int repl_shown(const struct session *s, int id);
/* "[3/8] keys" */
char *repl_stage_label(char *buf, size_t len, const struct session *s, int id);
/*
 * A stage by name, unambiguous prefix, or number among the shown ones.
 * -1 after an error naming cmd.  hidden: extra stages not shown may be named.
 */
int repl_find_stage(struct session *s, const char *cmd, const char *word, int hidden);
/* After a change, the same stage if it is still shown, else the nearest earlier one. */
void repl_reposition(struct session *s, char *note, size_t len);

/* repl_vars.c: the session's variables in diff, why and check */
/* 1 when name is a stage's, the inputs' or a weight's: a variable of that name shadows it. */
int repl_names_stage(const char *name);
/* "note: NAME is your variable here ..." when expr starts with a variable that shadows a stage. */
void repl_shadow_note(struct session *s, FILE *fp, const char *cmd, const char *expr);
/*
 * check VAR: THEIRS from the session's variable arg (a note on fp when a file
 * has that name too).  0 with out filled (rp_free it), 1 when arg names no
 * variable (a file, then), -1 with the error in err.
 */
int repl_check_var(struct session *s, const char *arg, struct rp_set *out, FILE *fp, char *err, size_t errlen);

/* A command of repl.c's table: its arguments' text; 0, or -1 after a message. */
typedef int repl_cmd(struct session *s, char *args);

/* repl_step.c */
repl_cmd cmd_next, cmd_back, cmd_goto, cmd_run, cmd_restart, cmd_stages;
/* repl_inspect.c */
repl_cmd cmd_print, cmd_diff, cmd_heatmap, cmd_explain, cmd_why, cmd_check;
/* The heat map of expr as a figure at path (.svg, .png, .pdf): 0, or -1 after the error line. */
int repl_figure(struct session *s, const char *expr, const char *path, int numbers, int force);
/* print EXPR: EXPR as print() shows it (variables too). */
int repl_print_expr(struct session *s, const char *cmd, const char *expr);
/* Python lines (statements, a bare expression shown as Python's REPL shows it). */
int repl_python(struct session *s, const char *text);
repl_cmd cmd_vars, cmd_trace;
/* repl_settings.c */
repl_cmd cmd_set, cmd_show, cmd_save;

#endif
