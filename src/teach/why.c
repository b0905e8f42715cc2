/*
 * why.c - why one element of a stage is what it is: the arithmetic of
 * that element, with the real numbers, from the elements of the stages
 * before it; then, as deep as asked, the same for those elements.
 *
 * One rule per kind of stage, in the order of stage.c's steps.  A rule
 * computes its element with the kernels the stage used (tensor_dot for a
 * matrix product's output, tensor_softmax_steps for a softmax row,
 * tensor_sum, tensor_scale, tensor_mul, rng_dropout_scale), so the value
 * it shows is the stage's own float, bit for bit (tests/test_why.c checks
 * every element of the examples), and it writes the numbers those
 * kernels met on the way.  Numbers print as print() prints a 0-d tensor
 * of them, so "= VALUE" reads exactly as print(NAME[INDEX]) does.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "why.h"

/* The tensors an element may come from: the stages, then each layer's weight and bias. */
#define SRC_WEIGHT ST_COUNT	/* + 2 * layer: its weight; + 1: its bias */
#define NSRC (ST_COUNT + 2 * NLAYER)

/* Items of a sum or a row written out before "…", unless verbose: the first three and the last. */
#define WHY_SHOWN 8

static const char *const *const layer_var = input_layer_names;

struct elem {
	int src;		/* ST_*, or SRC_WEIGHT + 2 * layer (+ 1: bias) */
	size_t flat;		/* row-major position in that tensor */
};

/* One step in the making: its formula, its lines, its value, the elements it used. */
struct step {
	const struct run *r;
	const struct input *in;
	const struct why_opts *o;
	struct elem e;
	const struct tensor *t;		/* e's tensor */
	int ix[TENSOR_MAXDIM];		/* e's index */
	struct sbuf head;		/* the formula, after "NAME[INDEX] = " */
	struct sbuf body;		/* the indented lines before "= VALUE" */
	const char *teach;		/* why the step exists (--explain) */
	int quiet;			/* the value only (why_value): no text, no numbers printed */
	float value;
	/*
	 * What a learner gets from the rounded numbers printed, in double:
	 * the last line's operation (naive_line), and the whole formula from
	 * the elements of the stages before (naive_formula).
	 */
	int has_naive;
	double naive_line, naive_formula;
	struct elem *used;
	size_t nused, cap;
};

/* ---- names and numbers ---- */

static const struct tensor *
src_tensor(const struct run *r, int src)
{
	if (src < ST_COUNT)
		return r->st[src];
	src -= SRC_WEIGHT;
	return src % 2 ? r->layer[src / 2].b : r->layer[src / 2].w;
}

/* "attn_weights", "W_query", "W_query.weight", "out_proj.bias" */
static const char *
src_name(const struct run *r, int src, char *buf, size_t len)
{
	int l;

	if (src < ST_COUNT)
		return stage_defs[src].name;
	l = (src - SRC_WEIGHT) / 2;
	if (!r->layer[l].linear)
		return layer_var[l];
	snprintf(buf, len, "%s.%s", layer_var[l], (src - SRC_WEIGHT) % 2 ? "bias" : "weight");
	return buf;
}

/* NAME[i, j, ...] of element flat of src; the index of dimension pos (if >= 0) written as sym. */
static void
add_elem(struct sbuf *b, const struct run *r, int src, size_t flat, int pos, const char *sym)
{
	const struct tensor *t = src_tensor(r, src);
	char buf[64];
	int ix[TENSOR_MAXDIM], d;

	tensor_unravel(t, flat, ix);
	sbuf_add(b, src_name(r, src, buf, sizeof buf));
	sbuf_addc(b, '[');
	for (d = 0; d < t->ndim; d++) {
		if (d > 0)
			sbuf_add(b, ", ");
		if (d == pos)
			sbuf_add(b, sym);
		else
			sbuf_addf(b, "%d", ix[d]);
	}
	sbuf_addc(b, ']');
}

/*
 * x as print() shows a 0-d tensor holding it, without "tensor(" and ")"
 * and without the padding PyTorch may put before it (tensor( 4.3000e+05)):
 * a value in a step stands alone
 */
static void
add_num(struct sbuf *b, float x, const struct print_opts *po)
{
	struct tensor t;
	char *s;
	size_t n, pad;

	if (po == NULL)
		return;
	memset(&t, 0, sizeof t);
	t.numel = 1;
	t.data = &x;
	s = print_tensor_str(&t, po);
	n = strlen(s);
	if (n >= 8 && strncmp(s, "tensor(", 7) == 0) {
		pad = strspn(s + 7, " ");
		sbuf_addn(b, s + 7 + pad, n - 8 - pad);
	} else {
		sbuf_add(b, s);
	}
	free(s);
}

/* x as a learner reads it off the screen: the printed digits, back as a number */
static double
rounded(float x, const struct print_opts *po)
{
	struct sbuf b = { 0 };
	char *s;
	double v;

	if (po == NULL)
		return 0;
	add_num(&b, x, po);
	s = sbuf_take(&b);
	v = strtod(s, NULL);
	free(s);
	return v;
}

/* How a step prints its numbers: NULL when it makes its value only. */
static const struct print_opts *
num_po(const struct step *st)
{
	return st->quiet ? NULL : &st->o->po;
}

/* x as print shows it, ending the body's line */
static void
num_end(struct step *st, float x)
{
	add_num(&st->body, x, num_po(st));
	sbuf_addc(&st->body, '\n');
}

static void
use(struct step *st, int src, size_t flat)
{
	if (st->nused == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 16;
		st->used = xrealloc(st->used, st->cap * sizeof *st->used);
	}
	st->used[st->nused].src = src;
	st->used[st->nused++].flat = flat;
}

/* Is item k of n written out?  All up to WHY_SHOWN (or verbose), else the first three and the last. */
static int
shown(int k, int n, int verbose)
{
	return verbose || n <= WHY_SHOWN || k < 3 || k == n - 1;
}

/* "[a, b, c, …, z]   (n values)": n floats of x, every stride-th; nothing when po is NULL */
static void
add_list(struct sbuf *b, const float *x, size_t stride, int n, const struct print_opts *po, int verbose)
{
	int k;

	if (po == NULL)
		return;
	sbuf_addc(b, '[');
	for (k = 0; k < n; k++) {
		if (!shown(k, n, verbose)) {
			if (k == 3)
				sbuf_add(b, ", …");
			continue;
		}
		if (k > 0)
			sbuf_add(b, ", ");
		add_num(b, x[(size_t)k * stride], po);
	}
	sbuf_addc(b, ']');
	if (n > WHY_SHOWN)
		sbuf_addf(b, "   (%d values)", n);
}

