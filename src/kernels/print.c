/*
 * print.c - tensor -> text exactly as torch prints it (PyTorch 1.13's
 * torch/_tensor_str.py for float32 CPU tensors).  Section numbers refer to
 * shared/spec/torch-print.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "print.h"

void
print_opts_default(struct print_opts *po)
{
	po->precision = 4;
	po->threshold = 1000;
	po->edgeitems = 3;
	po->linewidth = 80;
	po->sci_mode = -1;
	po->torch29 = 0;
}

/* The formatter of one printed tensor (section 4): one mode, one width. */
struct fmt {
	int int_mode, sci_mode;
	int width;
	int precision;
};

/* element i of t's values: float32, or float64 (data64) printed with the same rules in double */
static double
tval(const struct tensor *t, size_t i)
{
	return t->data64 != NULL ? t->data64[i] : t->data[i];
}

/* Value text without padding (4.7).  Every NaN is "nan", whatever its sign. */
static int
fmt_raw(char *buf, size_t len, double v, int int_mode, int sci_mode, int precision)
{
	if (isnan(v))
		return snprintf(buf, len, "nan");
	if (isinf(v))
		return snprintf(buf, len, v < 0 ? "-inf" : "inf");
	if (sci_mode)
		return snprintf(buf, len, "%.*e", precision, v);
	if (int_mode)
		return snprintf(buf, len, "%.0f.", v);
	return snprintf(buf, len, "%.*f", precision, v);
}

/*
 * Is a dimension of n summarized ("n > 2 * edgeitems" in Python, whose
 * integers do not overflow; edgeitems may be INT_MAX)?
 */
static int
cut_dim(int n, int edge)
{
	return (long long)n > 2LL * edge;
}

/* The values the formatter looks at: all, or only the displayed corners (4.1, 8). */
struct walk {
	const struct tensor *t;
	int summarize, edge;
	double lo, hi;		/* smallest and largest |x| over S */
	int n_s;		/* |S| */
	int whole;		/* every value of S is a whole number */
};

static void
walk_values(struct walk *w, int dim, size_t off, size_t stride_of_dim[])
{
	const struct tensor *t = w->t;
	int n = t->shape[dim], i;

	if (interrupt_pending)	/* the REPL's Ctrl-C: the text is dropped */
		return;
	for (i = 0; i < n; i++) {
		if (w->summarize && cut_dim(n, w->edge) && i == w->edge)
			i = n - w->edge;
		if (dim + 1 < t->ndim) {
			walk_values(w, dim + 1, off + (size_t)i * stride_of_dim[dim], stride_of_dim);
		} else {
			double v = tval(t, off + (size_t)i);
			double a = fabs(v);

			if (!isfinite(v) || v == 0)
				continue;
			if (w->n_s == 0 || a < w->lo)
				w->lo = a;
			if (w->n_s == 0 || a > w->hi)
				w->hi = a;
			w->n_s++;
			if (ceil(v) != v)
				w->whole = 0;
		}
	}
}

/* Largest formatted length over S, in the given notation (4.5). */
static void
widen(struct fmt *f, int dim, size_t off, const struct tensor *t, int summarize,
    int edge, size_t stride_of_dim[], int sci)
{
	int n = t->shape[dim], i;
	char buf[512];

	if (interrupt_pending)
		return;
	for (i = 0; i < n; i++) {
		if (summarize && cut_dim(n, edge) && i == edge)
			i = n - edge;
		if (dim + 1 < t->ndim) {
			widen(f, dim + 1, off + (size_t)i * stride_of_dim[dim], t,
			    summarize, edge, stride_of_dim, sci);
		} else {
			double v = tval(t, off + (size_t)i);
			int len;

			if (!isfinite(v) || v == 0)
				continue;
			len = fmt_raw(buf, sizeof buf, v, f->int_mode, sci, f->precision);
			if (len > f->width)
				f->width = len;
		}
	}
}

