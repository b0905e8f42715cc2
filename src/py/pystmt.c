/*
 * pystmt.c - statements run: a parse's statements one after another,
 * the blocks of contract v3 (if, for, while, break, continue, def, return,
 * assert, with torch.no_grad()), the calls of the script's own functions
 * (their locals in a pyframe, bounded depth: RecursionError), and py_exec,
 * the entry of one REPL input or one whole script.  Simple statements are
 * pyeval.c's (exec_simple); the evaluator reaches the calls here through
 * s->call_user, so calls go one way (stmt_hooks sets it for every entry).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

/* what a block ended with */
enum { F_NEXT, F_ERROR, F_BREAK, F_CONTINUE, F_RETURN };

/* script calls open at once; Python's limit is 1000 frames (the module's among them) */

static int exec_block(struct py_session *s, const struct stmt *st);

static int
truth(struct py_session *s, const struct node *n, int *out)
{
	struct pyobj *v = eval_node(s, n);
	int r;

	if (v == NULL)
		return -1;
	r = op_truth(s, v, out);
	py_decref(v);
	return r;
}

/* what a loop's body ended with, as the loop goes on: 1 stop (f says how), 0 next */
static int
loop_stop(int *f)
{
	if (*f == F_BREAK || *f == F_ERROR || *f == F_RETURN)
		return 1;
	*f = F_NEXT;
	return 0;
}

/* a for loop's way out: break ends it, a loop run to its end runs its else */
static int
loop_end(struct py_session *s, const struct stmt *st, int f)
{
	if (f == F_BREAK)
		return F_NEXT;
	if (f == F_NEXT && st->orelse != NULL)
		return exec_block(s, st->orelse);
	return f;
}

/* for over a range (its ints made one at a time, no list), a generator (pulled an item at a time) or a
 * list (walked live, by index, as Python's list iterator: items appended in the loop come too) */
static int
exec_for_iter(struct py_session *s, const struct stmt *st, struct pyobj *r)
{
	struct pyiter it;
	struct pyobj *v;
	int f = F_NEXT, rc;

	py_iter_begin(s, r, &it);	/* a range, a generator or a list: no error */
	for (;;) {
		if (interrupt_pending) {
			py_fail(s, "KeyboardInterrupt");
			f = F_ERROR;
			break;
		}
		if ((rc = py_iter_next(s, &it, &v)) <= 0) {
			f = rc < 0 ? F_ERROR : f;
			break;
		}
		if (assign(s, st->targets[0], v) != 0)
			f = F_ERROR;
		py_decref(v);
		if (f == F_ERROR)
			break;
		f = exec_block(s, st->body);
		if (loop_stop(&f))
			break;
	}
	py_iter_end(&it);
	return loop_end(s, st, f);
}

/* for: the target takes each item; a range is counted without a list */
static int
exec_for(struct py_session *s, const struct stmt *st)
{
	struct pyobj *seq, *item;
	long long i, n;
	int f = F_NEXT;

	if (interrupt_pending)
		return py_fail(s, "KeyboardInterrupt"), F_ERROR;
	if ((seq = eval_node(s, st->value)) == NULL)
		return F_ERROR;
	if (seq->type == PY_RANGE || seq->type == PY_GEN || seq->type == PY_LIST)
		return exec_for_iter(s, st, seq);
	if ((item = py_iter_items(s, seq)) == NULL) {
		py_decref(seq);
		return F_ERROR;
	}
	py_decref(seq);
	seq = item;
	n = seq->u.seq.n;
	for (i = 0; i < n; i++) {
		if (interrupt_pending) {
			py_fail(s, "KeyboardInterrupt");
			f = F_ERROR;
			break;
		}
		if (assign(s, st->targets[0], seq->u.seq.v[i]) != 0) {
			f = F_ERROR;
			break;
		}
		f = exec_block(s, st->body);
		if (f == F_BREAK || f == F_ERROR || f == F_RETURN)
			break;
		f = F_NEXT;
	}
	py_decref(seq);
	return loop_end(s, st, f);
}

