/*
 * pyint.h - the insides of the interpreter (py.h), shared by its files:
 * pylex.c (text -> tokens), pyparse.c (tokens -> syntax tree), pyval.c
 * (values: objects, tensors, their text), pytensor.c (what operations and
 * views stand on: arguments, results, op_view_as, broadcasting, autograd's
 * marks, layouts), pysession.c (variables, the run's names as objects,
 * copy-on-write of the run's memory), pyview.c (views and indexing),
 * pyops.c (element-wise arithmetic, reductions, functions), pymatmul.c
 * (products), pydata.c (Python data in and out), pylib.c (torch., F., nn.,
 * math. and the methods: the table; its rows live in lib_tensor.c, lib_torch.c,
 * lib_python.c, their argument binder in lib_args.c), pyeval.c (the tree
 * evaluated, statements), pyarith.c (Python's operators on plain values),
 * pynames.c (attributes of namespaces and values, "did you mean").
 * No other module includes it.  Calls go one way, left to right (a file
 * may skip files to its right, never call one to its left):
 *   expr  pystmt  pyeval  pynames  pyarith  pylib  lib_*  pydata  pyops  pymatmul  pyview  pysession  pytensor  pyval
 *   pystmt  pyblock  pyparse  pylex  pyindent; pyval  pyblock; pyeval  pyframe; pystmt  pyerror
 *
 * Ownership: every struct pyobj is reference counted; a function that
 * returns one gives the caller a reference (py_decref() releases it);
 * arguments are borrowed.  A NULL return means an error, whose one-line
 * message is already in the session (py_fail()).  Tensors share storages,
 * themselves counted; a storage may borrow the run's memory (a stage or a
 * weight), copied before the first write and before the run goes away.
 */
#ifndef PYINT_H
#define PYINT_H

#include <stddef.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "py.h"
#include "../pipeline/pipeline.h"

/* ---- tokens and the syntax tree (pylex.c, pyparse.c) ---- */

enum tok {
	T_END, T_NEWLINE, T_NAME, T_INT, T_FLOAT, T_STR, T_OP,
	T_INDENT, T_DEDENT	/* a line indented deeper / less deep than the one before (pyindent.c) */
};

/* Operators and punctuation, as T_OP's op. */
enum {
	O_LPAR = 1, O_RPAR, O_LSQB, O_RSQB, O_LBRACE, O_RBRACE, O_COMMA, O_COLON, O_DOT,
	O_SEMI, O_ASSIGN, O_ELLIPSIS, O_ARROW, O_WALRUS,
	O_ADD, O_SUB, O_MUL, O_DIV, O_FLOORDIV, O_MOD, O_POW, O_MATMUL,
	O_AND, O_OR, O_XOR, O_INVERT, O_LSHIFT, O_RSHIFT,
	O_EQ, O_NE, O_LT, O_LE, O_GT, O_GE,
	/* augmented assignment: O_IADD + (binary op - O_ADD) */
	O_IADD, O_ISUB, O_IMUL, O_IDIV, O_IFLOORDIV, O_IMOD, O_IPOW, O_IMATMUL,
	O_IAND, O_IOR, O_IXOR, O_ILSHIFT, O_IRSHIFT,
	/* unary, comparisons beyond the six (only to name them in errors), not */
	O_NEG, O_POS, O_NOT, O_IN, O_NOTIN, O_IS, O_ISNOT
};

struct token {
	int type;		/* enum tok */
	int op;			/* T_OP: O_* */
	size_t pos, len;	/* where in the text */
	long long i;		/* T_INT */
	double f;		/* T_FLOAT */
	char *s;		/* T_STR: the decoded bytes (NUL-terminated, may hold NULs) */
	size_t slen;
	int fstr;		/* T_STR: an f-string (its fields still in s) */
};

/* Python's recursion limit (1000) less the frames a script starts under */
#define PY_MAX_CALLS 996

struct lexer {
	const char *text;
	size_t len, pos;
	int depth;		/* open brackets: newlines inside are blanks */
	char open[64];		/* the innermost ones opened, for "'(' was never closed" */
	size_t openpos[64];	/* where each of them is */
	char *err;
	size_t errlen;
	/* indentation (pyindent.c): the open blocks' columns, dedents still owed */
	int bol;		/* at the beginning of a line */
	int indents[128], nindent;
	int dedents;
};

/* At a line's start: blank lines skipped, then T_INDENT/T_DEDENT or nothing (0); -1 after a message. */
int lex_indent(struct lexer *lx, struct token *tok);

void lex_init(struct lexer *lx, const char *text, char *err, size_t errlen);
/* The next token; -1 after a message in err.  tok->s is the caller's (free()). */
int lex_next(struct lexer *lx, struct token *tok);
const char *op_text(int op);	/* "+=" */

/* Syntax tree nodes: expressions. */
enum {
	N_NAME, N_INT, N_FLOAT, N_STR, N_TRUE, N_FALSE, N_NONE, N_ELLIPSIS,
	N_TUPLE, N_LIST, N_BINOP, N_UNARY, N_CMP, N_AND, N_OR, N_NOT,
	N_ATTR, N_CALL, N_INDEX, N_SLICE, N_KW,
	/* pyfstr.c, pycomp.c: f-strings, comprehensions, a if c else b */
	N_FSTR, N_FIELD, N_COMP, N_FOR, N_IFEXP,
	N_STAR,		/* *xs among a call's arguments: its items, each an argument (a: xs) */
	N_DICT,		/* {k: v, ...}: items alternate keys and values; N_DSTAR in a call: **d (a: d) */
	N_DSTAR,
	N_LAMBDA	/* lambda params: test (def: an S_DEF named <lambda> whose body returns the test) */
};

struct node {
	int kind, op;
	size_t pos;		/* where it starts in the text */
	struct node *a, *b, *c;	/* BINOP/CMP/AND/OR: a, b; UNARY/NOT/ATTR/KW: a; CALL/INDEX: a is
				 * the callee or the object; SLICE: start, stop, step (NULL: none) */
	struct node **items;	/* TUPLE, LIST; CALL's arguments (N_KW for keywords); INDEX's items */
	int n;
	char *name;		/* NAME, ATTR, KW; STR: the bytes (slen of them) */
	size_t slen;
	long long i;		/* INT */
	double f;		/* FLOAT */
	int paren;		/* a TUPLE written in parentheses */
	const struct stmt *def;	/* LAMBDA */
};