/* a body line: four spaces, the text, a newline */
static void
line(struct step *st, const char *fmt, ...)
{
	va_list ap;

	sbuf_add(&st->body, "    ");
	va_start(ap, fmt);
	sbuf_vaddf(&st->body, fmt, ap);
	va_end(ap);
	sbuf_addc(&st->body, '\n');
}

/* "    NAME[INDEX] = x" */
static void
line_elem(struct step *st, int src, size_t flat)
{
	const struct tensor *t = src_tensor(st->r, src);

	sbuf_add(&st->body, "    ");
	add_elem(&st->body, st->r, src, flat, -1, NULL);
	sbuf_add(&st->body, " = ");
	num_end(st, t->data[flat]);
}

/* A step that moves a number without changing it: the element it copies, as its line, value and use. */
static void
copied(struct step *st, int src, size_t flat)
{
	line_elem(st, src, flat);
	st->value = src_tensor(st->r, src)->data[flat];
	use(st, src, flat);
}

/* "    = x OP y" */
static void
line_op(struct step *st, float x, const char *op, float y)
{
	sbuf_add(&st->body, "    = ");
	add_num(&st->body, x, num_po(st));
	sbuf_addf(&st->body, " %s ", op);
	num_end(st, y);
}

/* A row of the stage's (…, T, T) shape: the flat position of its first element. */
static size_t
row_start(const struct step *st)
{
	return st->e.flat - st->e.flat % (size_t)st->r->T;
}

/* ---- the rules, in the order of the steps ---- */

/* inputs and weights: given in the file or drawn */
static void
rule_leaf(struct step *st)
{
	const struct run *r = st->r;
	const struct input *in = st->in;
	const int *dm = in->rand_dims;

	st->value = st->t->data[st->e.flat];
	if (st->e.src == ST_INPUTS) {
		st->teach = "The inputs are the token embeddings, one row per token: every number of the run starts here.";
		if (in->inputs != NULL)
			sbuf_add(&st->head, "given in the input file");
		else if (in->rand_ndim == 3)
			sbuf_addf(&st->head, "drawn by torch.%s(%d, %d, %d) after torch.manual_seed(%llu)",
			    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1], dm[2], (unsigned long long)in->seed);
		else
			sbuf_addf(&st->head, "drawn by torch.%s(%d, %d) after torch.manual_seed(%llu)",
			    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1], (unsigned long long)in->seed);
		return;
	}
	st->teach = (st->e.src - SRC_WEIGHT) % 2 ?
	    "A bias, added after the sum of products: it shifts this output column whatever the input." :
	    "A weight of a projection: training learns it; before training it is drawn at random "
	    "(with the same seed, PyTorch draws the same numbers) or, here maybe, given.";
	if (!r->drawn)
		sbuf_add(&st->head, "given in the input file");
	else if (r->layer[(st->e.src - SRC_WEIGHT) / 2].linear)
		sbuf_addf(&st->head, "drawn by nn.Linear's initialisation after torch.manual_seed(%llu)",
		    (unsigned long long)in->seed);
	else
		sbuf_addf(&st->head, "drawn by torch.%s after torch.manual_seed(%llu)",
		    in->init == INIT_RANDN ? "randn" : "rand", (unsigned long long)in->seed);
}

/*
 * A sum of products as the matrix product computes it:
 * Σ_sym A[a0 + k*sa] · B[b0 + k*sb] (+ bias), k < K.
 * apos, bpos: the dimension of A's and B's index that sym runs over.
 */
struct dot {
	int asrc, bsrc, bias_src;	/* bias_src -1: no bias */
	size_t a0, sa, b0, sb, bias_flat;
	int K, apos, bpos;
	const char *sym;
};

static void
rule_dot(struct step *st, const struct dot *d)
{
	const struct run *r = st->r;
	const struct tensor *A = src_tensor(r, d->asrc), *B = src_tensor(r, d->bsrc);
	const float *bias = d->bias_src >= 0 ? src_tensor(r, d->bias_src)->data + d->bias_flat : NULL;
	const float *a = A->data + d->a0, *b = B->data + d->b0;
	float *prod = xmalloc((size_t)(d->K > 0 ? d->K : 1) * sizeof *prod);
	const struct print_opts *po = num_po(st);
	int k, pass;
	double naive = 0, terms = 0;

	sbuf_addf(&st->head, "Σ_%s ", d->sym);
	add_elem(&st->head, r, d->asrc, d->a0, d->apos, d->sym);
	sbuf_add(&st->head, " · ");
	add_elem(&st->head, r, d->bsrc, d->b0, d->bpos, d->sym);
	if (bias != NULL) {
		sbuf_add(&st->head, " + ");
		add_elem(&st->head, r, d->bias_src, d->bias_flat, -1, NULL);
	}
	st->value = tensor_dot(a, d->sa, b, d->sb, d->K, bias, prod);
	/* the products, then their values: the sum in the kernel's order, left to right */
	for (pass = 0; pass < 2; pass++) {
		sbuf_add(&st->body, "    = ");
		if (d->K == 0)
			sbuf_add(&st->body, "0 (an empty sum)");
		for (k = 0; k < d->K; k++) {
			if (!shown(k, d->K, st->o->verbose)) {
				if (k == 3)
					sbuf_add(&st->body, " + …");
				continue;
			}
			if (k > 0)
				sbuf_add(&st->body, " + ");
			if (pass == 0) {
				add_num(&st->body, a[(size_t)k * d->sa], po);
				sbuf_add(&st->body, " · ");
				add_num(&st->body, b[(size_t)k * d->sb], po);
			} else {
				add_num(&st->body, prod[k], po);
			}
		}
		if (bias != NULL) {
			sbuf_add(&st->body, " + ");
			add_num(&st->body, *bias, po);
		}
		if (d->K > WHY_SHOWN)
			sbuf_addf(&st->body, "   (%d products%s)", d->K, bias != NULL ? " and the bias" : "");
		sbuf_addc(&st->body, '\n');
	}
	for (k = 0; k < d->K; k++) {
		naive += rounded(a[(size_t)k * d->sa], po) * rounded(b[(size_t)k * d->sb], po);
		terms += rounded(prod[k], po);
	}
	if (bias != NULL) {
		naive += rounded(*bias, po);
		terms += rounded(*bias, po);
	}
	st->has_naive = 1;
	st->naive_formula = naive;
	st->naive_line = terms;
	for (k = 0; k < d->K; k++)
		use(st, d->asrc, d->a0 + (size_t)k * d->sa);
	for (k = 0; k < d->K; k++)
		use(st, d->bsrc, d->b0 + (size_t)k * d->sb);
	if (bias != NULL)
		use(st, d->bias_src, d->bias_flat);
	free(prod);
}