static int
exec_while(struct py_session *s, const struct stmt *st)
{
	int t, f;

	for (;;) {
		if (interrupt_pending)
			return py_fail(s, "KeyboardInterrupt"), F_ERROR;
		if (truth(s, st->value, &t) != 0)
			return F_ERROR;
		if (!t)
			return st->orelse != NULL ? exec_block(s, st->orelse) : F_NEXT;
		f = exec_block(s, st->body);
		if (f == F_BREAK)
			return F_NEXT;
		if (f == F_ERROR || f == F_RETURN)
			return f;
	}
}

static int
exec_def(struct py_session *s, const struct stmt *st)
{
	struct pyobj *fn = function_new(s, st);

	if (fn == NULL)
		return F_ERROR;
	if (s->frame != NULL)
		frame_set(s->frame, st->names[0], fn);
	else
		var_set(s, st->names[0], fn);
	py_decref(fn);
	return F_NEXT;
}

static int
exec_assert(struct py_session *s, const struct stmt *st)
{
	int t;
	struct pyobj *m;

	if (truth(s, st->value, &t) != 0)
		return F_ERROR;
	if (t)
		return F_NEXT;
	if (st->msg == NULL)
		return py_fail(s, "AssertionError"), F_ERROR;
	if ((m = eval_node(s, st->msg)) == NULL)
		return F_ERROR;
	{
		struct sbuf b = { 0 };

		py_str_of(&b, m, s->po);
		py_fail(s, "AssertionError: %s", b.s ? b.s : "");
		free(b.s);
	}
	py_decref(m);
	return F_ERROR;
}

/* with torch.no_grad(): the body with grad off (results take no grad_fn), then the mode it had */
static int
exec_with(struct py_session *s, const struct stmt *st)
{
	const struct node *e = st->value;
	int was, f;

	if (!(e->kind == N_CALL && e->n == 0 && e->a->kind == N_ATTR && strcmp(e->a->name, "no_grad") == 0 &&
	    e->a->a->kind == N_NAME && strcmp(e->a->a->name, "torch") == 0))
		return py_fail(s, "'with' is supported for torch.no_grad() only"), F_ERROR;
	was = pyt_grad_mode(0);
	f = exec_block(s, st->body);
	pyt_grad_mode(was);
	return f;
}

/* class NAME(BASE): the body run with its own locals, which become the class's namespace (pyclass.c);
 * no BASE (class NAME:, NAME(), NAME(object)): a plain class */
static int
exec_class(struct py_session *s, const struct stmt *st)
{
	struct pyframe fr = { 0 };
	struct pyobj *base = NULL, *c = NULL;
	int f, script = s->script;

	if (st->value != NULL && (base = eval_node(s, st->value)) == NULL)
		return F_ERROR;
	fr.name = st->names[0];
	fr.up = s->frame;
	fr.serial = frame_serial();
	s->frame = &fr;
	s->script = 1;		/* a docstring prints nothing */
	f = exec_block(s, st->body);
	s->script = script;
	s->frame = fr.up;
	if (f != F_ERROR && (c = cls_define(s, st, base, &fr)) != NULL) {
		if (s->frame != NULL)
			frame_set(s->frame, st->names[0], c);
		else
			var_set(s, st->names[0], c);
	}
	py_decref(c);
	py_decref(base);
	frame_clear(&fr);
	return f == F_ERROR || c == NULL ? F_ERROR : F_NEXT;
}