static void
fmt_build(struct fmt *f, const struct tensor *t, const struct print_opts *po,
    int summarize, size_t stride_of_dim[])
{
	struct walk w;
	int autosci;

	f->int_mode = 1;
	f->sci_mode = 0;
	f->width = 1;
	f->precision = po->precision;
	memset(&w, 0, sizeof w);
	w.t = t;
	w.summarize = summarize;
	w.edge = po->edgeitems;
	w.whole = 1;
	if (t->ndim == 0) {
		double v = tval(t, 0);

		if (isfinite(v) && v != 0) {
			w.lo = w.hi = fabs(v);
			w.n_s = 1;
			w.whole = ceil(v) == v;
		}
	} else {
		walk_values(&w, 0, 0, stride_of_dim);
	}
	if (w.n_s == 0)		/* 4.2: even a forced sci_mode is ignored */
		return;
	f->int_mode = w.whole;
	/* 4.4: strict comparisons, in double */
	if (f->int_mode)
		autosci = w.hi / w.lo > 1000. || w.hi > 1.e8;
	else
		autosci = w.hi / w.lo > 1000. || w.hi > 1.e8 || w.lo < 1.e-4;
	/* 4.6 and 12.1: 1.13 measures the width in the automatic notation */
	f->sci_mode = autosci;
	if (po->sci_mode >= 0 && po->torch29)
		f->sci_mode = po->sci_mode;
	if (t->ndim == 0) {
		char buf[512];

		f->width = fmt_raw(buf, sizeof buf, tval(t, 0), f->int_mode,
		    f->sci_mode, f->precision);
	} else {
		widen(f, 0, 0, t, summarize, po->edgeitems, stride_of_dim, f->sci_mode);
	}
	if (po->sci_mode >= 0)
		f->sci_mode = po->sci_mode;
}

static void
fmt_value(struct sbuf *b, const struct fmt *f, double v)
{
	char buf[512];
	int len = fmt_raw(buf, sizeof buf, v, f->int_mode, f->sci_mode, f->precision);

	sbuf_spaces(b, f->width - len);
	sbuf_addn(b, buf, (size_t)len);
}

/* Elements per line of a vector, each el columns wide after indent (6.2). */
static int
per_line_of(int linewidth, int indent, int el)
{
	double fit = floor(((double)linewidth - indent) / el);

	return fit < 1 ? 1 : (fit > 1e9 ? 1000000000 : (int)fit);
}

/* What goes before element k of a vector: nothing, ", ", or a new line. */
static void
elem_sep(struct sbuf *b, int k, int per_line, int indent)
{
	if (k == 0)
		return;
	if (k % per_line == 0) {
		sbuf_add(b, ",\n");
		sbuf_spaces(b, indent + 1);
	} else {
		sbuf_add(b, ", ");
	}
}

/* One vector (6.2, 8): elements cut into lines of a fixed count. */
static void
vector_str(struct sbuf *b, const struct tensor *t, size_t off, int indent,
    int summarize, const struct fmt *f, const struct print_opts *po)
{
	int n = t->shape[t->ndim - 1];
	int per_line = per_line_of(po->linewidth, indent, f->width + 2);
	int e = po->edgeitems, i, k = 0;
	int cut = summarize && cut_dim(n, e);

	sbuf_addc(b, '[');
	for (i = 0; i < n; i++) {
		int ellipsis = cut && i == e;

		elem_sep(b, k++, per_line, indent);
		if (ellipsis) {
			sbuf_add(b, " ...");
			i = n - e - 1;
			continue;
		}
		fmt_value(b, f, tval(t, off + (size_t)i));
	}
	sbuf_addc(b, ']');
}

/* A tensor of dim >= 1 at this indent (6.3): sub-tensors and separators. */
static void
tensor_body(struct sbuf *b, const struct tensor *t, int dim, size_t off,
    int indent, int summarize, const struct fmt *f, const struct print_opts *po,
    size_t stride_of_dim[])
{
	int n = t->shape[dim], i, first = 1, j;
	int left = t->ndim - dim;	/* dimensions of this sub-tensor */
	int cut = summarize && cut_dim(n, po->edgeitems);

	if (interrupt_pending)
		return;
	if (left == 1) {
		vector_str(b, t, off, indent, summarize, f, po);
		return;
	}
	sbuf_addc(b, '[');
	for (i = 0; i < n; i++) {
		if (!first) {
			sbuf_addc(b, ',');
			for (j = 0; j < left - 1; j++)
				sbuf_addc(b, '\n');
			sbuf_spaces(b, indent + 1);
		}
		first = 0;
		if (cut && i == po->edgeitems) {
			sbuf_add(b, "...");
			i = n - po->edgeitems - 1;
			continue;
		}
		tensor_body(b, t, dim + 1, off + (size_t)i * stride_of_dim[dim],
		    indent + 1, summarize, f, po, stride_of_dim);
	}
	sbuf_addc(b, ']');
}

