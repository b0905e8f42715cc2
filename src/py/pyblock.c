/*
 * pyblock.c - a whole text parsed: lines of simple statements (pyparse.c)
 * and the blocks of contract v3 (doc/expressions-v3.md): if/elif/else,
 * for, while, break, continue, def, return, assert, with; each statement
 * with its line.  Python's grammar (Grammar/python.gram) is the model;
 * INDENT/DEDENT come from pyindent.c.  Constructs outside the contract are
 * refused here, naming the construct and its line, before anything runs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"
#include "pyparse.h"

static struct stmt *compound(struct parser *p);
static struct stmt *suite(struct parser *p);

static int
at_line_end(const struct parser *p)
{
	return p->tok.type == T_END || p->tok.type == T_NEWLINE || p->tok.type == T_DEDENT;
}

/* what follows a statement that is not the end of its line */
static void *
trailing(struct parser *p)
{
	char buf[64];

	if (p->failed)
		return NULL;
	if (is_kw(p, "for"))
		return fail_null(p, "comprehensions are not supported here");
	if (is_kw(p, "if"))
		return fail_null(p, "conditional expressions (a if c else b) are not supported");
	if (is_op(p, O_RPAR) || is_op(p, O_RSQB) || is_op(p, O_RBRACE))
		return fail_null(p, "unmatched '%s'", op_text(p->tok.op));
	if (p->tok.type == T_INDENT)
		return fail_null(p, "unexpected indent");
	return fail_null(p, "invalid syntax at %s (column %zu)%s", here(p, buf, sizeof buf),
	    column_at(p, p->tok.pos), p->tok.type == T_NAME || p->tok.type == T_INT ||
	    p->tok.type == T_FLOAT || p->tok.type == T_STR ? ". Perhaps you forgot a comma?" : "");
}

/* simple statements separated by ';' up to the end of the line: the first, linked */
static struct stmt *
simple_line(struct parser *p)
{
	struct stmt *first = NULL, *last = NULL, *st;

	for (;;) {
		int line = line_at(p, p->tok.pos);

		if (is_kw(p, "break") || is_kw(p, "continue")) {
			int brk = is_kw(p, "break");

			if (p->loops == 0)
				return fail_null(p, "'%s' outside loop", brk ? "break" : "continue");
			st = arena_alloc(&p->mem, sizeof *st);
			st->kind = brk ? S_BREAK : S_CONTINUE;
			st->pos = p->tok.pos;
			advance(p);
		} else if (is_kw(p, "return")) {
			if (p->funcs == 0)
				return fail_null(p, "'return' outside function");
			st = arena_alloc(&p->mem, sizeof *st);
			st->kind = S_RETURN;
			st->pos = p->tok.pos;
			advance(p);
			if (!at_line_end(p) && !is_op(p, O_SEMI) && (st->value = testlist(p)) == NULL)
				return NULL;
		} else if (is_kw(p, "assert")) {
			st = arena_alloc(&p->mem, sizeof *st);
			st->kind = S_ASSERT;
			st->pos = p->tok.pos;
			advance(p);
			if ((st->value = test(p)) == NULL)
				return NULL;
			if (is_op(p, O_COMMA)) {
				advance(p);
				if ((st->msg = test(p)) == NULL)
					return NULL;
			}
		} else if ((st = statement(p)) == NULL) {
			return NULL;
		}
		st->line = line;
		if (last != NULL)
			last->next = st;
		else
			first = st;
		last = st;
		if (!is_op(p, O_SEMI))
			break;
		advance(p);
		if (at_line_end(p))
			break;
	}
	if (!at_line_end(p))
		return trailing(p);
	if (p->tok.type == T_NEWLINE)
		advance(p);
	return first;
}

/* the statements of one line, or one compound statement: the first, linked; its last in *tail */
static struct stmt *
one_statement(struct parser *p, struct stmt **tail)
{
	struct stmt *st;

	if (p->tok.type == T_INDENT)
		return fail_null(p, "unexpected indent");
	if (is_kw(p, "if") || is_kw(p, "for") || is_kw(p, "while") || is_kw(p, "def") || is_kw(p, "with") ||
	    is_kw(p, "class"))
		st = compound(p);
	else if (is_op(p, O_MATMUL))
		return fail_null(p, "decorators (@) are not supported");
	else
		st = simple_line(p);
	if (st == NULL)
		return NULL;
	for (*tail = st; (*tail)->next != NULL; *tail = (*tail)->next)
		;
	return st;
}

