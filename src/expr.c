/*
 * expr.c - a name followed by [i, a:b], .T, .transpose(a, b), .shape,
 * .sum(dim=k, keepdim=True), .mean(), .var(): each as PyTorch evaluates
 * and prints it, grad_fn included.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "expr.h"

const char *const expr_names[] = {
	"inputs", "queries", "keys", "values", "queries_heads", "keys_heads",
	"values_heads", "attn_scores", "mask", "masked_scores", "scaled_scores",
	"attn_weights", "unmasked_weights", "mask_simple", "masked_simple",
	"masked_simple_norm", "dropout_mask", "dropped_weights", "context_vecs",
	"merged", "output", "W_query", "W_key", "W_value", "out_proj", NULL
};

struct parser {
	const char *s, *p;
	char *err;
	size_t errlen;
};

static int
fail(struct parser *ps, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ps->err, ps->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void
ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

static int
eat(struct parser *ps, const char *tok)
{
	size_t n = strlen(tok);

	ws(ps);
	if (strncmp(ps->p, tok, n) != 0)
		return 0;
	ps->p += n;
	return 1;
}

/* What the parser stands on, for messages. */
static const char *
here(const struct parser *ps)
{
	return *ps->p ? ps->p : "end of expression";
}

static int
integer(struct parser *ps, long long *out)
{
	char *end;
	long long v;

	ws(ps);
	if (!(isdigit((unsigned char)*ps->p) || (*ps->p == '-' && isdigit((unsigned char)ps->p[1]))))
		return fail(ps, "expected an integer at \"%s\"", here(ps));
	v = strtoll(ps->p, &end, 10);
	if (v > 1000000000LL || v < -1000000000LL)
		return fail(ps, "integer out of range at \"%s\"", ps->p);
	ps->p = end;
	*out = v;
	return 0;
}

static int
has_grad(const struct tensor *t)
{
	return t->grad_fn != NULL || t->requires_grad;
}

/* Python's dim wrapping: -ndim <= d < ndim. */
static int
wrap_dim(struct parser *ps, long long d, int ndim, int *out)
{
	int n = ndim > 0 ? ndim : 1;

	if (d < -n || d >= n)
		return fail(ps, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -n, n - 1, d);
	*out = (int)(d < 0 ? d + n : d);
	return 0;
}

/* ---- indexing ---- */

struct index_item {
	int slice;		/* 0: select one index */
	long long a, b;		/* select: a; slice: [a, b) */
	int has_a, has_b;
};

static struct tensor *
apply_index(struct parser *ps, const struct tensor *t, const struct index_item *it, int n)
{
	int start[TENSOR_MAXDIM], count[TENSOR_MAXDIM], keep[TENSOR_MAXDIM];
	int shape[TENSOR_MAXDIM], nd = 0, d, k;
	size_t stride[TENSOR_MAXDIM], o, total;
	const char *name = NULL;
	struct tensor *y;

	if (n > t->ndim) {
		fail(ps, "too many indices for tensor of dimension %d", t->ndim);
		return NULL;
	}
	for (d = 0; d < t->ndim; d++) {
		int size = t->shape[d];

		keep[d] = 1;
		start[d] = 0;
		count[d] = size;
		if (d >= n)
			continue;
		if (!it[d].slice) {
			long long i = it[d].a;

			if (i < -size || i >= size) {
				fail(ps, "index %lld is out of bounds for dimension %d with size %d", i, d, size);
				return NULL;
			}
			start[d] = (int)(i < 0 ? i + size : i);
			count[d] = 1;
			keep[d] = 0;
			name = "SelectBackward0";
		} else {
			/* Python slice clamping */
			long long a = it[d].has_a ? it[d].a : 0, b = it[d].has_b ? it[d].b : size;

			if (a < 0)
				a += size;
			if (b < 0)
				b += size;
			a = a < 0 ? 0 : (a > size ? size : a);
			b = b < 0 ? 0 : (b > size ? size : b);
			if (b < a)
				b = a;
			start[d] = (int)a;
			count[d] = (int)(b - a);
			if (!(a == 0 && b == size))	/* a full slice is no operation */
				name = "SliceBackward0";
		}
	}
	for (d = 0; d < t->ndim; d++)
		if (keep[d])
			shape[nd++] = count[d];
	y = tensor_new(nd, shape);
	for (d = t->ndim - 1; d >= 0; d--)
		stride[d] = d == t->ndim - 1 ? 1 : stride[d + 1] * (size_t)t->shape[d + 1];
	total = 1;
	for (d = 0; d < t->ndim; d++)
		total *= (size_t)count[d];
	for (o = 0; o < total; o++) {
		size_t rem = o, src = 0;

		for (d = t->ndim - 1; d >= 0; d--) {
			k = (int)(rem % (size_t)count[d]);
			rem /= (size_t)count[d];
			src += (size_t)(start[d] + k) * stride[d];
		}
		y->data[o] = t->data[src];
	}
	if (name != NULL) {
		y->grad_fn = has_grad(t) ? name : NULL;
	} else {
		y->grad_fn = t->grad_fn;
		y->requires_grad = t->requires_grad;
		y->parameter = t->parameter;
	}
	return y;
}

