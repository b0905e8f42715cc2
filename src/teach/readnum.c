/*
 * readnum.c - what a print's numbers are (readnum.h): a number token as
 * PyTorch prints it, the notation and unit of a whole print, the dtype
 * names of a dtype= suffix, and where the elements a print shows sit in a
 * tensor of a given shape (readprint.h's rp_fits, rp_index).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "readnum.h"

#define MAX_WORD 512		/* longest number token; PyTorch's longest is ~90 characters */

static int
is_digit(int c)
{
	return c >= '0' && c <= '9';
}

int
readnum_word_is(const char *w, size_t n, const char *lit)
{
	return n == strlen(lit) && memcmp(w, lit, n) == 0;
}

int
readnum_parse(const char *w, size_t n, struct num *x)
{
	char buf[MAX_WORD + 1], *end;
	size_t i = 0, nd = 0;
	int point = 0, sci = 0;
	long e = 0;

	x->digits = 0;
	x->exp = 0;
	if (n > MAX_WORD)
		return -1;
	if (readnum_word_is(w, n, "True") || readnum_word_is(w, n, "False")) {
		x->kind = NUM_BOOL;
		x->v = w[0] == 'T';
		return 0;
	}
	if (n > 0 && (w[0] == '-' || w[0] == '+'))
		i++;
	if (readnum_word_is(w + i, n - i, "inf") || readnum_word_is(w + i, n - i, "nan")) {
		x->kind = NUM_NONFINITE;
		x->v = w[i] == 'n' ? NAN : w[0] == '-' ? -INFINITY : INFINITY;
		return 0;
	}
	for (; i < n && is_digit(w[i]); i++)
		nd++;
	if (nd == 0)
		return -1;
	if (i < n && w[i] == '.') {
		point = 1;
		for (i++; i < n && is_digit(w[i]); i++)
			x->digits++;
	}
	if (i < n && (w[i] == 'e' || w[i] == 'E')) {
		int neg = 0, ed = 0;

		sci = 1;
		i++;
		if (i < n && (w[i] == '-' || w[i] == '+'))
			neg = w[i++] == '-';
		for (; i < n && is_digit(w[i]); i++, ed++)
			if (e < 100000)
				e = e * 10 + (w[i] - '0');
		if (ed == 0)
			return -1;
		x->exp = (int)(neg ? -e : e);
	}
	if (i != n)
		return -1;
	memcpy(buf, w, n);
	buf[n] = '\0';
	x->v = strtod(buf, &end);	/* LC_NUMERIC stays "C": line.c sets LC_CTYPE only */
	if (isinf(x->v) || (x->v == 0 && strcspn(buf, "123456789") < strcspn(buf, "eE")))
		return -2;	/* 1e999, or 1e-999 gone to zero */
	x->kind = sci ? NUM_SCI : !point ? NUM_INT : x->digits ? NUM_FIXED : NUM_INTF;
	return 0;
}

void
readnum_facts_add(struct facts *f, const struct num *x)
{
	double u;

	if (x->kind == NUM_BOOL) {
		f->nbool++;
		return;
	}
	f->nnum++;
	if (x->kind == NUM_INT)
		f->nint++;
	else
		f->nfloat++;
	if (x->kind == NUM_NONFINITE) {
		f->nnonfinite++;
		return;
	}
	/* at least the smallest double: 4.9407e-324 has a unit of 1e-328 */
	u = fmax(pow(10.0, (double)x->exp - x->digits), nextafter(0, 1));
	if (x->kind == NUM_SCI) {
		double a = fabs(x->v);

		f->nsci++;
		if (a == 0) {
			if (u > f->sci0_u) {
				f->sci0_u = u;
				f->sci0_p = x->digits;
			}
		} else if (a > f->sci_big || (a == f->sci_big && u > f->sci_u)) {
			f->sci_big = a;
			f->sci_u = u;
			f->sci_p = x->digits;
		}
		return;
	}
	if (x->kind == NUM_FIXED) {
		f->nfixed++;
		if (u > f->fixed_u) {
			f->fixed_u = u;
			f->fixed_p = x->digits;
		}
	}
	if (u > f->plain_u) {
		f->plain_u = u;
		f->plain_p = x->digits;
	}
}

void
readnum_facts_apply(const struct facts *f, struct rp_tensor *t)
{
	t->notation = RP_INTEGER;
	t->precision = 0;
	t->unit = 1;
	if (f->nbool || (f->nfloat == f->nnonfinite && f->nint > 0))
		return;		/* bool and integer tensors print exactly (bare integers and inf: precision 0) */
	if (f->nsci) {
		t->notation = RP_SCI;
		if (f->sci_big > 0) {
			t->unit = f->sci_u;
			t->precision = f->sci_p;
		} else {
			t->unit = f->sci0_u;
			t->precision = f->sci0_p;
		}
		if (f->fixed_u > t->unit) {	/* a hand-made mix: the coarser digit */
			t->unit = f->fixed_u;
			t->precision = f->fixed_p;
		}
	} else if (f->nfixed) {
		/*
		 * the coarsest digit among the elements with digits after the point:
		 * an integer-looking "0." or "3" beside "0.9000" (never in a PyTorch
		 * print) does not loosen the whole print to a unit of 1 (issue 24)
		 */
		t->notation = RP_FIXED;
		t->unit = f->fixed_u;
		t->precision = f->fixed_p;
	}
}

/* ---- dtypes ---- */

static const struct {
	const char *name;
	enum rp_dtype dtype;
} dtypes[] = {
	{ "float32", RP_FLOAT32 }, { "float", RP_FLOAT32 }, { "float64", RP_FLOAT64 },
	{ "double", RP_FLOAT64 }, { "float16", RP_FLOAT16 }, { "half", RP_FLOAT16 },
	{ "bfloat16", RP_BFLOAT16 }, { "int64", RP_INT64 }, { "long", RP_INT64 },
	{ "int32", RP_INT32 }, { "int", RP_INT32 }, { "int16", RP_INT16 },
	{ "short", RP_INT16 }, { "int8", RP_INT8 }, { "uint8", RP_UINT8 }, { "bool", RP_BOOL },
};

int
readnum_dtype(const char *w, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
		if (readnum_word_is(w, n, dtypes[i].name))
			return (int)dtypes[i].dtype;
	return -1;
}

const char *
rp_dtype_name(enum rp_dtype d)
{
	size_t i;

	for (i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
		if (dtypes[i].dtype == d)
			return dtypes[i].name;
	return "?";
}

/* ---- shapes ---- */

int
rp_fits(const struct rp_tensor *t, int ndim, const int *shape)
{
	int d;

	if (ndim != t->ndim)
		return 0;
	for (d = 0; d < ndim; d++)
		if (t->summarised[d] ? shape[d] <= t->shown[d] : shape[d] != t->shown[d])
			return 0;
	return 1;
}

size_t
rp_index(const struct rp_tensor *t, size_t k, const int *shape, int *idx)
{
	size_t off = 0;
	int d;

	for (d = t->ndim - 1; d >= 0; d--) {
		int i = (int)(k % (size_t)t->shown[d]);

		k /= (size_t)t->shown[d];
		idx[d] = i < t->head[d] ? i : shape[d] - (t->shown[d] - i);
	}
	for (d = 0; d < t->ndim; d++)
		off = off * (size_t)shape[d] + (size_t)idx[d];
	return off;
}