/* Statements. */
enum { S_EXPR, S_ASSIGN, S_AUG, S_DEL, S_IMPORT, S_PASS,
	/* blocks and control flow (pyblock.c parses them, pystmt.c runs them) */
	S_IF, S_WHILE, S_FOR, S_BREAK, S_CONTINUE, S_DEF, S_RETURN, S_ASSERT, S_WITH,
	S_CLASS };	/* CLASS: names[0] its name, value its base, body */

struct stmt {
	int kind, op;		/* AUG: the binary O_* */
	size_t pos;
	struct node *value;	/* EXPR, ASSIGN, AUG */
	struct node **targets;	/* ASSIGN (a = b = value: a and b), AUG (one), DEL (each) */
	int ntargets;
	char **names, **binds;	/* IMPORT: module names and the names bound (nnames of each);
				 * DEF: names[0] the function's, binds its parameters (nnames) */
	int nnames;
	struct node **defaults;	/* DEF: each parameter's default, or NULL */
	int npos;		/* DEF: binds[0..npos) positional, then keyword-only ones */
	char *star, *dstar;	/* DEF: *args's and **kwargs's names, or NULL */
	struct node *msg;	/* ASSERT: the message, or NULL */
	struct stmt *body, *orelse;	/* IF, WHILE, FOR, WITH, DEF; IF/WHILE/FOR: else (elif: one IF) */
	int line;		/* 1-based line in the text */
	struct stmt *next;
};

/* Every node of one parse comes from one arena, freed at once. */
struct arena;
struct parsed {
	struct stmt *first;
	struct arena *mem;
	int refs;		/* code_decref(): functions keep their code */
	int line;		/* after a failed parse: the line of the error */
	char *text;		/* py_exec's: a copy of the text, for the lines a trace shows (or NULL) */
};

/* Depth of nesting the parser accepts (brackets, operators, calls): the evaluator recurses as deep. */
#define PY_MAX_DEPTH 200

/* 0, or -1 with a one-line message; free the result with parse_free(). */
int parse_text(const char *text, struct parsed *out, char *err, size_t errlen);
/* the same, with the names (NULL-terminated) an earlier input bound by `import logging`: a module
 * without attributes, any use of them refused with the text, before it runs */
int parse_text_in(const char *text, struct parsed *out, char *err, size_t errlen, const char *const *inert);
void parse_free(struct parsed *p);

/* ---- values (pyval.c) ---- */

enum { DT_FLOAT, DT_INT64, DT_BOOL, DT_DOUBLE };	/* torch.float32, torch.int64, torch.bool, torch.float64 */

enum pytype {
	PY_NONE, PY_BOOL, PY_INT, PY_FLOAT, PY_STR, PY_ELLIPSIS,
	PY_TUPLE, PY_LIST, PY_SIZE, PY_RETURNS,
	PY_TENSOR, PY_MODULE, PY_NS, PY_FUNC, PY_DTYPE, PY_SLICE,
	PY_UFUNC,		/* a function the script defined (pystmt.c) */
	PY_CLASS, PY_OBJ, PY_METHOD, PY_SUPER,	/* classes, nn.Module instances, bound methods, super() (pyclass.c) */
	PY_RANGE,		/* range(start, stop, step): counted, never a list (lib_iter.c) */
	PY_GEN,			/* a generator expression's generator, lazy (pycomp.c) */
	PY_DICT,		/* a dict: its pairs in insertion order (lib_dict.c) */
	PY_DVIEW,		/* d.keys(), d.values(), d.items(): a tuple of them as they were (seq; name "dict_keys") */
	PY_RNG			/* torch.Generator(): its own mt19937 stream (lib_torch.c) */
};

/* Names of the run: the stages, then the weights (their bits in deps). */
#define NAME_LAYER0 ST_COUNT
#define NAME_COUNT (ST_COUNT + NLAYER)
#define NAME_BIT(i) (1u << (i))

struct pystorage {
	int refs;
	int dtype;
	size_t n;		/* elements */
	void *data;		/* float, long long or unsigned char (bool) elements */
	int borrowed;		/* data is the run's: copy before writing, and before the run goes */
	int origin;		/* the name (ST_* or NAME_LAYER0 + LAYER_*) it borrows, or -1 */
	struct py_session *s;	/* while borrowed: on s's list */
	struct pystorage *prev, *next;
};

struct pytensor {
	struct pystorage *st;
	int dtype, ndim;
	int shape[TENSOR_MAXDIM];
	long long stride[TENSOR_MAXDIM];	/* in elements */
	long long offset;			/* in elements */
	size_t numel;
	const char *grad_fn;		/* "SoftmaxBackward0" (a static string), or NULL */
	int requires_grad;		/* a leaf that requires grad */
	int parameter;			/* an nn.Parameter: "Parameter containing:" */
	struct pyobj *base;		/* autograd's base of a view, or NULL */
	unsigned version;		/* of a base: in-place writes through it or its views */
	unsigned base_version;		/* the base's version when this view was made */
	int ghost0;			/* 0-dim: the size ATen's indexing reads past the sizes (see op_index) */
};

enum { MOD_LINEAR, MOD_DROPOUT, MOD_SOFTMAX, MOD_HEAD,
	MOD_EMBED };	/* nn.Embedding (lib_bigram.c): weight (in, out), bias NULL */

struct pymodule {
	int kind;
	struct pyobj *weight, *bias;	/* LINEAR: Parameters (bias may be NULL) */
	int in, out;
	double p;			/* DROPOUT */
	int inplace;			/* DROPOUT: nn.Dropout(p, inplace=True) writes its input */
	long long dim;			/* SOFTMAX (-1000: None); HEAD: the head's index */
	int head_linear, head_bias;	/* HEAD: its layers are nn.Linear, bit l: layer l has a bias; in, out, p */
	int eval;			/* after .eval() (0: training mode, as a new module is): dropout passes x */
};

/* an attribute of a class or of an nn.Module instance, in the order it was set (pyclass.c, lib_nn.c) */
enum { A_DICT, A_PARAM, A_BUFFER, A_MODULE };	/* __dict__, _parameters, _buffers, _modules */
struct pyattr {
	char *name;
	struct pyobj *v;	/* a PARAM, BUFFER or MODULE may be None */
	int kind;
};
enum { OBJ_USER, OBJ_MODULE, OBJ_LIST, OBJ_SEQ,	/* a class's instance, nn.Module(), nn.ModuleList, nn.Sequential */
	OBJ_LAYER,	/* a torch.nn layer of lib_layers.c (nn.LayerNorm, nn.ReLU, nn.GELU): its struct nnlayer */
	OBJ_PLAIN };	/* a plain class (class NAME:, no nn.Module in its bases; the CLASS's kind too) and its
			 * instances: attributes as Python sets them, __call__ called, no module's methods */