/*
 * A projection's element (…, t, j) of x (…, T, in) and layer L:
 * Σ_k x[…, t, k] · W[k, j], or · weight[j, k] + bias[j] for nn.Linear.
 */
static void
rule_project(struct step *st, int from, int layer)
{
	const struct layer *L = &st->r->layer[layer];
	const struct tensor *x = st->r->st[from];
	int in = x->shape[x->ndim - 1], out = st->t->shape[st->t->ndim - 1];
	size_t row = st->e.flat / (size_t)out, j = st->e.flat % (size_t)out;
	struct dot d = { .asrc = from, .a0 = row * (size_t)in, .sa = 1, .bsrc = SRC_WEIGHT + 2 * layer,
	    .K = in, .apos = x->ndim - 1, .sym = "k", .bias_src = -1 };

	if (L->linear) {	/* weight (out, in): row j */
		d.b0 = j * (size_t)in;
		d.sb = 1;
		d.bpos = 1;
	} else {		/* W (in, out): column j */
		d.b0 = j;
		d.sb = (size_t)out;
		d.bpos = 0;
	}
	if (L->b != NULL) {
		d.bias_src = SRC_WEIGHT + 2 * layer + 1;
		d.bias_flat = j;
	}
	st->teach = from == ST_INPUTS ?
	    "A projection is a weighted sum of the token's features, one set of weights per output column, "
	    "learned in training. PyTorch adds the products in order, each rounded to float32, and the bias last." :
	    "The output projection mixes the heads' results into one vector per token: a weighted sum of the "
	    "merged columns, like any projection.";
	rule_dot(st, &d);
}

/* simple mode: queries = keys = values = inputs */
static void
rule_same(struct step *st)
{
	add_elem(&st->head, st->r, ST_INPUTS, st->e.flat, -1, NULL);
	sbuf_add(&st->head, "   (no weights: queries = keys = values = inputs)");
	copied(st, ST_INPUTS, st->e.flat);
	st->teach = "Without trainable weights each token is its own query, key and value (the book's first, "
	    "simplified self-attention).";
}

/*
 * Splitting into heads and merging them move numbers and compute none:
 * element (b, h, t, d) of the heads layout is element (b, t, h·head_dim +
 * d) of the merged one.  The head reads "stage[b, " and where it sits (the
 * batch index only in a batched run), one line says which index that is,
 * and the element is copied from stage from: queries, keys or values when
 * splitting, context_vecs when merging.
 */
static void
moved(struct step *st, int from, int b, int t, int h, int d)
{
	const struct run *r = st->r;
	int c = h * r->hd + d, merge = from == ST_CONTEXT_VECS;
	size_t flat = merge ? (((size_t)b * r->H + (size_t)h) * r->T + (size_t)t) * (size_t)r->hd + (size_t)d :
	    ((size_t)b * r->T + (size_t)t) * (size_t)r->d_out + (size_t)c;

	sbuf_addf(&st->head, "%s[", stage_defs[from].name);
	if (r->batched)
		sbuf_addf(&st->head, "%d, ", b);
	if (merge) {
		sbuf_addf(&st->head, "h, %d, d],  h = %d // head_dim, d = %d %% head_dim", t, c, c);
		line(st, "h = %d // %d = %d, d = %d %% %d = %d", c, r->hd, h, c, r->hd, d);
	} else {
		sbuf_addf(&st->head, "%d, h·head_dim + d]", t);
		line(st, "h·head_dim + d = %d·%d + %d = %d", h, r->hd, d, c);
	}
	copied(st, from, flat);
	st->teach = merge ? "Merging puts the heads' context vectors side by side again: column c comes from head "
	    "c // head_dim, its column c % head_dim." :
	    "Splitting into heads moves no number: head h reads its own head_dim consecutive columns of the "
	    "projection, so that each head can attend to something else.";
}

/* queries_heads[…, h, t, d] = queries[…, t, h·head_dim + d] */
static void
rule_heads(struct step *st)
{
	int nd = st->t->ndim;

	moved(st, st->e.src - ST_QUERIES_HEADS + ST_QUERIES, st->r->batched ? st->ix[0] : 0, st->ix[nd - 2],
	    st->ix[nd - 3], st->ix[nd - 1]);
}

/* attn_scores[…, i, j] = Σ_d q[…, i, d] · k[…, j, d] */
static void
rule_scores(struct step *st)
{
	const struct run *r = st->r;
	int q = r->H > 1 ? ST_QUERIES_HEADS : ST_QUERIES, k = r->H > 1 ? ST_KEYS_HEADS : ST_KEYS;
	size_t T = (size_t)r->T, blk = st->e.flat / (T * T), i = st->e.flat / T % T, j = st->e.flat % T;
	struct dot d = { .asrc = q, .a0 = (blk * T + i) * (size_t)r->hd, .sa = 1, .bsrc = k,
	    .b0 = (blk * T + j) * (size_t)r->hd, .sb = 1, .K = r->hd, .sym = "d", .bias_src = -1 };

	d.apos = d.bpos = r->st[q]->ndim - 1;
	st->teach = "A score is the dot product of a query with a key: large when the two point the same way, "
	    "so that this token pays attention to that one.";
	rule_dot(st, &d);
}

