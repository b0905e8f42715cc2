/* readprint.h - THEIRS for check mode: PyTorch prints (or JSON) read back into numbers. */
#ifndef READPRINT_H
#define READPRINT_H

#include <stddef.h>

/*
 * Ownership: rp_read() and rp_load() fill a struct rp_set that owns every
 * tensor in it and every string and value array of those tensors; release
 * it all with rp_free() (also after a failed read, which leaves the set
 * empty).  The other functions borrow their arguments.
 *
 * What is read is in shared/spec/check.md ("THEIRS"): every `tensor(...)`
 * print in a text (notebook, terminal, log), with the label a line names it
 * by, or a JSON object {name: nested arrays of numbers}, or the tool's own
 * --json array.  A print summarised with "..." keeps only the elements it
 * shows: per dimension the reader knows how many came before and after the
 * "..." and that at least one was hidden, not the size; rp_fits() and
 * rp_index() relate the shown elements to a candidate full shape.
 */

#define RP_MAXDIM 8			/* as TENSOR_MAXDIM: a print nested deeper is refused */
#define RP_MAX_VALUES ((size_t)1 << 25)	/* values one reading may hold in all (refused beyond) */

enum rp_dtype {			/* from a dtype= suffix, else from what the print shows */
	RP_FLOAT32,		/* the default: no dtype= suffix and a '.', 'e', inf or nan; JSON numbers */
	RP_FLOAT64, RP_FLOAT16, RP_BFLOAT16,
	RP_INT64,		/* no suffix and bare integers; a float32 print at precision 0 looks the same
				 * (and is what bare integers beside inf or nan are) */
	RP_INT32, RP_INT16, RP_INT8, RP_UINT8,
	RP_BOOL			/* True / False (JSON true / false), read as 1 and 0 */
};

enum rp_notation {
	RP_UNROUNDED,		/* JSON: match within 1e-6 * max(1, |x|) (check.md) */
	RP_INTEGER,		/* "1.", "-3." (float integer mode), integer and bool tensors */
	RP_FIXED,		/* "0.2899": precision digits after the point */
	RP_SCI			/* "1.0000e-03": precision digits after the mantissa's point */
};

struct rp_tensor {
	char *label;		/* bare identifier ("attn_weights"), the JSON key (control bytes as '?'), or NULL */
	int line, col;		/* where "tensor(" (not "Parameter containing:"), or the JSON value,
				 * starts; 1-based, col in characters (UTF-8) */
	int json;		/* read from JSON */
	int named;		/* its label is the "name" of an object of --json's array: a stage name as attn-explain wrote it */
	enum rp_dtype dtype;
	int ndim;		/* 0 (tensor(1.)) .. RP_MAXDIM */
	/*
	 * Per dimension d < ndim: shown[d] items were printed.  When
	 * summarised[d], a "..." stood after the first head[d] of them and the
	 * true size is at least shown[d] + 1 (size[d] is then -1); otherwise
	 * size[d] == shown[d] == head[d].  An empty tensor has a 0 in shown[].
	 */
	int shown[RP_MAXDIM], head[RP_MAXDIM], summarised[RP_MAXDIM], size[RP_MAXDIM];
	size_t nshown;		/* product of shown[0..ndim-1]; 1 when ndim is 0 */
	double *v;		/* nshown values, row-major over the shown grid; inf, -inf, nan kept */
	/*
	 * The equality rule's facts (check.md "Equal or not"): unit is one unit
	 * of the last printed digit, 10^-precision in fixed notation, in
	 * scientific notation that of the largest printed element (1.2346e+03
	 * at precision 4: 0.1), 1 for RP_INTEGER, 0 for RP_UNROUNDED.
	 * precision is the digits after the point (0 for RP_INTEGER, -1 for
	 * RP_UNROUNDED).  A hand-made print with uneven digits gets the
	 * coarsest unit among its elements.
	 */
	enum rp_notation notation;
	int precision;
	double unit;
	char *grad_fn;		/* "SoftmaxBackward0" from grad_fn=<SoftmaxBackward0>, or NULL */
	int requires_grad;	/* requires_grad=True printed, or a grad_fn (which implies it) */
	int parameter;		/* "Parameter containing:" on the line before */
	char *device;		/* "cuda:0" from device='cuda:0', or NULL */
};

struct rp_set {
	int n;			/* tensors, in the order of the text */
	struct rp_tensor *t;
};

/*
 * Read THEIRS, len bytes of text (NUL bytes allowed); path names it in
 * errors.  It is JSON when its first non-space character is '{' or '[' and
 * it parses as JSON; otherwise text holding prints.  0, or -1 with one line
 * in err (no program name, no newline), "PATH:LINE:COL: expected ..., got ...".
 * Time and memory are linear in len.
 */
int rp_read(struct rp_set *out, const char *path, const char *text, size_t len, char *err, size_t errlen);
/* The same from a file, "-" being standard input; "PATH: strerror" when it cannot be read. */
int rp_load(struct rp_set *out, const char *path, char *err, size_t errlen);
void rp_free(struct rp_set *s);

/* 1 when a tensor of this shape prints with t's layout: same ndim, and per dim size == shown, or > shown where summarised. */
int rp_fits(const struct rp_tensor *t, int ndim, const int *shape);
/*
 * Shown element k (0 <= k < t->nshown, the index into t->v) in a tensor of
 * `shape`, one that rp_fits(): its full index into idx[0..ndim-1], and its
 * row-major offset as the return value.
 */
size_t rp_index(const struct rp_tensor *t, size_t k, const int *shape, int *idx);

const char *rp_dtype_name(enum rp_dtype d);	/* "float32", "int64", "bool", ... */

#endif