/* what a built-in layer (OBJ_LAYER) is: its class's name, its extra_repr, its module called (lib_layers.c) */
struct nnlayer {
	const char *name;	/* "LayerNorm" */
	void (*extra_repr)(struct sbuf *b, const struct pyobj *m, const struct print_opts *po);
	struct pyobj *(*call)(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
	    struct pyobj **kwargs, int nkw);
};

struct builtin;

struct pyobj {
	int type, refs;
	unsigned deps;			/* NAME_BIT of each stage and weight it was computed from */
	union {
		long long i;		/* BOOL (0, 1), INT, DTYPE (DT_*) */
		double f;		/* FLOAT */
		struct {
			char *s;
			size_t len;
		} str;			/* STR */
		struct {
			struct pyobj **v;
			int n;
			const char *name;	/* RETURNS: "max" for torch.return_types.max */
		} seq;			/* TUPLE, LIST, SIZE (of INTs), RETURNS (values, indices) */
		struct pytensor t;	/* TENSOR */
		struct pymodule m;	/* MODULE */
		const char *ns;		/* NS: "torch", "torch.nn", "torch.nn.functional", "math" */
		struct {
			const struct builtin *fn;
			struct pyobj *self;	/* a bound method's tensor, or NULL */
		} fn;			/* FUNC */
		struct {
			struct pyobj *start, *stop, *step;	/* NULL: omitted */
		} slice;		/* SLICE (only inside [...]) */
		struct {
			const struct stmt *def;		/* its S_DEF, in code's arena */
			struct parsed *code;		/* counted: code_decref() */
			struct pyobj **defaults;	/* def->nnames values, NULL where none */
			char *qualname;			/* a method's "Class.name" for messages, or NULL */
			struct pyframe *encl;		/* a nested def's: the call that ran the def, */
			long encl_serial;	/* that call's serial (it may have returned) */
			struct pyvar *cap;		/* and the names it and its enclosing calls had then */
			struct pyobj *outer;		/* the comprehension running where it was made (a PY_GEN,
							 * counted; NULL: none): once stopped, its names' cells */
		} uf;			/* UFUNC */
		struct {
			char *name;		/* CLASS: its name */
			struct pyobj *cls;	/* OBJ: its CLASS (NULL: a torch.nn one, by kind); CLASS: its base
						 * (NULL: nn.Module); METHOD: the UFUNC; SUPER: the class after which to look */
			struct pyobj *self;	/* METHOD, SUPER: the instance */
			struct pyattr *a;	/* CLASS: its namespace; OBJ: its attributes */
			int n, cap;
			int kind, inited, training;	/* OBJ: OBJ_*, Module.__init__() ran, training mode; CLASS:
							 * OBJ_PLAIN or OBJ_USER (an nn.Module) */
			const struct nnlayer *layer;	/* OBJ_LAYER: which */
		} obj;			/* CLASS, OBJ, METHOD, SUPER */
		struct {
			long long start, stop, step;
		} range;		/* RANGE */
		struct pygen *gen;	/* GEN */
		struct rng *rng;	/* RNG, owned */
		struct {
			struct pyobj **kv;	/* key 0, value 0, key 1, ... */
			int n, cap;		/* pairs */
		} dict;			/* DICT */
	} u;
};

/* One walk over an iterable: a range counted, a generator pulled, anything else its items (lib_iter.c). */
struct pyiter {
	struct pyobj *src;	/* the RANGE, the GEN, the LIST (live), or a tuple of the items */
	long long pos;
};

/*
 * A lazy iterator's state (pycomp.c runs it; pyval.c frees it).  A
 * generator expression (GEN_EXPR): the clauses open (depth), each one's
 * walk, and the generator's own names (its loop targets) with their values
 * between two items.  enumerate (GEN_ENUM: it[0] and the count) and zip
 * (GEN_ZIP: it[0..depth-1]), pulled an item at a time by lib_iter.c.
 */
#define GEN_MAXCL 8
#define GEN_MAXIT 16		/* zip's sequences */
#define GEN_MAXNAMES 32
enum { GEN_EXPR, GEN_ENUM, GEN_ZIP };
struct pygen {
	int kind;			/* GEN_* */
	long long count;		/* GEN_ENUM: the next item's number */
	const struct node *n;		/* its N_COMP, in code's arena */
	struct parsed *code;		/* counted */
	struct pyframe *frame;		/* the scope that made it (NULL: the module's) */
	long frame_serial;		/* that frame's, to know it is still running */
	/* while frame runs, g is on its list (frame->gens); when the call returns, frame becomes
	 * a copy of its names that g owns (own), as Python's generator keeps its cells */
	struct pygen *fnext, **fprev;
	struct pyframe *own;
	int line;			/* the line that made it: errors inside name it */
	struct pyiter it[GEN_MAXIT];
	int depth, done, running;
	const char *names[GEN_MAXNAMES];
	struct pyobj *vals[GEN_MAXNAMES];
	int nn;
	/* the comprehension or generator running in the same scope when g was made (a PY_GEN, counted;
	 * NULL: none): once it has stopped, g reads its names from its vals, as a Python cell */
	struct pyobj *outer;
	/* once stopped, its names' last values as variables, when a function made inside it may read
	 * them (its lambdas' cells: [lambda: i for i in r] all read the last i); NULL: none */
	struct pyvar *cells;
};

struct pyvar {
	char *name;
	struct pyobj *v;
	int stale;		/* computed from stages that `set` changed since */
	long seq;		/* creation order (Python's dict order, for suggestions) */
	struct pyvar *next;
};

#define PY_NVAR_BUCKETS 256