/* Suffixes after the body, wrapped as in 9.2. */
static void
add_suffix(struct sbuf *b, size_t *last, const char *s, const struct print_opts *po)
{
	size_t n = strlen(s);

	if (*last + n + 2 > (size_t)(po->linewidth < 0 ? 0 : po->linewidth)) {
		sbuf_add(b, ",\n       ");
		*last = 7 + n;
	} else {
		sbuf_add(b, ", ");
		*last += n + 2;
	}
	sbuf_add(b, s);
}

char *
print_tensor_str(const struct tensor *t, const struct print_opts *po)
{
	struct sbuf b = { 0 };
	size_t stride_of_dim[TENSOR_MAXDIM];
	size_t start, last, i;
	char suffix[256];
	int d;

	if (t->parameter)
		sbuf_add(&b, "Parameter containing:\n");
	start = b.len;
	sbuf_add(&b, "tensor(");
	suffix[0] = '\0';
	if (t->numel == 0) {
		sbuf_add(&b, "[]");
		if (t->ndim != 1) {
			size_t n = 0;

			n += (size_t)snprintf(suffix, sizeof suffix, "size=(");
			for (d = 0; d < t->ndim && n < sizeof suffix; d++)
				n += (size_t)snprintf(suffix + n, sizeof suffix - n,
				    "%s%d", d ? ", " : "", t->shape[d]);
			if (n < sizeof suffix)
				snprintf(suffix + n, sizeof suffix - n, ")");
		}
	} else {
		struct fmt f;
		int summarize = (long long)t->numel > po->threshold;

		for (d = t->ndim - 1; d >= 0; d--)
			stride_of_dim[d] = d == t->ndim - 1 ? 1 :
			    stride_of_dim[d + 1] * (size_t)t->shape[d + 1];
		fmt_build(&f, t, po, summarize, stride_of_dim);
		if (t->ndim == 0)
			fmt_value(&b, &f, tval(t, 0));
		else
			tensor_body(&b, t, 0, 0, 7, summarize, &f, po, stride_of_dim);
	}
	/* last line length + 2, as _add_suffixes counts it */
	last = b.len - start;
	for (i = b.len; i > start; i--)
		if (b.s[i - 1] == '\n') {
			last = b.len - i;
			break;
		}
	last += 2;
	if (suffix[0] != '\0')
		add_suffix(&b, &last, suffix, po);
	if (t->data64 != NULL)
		add_suffix(&b, &last, "dtype=torch.float64", po);
	if (t->grad_fn != NULL) {
		char g[128];

		snprintf(g, sizeof g, "grad_fn=<%s>", t->grad_fn);
		add_suffix(&b, &last, g, po);
	} else if (t->requires_grad) {
		add_suffix(&b, &last, "requires_grad=True", po);
	}
	sbuf_addc(&b, ')');
	return sbuf_take(&b);
}

void
print_tensor(FILE *fp, const struct tensor *t, const struct print_opts *po)
{
	char *s = print_tensor_str(t, po);

	fputs(s, fp);
	fputc('\n', fp);
	free(s);
}

char *
print_shortest(char *buf, size_t len, float f)
{
	if (f == 0 && signbit(f)) {	/* "-0" reads back as +0 (Python's json: the integer 0) */
		snprintf(buf, len, "-0.0");
		return buf;
	}
	return text_shortest(buf, len, f, 1, 'g');
}

/*
 * Integer and bool tensors (_Formatter for a non-floating dtype): every
 * value as str() writes it ("True", "-3"), right-aligned to the widest
 * of the values shown; the same lines, cuts and summaries as floats.
 */
struct ints {
	int ndim;
	const int *shape;
	const long long *v;
	int is_bool;
	int width;
	const struct print_opts *po;
};

static int
int_text(char *buf, size_t len, const struct ints *t, long long v)
{
	if (t->is_bool)
		return snprintf(buf, len, "%s", v ? "True" : "False");
	return snprintf(buf, len, "%lld", v);
}