static struct tensor *
transpose(const struct tensor *t, int a, int b, const char *name)
{
	int shape[TENSOR_MAXDIM], d;
	size_t stride[TENSOR_MAXDIM], o;
	struct tensor *y;

	for (d = 0; d < t->ndim; d++)
		shape[d] = t->shape[d];
	shape[a] = t->shape[b];
	shape[b] = t->shape[a];
	y = tensor_new(t->ndim, shape);
	for (d = t->ndim - 1; d >= 0; d--)
		stride[d] = d == t->ndim - 1 ? 1 : stride[d + 1] * (size_t)t->shape[d + 1];
	for (o = 0; o < y->numel; o++) {
		size_t rem = o, src = 0;

		for (d = t->ndim - 1; d >= 0; d--) {
			int k = (int)(rem % (size_t)shape[d]);
			int sd = d == a ? b : (d == b ? a : d);

			rem /= (size_t)shape[d];
			src += (size_t)k * stride[sd];
		}
		y->data[o] = t->data[src];
	}
	y->grad_fn = has_grad(t) ? name : NULL;
	return y;
}

/* ---- reductions: torch.sum's cascade order; mean = float sum / n ---- */

enum { RED_SUM, RED_MEAN, RED_VAR };

static struct tensor *
reduce(const struct tensor *t, int op, int dim, int keepdim)
{
	int shape[TENSOR_MAXDIM], nd = 0, d;
	size_t outer = 1, inner = 1, n, o, i, j;
	struct tensor *y;
	float *buf;
	static const char *const names[3][2] = {
		{ "SumBackward0", "SumBackward1" },
		{ "MeanBackward0", "MeanBackward1" },
		{ "VarBackward0", "VarBackward0" },
	};

	if (dim < 0) {
		n = t->numel;
	} else {
		for (d = 0; d < t->ndim; d++) {
			if (d < dim)
				outer *= (size_t)t->shape[d];
			else if (d > dim)
				inner *= (size_t)t->shape[d];
			if (d != dim)
				shape[nd++] = t->shape[d];
			else if (keepdim)
				shape[nd++] = 1;
		}
		n = t->ndim ? (size_t)t->shape[dim] : 1;
	}
	y = tensor_new(nd, shape);
	buf = xmalloc((n ? n : 1) * sizeof *buf);
	for (o = 0; o < outer; o++) {
		for (j = 0; j < inner; j++) {
			double mean, ss = 0, dsum = 0;
			float r;

			for (i = 0; i < n; i++)
				buf[i] = t->data[(o * n + i) * inner + j];
			if (op == RED_SUM) {
				r = tensor_sum(buf, n);
			} else if (op == RED_MEAN) {
				r = tensor_sum(buf, n) / (float)n;
			} else {
				/* var: two passes in double, as ATen accumulates float in double */
				for (i = 0; i < n; i++)
					dsum += buf[i];
				mean = dsum / (double)n;
				for (i = 0; i < n; i++)
					ss += (buf[i] - mean) * (buf[i] - mean);
				r = n > 1 ? (float)(ss / (double)(n - 1)) : NAN;
			}
			y->data[o * inner + j] = r;
		}
	}
	free(buf);
	y->grad_fn = has_grad(t) ? names[op][dim >= 0] : NULL;
	return y;
}