struct py_session {
	const struct run *r;
	struct rng rng;			/* torch's default generator */
	unsigned long long initial_seed;	/* its last seed, for torch.initial_seed() */
	int num_threads;		/* torch.set_num_threads (0: never set) */
	int script;			/* a whole script (--run): bare expressions print nothing */
	struct pyvar *vars[PY_NVAR_BUCKETS];
	int nvars;
	long nextseq;
	int warned_T;			/* x.T's warning, once per session as PyTorch's TORCH_WARN_ONCE */
	struct pyobj *named[NAME_COUNT];	/* the objects of the run's names, made on first use */
	struct pyobj *shadowed[NAME_COUNT];	/* a stage written in place: its object, for the heads' views */
	struct pystorage *borrowed;	/* storages on the run's memory */
	/* the statement being run */
	const struct print_opts *po;
	struct sbuf *out;
	char *err;
	size_t errlen;
	int failed;
	int depth;
	int warned;			/* a warning was written for this line */
	int print_stmt;			/* py_eval_expr ran a top-level print call as the statement */
	/* blocks and functions (pystmt.c, pyframe.c) */
	struct pyframe *frame;		/* the innermost call's locals, or NULL at module level */
	int calls;			/* calls of script functions (and nn.Sequential's) open: at most PY_MAX_CALLS */
	struct pyobj *retval;		/* a return's value on its way out */
	struct pyobj *comp_top;		/* the innermost comprehension or generator running (pycomp.c) */
	struct parsed *code;		/* the code running (functions defined keep it) */
	int err_line;			/* the line the error happened on (innermost), 0 if unknown */
	int run_line;			/* the line of the statement running (innermost) */
	/* a script function called (pystmt.c's, set by stmt_hooks): calls go one way through it */
	struct pyobj *(*call_user)(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs,
	    char **kwnames, struct pyobj **kwargs, int nkw);
	/* any callable called (pyeval.c's py_call_value, set by stmt_hooks): sorted's key= (lib_sort.c) */
	struct pyobj *(*call_value)(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs,
	    char **kwnames, struct pyobj **kwargs, int nkw);
	/* torch.set_printoptions (lib_misc.c): once called, its options print every statement's tensors */
	struct print_opts own_po;
	int own_po_set;
	/* the nodes from N_FSTR on (pycomp.c's comp_eval, set by stmt_hooks) */
	struct pyobj *(*eval_more)(struct py_session *s, const struct node *n);
	/* notebooks and traces (py_exec_cell, py_trace) */
	const struct stmt *display;	/* the cell's last statement, an expression shown as Out[N] */
	struct sbuf *shown;		/* where its repr goes (py_exec_cell's) */
	py_trace_fn trace;		/* called after each assignment a frame of a script function runs */
	void *stream;			/* a FILE *: print()'s lines go there as they are printed (--run) */
	void *trace_ctx;
};

/* ---- locals of a call (pyframe.c) ---- */

struct pyframe {
	struct pyvar *vars;		/* its locals */
	long serial;			/* a number no other call's frame has (frame_serial): a call told
					 * apart from a later one at the same address */
	const char *name;		/* the function's */
	struct pyobj *fn;		/* the UFUNC running (super() reads it), or NULL */
	struct pyframe *up;
	struct pyframe *encl;		/* a nested def's call: the running call that defined it, or NULL */
	struct pygen *gens;		/* the generator expressions made in it still alive (pycomp.c) */
};
/* A list of variables (a frame's, or one bucket of the session's): find; name = o (a new reference;
 * *created when the name is new); unlink and free (0, or -1 when there is none). */
struct pyvar *varlist_find(struct pyvar *head, const char *name);
struct pyvar *varlist_set(struct pyvar **head, const char *name, struct pyobj *o, int *created);
int varlist_del(struct pyvar **head, const char *name);
void varlist_free(struct pyvar *head);	/* pyval.c: the list released */
struct pyvar *frame_find(const struct pyframe *f, const char *name);
/* a name of the functions enclosing f's (a nested def's closure): the defining call while it runs, else
 * the names it saw when the def ran (pyframe.c); NULL when none has it */
struct pyvar *frame_enclosing_find(const struct pyframe *f, const char *name);
/* at a def inside a function: the closure fn keeps (the call defining it, and its names now) */
void frame_capture(struct pyframe *f, struct pyobj *fn);
/* at a call of fn: the defining call, when it is still running below f */
void frame_enclose(struct pyframe *f, const struct pyobj *fn);
void frame_set(struct pyframe *f, const char *name, struct pyobj *o);	/* takes a new reference */
int frame_del(struct pyframe *f, const char *name);
void frame_clear(struct pyframe *f);
long frame_serial(void);	/* a new frame's serial: a generator knows its scope still runs */
/* a statement of the innermost frame ran: the names it bound (or changed in place: x.masked_fill_()) to the trace */
void frame_step(struct py_session *s, const struct stmt *st);
/* a frame returns v (return EXPR): its value to the trace */
void frame_return(struct py_session *s, const struct stmt *st, struct pyobj *v);

/* ---- a parse's code kept while functions of it live (pyblock.c) ---- */
void code_decref(struct parsed *code);	/* frees it at the last reference */
int parse_block_open(const char *text);	/* a block is open: the REPL reads on until a blank line */

/* objects */
struct pyobj *py_new(int type);
/* row b of the library as a value: a function, or a method bound to self (counted; NULL: none) */
struct pyobj *py_func(const struct builtin *b, struct pyobj *self);
void py_incref(struct pyobj *o);
void py_decref(struct pyobj *o);
/* r, once tmp (a value r was made from) is released: return py_drop(op(s, tmp), tmp); */
static inline struct pyobj *
py_drop(struct pyobj *r, struct pyobj *tmp)
{
	py_decref(tmp);
	return r;
}
struct pyobj *py_none(void);
struct pyobj *py_bool(int b);
struct pyobj *py_int(long long i);
struct pyobj *py_float(double f);
struct pyobj *py_str(const char *s, size_t len);
/* py_float / py_int / py_bool (type PY_*), and py_seq, that return NULL when malloc refuses (x.tolist()) */
struct pyobj *py_number_try(int type, double f, long long i);
struct pyobj *py_seq_try(int type, int n);
struct pyobj *py_seq(int type, int n);	/* TUPLE, LIST, SIZE, RETURNS: n NULL items to fill */
struct pyobj *py_size(int ndim, const int *shape);
struct pyobj *py_dtype(int dt);
/* one end a of a slice of n items with step st, as CPython's PySlice_AdjustIndices */
long long py_slice_adjust(long long a, long long n, long long st);
/*
 * x[a:b:st] of a sequence of n items (a str's characters, a list), pytensor.c: the ends
 * as CPython's PySlice_Unpack then PySlice_AdjustIndices give them (None ends
 * by the step's sign, then clipped); -1 after the error (an end not an int,
 * a zero step)
 */
int py_slice_ends(struct py_session *s, const struct pyobj *idx, long long n, long long *a, long long *b,
    long long *st);