/* mask[i, j] = 1 if j > i else 0; mask_simple[i, j] = 1 if j ≤ i else 0 */
static void
rule_tri(struct step *st)
{
	int i = st->ix[0], j = st->ix[1], upper = st->e.src == ST_MASK;

	sbuf_add(&st->head, upper ? "1 if j > i else 0" : "1 if j ≤ i else 0");
	sbuf_addf(&st->head, "   (torch.%s(torch.ones(%d, %d)%s))", upper ? "triu" : "tril", st->r->T, st->r->T,
	    upper ? ", diagonal=1" : "");
	line(st, "i = %d, j = %d: %s", i, j, j > i ? "j > i, a future token" : "j ≤ i");
	st->value = upper ? (float)(j > i) : (float)(j <= i);
	st->teach = upper ? "The causal mask marks the future: token i may only look at tokens 0 to i, as when a "
	    "model writes text one token at a time." :
	    "The other route's mask: 1 keeps the past and the present, 0 will zero the future.";
}

/* masked_scores[…, i, j] = -inf if mask[i, j] = 1 else attn_scores[…, i, j] */
static void
rule_masked(struct step *st)
{
	const struct run *r = st->r;
	int nd = st->t->ndim, i = st->ix[nd - 2], j = st->ix[nd - 1];
	size_t m = (size_t)i * r->T + (size_t)j;

	sbuf_add(&st->head, "-inf if ");
	add_elem(&st->head, r, ST_MASK, m, -1, NULL);
	sbuf_add(&st->head, " = 1 else ");
	add_elem(&st->head, r, ST_ATTN_SCORES, st->e.flat, -1, NULL);
	sbuf_add(&st->body, "    ");
	add_elem(&st->body, r, ST_MASK, m, -1, NULL);
	sbuf_add(&st->body, " = ");
	add_num(&st->body, r->st[ST_MASK]->data[m], num_po(st));
	sbuf_addf(&st->body, "   (j = %d %s i = %d%s)\n", j, j > i ? ">" : "≤", i, j > i ? ": a future token" : "");
	st->teach = "-inf and not 0: softmax gives exp(-inf) = 0, exactly no weight, while a score of 0 would still "
	    "get exp(0 - m) > 0.";
	if (r->st[ST_MASK]->data[m] != 0) {
		st->value = -INFINITY;	/* as mask_rows() writes it */
		use(st, ST_MASK, m);
		return;
	}
	copied(st, ST_ATTN_SCORES, st->e.flat);
}

/* "sqrt(head_dim) = sqrt(2) = 1.4142" or "scale = 0.25" */
static void
line_scale(struct step *st)
{
	const struct run *r = st->r;

	sbuf_add(&st->body, "    ");
	if (r->scale_divides)
		sbuf_addf(&st->body, "sqrt(head_dim) = sqrt(%d) = ", r->hd);
	else
		sbuf_add(&st->body, "scale = ");
	num_end(st, r->scale_used);
}

/* scaled_scores[…] = (masked) scores / sqrt(head_dim), or · scale, or the scores */
static void
rule_scaled(struct step *st)
{
	const struct run *r = st->r;
	int from = r->causal ? ST_MASKED_SCORES : ST_ATTN_SCORES;
	float x = r->st[from]->data[st->e.flat];
	const struct print_opts *po = num_po(st);

	add_elem(&st->head, r, from, st->e.flat, -1, NULL);
	use(st, from, st->e.flat);
	if (!r->scaled) {
		sbuf_add(&st->head, "   (simple mode: not scaled)");
		line_elem(st, from, st->e.flat);
		st->value = x;
		st->teach = "Simple mode does not scale: the scores go to softmax as they are.";
		return;
	}
	sbuf_add(&st->head, r->scale_divides ? " / sqrt(head_dim)" : " · scale");
	line_scale(st);
	line_op(st, x, r->scale_divides ? "/" : "·", r->scale_used);
	tensor_scale(&st->value, &x, 1, r->scale_used, r->scale_divides);
	st->has_naive = 1;
	st->naive_line = st->naive_formula = r->scale_divides ? rounded(x, po) / rounded(r->scale_used, po) :
	    rounded(x, po) * rounded(r->scale_used, po);
	st->teach = r->scale_divides ?
	    "Dividing by sqrt(head_dim) keeps the scores' spread about the same whatever head_dim is: large "
	    "scores would make softmax nearly one-hot, with tiny gradients." :
	    "Multiplying by scale sets how sharp softmax is: a smaller scale gives flatter weights.";
}

/*
 * attn_weights = softmax(scaled_scores), or unmasked_weights = softmax of
 * the scaled attn_scores: the row, its max, each exp, their sum, 1/sum.
 */
static void
rule_softmax(struct step *st)
{
	const struct run *r = st->r;
	const struct print_opts *po = num_po(st);
	int unmasked = st->e.src == ST_UNMASKED_WEIGHTS, T = r->T, j = (int)(st->e.flat % (size_t)T), k;
	int from = unmasked ? ST_ATTN_SCORES : ST_SCALED_SCORES, scaled = unmasked && r->scaled;
	size_t row = row_start(st);
	const float *x = r->st[from]->data + row;
	float *buf = xmalloc(3 * (size_t)T * sizeof *buf);
	struct tensor_softmax_steps sm = { .scaled = buf + 2 * (size_t)T, .exps = buf + T };
	double *s = xmalloc((size_t)T * sizeof *s), m = -INFINITY, sum = 0;

	tensor_softmax_steps(buf, x, T, scaled, r->scale_used, r->scale_divides, &sm);
	st->value = buf[j];
	sbuf_addf(&st->head, "exp(s[%d] - m) / Σ_j exp(s[j] - m),  s = ", j);
	add_elem(&st->head, r, from, row, st->t->ndim - 1, ":");
	if (scaled)
		sbuf_add(&st->head, r->scale_divides ? " / sqrt(head_dim)" : " · scale");
	sbuf_add(&st->body, scaled ? "    " : "    s = ");
	add_elem(&st->body, r, from, row, st->t->ndim - 1, ":");
	sbuf_add(&st->body, " = ");
	add_list(&st->body, x, 1, T, num_po(st), st->o->verbose);
	sbuf_addc(&st->body, '\n');
	if (scaled) {
		line_scale(st);
		sbuf_add(&st->body, "    s = ");
		add_list(&st->body, sm.scaled, 1, T, num_po(st), st->o->verbose);
		sbuf_addc(&st->body, '\n');
	}
	sbuf_add(&st->body, "    m = max_j s[j] = ");
	add_num(&st->body, sm.max, po);
	sbuf_add(&st->body, "\n    exp(s[j] - m) = ");
	add_list(&st->body, sm.exps, 1, T, num_po(st), st->o->verbose);
	sbuf_add(&st->body, "\n    Σ_j exp(s[j] - m) = ");
	add_num(&st->body, sm.sum, po);
	sbuf_add(&st->body, "\n    1 / Σ = ");
	num_end(st, sm.inv);
	line_op(st, sm.exps[j], "·", sm.inv);
	/* a learner's softmax of the printed scores, in double */
	for (k = 0; k < T; k++) {
		s[k] = rounded(x[k], po);
		if (scaled)
			s[k] = r->scale_divides ? s[k] / rounded(r->scale_used, po) : s[k] * rounded(r->scale_used, po);
	}
	for (k = 0; k < T && !isnan(m); k++)	/* the first NaN, else the largest */
		m = isnan(s[k]) || s[k] > m ? s[k] : m;
	for (k = 0; k < T; k++)
		sum += exp(s[k] - m);
	st->has_naive = 1;
	st->naive_formula = exp(s[j] - m) / sum;
	st->naive_line = rounded(sm.exps[j], po) * rounded(sm.inv, po);
	st->teach = unmasked ?
	    "The other route starts with softmax of every score, the future included; the next stages zero "
	    "the future and renormalise. Subtracting the row's max m changes nothing (it cancels out) but keeps "
	    "exp from overflowing." :
	    "Softmax turns a row of scores into positive weights that sum to 1. Subtracting the row's max m "
	    "changes nothing (it cancels out) but keeps exp from overflowing; PyTorch sums the exps in 8 lanes "
	    "and multiplies by 1/Σ rather than dividing.";
	for (k = 0; k < T; k++)
		use(st, from, row + (size_t)k);
	free(buf);
	free(s);
}

