/*
 * pyparse.c - tokens -> syntax tree: recursive descent over the part of
 * Python's grammar (Grammar/python.gram) the notebooks write at top level,
 * with Python's precedence and associativity.  Constructs outside the
 * contract (for, def, lambda, comprehensions, ...) stop the parse with one
 * line naming them; nesting deeper than PY_MAX_DEPTH stops it too, so that
 * neither the parser nor the evaluator can overflow the stack.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"
#include "pyparse.h"

/* ---- an arena: every node of a parse, freed at once ---- */

union align {
	long long l;
	double d;
	void *p;
};

struct arena {
	struct arena *next;
	size_t used, size;
	union align data[];
};

void *
arena_alloc(struct arena **a, size_t n)
{
	struct arena *b = *a;

	n = (n + sizeof(union align) - 1) / sizeof(union align) * sizeof(union align);
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > 16384 ? n : 16384;

		b = xmalloc(sizeof *b + size);
		b->next = *a;
		b->used = 0;
		b->size = size;
		*a = b;
	}
	b->used += n;
	return memset((char *)b->data + b->used - n, 0, n);
}

char *
arena_strndup(struct arena **a, const char *s, size_t n)
{
	char *d = arena_alloc(a, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void
parse_free(struct parsed *p)
{
	struct arena *a = p->mem, *next;

	for (; a != NULL; a = next) {
		next = a->next;
		free(a);
	}
	p->mem = NULL;
	p->first = NULL;
}

/* ---- the parser (struct parser: pyparse.h) ---- */

/* the first failure's message into p->err (later ones are kept out); -1 */
int
fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->failed) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
		p->failed = 1;
	}
	return -1;
}

void
advance(struct parser *p)
{
	free(p->tok.s);
	if (p->failed) {
		memset(&p->tok, 0, sizeof p->tok);
		return;
	}
	if (lex_next(&p->lx, &p->tok) != 0) {
		p->failed = 1;
		memset(&p->tok, 0, sizeof p->tok);
		p->tok.type = T_END;
	}
}

int
is_op(const struct parser *p, int op)
{
	return p->tok.type == T_OP && p->tok.op == op;
}

int
is_kw(const struct parser *p, const char *kw)
{
	size_t n = strlen(kw);

	return p->tok.type == T_NAME && p->tok.len == n && strncmp(p->lx.text + p->tok.pos, kw, n) == 0;
}

static const char *const keywords[] = {
	"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
	"continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
	"if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
	"return", "try", "while", "with", "yield", NULL
};

int
is_keyword(const char *s, size_t n)
{
	int i;

	for (i = 0; keywords[i] != NULL; i++)
		if (strlen(keywords[i]) == n && strncmp(keywords[i], s, n) == 0)
			return 1;
	return 0;
}

/* What the parser stands on, for messages: 'x', or "the end of the line". */
const char *
here(struct parser *p, char *buf, size_t len)
{
	if (p->tok.type == T_END)
		return "the end of the line";
	if (p->tok.type == T_NEWLINE)
		return "the end of the line";
	snprintf(buf, len, "'%.*s'", (int)(p->tok.len > 30 ? 30 : p->tok.len), p->lx.text + p->tok.pos);
	return buf;
}

size_t
column_at(const struct parser *p, size_t pos)
{
	size_t start = pos;

	while (start > 0 && p->lx.text[start - 1] != '\n')
		start--;
	return pos - start + 1;
}

void *
syntax(struct parser *p)
{
	char buf[64];

	if (is_op(p, O_RPAR) || is_op(p, O_RSQB) || is_op(p, O_RBRACE))
		return fail_null(p, "unmatched '%s'", op_text(p->tok.op));
	return fail_null(p, "invalid syntax at %s (column %zu)", here(p, buf, sizeof buf), column_at(p, p->tok.pos));
}

struct node *
node(struct parser *p, int kind, size_t pos)
{
	struct node *n = arena_alloc(&p->mem, sizeof *n);

	n->kind = kind;
	n->pos = pos;
	return n;
}

void
list_add(struct parser *p, struct list *l, struct node *n)
{
	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 4;
		struct node **v = arena_alloc(&p->mem, (size_t)cap * sizeof *v);

		if (l->n)
			memcpy(v, l->v, (size_t)l->n * sizeof *v);
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = n;
}

/* a node of kind at pos holding l's items */
static struct node *
list_node(struct parser *p, int kind, size_t pos, const struct list *l)
{
	struct node *n = node(p, kind, pos);

	n->items = l->v;
	n->n = l->n;
	return n;
}

static int
enter(struct parser *p)
{
	if (++p->depth > PY_MAX_DEPTH)
		return fail(p, "the line nests too deeply (more than %d levels of brackets or operators)", PY_MAX_DEPTH);
	return 0;
}

/* The constructs outside the contract, named when a line starts with them. */
static int
unsupported_statement(struct parser *p)
{
	static const struct {
		const char *kw, *what;
	} no[] = {
		{ "for", "'for' loops are not supported: write the loop's lines out one by one" },
		{ "while", "'while' loops are not supported" },
		{ "if", "'if' statements are not supported" },
		{ "elif", "'elif' is not supported" },
		{ "else", "'else' is not supported" },
		{ "def", "'def' (defining functions) is not supported" },
		{ "class", "'class' (defining classes) is not supported" },
		{ "return", "'return' is not supported (there is no function to return from)" },
		{ "with", "'with' statements are not supported" },
		{ "try", "'try' statements are not supported" },
		{ "except", "'except' is not supported" },
		{ "finally", "'finally' is not supported" },
		{ "raise", "'raise' is not supported" },
		{ "assert", "'assert' is not supported" },
		{ "global", "'global' is not supported" },
		{ "nonlocal", "'nonlocal' is not supported" },
		{ "yield", "'yield' is not supported" },
		{ "async", "'async' is not supported" },
		{ "await", "'await' is not supported" },
		{ "break", "'break' is not supported (there is no loop)" },
		{ "continue", "'continue' is not supported (there is no loop)" },
	};
	size_t i;

	for (i = 0; i < sizeof no / sizeof no[0]; i++)
		if (is_kw(p, no[i].kw))
			return fail(p, "%s", no[i].what);
	return 0;
}

