/*
 * pyparse.h - the parser's state and the helpers pyparse.c (expressions,
 * simple statements) shares with pyblock.c (blocks, compound statements,
 * the whole text).  Internal to the parser; the names are prefixed pp_
 * at link time so that they cannot meet another file's.
 */
#ifndef PYPARSE_H
#define PYPARSE_H

#include "pyint.h"

#define arena_alloc pp_arena_alloc
#define arena_strndup pp_arena_strndup
#define fail pp_fail
#define advance pp_advance
#define is_op pp_is_op
#define is_kw pp_is_kw
#define is_keyword pp_is_keyword
#define here pp_here
#define syntax pp_syntax
#define node(p, kind, pos) pp_node(p, kind, pos)
#define list_add pp_list_add
#define test pp_test
#define expr_bits pp_expr_bits
#define testlist pp_testlist
#define statement pp_statement
#define name_token pp_name_token
#define check_target pp_check_target
#define for_target pp_for_target

struct parser {
	struct lexer lx;
	struct token tok;	/* the current token */
	struct arena *mem;
	char *err;
	size_t errlen;
	int failed;
	int depth;
	/* pyblock.c: line numbers, counted forward; loops and functions open around the statement */
	size_t line_pos;
	int line;
	int loops, funcs;
	/* names `import logging [as X]` bound in this text: a module without attributes, any use refused */
	const char *inert[8];
	int ninert;
	size_t fail_at;		/* 1 + where a failure is when not at the current token (an import's name) */
};

/* a growing list of nodes in the arena */
struct list {
	struct node **v;
	int n, cap;
};

void *arena_alloc(struct arena **a, size_t n);
char *arena_strndup(struct arena **a, const char *s, size_t n);
int fail(struct parser *p, const char *fmt, ...);
/* fail(), for a function that returns a pointer: NULL */
#define fail_null(p, ...) (fail((p), __VA_ARGS__), (void *)NULL)
void advance(struct parser *p);
int is_op(const struct parser *p, int op);
int is_kw(const struct parser *p, const char *kw);
int is_keyword(const char *s, size_t n);
const char *here(struct parser *p, char *buf, size_t len);
void *syntax(struct parser *p);
size_t column_at(const struct parser *p, size_t pos);	/* pos's column in its line, from 1 */
struct node *node(struct parser *p, int kind, size_t pos);
void list_add(struct parser *p, struct list *l, struct node *n);
struct node *test(struct parser *p);
int line_at(struct parser *p, size_t pos);	/* the line of pos, counted forward from the last one asked */
/* a def's or lambda's parameters up to close (O_RPAR, O_COLON), left there, into st (pyparse.c); 0 or -1 */
int params(struct parser *p, struct stmt *st, int close);
struct node *for_target(struct parser *p);	/* TARGET in: one target, or their tuple (pyparse.c) */
struct node *expr_bits(struct parser *p);	/* a | b ...: below the comparisons */
struct node *testlist(struct parser *p);
struct stmt *statement(struct parser *p);	/* one simple statement */
char *name_token(struct parser *p);
int check_target(struct parser *p, const struct node *n, int aug);

/* one piece of an f-string's text (pyfstr.c): a field's expression [start, end), its '=' (debug:
 * where the text "expr=" ends), conversion ('r', 's', 'a' or 0) and spec [spec, spec_end) */
struct fstr_piece {
	size_t start, end, debug, spec, spec_end;
	int conv, has_spec;
};
/* from *i: literal bytes appended to lit up to a field (1, in f), the end (0), or -1 with *err */
#define fstr_next pp_fstr_next
int fstr_next(const char *s, size_t n, size_t *i, struct sbuf *lit, struct fstr_piece *f, const char **err);

#endif