/* masked_simple = unmasked_weights · mask_simple; dropped_weights = attn_weights · dropout_mask */
static void
rule_product(struct step *st)
{
	const struct run *r = st->r;
	const struct print_opts *po = num_po(st);
	int dropped = st->e.src == ST_DROPPED_WEIGHTS;
	int a = dropped ? ST_ATTN_WEIGHTS : ST_UNMASKED_WEIGHTS, b = dropped ? ST_DROPOUT_MASK : ST_MASK_SIMPLE;
	size_t fb = dropped ? st->e.flat : st->e.flat % ((size_t)r->T * r->T);	/* mask_simple is (T, T) */
	float x = r->st[a]->data[st->e.flat], y = r->st[b]->data[fb];

	add_elem(&st->head, r, a, st->e.flat, -1, NULL);
	sbuf_add(&st->head, " · ");
	add_elem(&st->head, r, b, fb, -1, NULL);
	line_op(st, x, "·", y);
	tensor_mul(&st->value, &x, &y, 1);
	st->has_naive = 1;
	st->naive_line = st->naive_formula = rounded(x, po) * rounded(y, po);
	st->teach = dropped ? "The weights after dropout: a dropped weight gives nothing to the context vector in "
	    "this training step, a kept one counts 1/(1-p) times." :
	    "The other route zeroes the future's weights after softmax: the row no longer sums to 1.";
	use(st, a, st->e.flat);
	use(st, b, fb);
}

/* masked_simple_norm[…, i, j] = masked_simple[…, i, j] / Σ_j masked_simple[…, i, j] */
static void
rule_renorm(struct step *st)
{
	const struct run *r = st->r;
	const struct print_opts *po = num_po(st);
	size_t row = row_start(st);
	const float *x = r->st[ST_MASKED_SIMPLE]->data + row;
	int T = r->T, j = (int)(st->e.flat - row), k;
	float sum = tensor_sum(x, (size_t)T);
	double naive = 0;

	add_elem(&st->head, r, ST_MASKED_SIMPLE, st->e.flat, -1, NULL);
	sbuf_add(&st->head, " / Σ_j ");
	add_elem(&st->head, r, ST_MASKED_SIMPLE, row, st->t->ndim - 1, "j");
	sbuf_add(&st->body, "    ");
	add_elem(&st->body, r, ST_MASKED_SIMPLE, row, st->t->ndim - 1, ":");
	sbuf_add(&st->body, " = ");
	add_list(&st->body, x, 1, T, num_po(st), st->o->verbose);
	sbuf_add(&st->body, "\n    Σ = ");
	num_end(st, sum);
	line_op(st, x[j], "/", sum);
	tensor_scale(&st->value, &x[j], 1, sum, 1);
	for (k = 0; k < T; k++)
		naive += rounded(x[k], po);
	st->has_naive = 1;
	st->naive_formula = rounded(x[j], po) / naive;
	st->naive_line = rounded(x[j], po) / rounded(sum, po);
	st->teach = "Dividing by the row's new sum makes it sum to 1 again: the same weights as masking with -inf "
	    "before softmax, up to rounding.";
	for (k = 0; k < T; k++)
		use(st, ST_MASKED_SIMPLE, row + (size_t)k);
}

/* dropout_mask: 1/(1-p) where the draw kept the weight, else 0 */
static void
rule_dropout_mask(struct step *st)
{
	const struct input *in = st->in;
	const struct run *r = st->r;
	char p[32];
	int kept = st->t->data[st->e.flat] != 0;

	real_str(p, sizeof p, in->dropout);
	sbuf_addf(&st->head, "1/(1-p) if kept else 0,  p = %s", p);
	st->teach = "Dropout, in training only, zeroes each weight with probability p and scales the kept ones "
	    "by 1/(1-p), so that each weight keeps its expected value.";
	if (in->dropout >= 1) {
		line(st, "p = 1: every element is dropped, nothing is drawn");
		st->value = 0.0f;
		return;
	}
	sbuf_addf(&st->body, "    %s: element %zu (row-major, from 0) of the %zu nn.Dropout(%s) drew ",
	    kept ? "kept" : "dropped", st->e.flat, st->t->numel, p);
	if (in->has_dropout_seed)
		sbuf_addf(&st->body, "after torch.manual_seed(%llu)", (unsigned long long)in->dropout_seed);
	else if (r->drawn || in->inputs == NULL)
		sbuf_addf(&st->body, "after torch.manual_seed(%llu) and the run's draws before it", (unsigned long long)in->seed);
	else
		sbuf_addf(&st->body, "after torch.manual_seed(%llu)", (unsigned long long)in->seed);
	sbuf_add(&st->body, in->dropout_mkl ? " (the MKL generator, dropout_rng \"mkl\")\n" : "\n");
	st->value = kept ? rng_dropout_scale(in->dropout) : 0.0f;
	if (kept) {
		sbuf_add(&st->body, "    1/(1-p) = ");
		num_end(st, st->value);
	}
}