static int
exec_one(struct py_session *s, const struct stmt *st)
{
	int t;

	switch (st->kind) {
	case S_IF:
		if (truth(s, st->value, &t) != 0)
			return F_ERROR;
		if (t)
			return exec_block(s, st->body);
		return st->orelse != NULL ? exec_block(s, st->orelse) : F_NEXT;
	case S_WHILE: return exec_while(s, st);
	case S_FOR: return exec_for(s, st);
	case S_BREAK: return F_BREAK;
	case S_CONTINUE: return F_CONTINUE;
	case S_DEF: return exec_def(s, st);
	case S_ASSERT: return exec_assert(s, st);
	case S_WITH: return exec_with(s, st);
	case S_CLASS: return exec_class(s, st);
	case S_RETURN:
		s->retval = st->value != NULL ? eval_node(s, st->value) : py_none();
		frame_return(s, st, s->retval);
		return s->retval != NULL ? F_RETURN : F_ERROR;
	}
	return exec_simple(s, st) == 0 ? F_NEXT : F_ERROR;
}

static int
exec_block(struct py_session *s, const struct stmt *st)
{
	for (; st != NULL; st = st->next) {
		int f;

		s->run_line = st->line;	/* an error that jumps (out of memory) names it */
		f = exec_one(s, st);

		if (f == F_ERROR && s->err_line == 0)
			s->err_line = st->line;
		if (f != F_ERROR && s->trace != NULL && s->frame != NULL)
			frame_step(s, st);
		if (f != F_NEXT)
			return f;
	}
	return F_NEXT;
}

/* Python's "missing 2 required positional arguments: 'a' and 'b'" for the parameters [from, to) unbound */
static void
missing_args(struct py_session *s, const char *fn, const struct stmt *d, struct pyobj **bound, int from, int to,
    const char *kind)
{
	struct sbuf b = { 0 };
	int i, k = 0, missing = 0;

	for (i = from; i < to; i++)
		missing += bound[i] == NULL;
	for (i = from; i < to; i++)
		if (bound[i] == NULL) {
			k++;
			sbuf_addf(&b, "%s'%s'", k == 1 ? "" : k < missing ? ", " : missing == 2 ? " and " : ", and ",
			    d->binds[i]);
		}
	py_fail(s, "TypeError: %s() missing %d required %s argument%s: %s", fn, missing, kind, missing == 1 ? "" : "s", b.s);
	free(b.s);
}

/* CPython's too_many_positional: "takes from 1 to 2 positional arguments but 3 were given" */
static void
too_many(struct py_session *s, const char *fn, const struct pyobj *f, struct pyobj **bound, int given)
{
	const struct stmt *d = f->u.uf.def;
	int req = 0, kwonly = 0, i;
	char sig[64], kws[96] = "";

	while (req < d->npos && f->u.uf.defaults[req] == NULL)
		req++;
	for (i = d->npos; i < d->nnames; i++)
		kwonly += bound[i] != NULL;
	if (req < d->npos)
		snprintf(sig, sizeof sig, "from %d to %d", req, d->npos);
	else
		snprintf(sig, sizeof sig, "%d", d->npos);
	if (kwonly)
		snprintf(kws, sizeof kws, " positional argument%s (and %d keyword-only argument%s)", given != 1 ? "s" : "",
		    kwonly, kwonly != 1 ? "s" : "");
	py_fail(s, "%s() takes %s positional argument%s but %d%s %s given", fn, sig,
	    req < d->npos || d->npos != 1 ? "s" : "", given, kws, given == 1 && !kwonly ? "was" : "were");
}

/* the keywords bound (a keyword not a parameter goes to **kwargs, *kw, else Python's TypeError) */
static int
bind_kw(struct py_session *s, const char *fn, const struct stmt *d, struct pyobj **bound, char **kwnames,
    struct pyobj **kwargs, int nkw, struct pyobj *kw)
{
	int i, k;