const char *py_type_name(const struct pyobj *o);	/* "int", "Tensor", ... as Python's type().__name__ */
void *py_fail(struct py_session *s, const char *fmt, ...);	/* the line's error; returns NULL */
/* py_fail with o's repr as fmt's one %s ("KeyError: %s"); returns NULL */
void *py_fail_repr(struct py_session *s, const char *fmt, const struct pyobj *o);
void py_warn(struct py_session *s, const char *fmt, ...);	/* one line on standard error */

/* storages and tensors (pyt_: the interpreter's tensors, not tensor.c's) */
size_t dtype_size(int dt);
const char *dtype_name(int dt);		/* "torch.float32" */
struct pystorage *storage_new(int dtype, size_t n);	/* zero-filled; NULL: too big, or no memory */
extern size_t py_alloc_failed;	/* bytes of the last storage malloc refused (0: none) */
/* the line's error after xmalloc jumped (diag_nomem_jump): "MemoryError: out of memory: ..."; NULL */
void *py_fail_nomem(struct py_session *s);
int py_oom(struct py_session *s);	/* 1 after PyTorch's out-of-memory error when one was refused */
void storage_decref(struct pystorage *st);
void storage_unlink(struct pystorage *st);	/* off its session's list of borrowed storages */
void storage_own(struct pystorage *st);		/* the borrowed data copied: st's own, unlinked */
struct pyobj *pyt_new(struct pystorage *st, int ndim, const int *shape, const long long *stride,
    long long offset);		/* takes the storage reference */
struct pyobj *pyt_empty(int dtype, int ndim, const int *shape);	/* contiguous, zero-filled */
struct pyobj *pyt_empty_uninit(int dtype, int ndim, const int *shape);	/* for a result that writes all */
void pyt_contiguous_strides(long long *stride, int ndim, const int *shape);
int pyt_is_contiguous(const struct pytensor *t);
int pyt_dense_in(const struct pytensor *t, const int *order);
int pyt_has_grad(const struct pytensor *t);
/* the view's grad_fn as printed: AsStridedBackward0 after its base was written in place */
const char *pyt_grad_name(const struct pytensor *t);
float *pyt_data(const struct pytensor *t);	/* float32 data at the view's offset */
/* a contiguous copy of t, of its dtype; NULL after an error */
struct pyobj *pyt_contig(struct py_session *s, struct pyobj *t);
/* the float32 values of t, contiguous: a struct tensor for print.c and callers */
struct tensor *pyt_export(const struct pytensor *t);
void pyt_view(struct tensor_view *v, const struct pytensor *t);	/* a float32 t for tensor.c */
/* element i (row-major order of the view) as a double */
double pyt_get(const struct pytensor *t, size_t i);
long long pyt_geti(const struct pytensor *t, size_t i);	/* an int64 or bool element, exactly */
void pyt_store(struct pytensor *t, size_t i, double v);	/* storage element i = v, in t's dtype */

/* text */
void py_repr(struct sbuf *b, const struct pyobj *o, const struct print_opts *po);
void py_str_of(struct sbuf *b, const struct pyobj *o, const struct print_opts *po);
/* after py_repr or py_str_of: 1 with the line's error when it stopped (too deep: Python's
 * RecursionError text; Ctrl-C); the text written is then partial */
int py_repr_failed(struct py_session *s);
void py_float_repr(char *buf, size_t len, double f);

/* ---- what operations and views stand on (pytensor.c) ---- */

extern const char *const pyt_cat_name[];	/* "Float", "Long", "Bool": by DT_* */

/* argument helpers */
int py_is_int(const struct pyobj *o);		/* int or bool (Python's int subclass) */
int py_is_number(const struct pyobj *o);	/* bool, int or float */
/* Python's == of numbers, strings, None, Ellipsis, dtypes, namespaces: 1 or 0; -1 when a or b is none of them */
int py_atom_equal(const struct pyobj *a, const struct pyobj *b);
int py_to_dim(struct py_session *s, const struct pyobj *o, int ndim, int *dim);	/* wrapped */
int py_to_long(struct py_session *s, const struct pyobj *o, const char *what, long long *out);
int py_to_double(struct py_session *s, const struct pyobj *o, const char *what, double *out);
/* a shape from (2, 3), [2, 3], torch.Size or the ints themselves (args[0..n)) */
int py_shape_args(struct py_session *s, struct pyobj **args, int n, const char *fn, int *ndim,
    int *shape, int allow_minus1);
struct pyobj *py_scalar_tensor(struct py_session *s, const struct pyobj *o);

struct pyobj *pyt_result_z(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride,
    int zeroed);		/* a new tensor: strides NULL for contiguous; zero-filled or not */
struct pyobj *pyt_result(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride);
struct pyobj *pyt_zeros(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride);
int dtype_rank(int dt);		/* bool 0 < int64 1 < float32 2 */
void pyt_set_grad(struct pyobj *y, const char *name, int requires);	/* y's grad_fn when an input requires grad */
/* y computed from x alone: x's stage dependencies, grad_fn grad when x requires grad; returns y */
struct pyobj *pyt_derived(struct pyobj *y, const struct pyobj *x, const char *grad);
int pyt_grad(const struct pyobj *o);		/* a tensor that requires grad (0 while grad is off) */
int pyt_grad_mode(int enabled);			/* grad on or off (torch.no_grad); returns what it was */
int pyt_int_like(const struct pyobj *o, long long *v);	/* an int, or a 0-dim int64 tensor */
int py_wrap_dim(struct py_session *s, long long d, int ndim, int *out);
int pyt_fits_int64(double v);	/* converts to an int64 without overflow */
long long pyt_to_int64(double v);	/* LLONG_MIN when it does not fit */
/* element i (row-major) of a view (nd, shape, stride) from offset off */
long long pyt_offset(long long off, size_t i, int nd, const int *shape, const long long *stride);
void pyt_write(struct pytensor *dst, const struct pytensor *src);	/* dst (a view) = contiguous src, cast */
int pyt_check_inplace(struct py_session *s, const struct pyobj *x);	/* autograd allows writing x */
void pyt_mark_inplace(struct pyobj *x, const char *name, int requires);	/* after writing x */
void pyt_bcast_view(struct tensor_view *v, const struct pytensor *t, int nd, const int *shape);
/* the shapes of tensors v[0..n) broadcast together into (nd, shape): 0, or -1 with bad = the sizes
 * that clash (the shape so far's, v's) and the dim */