/* context_vecs[…, i, d] = Σ_j w[…, i, j] · v[…, j, d] */
static void
rule_context(struct step *st)
{
	const struct run *r = st->r;
	int w = st->in->dropout > 0 ? ST_DROPPED_WEIGHTS : ST_ATTN_WEIGHTS;
	int v = r->H > 1 ? ST_VALUES_HEADS : ST_VALUES;
	size_t T = (size_t)r->T, hd = (size_t)r->hd, row = st->e.flat / hd, d = st->e.flat % hd;
	size_t blk = row / T;
	struct dot dt = { .asrc = w, .a0 = row * T, .sa = 1, .bsrc = v, .b0 = blk * T * hd + d, .sb = hd,
	    .K = r->T, .sym = "j", .bias_src = -1 };

	dt.apos = r->st[w]->ndim - 1;
	dt.bpos = r->st[v]->ndim - 2;
	st->teach = "A context vector is the values averaged with the attention weights: token i gathers what "
	    "the tokens it attends to pass on.";
	rule_dot(st, &dt);
}

/* merged[…, t, c] = context_vecs[…, c // head_dim, t, c % head_dim] */
static void
rule_merge(struct step *st)
{
	int nd = st->t->ndim, c = st->ix[nd - 1];

	moved(st, ST_CONTEXT_VECS, st->r->batched ? st->ix[0] : 0, st->ix[nd - 2], c / st->r->hd, c % st->r->hd);
}

static void
rule(struct step *st)
{
	const struct run *r = st->r;

	switch (st->e.src) {
	case ST_QUERIES: case ST_KEYS: case ST_VALUES:
		if (r->simple)
			rule_same(st);
		else
			rule_project(st, ST_INPUTS, st->e.src - ST_QUERIES + LAYER_QUERY);
		break;
	case ST_QUERIES_HEADS: case ST_KEYS_HEADS: case ST_VALUES_HEADS: rule_heads(st); break;
	case ST_ATTN_SCORES: rule_scores(st); break;
	case ST_MASK: case ST_MASK_SIMPLE: rule_tri(st); break;
	case ST_MASKED_SCORES: rule_masked(st); break;
	case ST_SCALED_SCORES: rule_scaled(st); break;
	case ST_ATTN_WEIGHTS: case ST_UNMASKED_WEIGHTS: rule_softmax(st); break;
	case ST_MASKED_SIMPLE: case ST_DROPPED_WEIGHTS: rule_product(st); break;
	case ST_MASKED_SIMPLE_NORM: rule_renorm(st); break;
	case ST_DROPOUT_MASK: rule_dropout_mask(st); break;
	case ST_CONTEXT_VECS: rule_context(st); break;
	case ST_MERGED: rule_merge(st); break;
	case ST_OUTPUT: rule_project(st, r->H > 1 ? ST_MERGED : ST_CONTEXT_VECS, LAYER_OUT); break;
	default: rule_leaf(st); break;	/* inputs, weights, biases */
	}
}

static void
step_init(struct step *st, const struct run *r, const struct input *in, const struct why_opts *o, struct elem e)
{
	memset(st, 0, sizeof *st);
	st->r = r;
	st->in = in;
	st->o = o;
	st->e = e;
	st->t = src_tensor(r, e.src);
	tensor_unravel(st->t, e.flat, st->ix);
}

static void
step_free(struct step *st)
{
	free(sbuf_take(&st->head));
	free(sbuf_take(&st->body));
	free(st->used);
}

float
why_value(const struct run *r, const struct input *in, int id, size_t flat)
{
	struct why_opts o;
	struct step st;
	struct elem e = { id, flat };
	float v;

	memset(&o, 0, sizeof o);
	print_opts_default(&o.po);
	step_init(&st, r, in, &o, e);
	st.quiet = 1;
	rule(&st);
	v = st.value;
	step_free(&st);
	return v;
}