/* ':' then the block: statements on the same line, or NEWLINE INDENT ... DEDENT */
static struct stmt *
suite(struct parser *p)
{
	struct stmt *first = NULL, *last = NULL, *st, *tail;

	if (!is_op(p, O_COLON))
		return fail_null(p, "expected ':'");
	advance(p);
	if (p->tok.type != T_NEWLINE) {
		if (p->tok.type == T_END)
			return fail_null(p, "expected an indented block");
		return simple_line(p);
	}
	advance(p);
	if (p->tok.type != T_INDENT)
		return fail_null(p, "expected an indented block after line %d", line_at(p, p->tok.pos) - 1);
	advance(p);
	while (p->tok.type != T_DEDENT && p->tok.type != T_END && !p->failed) {
		if ((st = one_statement(p, &tail)) == NULL)
			return NULL;
		if (last != NULL)
			last->next = st;
		else
			first = st;
		last = tail;
	}
	if (p->tok.type == T_DEDENT)
		advance(p);
	return p->failed ? NULL : first;
}

/* def NAME, class NAME: the keyword skipped, st's kind (S_DEF or S_CLASS) and names[0] NAME; -1 on failure */
static int
block_head(struct parser *p, struct stmt *st, int kind)
{
	advance(p);
	st->kind = kind;
	st->names = arena_alloc(&p->mem, sizeof *st->names);
	return (st->names[0] = name_token(p)) == NULL ? -1 : 0;
}

/* the suite of a def or class: no loop around it (break is an error), funcs the functions it is inside */
static struct stmt *
block_suite(struct parser *p, struct stmt *st, int funcs)
{
	int loops = p->loops, outer = p->funcs;

	p->loops = 0;
	p->funcs = funcs;
	st->body = suite(p);
	p->loops = loops;
	p->funcs = outer;
	return st->body != NULL ? st : NULL;
}

/* def NAME(a, b=1, *args, c, d=2, **kwargs): suite */
static struct stmt *
def_stmt(struct parser *p, struct stmt *st)
{
	if (block_head(p, st, S_DEF) != 0)
		return NULL;
	if (!is_op(p, O_LPAR))
		return syntax(p);
	advance(p);
	if (params(p, st, O_RPAR) != 0)
		return NULL;
	if (!is_op(p, O_RPAR))
		return syntax(p);
	advance(p);
	if (is_op(p, O_ARROW))
		return fail_null(p, "annotations are not supported");
	return block_suite(p, st, p->funcs + 1);
}

/*
 * class NAME(BASE): suite -- BASE nn.Module, torch.nn.Module, Module, or
 * a name (a class of the script: checked when the class is made); no
 * BASE (class NAME:, NAME(), NAME(object)): a plain class, value NULL.
 * No other base (several, keywords) is in the contract.
 */
static struct stmt *
class_stmt(struct parser *p, struct stmt *st)
{
	const struct node *b;

	if (block_head(p, st, S_CLASS) != 0)
		return NULL;
	if (!is_op(p, O_LPAR))
		return block_suite(p, st, 0);
	advance(p);
	if (is_op(p, O_RPAR)) {
		advance(p);
		return block_suite(p, st, 0);
	}
	if ((st->value = expr_bits(p)) == NULL || !is_op(p, O_RPAR))
		return p->failed ? NULL : fail_null(p, "'class' with a base other than nn.Module is not supported");
	advance(p);
	b = st->value;
	if (b->kind == N_NAME && strcmp(b->name, "object") == 0) {	/* the plain class's base, said */
		st->value = NULL;	/* the node stays in the parse's arena */
		return block_suite(p, st, 0);
	}
	if (b->kind != N_NAME &&
	    !(b->kind == N_ATTR && strcmp(b->name, "Module") == 0 && b->a->kind == N_NAME && strcmp(b->a->name, "nn") == 0) &&
	    !(b->kind == N_ATTR && strcmp(b->name, "Module") == 0 && b->a->kind == N_ATTR &&
	    strcmp(b->a->name, "nn") == 0 && b->a->a->kind == N_NAME && strcmp(b->a->a->name, "torch") == 0))
		return fail_null(p, "'class' with a base other than nn.Module is not supported");
	return block_suite(p, st, 0);
}