int pyt_bcast_shapes(struct pyobj *const *v, int n, int *nd, int *shape, int *bad);
struct pyobj *pyt_operand(struct py_session *s, struct pyobj *o);	/* a tensor, or a number as a 0-dim one */
void pyt_shape_text(char *buf, size_t len, int nd, const int *shape);	/* "2, 3" */
int pyt_dense(const struct pytensor *t);	/* is_non_overlapping_and_dense */
int pyt_memory_format(int nd, const int *shape, const long long *stride);	/* 0, channels-last 1, 3d 2 */
void pyt_channels_last_strides(int nd, const int *shape, long long *st);

/* y viewing x's storage with these sizes, strides and offset; autograd's base is x's */
struct pyobj *op_view_as(struct py_session *s, struct pyobj *x, int ndim, const int *shape,
    const long long *stride, long long offset, const char *grad);

/* ---- the session (pysession.c) ---- */

void session_share_vars(struct py_session *t, const struct py_session *s);
struct pyvar *var_find(const struct py_session *s, const char *name);
void var_set(struct py_session *s, const char *name, struct pyobj *o);	/* takes a new reference */
int var_del(struct py_session *s, const char *name);	/* -1: no such variable */
/* the object of a run's name (stage or weight), made once per session; NULL if not computed */
struct pyobj *session_named(struct py_session *s, int id);
/* a write reached the run's memory behind name `origin`: its object becomes a variable */
void session_shadow(struct py_session *s, int origin);
int has_heads(const struct run *r);	/* the run has `heads` (head_layout "stacked") */
struct pyobj *heads_list(struct py_session *s);	/* heads: a list of the heads' modules */
struct pyobj *head_layer(struct py_session *s, int h, int l);	/* heads[h].W_query ... */
/* make the storage the session's own before a write (copy-on-write of the run's memory) */
int pyt_writable(struct py_session *s, struct pyobj *x);
/* an in-place operation's end: autograd's in-place checks, x made writable, y's values (row-major
 * contiguous) written into x, x's grad_fn `grad` when `requires`; x returned (a new reference), y released */
struct pyobj *pyt_inplace_result(struct py_session *s, struct pyobj *x, struct pyobj *y, const char *grad, int requires);

/* ---- tensor operations (pyops.c, pymatmul.c) ---- */

enum {
	B_ADD, B_SUB, B_MUL, B_DIV, B_FLOORDIV, B_MOD, B_POW, B_AND, B_OR, B_XOR,
	B_EQ, B_NE, B_LT, B_LE, B_GT, B_GE
};
/* a op b with at least one tensor (the other may be a Python number); NULL on error */
struct pyobj *op_binary(struct py_session *s, int op, struct pyobj *a, struct pyobj *b);
/* a op= b in place (a a tensor) */
struct pyobj *op_inplace(struct py_session *s, int op, struct pyobj *a, struct pyobj *b);
struct pyobj *op_neg(struct py_session *s, struct pyobj *a);
struct pyobj *op_invert(struct py_session *s, struct pyobj *a);
struct pyobj *op_matmul(struct py_session *s, struct pyobj *a, struct pyobj *b);

/* float64's bounds (pyf64.c): o holds a float64 tensor or dtype; the refusal; a row's check */
int f64_in(const struct pyobj *o, int depth);
void *f64_refuse(struct py_session *s, const char *op);
int f64_check_call(struct py_session *s, const struct builtin *b, const struct pyobj *self, struct pyobj **a, int n);
int f64_result_type(const struct pyobj *a, const struct pyobj *b);	/* at::result_type of two operands */
struct pyobj *pyt_as_dtype(struct py_session *s, struct pyobj *x, int dtype);	/* x (or a number) as dtype */

/* views and indexing (pyview.c) */
struct pyobj *op_index(struct py_session *s, struct pyobj *x, struct pyobj *index);
int op_setitem(struct py_session *s, struct pyobj *x, struct pyobj *index, struct pyobj *v);
struct pyobj *op_transpose(struct py_session *s, struct pyobj *x, int a, int b, const char *grad);
struct pyobj *op_permute(struct py_session *s, struct pyobj *x, const int *perm);
struct pyobj *op_reshape(struct py_session *s, struct pyobj *x, int ndim, const int *shape, int view);
struct pyobj *op_unsqueeze(struct py_session *s, struct pyobj *x, int d);
struct pyobj *op_squeeze(struct py_session *s, struct pyobj *x, int d);	/* d < 0: every size-1 dim */
struct pyobj *op_contiguous(struct py_session *s, struct pyobj *x);
struct pyobj *op_clone(struct py_session *s, struct pyobj *x, const char *grad);
struct pyobj *op_to(struct py_session *s, struct pyobj *x, int dtype);
struct pyobj *op_detach(struct py_session *s, struct pyobj *x);

/* reductions: dims a bit set (all: every dim); has_dims: the call named dims */
enum { R_SUM, R_MEAN, R_VAR, R_STD };
struct pyobj *op_reduce(struct py_session *s, int op, struct pyobj *x, unsigned dims, int has_dims,
    int keepdim, int correction);
struct pyobj *op_max(struct py_session *s, struct pyobj *x, int dim, int keepdim, int is_min,
    int arg);		/* dim < 0: over everything */

/* element-wise functions */
enum { U_EXP, U_SQRT, U_ABS, U_TANH, U_LOG };	/* U_TANH, U_LOG: float32 only (their rows have no LIB_F64) */
struct pyobj *op_unary(struct py_session *s, int op, struct pyobj *x);
/* an element-wise result for the float tensor x, laid out as TensorIterator lays out `like` (x itself, or the
 * tensor x was converted from), uninitialised; *v is x's view in the result's memory order (pyops.c) */
struct pyobj *op_unary_out(struct py_session *s, struct pyobj *x, struct pyobj *like, struct tensor_view *v);
struct pyobj *op_softmax(struct py_session *s, struct pyobj *x, int dim);
struct pyobj *op_masked_fill(struct py_session *s, struct pyobj *x, struct pyobj *mask,
    struct pyobj *value, int inplace);
struct pyobj *op_tri(struct py_session *s, struct pyobj *x, long long k, int upper);
struct pyobj *op_cat(struct py_session *s, struct pyobj *seq, long long dim, int stack);
int op_allclose(struct py_session *s, struct pyobj *a, struct pyobj *b, double rtol, double atol,
    int *out);