static struct node *factor(struct parser *p);
static struct node *bool_level(struct parser *p, int is_or);
static struct node *comprehension(struct parser *p, struct node *e, int kind, size_t pos);
static struct node *strings(struct parser *p, size_t pos);

/*
 * After an item of a bracketed list: a comma (taken; 1), the closing
 * bracket (left for the caller; 0), or an error (-1).
 */
static int
list_next(struct parser *p, int close)
{
	if (is_op(p, O_COMMA)) {
		advance(p);
		return 1;
	}
	if (is_op(p, close))
		return 0;
	if (p->tok.type == T_END || p->tok.type == T_NEWLINE)
		fail(p, "'%s' was never closed", close == O_RPAR ? "(" : close == O_RSQB ? "[" : "{");
	else
		syntax(p);
	return -1;
}

/* a testlist's item: a test, or *x (N_STAR: only as one of an assignment's targets, check_target) */
static struct node *
starless_test(struct parser *p)
{
	struct node *n;

	if (!is_op(p, O_MUL))
		return test(p);
	n = node(p, N_STAR, p->tok.pos);
	advance(p);
	return (n->a = test(p)) != NULL ? n : NULL;
}

/* after '(' or '[': items until close; tuple: a trailing comma makes one */
static struct node *
sequence(struct parser *p, int close, int kind, size_t pos)
{
	struct list l = { 0 };
	struct node *n;
	int comma = 0, more;

	while (!is_op(p, close)) {
		struct node *e;

		if ((e = starless_test(p)) == NULL)	/* an item, or *xs: its items (pyeval.c) */
			return NULL;
		if (is_kw(p, "for") && e->kind == N_STAR)
			return fail_null(p, "iterable unpacking cannot be used in comprehension");
		if (is_kw(p, "for") && l.n == 0) {	/* [e for ...], (e for ...) */
			if ((e = comprehension(p, e, kind, pos)) == NULL)
				return NULL;
			if (!is_op(p, close))
				return list_next(p, close) < 0 ? NULL : syntax(p);
			advance(p);
			return e;
		}
		if (is_kw(p, "for") || is_kw(p, "async"))
			return fail_null(p, "did you forget parentheses around the comprehension target?");
		if (is_op(p, O_WALRUS))
			return fail_null(p, "assignment expressions (:=) are not supported");
		list_add(p, &l, e);
		if ((more = list_next(p, close)) < 0)
			return NULL;
		comma |= more;
	}
	advance(p);
	if (kind == N_TUPLE && l.n == 1 && !comma)
		return l.v[0];	/* (x) is x */
	n = list_node(p, kind, pos, &l);
	n->paren = 1;
	return n;
}

/*
 * after '{': {} and {k: v, ...} (N_DICT: keys and values alternate), or
 * {k: v for ...} (N_COMP of op N_DICT, its element the tuple (k, v)); a set
 * display or comprehension ({x, y}), and {**d}, are refused
 */
static struct node *
dict_display(struct parser *p, size_t pos)
{
	struct list l = { 0 };
	struct node *k, *v, *e;

	if (enter(p) != 0)
		return NULL;
	advance(p);
	while (!is_op(p, O_RBRACE)) {
		if (is_op(p, O_POW))
			return fail_null(p, "dict unpacking ({**d}) is not supported");
		if ((k = test(p)) == NULL)
			return NULL;
		if (!is_op(p, O_COLON))
			return fail_null(p, "set displays and set comprehensions ({x, ...}) are not supported");
		advance(p);
		if ((v = test(p)) == NULL)
			return NULL;
		if (is_kw(p, "for") && l.n == 0) {	/* {k: v for ...} */
			e = node(p, N_TUPLE, k->pos);
			list_add(p, &l, k);
			list_add(p, &l, v);
			e->items = l.v;
			e->n = 2;
			if ((e = comprehension(p, e, N_DICT, pos)) == NULL)
				return NULL;
			if (!is_op(p, O_RBRACE))
				return list_next(p, O_RBRACE) < 0 ? NULL : syntax(p);
			advance(p);
			p->depth--;
			return e;
		}
		list_add(p, &l, k);
		list_add(p, &l, v);
		if (list_next(p, O_RBRACE) < 0)
			return NULL;
	}
	advance(p);
	p->depth--;
	return list_node(p, N_DICT, pos, &l);
}

static struct node *
atom(struct parser *p)
{
	struct node *n;
	size_t pos = p->tok.pos;
	char buf[64];

	switch (p->tok.type) {
	case T_INT:
		n = node(p, N_INT, pos);
		n->i = p->tok.i;
		advance(p);
		return n;
	case T_FLOAT:
		n = node(p, N_FLOAT, pos);
		n->f = p->tok.f;
		advance(p);
		return n;
	case T_STR:
		return strings(p, pos);	/* adjacent strings join, as in Python */
	case T_NAME: {
		const char *s = p->lx.text + pos;
		size_t len = p->tok.len;
		int k;

		if (is_kw(p, "True") || is_kw(p, "False") || is_kw(p, "None")) {
			n = node(p, s[0] == 'T' ? N_TRUE : s[0] == 'F' ? N_FALSE : N_NONE, pos);
			advance(p);
			return n;
		}
		if (is_kw(p, "yield") || is_kw(p, "await"))
			return fail_null(p, "'%.*s' is not supported", (int)len, s);
		if (is_keyword(s, len))
			return fail_null(p, "invalid syntax at '%.*s' (column %zu): a keyword cannot start an expression",
			    (int)len, s, column_at(p, pos));
		for (k = 0; k < p->ninert; k++)
			if (strlen(p->inert[k]) == len && strncmp(p->inert[k], s, len) == 0)
				return fail_null(p, "using the module 'logging' (%.*s) is not supported: only its import",
				    (int)len, s);
		n = node(p, N_NAME, pos);
		n->name = arena_strndup(&p->mem, s, len);
		advance(p);
		return n;
	}
	case T_OP:
		if (is_op(p, O_LPAR)) {
			advance(p);
			return sequence(p, O_RPAR, N_TUPLE, pos);
		}
		if (is_op(p, O_LSQB)) {
			advance(p);
			return sequence(p, O_RSQB, N_LIST, pos);
		}
		if (is_op(p, O_LBRACE))
			return dict_display(p, pos);
		if (is_op(p, O_ELLIPSIS)) {
			advance(p);
			return node(p, N_ELLIPSIS, pos);
		}
		return syntax(p);
	default:
		if (p->tok.type == T_END && p->lx.depth > 0)
			return fail_null(p, "'%c' was never closed",
			    p->lx.open[p->lx.depth <= (int)sizeof p->lx.open ? p->lx.depth - 1 : (int)sizeof p->lx.open - 1]);
		if (p->tok.type == T_END || p->tok.type == T_NEWLINE)
			return fail_null(p, "invalid syntax: the line ends where an expression should follow");
		return fail_null(p, "invalid syntax at %s", here(p, buf, sizeof buf));
	}
}