/* for TARGET in EXPR: suite [else: suite] */
static struct stmt *
for_stmt(struct parser *p, struct stmt *st)
{
	struct node *t;
	struct list l = { 0 };

	advance(p);
	st->kind = S_FOR;
	/* the target: names, tuples of them, x[i], up to 'in' */
	if ((t = for_target(p)) == NULL || (st->value = test(p)) == NULL)
		return NULL;
	if (check_target(p, t, 0) != 0)
		return NULL;
	if (st->value == NULL)
		return syntax(p);
	if (is_op(p, O_COMMA)) {	/* for x in a, b: the tuple (a, b) */
		struct node *tu = node(p, N_TUPLE, st->value->pos);

		list_add(p, &l, st->value);
		while (is_op(p, O_COMMA)) {
			advance(p);
			if (is_op(p, O_COLON))
				break;
			if ((t = test(p)) == NULL)
				return NULL;
			list_add(p, &l, t);
		}
		tu->items = l.v;
		tu->n = l.n;
		st->value = tu;
	}
	st->targets = arena_alloc(&p->mem, sizeof *st->targets);
	st->targets[0] = t;
	st->ntargets = 1;
	return st;
}

/* else: after a block, when the next line at the same level has it */
static int
else_part(struct parser *p, struct stmt *st)
{
	if (!is_kw(p, "else"))
		return 0;
	advance(p);
	return (st->orelse = suite(p)) == NULL ? -1 : 0;
}

static struct stmt *
compound(struct parser *p)
{
	struct stmt *st = arena_alloc(&p->mem, sizeof *st);

	st->pos = p->tok.pos;
	st->line = line_at(p, p->tok.pos);
	if (is_kw(p, "def"))
		return def_stmt(p, st);
	if (is_kw(p, "class"))
		return class_stmt(p, st);
	if (is_kw(p, "if") || is_kw(p, "elif") || is_kw(p, "while")) {
		st->kind = is_kw(p, "while") ? S_WHILE : S_IF;
		advance(p);
		if ((st->value = test(p)) == NULL)
			return NULL;
		p->loops += st->kind == S_WHILE;
		st->body = suite(p);
		p->loops -= st->kind == S_WHILE;
		if (st->body == NULL)
			return NULL;
		if (st->kind == S_IF && is_kw(p, "elif")) {
			if ((st->orelse = compound(p)) == NULL)	/* 'elif' read as 'if' */
				return NULL;
			return st;
		}
		return else_part(p, st) == 0 ? st : NULL;
	}
	if (is_kw(p, "with")) {
		advance(p);
		st->kind = S_WITH;
		if ((st->value = test(p)) == NULL)
			return NULL;
		if (is_kw(p, "as") || is_op(p, O_COMMA))
			return fail_null(p, "'with' takes one context here (with torch.no_grad():)");
		return (st->body = suite(p)) == NULL ? NULL : st;
	}
	if (for_stmt(p, st) == NULL)
		return NULL;
	p->loops++;
	st->body = suite(p);
	p->loops--;
	if (st->body == NULL)
		return NULL;
	return else_part(p, st) == 0 ? st : NULL;
}

/*
 * Where a failed parse failed.  As Python's: a bracket the rest of the
 * text never closes is the error, at its line, whatever the parser found
 * wrong after it ("'(' was never closed", not "invalid syntax" at a line
 * inside it).
 */