int op_equal(struct py_session *s, struct pyobj *a, struct pyobj *b, int *out);
struct pyobj *op_linear(struct py_session *s, struct pyobj *x, struct pyobj *w, struct pyobj *b);
struct pyobj *op_dropout(struct py_session *s, struct pyobj *x, double p);
struct pyobj *op_dropout_inplace(struct py_session *s, struct pyobj *x, double p);
struct pyobj *op_from_data(struct py_session *s, struct pyobj *data, int dtype);	/* torch.tensor */
struct pyobj *op_tolist(struct py_session *s, struct pyobj *x);
struct pyobj *op_item(struct py_session *s, struct pyobj *x);
int op_truth(struct py_session *s, struct pyobj *o, int *out);	/* bool(o) */

/* ---- the library (pylib.c; its rows in lib_*.c, lib.h) ---- */

/*
 * One entry of the library, a row as Lua's luaL_Reg: its name, its own C
 * function and its parameters as PyTorch's signature spells them.  The
 * function gets a[] with the arguments bound to the parameters (NULL: not
 * given), self the tensor of a method, and the row (its name for
 * messages, op for a family of entries sharing one body).  A row does not
 * name its namespace: a table (lib.h) groups its rows under LIB_NS("torch")
 * heads and ends with LIB_END, and lib_reg.c lists the tables in the order
 * completion shows them; lib_ns(b) is a row's namespace.
 */
struct builtin;
/* a row's C function (lib_fn f; declares one) */
typedef struct pyobj *lib_fn(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a);
struct builtin {
	const char *name;	/* a LIB_NS head: the namespace; LIB_END: NULL */
	lib_fn *fn;
	int op;			/* what differs in a family: B_ADD for add, U_EXP for exp, ... */
	const char *params;	/* "dim=None, keepdim=False"; "*size" takes the other positional ones as a tuple */
	unsigned flags;		/* LIB_* below */
};

#define LIB_SELF_FIRST 1u	/* torch.f(x, ...) as x.f(...): the first parameter, "input", is self */
#define LIB_F64 2u		/* takes float64 tensors and dtype=torch.float64 (pyf64.c; a row of Python's
				 * builtins always does); without it a float64 argument is refused */
#define LIB_VF 8u		/* one of torch._C._VariableFunctions (PyTorch's C++ torch.f, its argument parser):
				 * Python's messages about a call name it torch._VariableFunctionsClass.f */
#define LIB_HEAD 4u		/* not a row: the rows after it, to the next head, are in namespace name */
/* the namespace of the rows that follow: "torch", "torch.nn", "torch.nn.functional", "torch.linalg",
 * "math", "" (Python's builtins), "Tensor" (a tensor's methods), "str", "list", "Module", "ModuleList" */
#define LIB_NS(ns) { ns, NULL, 0, NULL, LIB_HEAD }
#define LIB_END { NULL, NULL, 0, NULL, 0 }

/* b's namespace: the LIB_NS head before it in its table (pyval.c) */
const char *lib_ns(const struct builtin *b);
/* the class row f is, by its qualified name ("torch.nn.modules.linear.Linear"), or NULL: not a class (pyval.c) */
const char *class_name(const struct builtin *f);
const struct builtin *lib_find(const char *ns, const char *name);
/* a module `import` takes: torch, torch.nn, torch.nn.functional, torch.linalg, math, logging
 * (its name, static), else NULL (pyparse.c) */
const char *py_module_known(const char *m);
/* lib_find for the parser (`from torch import NAME`) and for the files whose tables the registry lists
 * (lib_misc.c's type(), lib_nn.c's Module methods): set by stmt_hooks, so that calls go one way (the registry
 * names their tables); NULL before: the parser lets every name pass, and the import says it when it runs */
extern const struct builtin *(*lib_find_hook)(const char *ns, const char *name);
/* The names in a namespace ("Tensor" for the methods), NULL-terminated; static. */
const char *const *lib_names(const char *ns);
struct pyobj *lib_call(struct py_session *s, struct pyobj *fn, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw);
struct pyobj *lib_call_module(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw);
struct pyobj *embed_forward(struct py_session *s, struct pyobj *m, struct pyobj *x);	/* an nn.Embedding called (lib_bigram.c) */
/* x.name for a tensor: T, shape, dtype, ... or a bound method; NULL after an error */
struct pyobj *lib_tensor_attr(struct py_session *s, struct pyobj *x, const char *name);
/* self.name as a method of namespace ns ("str") bound to self, or NULL (no error) when ns has none */
struct pyobj *lib_bound(struct pyobj *self, const char *ns, const char *name);

/* ---- str (lib_str.c, lib_strfmt.c) ---- */
struct pyobj *str_subscript(struct py_session *s, struct pyobj *o, struct pyobj *idx);	/* s[i], s[a:b] */
struct pyobj *str_repeat(struct py_session *s, const struct pyobj *o, long long k);	/* s * k */
struct pyobj *str_percent(struct py_session *s, const struct pyobj *fmt, struct pyobj *args);	/* fmt % args */
/* a row without params (NULL: str.format's *args, **kwargs) called with the call's own arguments */
struct pyobj *str_format(struct py_session *s, struct pyobj *self, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw);	/* self.format(...) */

/* ---- dict (pydata.c; its methods lib_dict.c) ---- */
struct pyobj *dict_new(void);
int dict_hashable(struct py_session *s, const struct pyobj *k);	/* -1 after "unhashable type" */
/* the index of k's pair, -1 when none, -2 after an unhashable k */
int dict_find(struct py_session *s, const struct pyobj *d, const struct pyobj *k);
int dict_set(struct py_session *s, struct pyobj *d, struct pyobj *k, struct pyobj *v);	/* d[k] = v */
struct pyobj *dict_get(struct py_session *s, const struct pyobj *d, const struct pyobj *k);	/* d[k]; KeyError */
int dict_del(struct py_session *s, struct pyobj *d, const struct pyobj *k);	/* del d[k]; KeyError */
struct pyobj *dict_cut(struct pyobj *d, int i);	/* pair i taken out: its value */
void *dict_key_error(struct py_session *s, const struct pyobj *k);	/* KeyError: repr(k); NULL */
struct pyobj *dict_items(const struct pyobj *d, int op);	/* a tuple of the keys (0), values (1), pairs (2) (pyval.c) */

/* ---- iteration and its builtins (lib_iter.c) ---- */