/* (), (k), (dim=k), (dim=k, keepdim=True), (k, keepdim=False) */
static int
reduce_args(struct parser *ps, const struct tensor *t, int *dim, int *keepdim)
{
	long long d;

	*dim = -1;
	*keepdim = 0;
	if (eat(ps, ")"))
		return 0;
	if (!eat(ps, "dim=") && !(ws(ps), isdigit((unsigned char)*ps->p) || *ps->p == '-'))
		return fail(ps, "expected dim=K or ')' at \"%s\"", here(ps));
	if (integer(ps, &d) != 0 || wrap_dim(ps, d, t->ndim, dim) != 0)
		return -1;
	if (t->ndim == 0)
		*dim = -1;
	if (eat(ps, ",")) {
		if (!eat(ps, "keepdim="))
			return fail(ps, "expected keepdim=True or keepdim=False at \"%s\"", here(ps));
		if (eat(ps, "True"))
			*keepdim = 1;
		else if (!eat(ps, "False"))
			return fail(ps, "expected True or False at \"%s\"", here(ps));
	}
	if (!eat(ps, ")"))
		return fail(ps, "expected ')' at \"%s\"", here(ps));
	return 0;
}

/* ---- names ---- */

unsigned
expr_stages(const char *text)
{
	unsigned set = 0;
	const char *p = text;
	char name[32];

	while (*p != '\0') {
		size_t n = 0;
		int id;

		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
			n++;
		if (n < sizeof name) {
			memcpy(name, p, n);
			name[n] = '\0';
			if ((id = stage_lookup(name)) >= 0)
				set |= STAGE_BIT(id);
		}
		p += n;
	}
	return set;
}

static const struct tensor *
lookup(struct parser *ps, const struct run *r, const char *name, const char *attr,
    struct tensor **own)
{
	int id = stage_lookup(name), l;
	static const char *const layers[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };

	*own = NULL;
	if (id >= 0) {
		if (attr != NULL) {
			fail(ps, "%s has no attribute \"%s\"", name, attr);
			return NULL;
		}
		if (r->st[id] == NULL) {
			fail(ps, "%s: %s", name, r->why[id]);
			return NULL;
		}
		return r->st[id];
	}
	for (l = 0; l < NLAYER; l++) {
		const struct layer *L = &r->layer[l];

		if (strcmp(name, layers[l]) != 0)
			continue;
		if (!L->present) {
			fail(ps, "%s: not computed: %s", name, r->simple ? "simple mode has no weights" : "no output projection");
			return NULL;
		}
		if (!L->linear) {
			if (attr != NULL) {
				fail(ps, "%s is a plain (in, out) matrix applied as x @ %s; it has no \"%s\"", name, name, attr);
				return NULL;
			}
			return L->w;
		}
		if (attr == NULL) {
			fail(ps, "%s is an nn.Linear layer; print %s.weight or %s.bias", name, name, name);
			return NULL;
		}
		if (strcmp(attr, "weight") == 0)
			return L->w;
		if (strcmp(attr, "bias") == 0) {
			if (L->b == NULL) {
				fail(ps, "%s.bias: the layer has no bias (bias=False)", name);
				return NULL;
			}
			return L->b;
		}
		fail(ps, "%s has no attribute \"%s\" (it has weight and bias)", name, attr);
		return NULL;
	}
	{
		const char *s = diag_suggest(name, expr_names);

		if (s != NULL)
			fail(ps, "unknown name \"%s\"; did you mean \"%s\"?", name, s);
		else
			fail(ps, "unknown name \"%s\"", name);
	}
	return NULL;
}