	for (k = 0; k < nkw; k++) {
		for (i = 0; i < d->nnames && strcmp(d->binds[i], kwnames[k]) != 0; i++)
			;
		if (i == d->nnames && kw != NULL) {
			struct pyobj *key = py_str(kwnames[k], strlen(kwnames[k]));

			dict_set(s, kw, key, kwargs[k]);
			py_decref(key);
			continue;
		}
		if (i == d->nnames)
			return py_fail(s, "%s() got an unexpected keyword argument '%s'", fn, kwnames[k]), -1;
		if (bound[i] != NULL)
			return py_fail(s, "%s() got multiple values for argument '%s'", fn, kwnames[k]), -1;
		bound[i] = kwargs[k];
	}
	return 0;
}

/*
 * The arguments bound to the parameters in CPython 3.11's order
 * (initialize_locals): positional ones, the rest to *args, keywords (to
 * **kwargs when no parameter has the name), then too many positional ones,
 * defaults, the missing positional and keyword-only ones.
 */
static int
bind_args(struct py_session *s, struct pyobj *f, struct pyframe *fr, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw)
{
	const struct stmt *d = f->u.uf.def;
	const char *fn = f->u.uf.qualname != NULL ? f->u.uf.qualname : d->names[0];
	struct pyobj *bound[64] = { 0 }, *rest = NULL, *kw = d->dstar != NULL ? dict_new() : NULL;
	int i, r = -1, npos = nargs < d->npos ? nargs : d->npos;

	for (i = 0; i < npos; i++)
		bound[i] = args[i];
	if (d->star != NULL) {
		rest = py_seq(PY_TUPLE, nargs - npos);
		for (i = npos; i < nargs; i++)
			py_incref(rest->u.seq.v[i - npos] = args[i]);
	}
	if (bind_kw(s, fn, d, bound, kwnames, kwargs, nkw, kw) != 0)
		goto out;
	if (nargs > d->npos && d->star == NULL) {
		too_many(s, fn, f, bound, nargs);
		goto out;
	}
	for (i = 0; i < d->nnames; i++)
		if (bound[i] == NULL)
			bound[i] = f->u.uf.defaults[i];
	for (i = 0; i < d->npos && bound[i] != NULL; i++)
		;
	if (i < d->npos) {
		missing_args(s, fn, d, bound, 0, d->npos, "positional");
		goto out;
	}
	for (i = d->npos; i < d->nnames && bound[i] != NULL; i++)
		;
	if (i < d->nnames) {
		missing_args(s, fn, d, bound, d->npos, d->nnames, "keyword-only");
		goto out;
	}
	for (i = 0; i < d->nnames; i++)
		frame_set(fr, d->binds[i], bound[i]);
	if (rest != NULL)
		frame_set(fr, d->star, rest);
	if (kw != NULL)
		frame_set(fr, d->dstar, kw);
	r = 0;
out:
	py_decref(rest);
	py_decref(kw);
	return r;
}

static struct pyobj *
call_user(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	struct pyframe fr = { 0 };
	struct parsed *code = s->code;
	struct pyobj *r = NULL;
	int depth = s->depth, rc;

	if (s->calls >= PY_MAX_CALLS)
		return py_fail(s, "RecursionError: maximum recursion depth exceeded");
	fr.name = f->u.uf.def->names[0];
	fr.fn = f;
	fr.up = s->frame;
	fr.serial = frame_serial();
	frame_enclose(&fr, f);
	if (bind_args(s, f, &fr, args, nargs, kwnames, kwargs, nkw) != 0) {
		frame_clear(&fr);
		return NULL;
	}
	py_incref(f);		/* the function lives while it runs, even if its name is rebound */
	s->frame = &fr;
	s->calls++;
	s->depth = 0;
	s->code = f->u.uf.code;
	rc = exec_block(s, f->u.uf.def->body);
	s->code = code;
	s->depth = depth;
	s->calls--;
	s->frame = fr.up;
	if (rc == F_RETURN) {
		r = s->retval;
		s->retval = NULL;
	} else if (rc != F_ERROR) {
		r = py_none();
	}
	frame_clear(&fr);
	py_decref(f);
	return r;
}