/* Same float, NaN and NaN alike. */
static int
same_float(float a, float b)
{
	return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* One step's text: the formula, the teaching line, the numbers, a note, "= VALUE". */
static void
step_text(struct sbuf *out, struct step *st)
{
	const struct print_opts *po = &st->o->po;
	struct sbuf v = { 0 }, nv = { 0 };
	char *vs, *ns, *nl, *nf;

	add_elem(out, st->r, st->e.src, st->e.flat, -1, NULL);
	sbuf_add(out, " = ");
	sbuf_add(out, st->head.s ? st->head.s : "");
	sbuf_addc(out, '\n');
	if (st->o->explain && st->teach != NULL)
		sbuf_addf(out, "    # %s\n", st->teach);
	sbuf_add(out, st->body.s ? st->body.s : "");
	add_num(&v, st->value, po);
	vs = sbuf_take(&v);
	if (st->has_naive) {	/* would a learner with a calculator get another last digit? */
		add_num(&nv, (float)st->naive_line, po);
		nl = sbuf_take(&nv);
		add_num(&nv, (float)st->naive_formula, po);
		nf = sbuf_take(&nv);
		if (strcmp(nl, vs) != 0 && strcmp(nf, nl) == 0)
			sbuf_addf(out, "    note: from the rounded numbers printed, the line above and the formula give %s, "
			    "not %s: the stage works with the unrounded float32 values\n", nl, vs);
		else if (strcmp(nl, vs) != 0 && strcmp(nf, vs) != 0)
			sbuf_addf(out, "    note: from the rounded numbers printed, the line above gives %s and the formula "
			    "%s, not %s: the stage works with the unrounded float32 values\n", nl, nf, vs);
		else if (strcmp(nl, vs) != 0 || strcmp(nf, vs) != 0)
			sbuf_addf(out, "    note: from the rounded numbers printed, the %s gives %s, not %s: the stage "
			    "works with the unrounded float32 values\n", strcmp(nl, vs) != 0 ? "line above" : "formula",
			    strcmp(nl, vs) != 0 ? nl : nf, vs);
		free(nl);
		free(nf);
	}
	if (!same_float(st->value, st->t->data[st->e.flat])) {
		add_num(&nv, st->t->data[st->e.flat], po);
		ns = sbuf_take(&nv);
		sbuf_addf(out, "    note: the stage holds %s: attn-explain's why disagrees with its own stage "
		    "(a bug: please report it)\n", ns);
		free(ns);
	}
	sbuf_addf(out, "    = %s\n", vs);
	free(vs);
}

/* ---- the expression: NAME[i, j, ...] ---- */

/* An example for an error: NAME with the indices given (clamped, non-negative), 0 for the rest. */
static void
example(struct sbuf *b, const struct why_opts *o, const char *name, const struct tensor *t,
    const long *ix, int nix)
{
	int d;

	sbuf_add(b, o->cli ? "--why '" : "why ");
	sbuf_addf(b, "%s[", name);
	for (d = 0; d < (t != NULL ? t->ndim : 2); d++) {
		long v = d < nix ? ix[d] : 0, n = t != NULL ? t->shape[d] : 1;

		if (v < 0)
			v += n;
		v = v < 0 ? 0 : v >= n ? n - 1 : v;
		sbuf_addf(b, "%s%ld", d ? ", " : "", v);
	}
	sbuf_add(b, o->cli ? "]'" : "]");
}

/* err = what why needs, then the example; -1 */
static int
need(char *err, size_t len, const struct why_opts *o, const char *what, const struct run *r, int src,
    const long *ix, int nix)
{
	struct sbuf b = { 0 };
	char buf[64], *s;

	if (src < 0 || src_tensor(r, src) == NULL) {
		src = ST_ATTN_WEIGHTS;
		nix = 0;
	}
	sbuf_addf(&b, "%s %s, e.g. ", o->cli ? "--why" : "why", what);
	example(&b, o, src_name(r, src, buf, sizeof buf), src_tensor(r, src), ix, nix);
	s = sbuf_take(&b);
	snprintf(err, len, "%s", s);
	free(s);
	return -1;
}

/* The names why knows in this run: the stages, then the weights. */
static int
lookup(const struct run *r, const char *name, int *src)
{
	char buf[64];
	int i;

	if ((i = stage_lookup(name)) >= 0) {
		*src = i;
		return 0;
	}
	for (i = SRC_WEIGHT; i < NSRC; i++)
		if (src_tensor(r, i) != NULL && strcmp(name, src_name(r, i, buf, sizeof buf)) == 0) {
			*src = i;
			return 0;
		}
	return -1;
}

/* The error for a name that is no stage nor weight: with the nearest one's help. */
static int
no_such_name(const struct run *r, const char *name, const struct why_opts *o, char *err, size_t len)
{
	char wnames[2 * NLAYER][32], what[256];
	const char *names[ST_COUNT + 2 * NLAYER + 1], *sug;
	int k = 0, i, sug_src = -1;

	for (i = 0; i < ST_COUNT; i++)
		names[k++] = stage_defs[i].name;
	for (i = SRC_WEIGHT; i < NSRC; i++)
		if (src_tensor(r, i) != NULL)
			names[k++] = src_name(r, i, wnames[i - SRC_WEIGHT], sizeof wnames[0]);
	names[k] = NULL;
	sug = diag_suggest(name, names);
	snprintf(what, sizeof what, "needs one element of a stage: \"%.40s\" is no stage%s%s%s", name,
	    sug ? " (did you mean \"" : "", sug ? sug : "", sug ? "\"?)" : "");
	if (sug != NULL)
		lookup(r, sug, &sug_src);
	return need(err, len, o, what, r, sug_src, NULL, 0);
}

/*
 * The indices after the name, [i, j] or [i][j] ([i, j, ] as Python
 * allows), into ix (at most TENSOR_MAXDIM + 1 kept, *nix counting them);
 * *pp moves past them.  0, or -1 at an index that is no whole number.
 */
static int
parse_indices(const char **pp, long *ix, int *nix)
{
	const char *p = *pp;

	while (*p == '[') {
		int first = *nix;

		p++;
		for (;;) {
			char *end;
			long v;

			while (isspace((unsigned char)*p))
				p++;
			errno = 0;
			v = (*p == '-' || isdigit((unsigned char)*p)) ? strtol(p, &end, 10) : 0;
			if (!(*p == '-' || isdigit((unsigned char)*p)) || end == p || errno != 0 ||
			    (!isdigit((unsigned char)p[0]) && !isdigit((unsigned char)p[1])))
				return -1;
			p = end;
			if (*nix <= TENSOR_MAXDIM)
				ix[(*nix)++] = v;
			while (isspace((unsigned char)*p))
				p++;
			if (*p == ',') {
				p++;
				while (isspace((unsigned char)*p))
					p++;
				if (*p == ']' && *nix > first)
					break;
				continue;
			}
			if (*p == ']')
				break;
			return -1;
		}
		p++;
		while (isspace((unsigned char)*p))
			p++;
	}
	*pp = p;
	return 0;
}

/* "attn_weights[1, 0]", "W_query.weight[0][1]" -> e; 0, or -1 with err */
static int
parse(const struct run *r, const char *expr, const struct why_opts *o, struct elem *e, char *err, size_t len)
{
	const char *p = expr, *start;
	const struct tensor *t;
	char name[64], what[256], quoted[64];
	long ix[TENSOR_MAXDIM + 1];
	int nix = 0, src, d;
	size_t n, flat;

	while (isspace((unsigned char)*p))
		p++;
	snprintf(quoted, sizeof quoted, "%.40s%s", p, strlen(p) > 40 ? "..." : "");
	for (n = strlen(quoted); n > 0 && isspace((unsigned char)quoted[n - 1]); n--)
		quoted[n - 1] = '\0';
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_' ||
	    (*p == '.' && (strncmp(p, ".weight", 7) == 0 || strncmp(p, ".bias", 5) == 0)))
		p++;
	n = (size_t)(p - start);
	if (n == 0)
		return need(err, len, o, *start ? "needs one element of a stage, written NAME[i, j]" :
		    "needs one element of a stage", r, -1, NULL, 0);
	snprintf(name, sizeof name, "%.*s", n < sizeof name ? (int)n : (int)sizeof name - 1, start);
	if (lookup(r, name, &src) != 0)
		return no_such_name(r, name, o, err, len);
	if ((t = src_tensor(r, src)) == NULL) {
		const char *why = r->why[src];

		if (strncmp(why, "not computed: ", 14) == 0)
			snprintf(what, sizeof what, "needs a stage this run computes: %s is not computed: %s", name, why + 14);
		else
			snprintf(what, sizeof what, "needs a stage this run computes: %s is %s", name, why);
		return need(err, len, o, what, r, -1, NULL, 0);
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '[') {
		snprintf(what, sizeof what, "needs one element of a stage, not \"%s\": give every index", quoted);
		return need(err, len, o, what, r, src, NULL, 0);
	}
	if (parse_indices(&p, ix, &nix) != 0)
		return need(err, len, o, "needs one element: every index a whole number", r, src, ix, nix);
	if (*p != '\0') {
		snprintf(what, sizeof what, "needs one element of a stage, not \"%s\"", quoted);
		return need(err, len, o, what, r, src, ix, nix);
	}
	if (nix < t->ndim)
		return need(err, len, o, "needs one element: give every index", r, src, ix, nix);
	if (nix > t->ndim) {
		snprintf(what, sizeof what, "needs one element: %s has %d dimension%s, not %s%d", name, t->ndim,
		    t->ndim == 1 ? "" : "s", nix > TENSOR_MAXDIM ? "more than " : "", nix > TENSOR_MAXDIM ? TENSOR_MAXDIM : nix);
		return need(err, len, o, what, r, src, ix, t->ndim);
	}
	for (d = 0, flat = 0; d < t->ndim; d++) {
		long v = ix[d] < 0 ? ix[d] + t->shape[d] : ix[d];

		if (v < 0 || v >= t->shape[d]) {
			snprintf(what, sizeof what, "needs an index in range: %ld is out of range for dimension %d of %s "
			    "(size %d)", ix[d], d, name, t->shape[d]);
			return need(err, len, o, what, r, src, ix, nix);
		}
		flat = flat * (size_t)t->shape[d] + (size_t)v;
	}
	e->src = src;
	e->flat = flat;
	return 0;
}