/* a call's arguments, from its '(' to its ')': c's items (positional, N_KW, N_STAR); 0, or -1 */
static int
call_args(struct parser *p, struct node *c)
{
	struct list l = { 0 };
	int kw = 0, dstar = 0;

	if (enter(p) != 0)
		return -1;
	advance(p);
	while (!is_op(p, O_RPAR)) {
		struct node *e;

		if (is_op(p, O_POW)) {	/* f(**d): d's pairs, each a keyword argument */
			e = node(p, N_DSTAR, p->tok.pos);
			advance(p);
			if ((e->a = test(p)) == NULL)
				return -1;
			dstar = 1;
		} else if (is_op(p, O_MUL)) {	/* f(*xs): xs's items, each an argument */
			if (dstar)
				return fail(p, "iterable argument unpacking follows keyword argument unpacking");
			e = node(p, N_STAR, p->tok.pos);
			advance(p);
			if ((e->a = test(p)) == NULL)
				return -1;
		} else if ((e = test(p)) == NULL) {
			return -1;
		}
		if (is_op(p, O_ASSIGN) && e->kind == N_DSTAR)
			return syntax(p), -1;
		if (is_op(p, O_ASSIGN) && e->kind != N_STAR) {
			struct node *k;

			if (e->kind != N_NAME)
				return fail(p, "invalid syntax: a keyword argument needs a name before '='");
			advance(p);
			k = node(p, N_KW, e->pos);
			k->name = e->name;
			if ((k->a = test(p)) == NULL)
				return -1;
			e = k;
			kw = 1;
		} else if (dstar && e->kind != N_DSTAR) {
			return fail(p, "positional argument follows keyword argument unpacking");
		} else if (kw && e->kind != N_STAR && e->kind != N_DSTAR) {
			return fail(p, "positional argument follows keyword argument");
		}
		if (is_kw(p, "for") && (e->kind == N_STAR || e->kind == N_DSTAR))
			return fail(p, e->kind == N_STAR ? "iterable unpacking cannot be used in comprehension" :
			    "dict unpacking cannot be used in dict comprehension");
		if (is_kw(p, "for")) {	/* f(e for ...): the call's one argument */
			if (l.n != 0 || e->kind == N_KW)
				return fail(p, "Generator expression must be parenthesized");
			if ((e = comprehension(p, e, N_TUPLE, e->pos)) == NULL)
				return -1;
			if (!is_op(p, O_RPAR))
				return list_next(p, O_RPAR) < 0 ? -1 :
				    fail(p, "Generator expression must be parenthesized");
		}
		list_add(p, &l, e);
		if (list_next(p, O_RPAR) < 0)
			return -1;
	}
	advance(p);
	p->depth--;
	c->items = l.v;
	c->n = l.n;
	return 0;
}

/* one item of a subscript: an expression, or a slice a:b:c */
static struct node *
subscript(struct parser *p)
{
	struct node *a = NULL, *s;
	size_t pos = p->tok.pos;

	if (!is_op(p, O_COLON)) {
		if ((a = test(p)) == NULL)
			return NULL;
		if (!is_op(p, O_COLON))
			return a;
	}
	s = node(p, N_SLICE, pos);
	s->a = a;
	advance(p);	/* ':' */
	if (!is_op(p, O_COLON) && !is_op(p, O_COMMA) && !is_op(p, O_RSQB)) {
		if ((s->b = test(p)) == NULL)
			return NULL;
	}
	if (is_op(p, O_COLON)) {
		advance(p);
		if (!is_op(p, O_COMMA) && !is_op(p, O_RSQB)) {
			if ((s->c = test(p)) == NULL)
				return NULL;
		}
	}
	return s;
}

static struct node *
trailers(struct parser *p, struct node *n)
{
	for (;;) {
		size_t pos = p->tok.pos;

		if (is_op(p, O_DOT)) {
			struct node *t;

			advance(p);
			if (p->tok.type != T_NAME || is_keyword(p->lx.text + p->tok.pos, p->tok.len))
				return syntax(p);
			t = node(p, N_ATTR, pos);
			t->a = n;
			t->name = arena_strndup(&p->mem, p->lx.text + p->tok.pos, p->tok.len);
			if (strcmp(t->name, "backward") == 0 || strcmp(t->name, "optim") == 0)	/* refused before anything runs */
				return fail_null(p, "training (%s) is not supported: contract v3 runs forward passes only",
				    t->name[0] == 'b' ? "loss.backward()" : "torch.optim");
			advance(p);
			n = t;
		} else if (is_op(p, O_LPAR)) {
			struct node *c = node(p, N_CALL, pos);

			if (call_args(p, c) != 0)
				return NULL;
			c->a = n;
			n = c;
		} else if (is_op(p, O_LSQB)) {
			struct node *x = node(p, N_INDEX, pos);
			struct list l = { 0 };
			int comma = 0, more;

			if (enter(p) != 0)
				return NULL;
			advance(p);
			if (is_op(p, O_RSQB))
				return fail_null(p, "invalid syntax: empty subscript []");
			while (!is_op(p, O_RSQB)) {
				struct node *e;

				if ((e = subscript(p)) == NULL)
					return NULL;
				list_add(p, &l, e);
				if ((more = list_next(p, O_RSQB)) < 0)
					return NULL;
				comma |= more;
			}
			advance(p);
			p->depth--;
			x->a = n;
			x->items = l.v;
			x->n = l.n;
			x->paren = comma;	/* x[a,] is x[(a,)] */
			n = x;
		} else {
			return n;
		}
	}
}