/* the widest value shown: all, or the corners of a summarized tensor */
static void
ints_width(struct ints *t, int dim, size_t off, const size_t *sod, int summarize)
{
	int n = t->shape[dim], i, e = t->po->edgeitems;
	char buf[32];

	for (i = 0; i < n; i++) {
		if (summarize && n > 2 * e && i == e)
			i = n - e;
		if (dim + 1 < t->ndim) {
			ints_width(t, dim + 1, off + (size_t)i * sod[dim], sod, summarize);
		} else {
			int len = int_text(buf, sizeof buf, t, t->v[off + (size_t)i]);

			if (len > t->width)
				t->width = len;
		}
	}
}

static void
ints_value(struct sbuf *b, const struct ints *t, long long v)
{
	char buf[32];
	int len = int_text(buf, sizeof buf, t, v);

	sbuf_spaces(b, t->width - len);
	sbuf_addn(b, buf, (size_t)len);
}

static void
ints_body(struct sbuf *b, const struct ints *t, int dim, size_t off, int indent, int summarize,
    const size_t *sod)
{
	int n = t->shape[dim], i, j, e = t->po->edgeitems, first = 1;
	int cut = summarize && n > 2 * e;

	if (dim == t->ndim - 1) {
		int per_line = per_line_of(t->po->linewidth, indent, t->width + 2), k = 0;

		sbuf_addc(b, '[');
		for (i = 0; i < n; i++) {
			elem_sep(b, k++, per_line, indent);
			if (cut && i == e) {
				sbuf_add(b, " ...");
				i = n - e - 1;
				continue;
			}
			ints_value(b, t, t->v[off + (size_t)i]);
		}
		sbuf_addc(b, ']');
		return;
	}
	sbuf_addc(b, '[');
	for (i = 0; i < n; i++) {
		if (!first) {
			sbuf_addc(b, ',');
			for (j = 0; j < t->ndim - dim - 1; j++)
				sbuf_addc(b, '\n');
			sbuf_spaces(b, indent + 1);
		}
		first = 0;
		if (cut && i == e) {
			sbuf_add(b, "...");
			i = n - e - 1;
			continue;
		}
		ints_body(b, t, dim + 1, off + (size_t)i * sod[dim], indent + 1, summarize, sod);
	}
	sbuf_addc(b, ']');
}

char *
print_ints_str(int ndim, const int *shape, const long long *v, int is_bool, const struct print_opts *po)
{
	struct sbuf b = { 0 };
	struct ints t = { ndim, shape, v, is_bool, 1, po };
	size_t sod[TENSOR_MAXDIM], numel = 1;
	int d;

	for (d = 0; d < ndim; d++)
		numel *= (size_t)shape[d];
	sbuf_add(&b, "tensor(");
	if (numel == 0) {	/* the suffixes as _add_suffixes places them: a new line past linewidth */
		struct sbuf sfx = { 0 };
		long long last = 9 + 2;	/* "tensor([]", counted as len - rfind("\n") + 1 */
		char *one;
		int k;

		sbuf_add(&b, "[]");
		for (k = 0; k < 2; k++) {
			if (k == 0) {
				if (ndim == 1)
					continue;
				sbuf_add(&sfx, "size=(");
				for (d = 0; d < ndim; d++)
					sbuf_addf(&sfx, "%s%d", d ? ", " : "", shape[d]);
				sbuf_add(&sfx, ")");
			} else {
				sbuf_addf(&sfx, "dtype=torch.%s", is_bool ? "bool" : "int64");
			}
			one = sbuf_take(&sfx);
			if (last + (long long)strlen(one) + 2 > po->linewidth) {
				sbuf_addf(&b, ",\n       %s", one);
				last = 7 + (long long)strlen(one);
			} else {
				sbuf_addf(&b, ", %s", one);
				last += (long long)strlen(one) + 2;
			}
			free(one);
		}
		sbuf_addc(&b, ')');
		return sbuf_take(&b);
	}
	if (ndim == 0) {
		char buf[32];

		int_text(buf, sizeof buf, &t, v[0]);
		sbuf_add(&b, buf);
	} else {
		int summarize = (long long)numel > po->threshold;

		for (d = ndim - 1; d >= 0; d--)
			sod[d] = d == ndim - 1 ? 1 : sod[d + 1] * (size_t)shape[d + 1];
		ints_width(&t, 0, 0, sod, summarize);
		ints_body(&b, &t, 0, 0, 7, summarize, sod);
	}
	sbuf_addc(&b, ')');
	return sbuf_take(&b);
}