void
stmt_hooks(struct py_session *s)
{
	s->call_user = call_user;
	s->call_value = py_call_value;
	s->eval_more = comp_eval;
	py_gen_next = gen_next;
	lib_find_hook = lib_find;
}

/*
 * Out of memory in a statement: malloc refused (xmalloc jumped here) where
 * no caller of its own catches it.  The input ends in one error line and the
 * session goes on (issue 24 item 19): its state is put back as it stands
 * between inputs (no frame, no return value on its way); what the statement
 * was building is not reachable and is lost.
 */
static int
exec_nomem(struct py_session *s, struct parsed *outer, struct pyframe *frame)
{
	s->code = outer;
	s->frame = frame;
	s->display = NULL;
	s->shown = NULL;
	py_decref(s->retval);
	s->retval = NULL;
	s->depth = 0;
	s->failed = 0;
	s->err_line = s->run_line;
	py_fail_nomem(s);
	return -1;
}

/* a REPL input, a script or a notebook cell (cell: its last statement, an expression, is shown) */
/* the session's names bound to the module logging (NULL-terminated, at most n - 1) */
static void
inert_names(const struct py_session *s, const char **names, int n)
{
	const char *logging = py_module_known("logging");
	const struct pyvar *v;
	int b, k = 0;

	for (b = 0; b < PY_NVAR_BUCKETS; b++)
		for (v = s->vars[b]; v != NULL; v = v->next)
			if (k < n - 1 && v->v->type == PY_NS && v->v->u.ns == logging)
				names[k++] = v->name;
	names[k] = NULL;
}

static int
exec_text(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out, char *err,
    size_t errlen, struct sbuf *shown)
{
	struct parsed *p = xmalloc(sizeof *p);
	struct parsed *outer = s->code;
	struct pyframe *frame = s->frame;
	const struct stmt *st;
	jmp_buf oom, *jump = diag_nomem_jump;
	const char *inert[8];
	int rc;

	eval_begin(s, po, out, err, errlen);
	s->err_line = 0;
	stmt_hooks(s);
	inert_names(s, inert, 8);
	if (parse_text_in(text, p, err, errlen, inert) != 0) {
		s->err_line = p->line;
		free(p);
		return -1;
	}
	p->text = xstrdup(text);
	for (st = p->first; st != NULL && st->next != NULL; st = st->next)
		;
	s->shown = shown;
	s->display = shown != NULL && st != NULL && st->kind == S_EXPR ? st : NULL;
	s->code = p;
	if (jump == NULL && setjmp(oom) != 0) {	/* the outermost input only: a nested one is inside this */
		diag_nomem_jump = NULL;
		pyt_grad_mode(1);	/* a with torch.no_grad() jumped out of is closed */
		rc = exec_nomem(s, outer, frame);
		code_decref(p);
		return rc;
	}
	if (jump == NULL)
		diag_nomem_jump = &oom;
	rc = exec_block(s, p->first) == F_ERROR ? -1 : 0;
	diag_nomem_jump = jump;
	s->code = outer;
	s->display = NULL;
	s->shown = NULL;
	code_decref(p);
	return rc;
}

int
py_exec(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out, char *err,
    size_t errlen)
{
	return exec_text(s, text, po, out, err, errlen, NULL);
}

int
py_exec_cell(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out,
    struct sbuf *shown, char *err, size_t errlen)
{
	return exec_text(s, text, po, out, err, errlen, shown);
}

void
py_trace(struct py_session *s, py_trace_fn fn, void *ctx)
{
	s->trace = fn;
	s->trace_ctx = ctx;
}

int
py_error_line(const struct py_session *s)
{
	return s->err_line;
}

void
py_session_stream(struct py_session *s, void *fp)
{
	s->stream = fp;
}

void
py_session_seed(struct py_session *s, unsigned long long seed)
{
	rng_seed(&s->rng, (uint64_t)seed);
	s->initial_seed = seed;
	s->script = 1;
}