/* power: atom trailers ['**' factor] (right associative, tighter than unary minus on its left) */
static struct node *
power(struct parser *p)
{
	struct node *n, *b;
	size_t pos = p->tok.pos;

	if ((n = atom(p)) == NULL || (n = trailers(p, n)) == NULL)
		return NULL;
	if (!is_op(p, O_POW))
		return n;
	advance(p);
	if (enter(p) != 0 || (b = factor(p)) == NULL)
		return NULL;
	p->depth--;
	{
		struct node *o = node(p, N_BINOP, pos);

		o->op = O_POW;
		o->a = n;
		o->b = b;
		return o;
	}
}

static struct node *
factor(struct parser *p)
{
	size_t pos = p->tok.pos;

	if (is_op(p, O_SUB) || is_op(p, O_ADD) || is_op(p, O_INVERT)) {
		int op = p->tok.op == O_SUB ? O_NEG : p->tok.op == O_ADD ? O_POS : O_INVERT;
		struct node *n = node(p, N_UNARY, pos);

		advance(p);
		if (enter(p) != 0 || (n->a = factor(p)) == NULL)
			return NULL;
		p->depth--;
		n->op = op;
		return n;
	}
	return power(p);
}

/*
 * Left-associative binary levels, loops rather than recursion; each
 * operator adds a level of nesting to the tree, which the evaluator
 * recurses into, so it counts against the depth too.
 */
/*
 * o->b = the right operand of a chain's next operator (at the token),
 * parsed by next(p, arg) with the operators so far counted as nesting.
 * 0, or -1 after an error.
 */
static int
chain_right(struct parser *p, struct node *o, int *chain, struct node *(*next)(struct parser *, int), int arg)
{
	if (++*chain + p->depth > PY_MAX_DEPTH) {
		fail(p, "the line nests too deeply (more than %d operators in a row)", PY_MAX_DEPTH);
		return -1;
	}
	advance(p);
	p->depth += *chain;
	o->b = next(p, arg);
	p->depth -= *chain;
	return o->b == NULL ? -1 : 0;
}

/* levels 0-5; level 6 is a factor */
static struct node *
binary_level(struct parser *p, int level)
{
	static const int levels[][6] = {
		{ O_OR, 0 }, { O_XOR, 0 }, { O_AND, 0 }, { O_LSHIFT, O_RSHIFT, 0 },
		{ O_ADD, O_SUB, 0 }, { O_MUL, O_MATMUL, O_DIV, O_FLOORDIV, O_MOD, 0 },
	};
	struct node *n;
	int chain = 0;

	if (level == 6)
		return factor(p);
	if ((n = binary_level(p, level + 1)) == NULL)
		return NULL;
	for (;;) {
		const int *op = levels[level];
		struct node *o;

		while (*op != 0 && !is_op(p, *op))
			op++;
		if (*op == 0)
			break;
		if (*op == O_LSHIFT || *op == O_RSHIFT)
			return fail_null(p, "the shift operators (<<, >>) are not supported");
		o = node(p, N_BINOP, p->tok.pos);
		o->op = *op;
		o->a = n;
		if (chain_right(p, o, &chain, binary_level, level + 1) != 0)
			return NULL;
		n = o;
	}
	return n;
}

struct node *
expr_bits(struct parser *p)
{
	return binary_level(p, 0);
}

static int
comparison_op(struct parser *p)
{
	if (p->tok.type == T_OP) {
		switch (p->tok.op) {
		case O_EQ: case O_NE: case O_LT: case O_LE: case O_GT: case O_GE:
			return p->tok.op;
		}
		return 0;
	}
	if (is_kw(p, "in"))
		return O_IN;
	if (is_kw(p, "is"))
		return O_IS;
	if (is_kw(p, "not"))
		return O_NOTIN;	/* "not in" (checked by the caller) */
	return 0;
}

/* a constant after CPython's folding: a literal, -1, None/True/False/..., a tuple of constants */
static int
constant(const struct node *n)
{
	int i;

	if (n->kind == N_UNARY && (n->op == O_NEG || n->op == O_POS))
		n = n->a;
	if (n->kind == N_TUPLE) {
		for (i = 0; i < n->n; i++)
			if (!constant(n->items[i]))
				return 0;
		return 1;
	}
	return n->kind == N_INT || n->kind == N_FLOAT || n->kind == N_STR || n->kind == N_TRUE ||
	    n->kind == N_FALSE || n->kind == N_NONE || n->kind == N_ELLIPSIS;
}

/* what CPython's compiler warns of beside "is": a constant other than None, True, False, ... */
static int
literal(const struct node *n)
{
	return constant(n) && n->kind != N_TRUE && n->kind != N_FALSE && n->kind != N_NONE && n->kind != N_ELLIPSIS;
}

/* the comparison operator at the token, read ("not in", "is not": both words); 0: none */
static int
read_comparison_op(struct parser *p)
{
	int op = comparison_op(p);

	if (op == 0)
		return 0;
	advance(p);
	if (op == O_IS && is_kw(p, "not")) {
		op = O_ISNOT;
		advance(p);
	} else if (op == O_NOTIN) {	/* "not" must be followed by "in" */
		if (!is_kw(p, "in"))
			return fail(p, "invalid syntax"), -1;
		advance(p);
	}
	return op;
}