int
expr_eval(const char *text, const struct run *r, struct value *out, char *err, size_t errlen)
{
	struct parser ps;
	char name[64], attr[16];
	const char *start;
	const struct tensor *base;
	struct tensor *cur = NULL, *own, *next;
	size_t n;
	int wrapped = 0;

	memset(out, 0, sizeof *out);
	ps.s = ps.p = text;
	ps.err = err;
	ps.errlen = errlen;
	ws(&ps);
	if (*ps.p == '\0')
		return fail(&ps, "empty expression: give a stage name such as attn_weights");
	if (strncmp(ps.p, "print(", 6) == 0) {	/* pasted from a notebook */
		ps.p += 6;
		wrapped = 1;
	}
	ws(&ps);
	start = ps.p;
	while (isalnum((unsigned char)*ps.p) || *ps.p == '_')
		ps.p++;
	n = (size_t)(ps.p - start);
	if (n == 0)
		return fail(&ps, "expected a stage name at \"%s\"", here(&ps));
	if (n >= sizeof name)
		return fail(&ps, "name too long");
	memcpy(name, start, n);
	name[n] = '\0';
	attr[0] = '\0';
	if ((strncmp(ps.p, ".weight", 7) == 0 && !isalnum((unsigned char)ps.p[7])) ||
	    (strncmp(ps.p, ".bias", 5) == 0 && !isalnum((unsigned char)ps.p[5]))) {
		size_t an = ps.p[1] == 'w' ? 6 : 4;

		memcpy(attr, ps.p + 1, an);
		attr[an] = '\0';
		ps.p += an + 1;
	}
	if ((base = lookup(&ps, r, name, attr[0] ? attr : NULL, &own)) == NULL)
		return -1;
	cur = tensor_copy(base);
	for (;;) {
		ws(&ps);
		if (*ps.p == '\0' || (wrapped && *ps.p == ')'))
			break;
		if (eat(&ps, "[")) {
			struct index_item it[TENSOR_MAXDIM + 1];
			int ni = 0;

			memset(it, 0, sizeof it);
			for (;;) {
				if (ni > TENSOR_MAXDIM) {
					fail(&ps, "too many indices for tensor of dimension %d", cur->ndim);
					goto bad;
				}
				ws(&ps);
				if (*ps.p != ':') {
					if (integer(&ps, &it[ni].a) != 0)
						goto bad;
					it[ni].has_a = 1;
				}
				if (eat(&ps, ":")) {
					it[ni].slice = 1;
					ws(&ps);
					if (*ps.p == ':') {
						fail(&ps, "slice steps (a:b:c) are not supported");
						goto bad;
					}
					if (*ps.p != ',' && *ps.p != ']') {
						if (integer(&ps, &it[ni].b) != 0)
							goto bad;
						it[ni].has_b = 1;
					}
				}
				ni++;
				if (eat(&ps, "]"))
					break;
				if (!eat(&ps, ",")) {
					fail(&ps, *ps.p ? "expected ',' or ']' at \"%s\"" : "unclosed '[': expected ']' at %s", here(&ps));
					goto bad;
				}
			}
			if ((next = apply_index(&ps, cur, it, ni)) == NULL)
				goto bad;
		} else if (eat(&ps, ".T") && !isalnum((unsigned char)*ps.p)) {
			if (cur->ndim != 2) {
				fail(&ps, ".T needs a 2-d tensor, this one is %d-d (use .transpose(a, b))", cur->ndim);
				goto bad;
			}
			next = transpose(cur, 0, 1, "PermuteBackward0");
		} else if (eat(&ps, ".transpose(")) {
			long long a, b;
			int da = 0, db = 0;

			if (integer(&ps, &a) != 0 || !eat(&ps, ",") || integer(&ps, &b) != 0 ||
			    !eat(&ps, ")")) {
				if (strstr(err, "integer") == NULL)
					fail(&ps, "expected .transpose(a, b) with two integers");
				goto bad;
			}
			if (wrap_dim(&ps, a, cur->ndim, &da) != 0 || wrap_dim(&ps, b, cur->ndim, &db) != 0)
				goto bad;
			if (cur->ndim == 0) {
				next = tensor_copy(cur);
				next->grad_fn = has_grad(cur) ? "TransposeBackward0" : NULL;
			} else {
				next = transpose(cur, da, db, "TransposeBackward0");
			}
		} else if (eat(&ps, ".shape") || eat(&ps, ".size()")) {
			int d;

			out->kind = VAL_SIZE;
			out->ndim = cur->ndim;
			for (d = 0; d < cur->ndim; d++)
				out->shape[d] = cur->shape[d];
			tensor_free(cur);
			cur = NULL;
			if (eat(&ps, "[")) {
				long long i;

				if (integer(&ps, &i) != 0)
					goto bad;
				if (!eat(&ps, "]")) {
					fail(&ps, "unclosed '[': expected ']' at %s", here(&ps));
					goto bad;
				}
				if (i < -out->ndim || i >= out->ndim) {
					fail(&ps, "tuple index out of range");
					goto bad;
				}
				out->kind = VAL_INT;
				out->i = out->shape[i < 0 ? i + out->ndim : i];
			}
			if (wrapped)
				eat(&ps, ")");
			ws(&ps);
			if (*ps.p != '\0') {
				fail(&ps, "unexpected \"%s\" after .shape", ps.p);
				goto bad;
			}
			return 0;
		} else if (eat(&ps, ".sum(") || eat(&ps, ".mean(") || eat(&ps, ".var(")) {
			int op = ps.p[-2] == 'm' ? RED_SUM : (ps.p[-2] == 'n' ? RED_MEAN : RED_VAR);
			int dim, keepdim;

			if (reduce_args(&ps, cur, &dim, &keepdim) != 0)
				goto bad;
			next = reduce(cur, op, dim, keepdim);
		} else {
			if (*ps.p == '.')
				fail(&ps, "unknown operation \"%s\" (expected .T, .transpose(a, b), .shape, .sum(), .mean() or .var())", ps.p);
			else
				fail(&ps, "unexpected \"%s\"", ps.p);
			goto bad;
		}
		tensor_free(cur);
		cur = next;
	}
	if (wrapped && !eat(&ps, ")")) {
		fail(&ps, "unclosed \"print(\"");
		goto bad;
	}
	ws(&ps);
	if (*ps.p != '\0') {
		fail(&ps, "unexpected \"%s\"", ps.p);
		goto bad;
	}
	out->kind = VAL_TENSOR;
	out->t = cur;
	return 0;
bad:
	tensor_free(cur);
	return -1;
}

char *
value_str(const struct value *v, const struct print_opts *po)
{
	struct sbuf b = { 0 };
	int d;

	switch (v->kind) {
	case VAL_TENSOR:
		return print_tensor_str(v->t, po);
	case VAL_SIZE:
		sbuf_add(&b, "torch.Size([");
		for (d = 0; d < v->ndim; d++)
			sbuf_addf(&b, "%s%d", d ? ", " : "", v->shape[d]);
		sbuf_add(&b, "])");
		return sbuf_take(&b);
	default:
		sbuf_addf(&b, "%lld", v->i);
		return sbuf_take(&b);
	}
}

void
value_free(struct value *v)
{
	tensor_free(v->t);
	v->t = NULL;
}