/* ---- the steps, level by level ---- */

int
why_depth(const char *text, int *depth)
{
	char *end;
	long v;

	if (strcmp(text, "all") == 0) {
		*depth = WHY_DEPTH_ALL;
		return 0;
	}
	errno = 0;
	v = isdigit((unsigned char)*text) ? strtol(text, &end, 10) : 0;
	if (!isdigit((unsigned char)*text) || *end != '\0' || errno != 0 || v < 1 || v > WHY_MAX_DEPTH)
		return -1;
	*depth = (int)v;
	return 0;
}

/*
 * The steps from root, level by level down to o->depth, their text into out;
 * with out NULL only counted, their numbers not printed (a refusal comes
 * before the text is made).  0, or -1 past WHY_MAX_STEPS or on an interrupt,
 * *fits then the deepest level explained in full.
 */
static int
walk(const struct run *r, const struct input *in, const struct why_opts *o, struct elem root,
    struct sbuf *out, int *fits)
{
	unsigned char *seen[NSRC];
	struct elem *cur = NULL, *next = NULL;
	size_t ncur = 0, nnext = 0, capnext = 0, i, k, nsteps = 0;
	int level, s, rc = 0;

	memset(seen, 0, sizeof seen);
	cur = xmalloc(sizeof *cur);
	cur[0] = root;
	ncur = 1;
	seen[root.src] = xcalloc(src_tensor(r, root.src)->numel / 8 + 1, 1);
	seen[root.src][root.flat / 8] |= (unsigned char)(1u << (root.flat % 8));
	for (level = 1; ncur > 0 && rc == 0; level++) {
		int deeper = o->depth == WHY_DEPTH_ALL || level < o->depth;

		nnext = 0;
		*fits = level - 1;
		for (i = 0; i < ncur && rc == 0; i++) {
			struct step st;

			if (++nsteps > WHY_MAX_STEPS || interrupt_pending) {
				rc = -1;
				break;
			}
			step_init(&st, r, in, o, cur[i]);
			st.quiet = out == NULL;
			rule(&st);
			if (out != NULL && nsteps > 1)
				sbuf_addc(out, '\n');
			if (out != NULL)
				step_text(out, &st);
			for (k = 0; deeper && k < st.nused; k++) {
				struct elem u = st.used[k];

				if (seen[u.src] == NULL)
					seen[u.src] = xcalloc(src_tensor(r, u.src)->numel / 8 + 1, 1);
				if (seen[u.src][u.flat / 8] & (1u << (u.flat % 8)))
					continue;
				seen[u.src][u.flat / 8] |= (unsigned char)(1u << (u.flat % 8));
				if (nnext == capnext) {
					capnext = capnext ? 2 * capnext : 64;
					next = xrealloc(next, capnext * sizeof *next);
				}
				next[nnext++] = u;
			}
			step_free(&st);
		}
		free(cur);
		cur = next;
		ncur = nnext;
		next = NULL;
		capnext = 0;
	}
	free(cur);
	free(next);
	for (s = 0; s < NSRC; s++)
		free(seen[s]);
	return rc;
}

int
why_print(FILE *fp, const struct run *r, const struct input *in, const char *expr,
    const struct why_opts *o, char *err, size_t errlen)
{
	struct elem root;
	struct sbuf out = { 0 };
	int rc, fits = 0;	/* fits: the deepest level explained in full */
	char *text;

	if (parse(r, expr, o, &root, err, errlen) != 0)
		return -1;
	rc = walk(r, in, o, root, NULL, &fits);	/* counted first: a refusal costs no text */
	if (rc == 0)
		rc = walk(r, in, o, root, &out, &fits);
	text = sbuf_take(&out);
	if (rc == 0) {
		fputs(text, fp);
	} else if (interrupt_pending) {
		snprintf(err, errlen, "%s: interrupted", o->cli ? "--why" : "why");
	} else {
		char d[16], given[16];
		struct sbuf b = { 0 };
		char *ex;

		snprintf(given, sizeof given, "%d", o->depth);
		snprintf(d, sizeof d, "%d", fits > 1 ? fits : 1);	/* the depth that fits, not the one given */
		sbuf_addf(&b, o->cli ? "--depth %s --why '" : "why -d %s ", d);
		sbuf_add(&b, expr);
		sbuf_add(&b, o->cli ? "'" : "");
		ex = sbuf_take(&b);
		snprintf(err, errlen, "%s: depth %s reaches more than %d elements; give a smaller depth, e.g. %s",
		    o->cli ? "--why" : "why", o->depth == WHY_DEPTH_ALL ? "all" : given, WHY_MAX_STEPS, ex);
		free(ex);
	}
	free(text);
	return rc;
}