/*
 * a < b, and a chain a < b <= c as Python's (b evaluated once, the first
 * false comparison its value): the head N_CMP holds a and b, each further
 * link an N_CMP in ->c with no a (the previous b) and its right side in b.
 * A chain's links count as nesting (PY_MAX_DEPTH), as its walkers recurse.
 */
static struct node *
comparison(struct parser *p)
{
	struct node *n, *head = NULL, **at = &head, *left;
	size_t pos = p->tok.pos;
	int op, depth = p->depth;

	if ((n = expr_bits(p)) == NULL)
		return NULL;
	for (left = n; (op = read_comparison_op(p)) != 0; ) {
		struct node *c;

		if (op < 0 || (head != NULL && enter(p) != 0))
			return NULL;
		c = node(p, N_CMP, pos);
		c->op = op;
		c->a = head == NULL ? n : NULL;
		if ((c->b = expr_bits(p)) == NULL)
			return NULL;
		if ((op == O_IS || op == O_ISNOT) && (literal(left) || literal(c->b)))	/* Python 3.11 warns */
			return fail_null(p, "'%s' with a literal is not supported: did you mean \"%s\"?", op_text(op),
			    op == O_IS ? "==" : "!=");
		*at = c;
		at = &c->c;
		left = c->b;
	}
	p->depth = depth;
	return head != NULL ? head : n;
}

static struct node *
not_test(struct parser *p)
{
	size_t pos = p->tok.pos;

	if (is_kw(p, "not")) {
		struct node *n = node(p, N_NOT, pos);

		advance(p);
		if (enter(p) != 0 || (n->a = not_test(p)) == NULL)
			return NULL;
		p->depth--;
		return n;
	}
	return comparison(p);
}

/* is_or: 1 "or", 0 "and", -1 a not_test */
static struct node *
bool_level(struct parser *p, int is_or)
{
	struct node *n;
	int chain = 0;

	if (is_or < 0)
		return not_test(p);
	n = bool_level(p, is_or - 1);
	while (n != NULL && is_kw(p, is_or ? "or" : "and")) {
		struct node *o = node(p, is_or ? N_OR : N_AND, p->tok.pos);

		o->a = n;
		if (chain_right(p, o, &chain, bool_level, is_or - 1) != 0)
			return NULL;
		n = o;
	}
	return n;
}

/* the line of pos: counted forward from the last one asked */
int
line_at(struct parser *p, size_t pos)
{
	const char *s = p->lx.text;

	if (pos < p->line_pos) {
		p->line_pos = 0;
		p->line = 1;
	}
	for (; p->line_pos < pos && s[p->line_pos] != '\0'; p->line_pos++)
		if (s[p->line_pos] == '\n')
			p->line++;
	return p->line;
}

/* ---- parameters: a def's (up to close ')') and a lambda's (up to ':') ---- */

