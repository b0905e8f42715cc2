/*
 * py - the interpreter, the part's public header.  Its files from the
 * entries down, each calling only files below it (tests/layers.sh): the
 * entries, expr.c (one expression: --print, heat maps, the REPL's print and
 * diff) and pystmt.c (py_exec: statements, blocks, script functions);
 * pycomp.c (f-strings, comprehensions, a if c else b) and the builtins that
 * evaluate (lib_iter.c, lib_python.c, lib_fmt.c); pyeval.c, the evaluator,
 * which reaches pystmt.c and pycomp.c only through the hooks stmt_hooks
 * sets; Python's operators, classes and names (pyarith.c, pyclass.c,
 * pynames.c); the builtins' registry (lib_reg.c, pylib.c) and the tables
 * of rows (lib_*.c); the tensor operations (pydata.c, pyops.c, pyview.c,
 * pymatmul.c, over pytensor.c);
 * the session (pysession.c, pyframe.c) and values (pyval.c); the parser
 * (pyblock.c, pyparse.c, pylex.c, pyindent.c, pyfstr.c) and pyerror.c.
 * pyint.h, pyparse.h and lib.h are internal to the part; expr.h is
 * public (py.h includes it).  Uses util, kernels and pipeline.
 *
 * py.h - the PyTorch subset the REPL and --print take (shared/spec/
 * expressions.md, contract v2): Python statements and expressions over
 * the run's stages, evaluated as PyTorch 1.13 evaluates them and shown
 * as the Python REPL shows them.
 *
 * Ownership: py_session_new() returns a session to release with
 * py_session_free().  A session borrows its run: the run must outlive it,
 * or be replaced first with py_session_rerun() (which copies whatever the
 * session's variables still hold of the old run, so call it while the old
 * run is alive).  Text arguments are borrowed; output is appended to the
 * caller's sbuf; py_complete()'s array and strings are the caller's
 * (free each, then the array).
 */
#ifndef PY_H
#define PY_H

#include <stddef.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"

struct py_session;

/*
 * The most elements one tensor of a session may hold (PY_MAX_NUMEL, 2^28:
 * a GiB of floats); larger ones are refused with a message.  The fuzzers
 * lower it to keep each input quick.
 */
#define PY_MAX_NUMEL ((size_t)1 << 28)
extern size_t py_max_numel;

/* Variables, and the generator where the run's own draws ended (r->rng_end). */
struct py_session *py_session_new(const struct run *r);
/*
 * After `set` recomputed the run: the generator stays the session's; the
 * variables keep their values, and those computed from a stage or weight
 * whose value changed are marked stale (py_vars shows them).
 */
void py_session_rerun(struct py_session *s, const struct run *r);
void py_session_free(struct py_session *s);
/* A variable name holding a copy of t (float32), or with ints an int64 tensor of t's shape; 0, or -1 (no memory). */
int py_session_bind(struct py_session *s, const char *name, const struct tensor *t, const long long *ints);
/* a script's session (--run): torch.manual_seed(seed) (from the OS or --seed); bare expressions print nothing */
void py_session_seed(struct py_session *s, unsigned long long seed);
/* print() writes each line to fp (a FILE *) as it runs, not into py_exec's out (--run) */
void py_session_stream(struct py_session *s, void *fp);
/*
 * One notebook cell (--run NOTEBOOK.ipynb): as py_exec in a script's
 * session (what it prints to out), and when the cell's last statement is
 * an expression whose value is not None, its repr and a newline to shown
 * (IPython's Out[N]).
 */
int py_exec_cell(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out,
    struct sbuf *shown, char *err, size_t errlen);

/*
 * Tracing (trace EXPR, --trace): after each assignment that a call of a
 * script function runs (a frame: a module's forward is one too), fn is
 * called for each name it bound, and after a statement NAME.method_(...)
 * (an in-place method) for NAME, and for the value a `return` gives back
 * (returned set: no cell is shown for it).  The event is borrowed for the call.
 */
struct value;
struct py_trace_event {
	const char *func;	/* the function's name */
	int line;		/* the statement's line in its text (1-based) */
	const char *src;	/* its first line, without the indentation (srclen bytes; "" if unknown) */
	size_t srclen;
	const char *name;	/* the name bound */
	int in_place;		/* NAME.method_(...): changed in place, not bound */
	int returned;		/* return EXPR: the value given back (name: EXPR's, if a name, else "") */
	const struct value *v;	/* its value (expr.h) */
	struct sbuf *out;	/* where the statement's output goes: a cell is appended to it */
	const struct print_opts *po;	/* the script's print options now (torch.set_printoptions) */
};
typedef void (*py_trace_fn)(void *ctx, const struct py_trace_event *ev);
/* fn NULL: tracing off */
void py_trace(struct py_session *s, py_trace_fn fn, void *ctx);

/* after py_exec failed: the line of the text it failed on (innermost call), 0 if unknown */
int py_error_line(const struct py_session *s);
/* the exception type Python names for an error message ("NameError"); NULL: the message names it */
const char *py_error_type(const char *msg);

/*
 * One REPL input: statements separated by ';' or newlines (a bracket may
 * span lines).  What Python's REPL would print goes to out (a bare
 * expression's repr, print()'s text); 0, or -1 with a one-line message in
 * err (the statements before the failing one took effect, as in Python).
 */
int py_exec(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out,
    char *err, size_t errlen);
/*
 * An expression alone (--print): its value's text as print() shows it, in
 * *text (free() it); 0, or -1 with a one-line message.
 */
int py_print_expr(struct py_session *s, const char *text, const struct print_opts *po, char **out,
    char *err, size_t errlen);
/* 1 when text stops inside brackets or a string, or inside a block not yet closed by a blank
 * line: the REPL reads another line onto it. */
int py_needs_more(const char *text);
/*
 * 1 when line is a statement that only Python takes: an assignment (=, +=,
 * ...), del, import, or print(...).  The REPL's rule (expressions.md,
 * "Python meets the REPL's commands") also asks py_has_name().
 */
int py_is_statement(const char *line);
/* 1 when name is a variable of the session, or a stage or weight of its run. */
int py_has_name(const struct py_session *s, const char *name);
/* 1 when name is a variable of the session (it may shadow a stage's name). */
int py_has_var(const struct py_session *s, const char *name);
/* `vars`: one line per variable: name, type and shape, "(stale)" when stale. */
void py_vars(const struct py_session *s, struct sbuf *out);
/*
 * Completion of the word that ends line: variables, stages, torch./F./nn./
 * math. names, a tensor's methods after "x.".  A NULL-terminated array
 * (NULL when nothing fits); *start is where the word begins in line.
 */
char **py_complete(const struct py_session *s, const char *line, size_t *start);

#include "expr.h"

#endif