static size_t
unclosed(struct parser *p)
{
	struct token t;
	size_t at = p->tok.pos > p->lx.pos ? p->tok.pos : p->lx.pos;
	char scratch[160];
	int d;

	if (p->fail_at > 0)
		return p->fail_at - 1;
	if (p->tok.type == T_NEWLINE && p->lx.pos <= p->tok.pos + 1)
		at = p->tok.pos;	/* a failure at a line's end: that line, not the next (the lexer stands after its '\n') */
	if (p->lx.depth <= 0 || (strncmp(p->err, "invalid syntax", 14) != 0 && strstr(p->err, "was never closed") == NULL))
		return at;
	memset(&t, 0, sizeof t);
	p->lx.err = scratch;	/* the rest is only scanned for its brackets */
	p->lx.errlen = sizeof scratch;
	while (p->lx.depth > 0 && strstr(p->err, "was never closed") == NULL) {
		if (lex_next(&p->lx, &t) != 0)
			return at;	/* the tokenizer's own error ('$'): the parser's stands */
		free(t.s);
		t.s = NULL;
		if (t.type == T_END)
			break;
	}
	if (p->lx.depth <= 0)
		return at;
	d = p->lx.depth <= (int)sizeof p->lx.open ? p->lx.depth - 1 : (int)sizeof p->lx.open - 1;
	snprintf(p->err, p->errlen, "'%c' was never closed", p->lx.open[d]);
	return p->lx.openpos[d];
}

int
parse_text(const char *text, struct parsed *out, char *err, size_t errlen)
{
	return parse_text_in(text, out, err, errlen, NULL);
}

int
parse_text_in(const char *text, struct parsed *out, char *err, size_t errlen, const char *const *inert)
{
	struct parser p;
	struct stmt *last = NULL, *st, *tail;

	memset(&p, 0, sizeof p);
	memset(out, 0, sizeof *out);
	for (; inert != NULL && *inert != NULL && p.ninert < 8; inert++)
		p.inert[p.ninert++] = *inert;
	p.err = err;
	p.errlen = errlen;
	p.line = 1;
	lex_init(&p.lx, text, err, errlen);
	advance(&p);
	for (;;) {
		while (p.tok.type == T_NEWLINE)
			advance(&p);
		if (is_op(&p, O_SEMI) && !p.failed) {
			fail(&p, "invalid syntax at ';' (column %zu)", column_at(&p, p.tok.pos));
			break;
		}
		if (p.failed || p.tok.type == T_END)
			break;
		if (p.tok.type == T_DEDENT) {
			advance(&p);
			continue;
		}
		if (is_kw(&p, "elif") || is_kw(&p, "else")) {
			fail(&p, "invalid syntax: '%s' without an 'if' before it", is_kw(&p, "elif") ? "elif" : "else");
			break;
		}
		if ((st = one_statement(&p, &tail)) == NULL)
			break;
		if (last != NULL)
			last->next = st;
		else
			out->first = st;
		last = tail;
	}
	free(p.tok.s);
	out->mem = p.mem;
	out->refs = 1;
	if (p.failed) {
		out->line = line_at(&p, unclosed(&p));
		parse_free(out);
		return -1;
	}
	return 0;
}

void
code_decref(struct parsed *code)
{
	if (code == NULL || --code->refs > 0)
		return;
	parse_free(code);
	free(code->text);
	free(code);
}

/* A block opened and not yet closed by a blank line (the REPL reads on, as Python's). */
int
parse_block_open(const char *text)
{
	struct lexer lx;
	struct token tok;
	char err[256];
	int opened = 0, colon = 0;
	size_t n = strlen(text), k = n;

	lex_init(&lx, text, err, sizeof err);
	for (;;) {
		if (lex_next(&lx, &tok) != 0)
			return 0;	/* py_exec says what is wrong */
		free(tok.s);
		if (tok.type == T_END)
			break;
		if (tok.type == T_INDENT || ((tok.type == T_NEWLINE || tok.type == T_DEDENT) && colon))
			opened = 1;
		colon = tok.type == T_OP && tok.op == O_COLON && lx.depth == 0;
	}
	if (colon)
		opened = 1;
	if (!opened)
		return 0;
	while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\r'))
		k--;
	return !(k > 0 && text[k - 1] == '\n');	/* the last line blank: the block is whole */
}