/* o's items as a new tuple or list (a tensor: its rows); NULL after "object is not iterable" */
struct pyobj *py_iter_items(struct py_session *s, struct pyobj *o);
/* l (a list) extended in place by the items of xs (lib_list.c); -1 after xs's error */
int list_extend(struct py_session *s, struct pyobj *l, struct pyobj *xs);
long long range_len(const struct pyobj *o);	/* a range's count of ints */
/* a walk over seq (its reference taken): 0, or -1 after "object is not iterable" */
int py_iter_begin(struct py_session *s, struct pyobj *seq, struct pyiter *it);
/* the next item (a new reference): 1; 0 at the end; -1 after an error */
int py_iter_next(struct py_session *s, struct pyiter *it, struct pyobj **item);
void py_iter_end(struct pyiter *it);
/* the next item of an enumerate or a zip (a PY_GEN not of GEN_EXPR), as py_iter_next (lib_iter.c) */
int py_lazy_next(struct py_session *s, struct pygen *g, struct pyobj **item);
/* a generator's next item, as py_iter_next (pycomp.c's gen_next; set by stmt_hooks, so that
 * lib_iter.c calls it without calling into pycomp.c) */
extern int (*py_gen_next)(struct py_session *s, struct pyobj *g, struct pyobj **item);	/* pyval.c */
/* what is left of a generator, as a tuple (it is used up); NULL after an error inside (pyval.c) */
struct pyobj *py_gen_drain(struct py_session *s, struct pyobj *g);
/* the object pointers gathered in b as a new sequence of type (ok), or released (not ok); b emptied */
struct pyobj *py_seq_of_buf(int type, struct sbuf *b, int ok);
int gen_next(struct py_session *s, struct pyobj *g, struct pyobj **item);

/* f-strings, comprehensions, a if c else b (pycomp.c; pyeval.c calls it through s->eval_more) */
struct pyobj *comp_eval(struct py_session *s, const struct node *n);
/* the function a def or a lambda makes (pycomp.c): its defaults evaluated now, the names it closes over captured; NULL after an error */
struct pyobj *function_new(struct py_session *s, const struct stmt *def);

/* format(v, spec) appended to b (lib_fmt.c): 0, or -1 with Python's error */
int py_format(struct py_session *s, struct sbuf *b, struct pyobj *v, const char *spec, size_t n);

/* ---- nn.Module subclasses (pyclass.c) and torch.nn's containers (lib_nn.c) ---- */

/* class NAME(BASE): body's names (the frame's locals) as the class's namespace; NULL after an error */
struct pyobj *cls_define(struct py_session *s, const struct stmt *st, struct pyobj *base, struct pyframe *body);
struct pyobj *cls_getattr(struct py_session *s, struct pyobj *o, const char *name);	/* CLASS, OBJ, METHOD, SUPER */
int cls_setattr(struct py_session *s, struct pyobj *o, const char *name, struct pyobj *v);	/* o.name = v */
/* f(...) for a CLASS (a new instance), an OBJ (its forward), a METHOD */
struct pyobj *cls_call(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw);
int nn_is_module(const struct pyobj *o);	/* an nn.Module: Linear, Dropout, ..., or an OBJ */
struct pyobj *nn_obj_new(int kind, struct pyobj *cls);	/* a new instance (training, not yet inited unless a container) */
struct pyattr *nn_attr_find(const struct pyobj *o, const char *name, int kind);	/* kind -1: any */
void nn_attr_put(struct pyobj *o, const char *name, struct pyobj *v, int kind);	/* replaced in place, or added */
void nn_attr_del(struct pyobj *o, const char *name);
/* the Module method `name` bound to m (an OBJ or a torch.nn module), or NULL (no error) when there is none */
struct pyobj *nn_method(struct py_session *s, struct pyobj *m, const char *name);
struct pyobj *nn_getitem(struct py_session *s, struct pyobj *o, struct pyobj *idx);	/* ModuleList/Sequential[i] */
struct pyobj *nn_children(const struct pyobj *o);	/* a container's modules as a tuple; NULL: o is not one */
const char *nn_typename(const struct pyobj *o);	/* torch.typename(o): "torch.FloatTensor", "int" */

/* ---- evaluation (pyeval.c) ---- */

struct pyobj *eval_node(struct py_session *s, const struct node *n);
/* f(args..., kwnames=kwargs...) for any callable f, the arguments borrowed (the library: s->call_value) */
struct pyobj *py_call_value(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw);
int assign(struct py_session *s, const struct node *target, struct pyobj *v);	/* target = v */
int exec_simple(struct py_session *s, const struct stmt *st);	/* a simple statement: 0 or -1 */
/* a statement's state reset: output, error buffer, depth */
void eval_begin(struct py_session *s, const struct print_opts *po, struct sbuf *out, char *err, size_t errlen);
/*
 * The evaluator's three ways up, s->call_user (pystmt.c's calls of script
 * functions), s->call_value (pyeval.c's py_call_value) and s->eval_more
 * (pycomp.c's comp_eval), set in this one
 * place (pystmt.c) by every entry before it evaluates: py_exec,
 * py_exec_cell, expr.c's expr_eval_in and py_print_expr.
 */
void stmt_hooks(struct py_session *s);

/* Python's operators on values (pyarith.c): O_* codes; a tensor on either side goes to pyops.c */
struct pyobj *arith_binop(struct py_session *s, int op, struct pyobj *a, struct pyobj *b);
struct pyobj *arith_compare(struct py_session *s, int op, struct pyobj *a, struct pyobj *b);
struct pyobj *arith_unary(struct py_session *s, int op, struct pyobj *a);
struct pyobj *arith_subscript(struct py_session *s, struct pyobj *o, struct pyobj *idx);
int arith_bop_code(int op);			/* O_ADD -> B_ADD */
int arith_is_seq(const struct pyobj *o);	/* tuple, list or torch.Size */
/* advanced indexing, reading (pyindex.c): index holds an integer tensor, a list, or a mask among other items */
int adv_index_has(const struct pyobj *index);
struct pyobj *adv_index(struct py_session *s, struct pyobj *x, struct pyobj *index);	/* x[index]: a copy */

/* names behind a dot and "did you mean" (pynames.c) */
struct pyobj *names_attr(struct py_session *s, struct pyobj *o, const char *name);	/* o not a module */
struct suggest {
	const char *name, *best;	/* the name not found; the closest so far */
	size_t best_d;
	int count;			/* names tried */
};
void suggest_try(struct suggest *g, const char *item);
/* one expression's value (print(x) is x); what print() calls print goes to out */
struct pyobj *py_eval_expr(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out,
    char *err, size_t errlen);

#endif