/* one parameter's name, not one of names[0..n) nor star; NULL after Python's message */
static char *
param_name(struct parser *p, char **names, int n, const char *star, int close)
{
	char *name;
	int i;

	if (n == 64)
		return fail_null(p, "too many parameters (more than 64)");
	if ((name = name_token(p)) == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return fail_null(p, "duplicate argument '%s' in function definition", name);
	if (star != NULL && strcmp(star, name) == 0)
		return fail_null(p, "duplicate argument '%s' in function definition", name);
	if (close == O_RPAR && is_op(p, O_COLON))
		return fail_null(p, "annotations are not supported");
	return name;
}

/* after '*' or '**' among the parameters: the name, or NULL for a bare '*' (*bare) */
static char *
star_param(struct parser *p, struct stmt *st, char **names, int n, int *bare, int close)
{
	int dstar = is_op(p, O_POW);

	*bare = 0;
	advance(p);
	if (!dstar && (is_op(p, O_COMMA) || is_op(p, close))) {	/* def f(a, *, b) */
		*bare = 1;
		if (is_op(p, close))
			return fail_null(p, "named arguments must follow bare *");
		advance(p);
		if (is_op(p, close) || is_op(p, O_POW))
			return fail_null(p, "named arguments must follow bare *");
		return NULL;
	}
	return param_name(p, names, n, dstar ? st->star : NULL, close);
}

/* a(, b=1, *args, c, d=2, **kwargs) up to close, left there, into st's binds, defaults, star, dstar; 0 or -1 */
int
params(struct parser *p, struct stmt *st, int close)
{
	char *names[64];
	struct node *defaults[64];
	int n = 0, kwonly = 0, bare;

	while (!is_op(p, close)) {
		if (st->dstar != NULL)
			return fail(p, "arguments cannot follow var-keyword argument");
		if (is_op(p, O_DIV))
			return fail(p, "positional-only parameters (/) are not supported");
		if (is_op(p, O_MUL) && kwonly)
			return fail(p, "* argument may appear only once");
		if (is_op(p, O_MUL) || is_op(p, O_POW)) {
			int dstar = is_op(p, O_POW);
			char *name = star_param(p, st, names, n, &bare, close);

			if (name == NULL && !bare)
				return -1;
			if (dstar)
				st->dstar = name;
			else
				st->star = name;
			kwonly = kwonly || !dstar;
			if (bare)
				continue;
		} else {
			if ((names[n] = param_name(p, names, n, st->star, close)) == NULL)
				return -1;
			defaults[n] = NULL;
			if (is_op(p, O_ASSIGN)) {
				advance(p);
				if ((defaults[n] = test(p)) == NULL)
					return -1;
			} else if (!kwonly && n > 0 && defaults[n - 1] != NULL) {
				return fail(p, "non-default argument follows default argument");
			}
			n++;
			st->npos += !kwonly;
		}
		if (!is_op(p, O_COMMA))
			break;
		advance(p);
	}
	st->binds = arena_alloc(&p->mem, (size_t)(n ? n : 1) * sizeof *st->binds);
	st->defaults = arena_alloc(&p->mem, (size_t)(n ? n : 1) * sizeof *st->defaults);
	memcpy(st->binds, names, (size_t)n * sizeof *names);
	memcpy(st->defaults, defaults, (size_t)n * sizeof *defaults);
	st->nnames = n;
	return 0;
}

/* lambda a, b=1: test -- a function named <lambda>, whose body returns the test */
static struct node *
lambda(struct parser *p)
{
	struct node *n = node(p, N_LAMBDA, p->tok.pos);
	struct stmt *st = arena_alloc(&p->mem, sizeof *st), *ret = arena_alloc(&p->mem, sizeof *ret);

	advance(p);
	st->kind = S_DEF;
	st->pos = n->pos;
	st->line = line_at(p, n->pos);
	st->names = arena_alloc(&p->mem, sizeof *st->names);
	st->names[0] = arena_strndup(&p->mem, "<lambda>", 8);
	if (params(p, st, O_COLON) != 0)
		return NULL;
	if (!is_op(p, O_COLON))
		return syntax(p);
	advance(p);
	ret->kind = S_RETURN;
	ret->pos = p->tok.pos;
	ret->line = line_at(p, ret->pos);
	if ((ret->value = test(p)) == NULL)
		return NULL;
	st->body = ret;
	n->def = st;
	return n;
}

struct node *
test(struct parser *p)
{
	struct node *n;

	if (enter(p) != 0)
		return NULL;
	n = is_kw(p, "lambda") ? lambda(p) : bool_level(p, 1);
	if (n != NULL && is_kw(p, "if")) {	/* a if c else b */
		struct node *c = node(p, N_IFEXP, n->pos);

		advance(p);
		c->a = n;
		if ((c->b = bool_level(p, 1)) == NULL)
			return NULL;
		if (!is_kw(p, "else"))
			return fail_null(p, "expected 'else' after 'if' expression");
		advance(p);
		if ((c->c = test(p)) == NULL)
			return NULL;
		n = c;
	}
	p->depth--;
	return n;
}

/* item (',' item)* [','], the list ending after a comma where stop(p): the one item, or a tuple when there is a comma */
static struct node *
comma_tuple(struct parser *p, struct node *(*item)(struct parser *), int (*stop)(const struct parser *))
{
	struct list l = { 0 };
	size_t pos = p->tok.pos;
	struct node *n;
	int comma = 0;

	for (;;) {
		if ((n = item(p)) == NULL)
			return NULL;
		list_add(p, &l, n);
		if (!is_op(p, O_COMMA))
			break;
		comma = 1;
		advance(p);
		if (stop(p))
			break;
	}
	return comma ? list_node(p, N_TUPLE, pos, &l) : l.v[0];
}


/* what may follow a testlist's trailing comma: the end of the statement, = or an augmented = */
static int
testlist_stop(const struct parser *p)
{
	return p->tok.type == T_END || p->tok.type == T_NEWLINE || is_op(p, O_SEMI) || is_op(p, O_ASSIGN) ||
	    (p->tok.type == T_OP && p->tok.op >= O_IADD && p->tok.op <= O_IRSHIFT);
}

/* test (',' test)* [','] : a tuple when there is a comma */
struct node *
testlist(struct parser *p)
{
	return comma_tuple(p, starless_test, testlist_stop);
}

/* a target of '=': a name, x[...], or a tuple/list of targets */
int
check_target(struct parser *p, const struct node *n, int aug)
{
	int i, stars;

	switch (n->kind) {
	case N_NAME:
	case N_INDEX:
		return 0;
	case N_TUPLE:
	case N_LIST:
		if (aug)
			return fail(p, "'tuple' is an illegal expression for augmented assignment");
		if (n->n == 0)
			return fail(p, "cannot assign to ()");
		for (i = 0, stars = 0; i < n->n; i++) {
			const struct node *t = n->items[i];

			if (t->kind == N_STAR && ++stars > 1)
				return fail(p, "multiple starred expressions in assignment");
			if (check_target(p, t->kind == N_STAR ? t->a : t, 0) != 0)
				return -1;
		}
		return 0;
	case N_STAR:
		return fail(p, "starred assignment target must be in a list or tuple");
	case N_ATTR:	/* x.weight += 1: in place; self.x = v: an nn.Module's attribute (pyclass.c) */
		return 0;
	case N_CALL:
		return fail(p, "cannot assign to a function call here. Maybe you meant '==' instead of '='?");
	case N_INT: case N_FLOAT: case N_STR: case N_TRUE: case N_FALSE: case N_NONE:
		return fail(p, "cannot assign to literal here. Maybe you meant '==' instead of '='?");
	default:
		return fail(p, "cannot assign to expression here. Maybe you meant '==' instead of '='?");
	}
}

/* dotted name: torch.nn.functional */
static char *
dotted(struct parser *p)
{
	struct sbuf b = { 0 };
	char *s;

	for (;;) {
		if (p->tok.type != T_NAME) {
			free(b.s);
			return syntax(p);
		}
		sbuf_addn(&b, p->lx.text + p->tok.pos, p->tok.len);
		advance(p);
		if (!is_op(p, O_DOT))
			break;
		sbuf_addc(&b, '.');
		advance(p);
	}
	s = arena_strndup(&p->mem, b.s, b.len);
	free(b.s);
	return s;
}

char *
name_token(struct parser *p)
{
	char *s;

	if (p->tok.type != T_NAME || is_keyword(p->lx.text + p->tok.pos, p->tok.len))
		return syntax(p);
	s = arena_strndup(&p->mem, p->lx.text + p->tok.pos, p->tok.len);
	advance(p);
	return s;
}

/*
 * The modules `import` takes (contract v3).  logging: minGPT's model file
 * imports it (seed-000); it has no attributes here, so its import binds it
 * and any use of the name it binds is refused with the rest of the text.
 */
static const char *const modules[] = { "torch", "torch.nn", "torch.nn.functional", "torch.linalg", "math", "logging", NULL };

const struct builtin *(*lib_find_hook)(const char *ns, const char *name);

const char *
py_module_known(const char *m)
{
	int k;

	for (k = 0; modules[k] != NULL; k++)
		if (strcmp(m, modules[k]) == 0)
			return modules[k];
	return NULL;
}

/*
 * An import's module or name (full: "torch.nn.functional", "math.sqrt")
 * checked before anything of the text runs, with the message the import
 * would raise: any other module is absent here (ModuleNotFoundError).
 */
static int
import_check(struct parser *p, const char *full, int from, size_t pos)
{
	const char *dot = strrchr(full, '.');
	char top[64], ns[32];


	if (py_module_known(full) != NULL)
		return 0;
	if (from && dot != NULL && (size_t)(dot - full) < sizeof ns) {
		snprintf(ns, sizeof ns, "%.*s", (int)(dot - full), full);
		if (lib_find_hook == NULL || lib_find_hook(ns, dot + 1) != NULL)
			return 0;
	}
	snprintf(top, sizeof top, "%.*s", (int)strcspn(full, "."), full);
	p->fail_at = pos + 1;
	if (py_module_known(top) == NULL)
		return fail(p, "No module named '%s'", top);
	if (!from)
		return fail(p, "'import %s' is not supported", full);
	return fail(p, "cannot import name '%s' (not supported here)", dot + 1);
}

/* import a.b [as c], ...  |  from a.b import c [as d], ... */
static struct stmt *
import_stmt(struct parser *p, struct stmt *st)
{
	int from = is_kw(p, "from");
	char *mod = NULL;
	char *names[64], *binds[64];
	int n = 0, i;

	advance(p);
	if (from) {
		if ((mod = dotted(p)) == NULL)
			return NULL;
		if (!is_kw(p, "import"))
			return syntax(p);
		advance(p);
		if (is_op(p, O_MUL))
			return fail_null(p, "'from %s import *' is not supported", mod);
	}
	for (;;) {
		size_t at = p->tok.pos;
		char *nm = from ? name_token(p) : dotted(p), *as = NULL;

		if (nm == NULL)
			return NULL;
		if (is_kw(p, "as")) {
			advance(p);
			if ((as = name_token(p)) == NULL)
				return NULL;
		}
		if (n == 64)
			return fail_null(p, "too many names in one import");
		if (!from && import_check(p, nm, 0, at) != 0)
			return NULL;
		if (!from && strcmp(nm, "logging") == 0 && p->ninert < 8)
			p->inert[p->ninert++] = as ? as : nm;
		if (from) {
			size_t len = strlen(mod) + strlen(nm) + 2;
			char *full = arena_alloc(&p->mem, len);

			snprintf(full, len, "%s.%s", mod, nm);
			if (import_check(p, full, 1, at) != 0)
				return NULL;
			names[n] = full;
			binds[n] = as ? as : nm;
		} else {
			names[n] = nm;
			if (as != NULL) {
				binds[n] = as;
			} else {	/* import torch.nn binds torch */
				char *dot = strchr(nm, '.');

				binds[n] = dot ? arena_strndup(&p->mem, nm, (size_t)(dot - nm)) : nm;
				if (dot != NULL) {	/* the name bound is the top package */
					names[n] = binds[n];
				}
			}
		}
		n++;
		if (!is_op(p, O_COMMA))
			break;
		advance(p);
	}
	st->kind = S_IMPORT;
	st->names = arena_alloc(&p->mem, (size_t)n * sizeof *st->names);
	st->binds = arena_alloc(&p->mem, (size_t)n * sizeof *st->binds);
	for (i = 0; i < n; i++) {
		st->names[i] = names[i];
		st->binds[i] = binds[i];
	}
	st->nnames = n;
	return st;
}

struct stmt *
statement(struct parser *p)
{
	struct stmt *st = arena_alloc(&p->mem, sizeof *st);
	struct node *n;
	struct list targets = { 0 };

	st->pos = p->tok.pos;
	if (unsupported_statement(p) != 0)
		return NULL;
	if (is_kw(p, "import") || is_kw(p, "from"))
		return import_stmt(p, st);
	if (is_kw(p, "pass")) {
		advance(p);
		st->kind = S_PASS;
		return st;
	}
	if (is_kw(p, "del")) {
		advance(p);
		for (;;) {
			size_t pos = p->tok.pos;

			if ((n = test(p)) == NULL)
				return NULL;
			if (n->kind != N_NAME && n->kind != N_INDEX && (p->fail_at = pos + 1) != 0)
				return fail_null(p, "cannot delete %s (column %zu): del takes variable names",
				    n->kind == N_CALL ? "function call" : n->kind == N_ATTR ? "an attribute" : "an expression",
				    column_at(p, pos));
			list_add(p, &targets, n);
			if (!is_op(p, O_COMMA))
				break;
			advance(p);
		}
		st->kind = S_DEL;
		st->targets = targets.v;
		st->ntargets = targets.n;
		return st;
	}
	if ((n = testlist(p)) == NULL)
		return NULL;
	if (p->tok.type == T_OP && p->tok.op >= O_IADD && p->tok.op <= O_IRSHIFT) {
		st->kind = S_AUG;
		st->op = O_ADD + (p->tok.op - O_IADD);
		if (st->op == O_LSHIFT || st->op == O_RSHIFT)
			return fail_null(p, "the shift operators (<<=, >>=) are not supported");
		if (check_target(p, n, 1) != 0)
			return NULL;
		advance(p);
		list_add(p, &targets, n);
		if ((st->value = testlist(p)) == NULL)
			return NULL;
		st->targets = targets.v;
		st->ntargets = 1;
		return st;
	}
	if (!is_op(p, O_ASSIGN)) {
		if (is_op(p, O_WALRUS))
			return fail_null(p, "assignment expressions (:=) are not supported");
		st->kind = S_EXPR;
		st->value = n;
		return st;
	}
	while (is_op(p, O_ASSIGN)) {
		if (check_target(p, n, 0) != 0)
			return NULL;
		list_add(p, &targets, n);
		advance(p);
		if (is_op(p, O_ASSIGN))
			return syntax(p);
		if ((n = testlist(p)) == NULL)
			return NULL;
	}
	st->kind = S_ASSIGN;
	st->value = n;
	st->targets = targets.v;
	st->ntargets = targets.n;
	return st;
}

/* ---- comprehensions and f-strings (evaluated by pycomp.c) ---- */

/* a comma in a for's target followed by 'in': the target ends there */
static int
for_target_stop(const struct parser *p)
{
	return is_kw(p, "in");
}

/* a for's target up to and past 'in' (a for statement's, a comprehension's): one, or a tuple of them */

struct node *
for_target(struct parser *p)
{
	struct node *t;

	if ((t = comma_tuple(p, expr_bits, for_target_stop)) == NULL)
		return NULL;
	if (!is_kw(p, "in"))
		return fail_null(p, "invalid syntax: expected 'in' after the for's target");
	advance(p);
	return t;
}

/* after e: for TARGET in OR_TEST [if OR_TEST]... [for ...]; kind N_LIST, or N_TUPLE for (e for ...) */
static struct node *
comprehension(struct parser *p, struct node *e, int kind, size_t pos)
{
	struct node *c = node(p, N_COMP, pos);
	struct list clauses = { 0 };

	c->op = kind;
	c->a = e;
	while (is_kw(p, "for")) {
		struct node *f = node(p, N_FOR, p->tok.pos), *t;
		struct list ifs = { 0 };

		advance(p);
		if ((t = for_target(p)) == NULL || check_target(p, t, 0) != 0 || (f->b = bool_level(p, 1)) == NULL)
			return NULL;
		f->a = t;
		while (is_kw(p, "if")) {
			advance(p);
			if ((t = bool_level(p, 1)) == NULL)
				return NULL;
			list_add(p, &ifs, t);
		}
		f->items = ifs.v;
		f->n = ifs.n;
		list_add(p, &clauses, f);
	}
	if (is_kw(p, "async"))
		return fail_null(p, "'async' comprehensions are not supported");
	c->items = clauses.v;
	c->n = clauses.n;
	return c;
}

/* an N_STR of lit's bytes; lit emptied */
static struct node *
str_node(struct parser *p, struct sbuf *lit, size_t pos)
{
	struct node *n = node(p, N_STR, pos);

	n->slen = lit->len;
	n->name = arena_strndup(&p->mem, lit->s ? lit->s : "", lit->len);
	lit->len = 0;
	return n;
}

/* a field's expression, parsed alone as (TEXT) in the same arena */
static struct node *
fstr_expr(struct parser *p, const char *s, size_t n)
{
	struct parser sub;
	char *text = arena_alloc(&p->mem, n + 3);
	struct node *e;

	text[0] = '(';
	memcpy(text + 1, s, n);
	text[n + 1] = ')';
	memset(&sub, 0, sizeof sub);
	sub.err = p->err;
	sub.errlen = p->errlen;
	sub.mem = p->mem;
	sub.depth = p->depth;
	sub.line = p->line;
	lex_init(&sub.lx, text, p->err, p->errlen);
	advance(&sub);
	e = sub.failed ? NULL : test(&sub);
	if (e != NULL && sub.tok.type != T_END && sub.tok.type != T_NEWLINE)
		e = syntax(&sub);
	free(sub.tok.s);
	p->mem = sub.mem;
	if (e == NULL)
		p->failed = 1;	/* the message is in p->err already */
	return e;
}

/* the parts of an f-string's text s[0, n) into parts: literals gather in lit */
static int
fstr_parts(struct parser *p, const char *s, size_t n, struct sbuf *lit, struct list *parts)
{
	size_t i = 0, pos = p->tok.pos;
	struct fstr_piece f;
	const char *err = "";
	int r;

	if (++p->depth > PY_MAX_DEPTH)
		return fail(p, "f-string: expressions nested too deeply");
	while ((r = fstr_next(s, n, &i, lit, &f, &err)) > 0) {
		struct node *fl = node(p, N_FIELD, pos);

		if (f.debug)	/* {x=}: the text "x=" first */
			sbuf_addn(lit, s + f.start, f.debug - f.start);
		if (lit->len > 0)
			list_add(p, parts, str_node(p, lit, pos));
		if ((fl->a = fstr_expr(p, s + f.start, f.end - f.start)) == NULL)
			return -1;
		fl->op = f.conv ? f.conv : f.debug && !f.has_spec ? 'r' : 0;
		if (f.has_spec) {
			struct sbuf sl = { 0 };
			struct list sp = { 0 };

			fl->b = node(p, N_FSTR, pos);
			r = fstr_parts(p, s + f.spec, f.spec_end - f.spec, &sl, &sp);
			if (r == 0 && sl.len > 0)
				list_add(p, &sp, str_node(p, &sl, pos));
			free(sl.s);
			if (r != 0)
				return -1;
			fl->b->items = sp.v;
			fl->b->n = sp.n;
		}
		list_add(p, parts, fl);
	}
	p->depth--;
	return r < 0 ? fail(p, "%s", err) : 0;
}

/* adjacent strings joined; with an f-string among them, an N_FSTR of N_STR and N_FIELD parts */
static struct node *
strings(struct parser *p, size_t pos)
{
	struct sbuf b = { 0 };
	struct list parts = { 0 };
	int f = 0;

	while (p->tok.type == T_STR) {
		if (p->tok.fstr) {
			f = 1;
			if (fstr_parts(p, p->tok.s, p->tok.slen, &b, &parts) != 0) {
				free(b.s);
				return NULL;
			}
		} else {
			sbuf_addn(&b, p->tok.s, p->tok.slen);
		}
		advance(p);
	}
	if (!f || b.len > 0)
		list_add(p, &parts, str_node(p, &b, pos));
	free(b.s);
	return f ? list_node(p, N_FSTR, pos, &parts) : parts.v[0];
}
