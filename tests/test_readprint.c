/*
 * test_readprint.c - the reader of THEIRS (src/teach/readprint.c): every print in
 * tests/print-cases.jsonl and tests/readprint-cases.jsonl (real PyTorch
 * 1.13 output) read back to its shape and its values as printed; labels,
 * notebook and terminal pastes, JSON, and each error with its exact line.
 */
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "../src/util/diag.h"
#include "../src/teach/readprint.h"
#include "test.h"

static double
hex_value(const char *h)
{
	uint32_t u = (uint32_t)strtoul(h, NULL, 16);
	float f;

	memcpy(&f, &u, sizeof f);
	return f;
}

/*
 * The printed value read back against the true one: within half a unit of
 * the last printed digit (check.md's unit; each element is rounded to its
 * own digit, which is never coarser than the tensor's unit), exact for
 * inf, -inf and nan.  The factor 1 + 1e-9 only absorbs the rounding of the
 * decimal strings to double (a tie such as 0.03125 -> 0.0312 is exactly
 * half a unit).
 */
static int
as_printed(const struct rp_tensor *t, double got, double want)
{
	if (isnan(want))
		return isnan(got);
	if (isinf(want))
		return got == want;
	if (t->notation == RP_UNROUNDED)
		return fabs(got - want) <= 1e-6 * fmax(1, fabs(want));
	return fabs(got - want) <= 0.5 * t->unit * (1 + 1e-9);
}

/* Every shown element of t against want (row-major, of shape nd/shape); the number that differ. */
static int
check_values(const char *id, const struct rp_tensor *t, int nd, const int *shape, const double *want)
{
	int idx[RP_MAXDIM], bad = 0;
	size_t k;

	for (k = 0; k < t->nshown; k++) {
		size_t off = rp_index(t, k, shape, idx);

		if (!as_printed(t, t->v[k], want[off]) && bad++ < 3)
			fprintf(stderr, "%s: element %zu (offset %zu): read %.9g, true %.9g, unit %g\n",
			    id, k, off, t->v[k], want[off], t->unit);
	}
	(void)nd;
	return bad;
}

/*
 * One golden case c (print-cases.jsonl) against the tensor t read from its
 * repr: shape, layout of the summary, printing facts, suffixes, values.
 */
static void
check_case(const cJSON *c, const struct rp_tensor *t, const char *label)
{
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(c, "id"));
	const cJSON *shp = cJSON_GetObjectItem(c, "shape"), *e;
	const cJSON *fmt = cJSON_GetObjectItem(c, "formatter");
	const cJSON *opts = cJSON_GetObjectItem(c, "options");
	const cJSON *o;
	const char *suffix = cJSON_GetStringValue(cJSON_GetObjectItem(c, "suffix"));
	int shape[RP_MAXDIM], nd = 0, d, precision = 4, edge = 3, summarized, int_mode, sci;
	size_t n = 0, i = 0, want_shown = 1;
	double *want;

	cJSON_ArrayForEach(e, shp)
		shape[nd++] = e->valueint;
	if ((o = cJSON_GetObjectItem(opts, "precision")) != NULL)
		precision = o->valueint;
	if ((o = cJSON_GetObjectItem(opts, "edgeitems")) != NULL)
		edge = o->valueint;
	n = (size_t)cJSON_GetArraySize(cJSON_GetObjectItem(c, "data_hex"));
	want = xmalloc((n ? n : 1) * sizeof *want);
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(c, "data_hex"))
		want[i++] = hex_value(e->valuestring);

	CHECK(label == NULL ? t->label == NULL : t->label != NULL && strcmp(t->label, label) == 0,
	    "%s: label %s, expected %s", id, t->label ? t->label : "none", label ? label : "none");
	CHECK(rp_fits(t, nd, shape), "%s: the read layout does not fit the true shape", id);
	summarized = cJSON_IsTrue(cJSON_GetObjectItem(fmt, "summarized"));
	for (d = 0; d < t->ndim && d < nd; d++) {
		int s = summarized && shape[d] > 2 * edge;

		CHECK(t->summarised[d] == s && t->shown[d] == (s ? 2 * edge : shape[d]) &&
		    t->head[d] == (s ? edge : shape[d]) && t->size[d] == (s ? -1 : shape[d]),
		    "%s: dim %d: shown %d head %d summarised %d size %d, true size %d", id, d,
		    t->shown[d], t->head[d], t->summarised[d], t->size[d], shape[d]);
		want_shown *= (size_t)t->shown[d];
	}
	CHECK(t->nshown == want_shown, "%s: nshown %zu, expected %zu", id, t->nshown, want_shown);
	CHECK(t->parameter == cJSON_IsTrue(cJSON_GetObjectItem(c, "parameter")), "%s: parameter", id);
	if (suffix != NULL && strncmp(suffix, "grad_fn=<", 9) == 0)
		CHECK(t->grad_fn != NULL && strlen(suffix) == strlen(t->grad_fn) + 10 &&
		    strncmp(suffix + 9, t->grad_fn, strlen(t->grad_fn)) == 0 && t->requires_grad,
		    "%s: grad_fn %s, suffix %s", id, t->grad_fn ? t->grad_fn : "none", suffix);
	else
		CHECK(t->grad_fn == NULL && t->requires_grad == (suffix != NULL), "%s: requires_grad", id);
	if (fmt != NULL && !cJSON_IsNull(fmt) && t->nshown > 0) {
		int finite = 0;
		double big = 0;

		int_mode = cJSON_IsTrue(cJSON_GetObjectItem(fmt, "int_mode"));
		sci = cJSON_IsTrue(cJSON_GetObjectItem(fmt, "sci_mode"));
		for (i = 0; i < t->nshown; i++)
			if (isfinite(t->v[i])) {
				finite = 1;
				big = fmax(big, fabs(t->v[i]));
			}
		if (sci && finite) {
			/* the unit of the largest printed element, from its value (not its text) */
			double u = pow(10, floor(log10(big) + 1e-12) - precision);

			CHECK(t->notation == RP_SCI && t->precision == precision &&
			    fabs(t->unit - u) <= 1e-9 * u && t->dtype == RP_FLOAT32,
			    "%s: sci: notation %d precision %d unit %g, expected %g", id, t->notation,
			    t->precision, t->unit, u);
		} else if (int_mode || !finite) {
			CHECK(t->notation == RP_INTEGER && t->unit == 1 && t->precision == 0 &&
			    t->dtype == RP_FLOAT32, "%s: integer mode: notation %d unit %g dtype %s", id,
			    t->notation, t->unit, rp_dtype_name(t->dtype));
		} else if (precision == 0) {
			/* fixed at precision 0 prints "0, 2": it reads as an int64 print */
			CHECK(t->notation == RP_INTEGER && t->unit == 1 && t->dtype == RP_INT64,
			    "%s: precision 0: notation %d unit %g dtype %s", id, t->notation, t->unit,
			    rp_dtype_name(t->dtype));
		} else {
			CHECK(t->notation == RP_FIXED && t->precision == precision &&
			    t->unit == pow(10, -precision) && t->dtype == RP_FLOAT32,
			    "%s: fixed: notation %d precision %d unit %g", id, t->notation, t->precision, t->unit);
		}
	}
	if (rp_fits(t, nd, shape))
		CHECK(check_values(id, t, nd, shape, want) == 0, "%s: values differ from the true ones", id);
	free(want);
}

static cJSON **
load_cases(const char *path, int *np)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	cJSON **c = NULL;
	int n = 0;

	*np = 0;
	CHECK(fp != NULL, "cannot open %s", path);
	if (fp == NULL)
		return NULL;
	while (getline(&line, &cap, fp) > 0) {
		c = xrealloc(c, ((size_t)n + 1) * sizeof *c);
		c[n++] = cJSON_Parse(line);
	}
	free(line);
	fclose(fp);
	*np = n;
	return c;
}

static void
free_cases(cJSON **c, int n)
{
	int i;

	for (i = 0; i < n; i++)
		cJSON_Delete(c[i]);
	free(c);
}

/* Each golden repr alone, then all of them in one text, each named a different way. */
static void
test_print_corpus(void)
{
	int n, i;
	cJSON **c = load_cases("tests/print-cases.jsonl", &n);
	struct sbuf all = { NULL, 0, 0 };
	struct rp_set s;
	char err[512], label[32];

	CHECK(n == 494, "print-cases.jsonl has %d cases, expected 494", n);
	for (i = 0; i < n; i++) {
		const char *repr = cJSON_GetStringValue(cJSON_GetObjectItem(c[i], "repr"));

		if (rp_read(&s, "case", repr, strlen(repr), err, sizeof err) != 0 || s.n != 1) {
			CHECK(0, "case %d: %s (%d tensors)", i, err, s.n);
		} else {
			CHECK(s.t[0].line == 1 + (strncmp(repr, "Parameter", 9) == 0) && s.t[0].col == 1,
			    "case %d: starts at %d:%d", i, s.t[0].line, s.t[0].col);
			check_case(c[i], &s.t[0], NULL);
		}
		rp_free(&s);
	}
	/* one text, as a notebook or a terminal shows many prints, each with a label */
	for (i = 0; i < n; i++) {
		const char *repr = cJSON_GetStringValue(cJSON_GetObjectItem(c[i], "repr")), *p;
		int param = strncmp(repr, "Parameter", 9) == 0;

		switch (i % 10) {
		case 0: sbuf_addf(&all, "case_%d\n%s", i, repr); break;
		case 1: sbuf_addf(&all, "case_%d:\n%s", i, repr); break;
		case 2: sbuf_addf(&all, "print(case_%d)\n\n%s", i, repr); break;
		case 3: sbuf_addf(&all, ">>> case_%d\n%s", i, repr); break;
		case 4: sbuf_addf(&all, "case_%d = torch.softmax(x, dim=-1)\n%s", i, repr); break;
		case 5: sbuf_addf(&all, "# case_%d\n%s", i, repr); break;
		case 6: sbuf_addf(&all, "In [%d]: case_%d\nOut[%d]: %s", i, i, i, repr); break;
		case 7: sbuf_addf(&all, param ? "case_%d\n%s" : "case_%d: %s", i, repr); break;
		case 8:
			if (param)
				sbuf_addf(&all, "In [%d]:\ncase_%d\n\n%s", i, i, repr);
			else
				sbuf_addf(&all, "case_%d = %s", i, repr);
			break;
		case 9:		/* a print pasted as comments: "# " before every line */
			sbuf_addf(&all, "print(case_%d)\n# ", i);
			for (p = repr; *p; p++) {
				sbuf_addc(&all, *p);
				if (*p == '\n')
					sbuf_add(&all, "# ");
			}
			break;
		}
		sbuf_add(&all, "\n\n");
	}
	if (rp_read(&s, "all", all.s, all.len, err, sizeof err) != 0 || s.n != n) {
		CHECK(0, "all cases in one text: %s (%d tensors)", err, s.n);
	} else {
		for (i = 0; i < n; i++) {
			snprintf(label, sizeof label, "case_%d", i);
			check_case(c[i], &s.t[i], label);
		}
	}
	rp_free(&s);
	free(all.s);
	free_cases(c, n);
}

/* tests/readprint-cases.jsonl: other dtypes, ints, bools, print() of several objects. */
static void
test_torch_cases(void)
{
	int n, i, j, d;
	cJSON **c = load_cases("tests/readprint-cases.jsonl", &n);
	struct rp_set s;
	char err[512];

	CHECK(n == 40, "readprint-cases.jsonl has %d cases, expected 40", n);
	for (i = 0; i < n; i++) {
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(c[i], "id"));
		const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(c[i], "text"));
		const cJSON *ts = cJSON_GetObjectItem(c[i], "tensors");

		if (rp_read(&s, id, text, strlen(text), err, sizeof err) != 0 || s.n != cJSON_GetArraySize(ts)) {
			CHECK(0, "%s: %s (%d tensors, expected %d)", id, err, s.n, cJSON_GetArraySize(ts));
			rp_free(&s);
			continue;
		}
		for (j = 0; j < s.n; j++) {
			const cJSON *w = cJSON_GetArrayItem(ts, j), *e;
			const struct rp_tensor *t = &s.t[j];
			const char *label = cJSON_GetStringValue(cJSON_GetObjectItem(w, "label"));
			const char *dtype = cJSON_GetStringValue(cJSON_GetObjectItem(w, "dtype"));
			const char *grad_fn = cJSON_GetStringValue(cJSON_GetObjectItem(w, "grad_fn"));
			int shape[RP_MAXDIM], nd = 0, exact;
			size_t k = 0, nv = (size_t)cJSON_GetArraySize(cJSON_GetObjectItem(w, "values"));
			double *want = xmalloc((nv ? nv : 1) * sizeof *want);

			cJSON_ArrayForEach(e, cJSON_GetObjectItem(w, "shape"))
				shape[nd++] = e->valueint;
			cJSON_ArrayForEach(e, cJSON_GetObjectItem(w, "values"))
				want[k++] = cJSON_IsString(e) ? (e->valuestring[0] == 'n' ? NAN :
				    e->valuestring[0] == '-' ? -INFINITY : INFINITY) : e->valuedouble;
			CHECK(strcmp(rp_dtype_name(t->dtype), dtype) == 0, "%s #%d: dtype %s, expected %s", id, j,
			    rp_dtype_name(t->dtype), dtype);
			CHECK(label == NULL ? t->label == NULL : t->label && strcmp(t->label, label) == 0,
			    "%s #%d: label %s, expected %s", id, j, t->label ? t->label : "none", label ? label : "none");
			CHECK(grad_fn == NULL ? t->grad_fn == NULL : t->grad_fn && strcmp(t->grad_fn, grad_fn) == 0,
			    "%s #%d: grad_fn", id, j);
			CHECK(t->requires_grad == cJSON_IsTrue(cJSON_GetObjectItem(w, "requires_grad")) &&
			    t->parameter == cJSON_IsTrue(cJSON_GetObjectItem(w, "parameter")),
			    "%s #%d: requires_grad %d parameter %d", id, j, t->requires_grad, t->parameter);
			CHECK(rp_fits(t, nd, shape), "%s #%d: layout does not fit the true shape", id, j);
			for (d = 0; d < nd && d < t->ndim; d++)
				CHECK(t->summarised[d] ? t->shown[d] == 6 && t->head[d] == 3 : t->shown[d] == shape[d],
				    "%s #%d: dim %d shows %d of %d", id, j, d, t->shown[d], shape[d]);
			exact = strncmp(dtype, "int", 3) == 0 || strncmp(dtype, "uint", 4) == 0 || strcmp(dtype, "bool") == 0;
			if (exact)
				CHECK(t->notation == RP_INTEGER && t->unit == 1, "%s #%d: integers print exactly", id, j);
			if (rp_fits(t, nd, shape)) {
				int idx[RP_MAXDIM], bad = 0;

				for (k = 0; k < t->nshown; k++) {
					size_t off = rp_index(t, k, shape, idx);

					bad += exact ? t->v[k] != want[off] : !as_printed(t, t->v[k], want[off]);
				}
				CHECK(bad == 0, "%s #%d: %d values differ", id, j, bad);
			}
			free(want);
		}
		rp_free(&s);
	}
	free_cases(c, n);
}

/* Read text, expecting success and n tensors; the set stays for the caller to check and free. */
static int
read_ok(struct rp_set *s, const char *text, int n)
{
	char err[512];

	if (rp_read(s, "t.txt", text, strlen(text), err, sizeof err) != 0) {
		CHECK(0, "read failed: %s\n--- text\n%s", err, text);
		return 0;
	}
	CHECK(s->n == n, "read %d tensors, expected %d\n--- text\n%s", s->n, n, text);
	return s->n == n;
}

static void
expect_err(const char *text, size_t len, const char *want)
{
	struct rp_set s;
	char err[512] = "unset";
	int rc = rp_read(&s, "t.txt", text, len, err, sizeof err);

	CHECK(rc == -1 && s.n == 0 && s.t == NULL && strcmp(err, want) == 0,
	    "error for %s:\n  got  %s\n  want %s", text, rc == 0 ? "success" : err, want);
	rp_free(&s);
}

#define ERR(text, want) expect_err(text, sizeof text - 1, want)

static void
test_labels(void)
{
	static const struct {
		const char *text, *label;
		int parameter;
	} cases[] = {
		{ "attn_weights\ntensor([1.])", "attn_weights", 0 },
		{ "attn_weights:\ntensor([1.])", "attn_weights", 0 },
		{ "print(attn_weights)\ntensor([1.])", "attn_weights", 0 },
		{ "print( attn_weights );\ntensor([1.])", "attn_weights", 0 },
		{ ">>> attn_weights\ntensor([1.])", "attn_weights", 0 },
		{ ">>> print(wei)\ntensor([1.])", "wei", 0 },
		{ "attn_weights = ...\ntensor([1.])", "attn_weights", 0 },
		{ "attn_weights = torch.softmax(attn_scores, dim=-1)\ntensor([1.])", "attn_weights", 0 },
		{ "attn_weights_2=attn_scores_2.softmax(0)\ntensor([1.])", "attn_weights_2", 0 },
		{ "wei = F.softmax(wei, dim=-1) # (B, T, T)\ntensor([1.])", "wei", 0 },
		{ "print(wei)  # the weights\ntensor([1.])", "wei", 0 },
		{ "# attn_weights\ntensor([1.])", "attn_weights", 0 },
		{ "## attn_weights:\ntensor([1.])", "attn_weights", 0 },
		{ "In [5]: attn_weights\ntensor([1.])", "attn_weights", 0 },
		{ "In [5]: attn_weights_2\nOut[5]: tensor([1.])", "attn_weights_2", 0 },
		{ "In [7]: wei\nOut[7]:\ntensor([[1.0000, 0.0000],\n        [0.5000, 0.5000]])", "wei", 0 },
		{ "attn_weights: tensor([1.])", "attn_weights", 0 },
		{ "attn_weights = tensor([1.])", "attn_weights", 0 },
		{ "Out[3]: attn_weights: tensor([1.])", "attn_weights", 0 },
		{ "wei tensor([1.])", "wei", 0 },	/* print("wei", wei) */
		{ "Mean:\n tensor(1.0936)", "Mean", 0 },	/* print("Mean:\n", m) */
		{ "In [3]:\nattn_weights\n\ntensor([1.])", "attn_weights", 0 },	/* a notebook export */
		{ "attn_weights\n\n\n\ntensor([1.])", "attn_weights", 0 },
		{ "    attn_weights   \n    tensor([1.])", "attn_weights", 0 },
		{ "attn_weights\r\ntensor([1.])\r\n", "attn_weights", 0 },
		{ "W_query\nParameter containing:\ntensor([1.], requires_grad=True)", "W_query", 1 },
		{ "In [2]: W_query\nOut[2]:\nParameter containing:\ntensor([1.], requires_grad=True)", "W_query", 1 },
		{ ">>> sa.W_key\nParameter containing:\ntensor([1.])", NULL, 1 },
		{ "```python\nattn_weights\n```\n\n    tensor([[1.0000, 0.0000],\n            [0.5000, 0.5000]])",
		    "attn_weights", 0 },	/* nbconvert --to markdown */
		{ "[7/8] attn_weights: softmax: each row sums to 1\n  >>> attn_weights = torch.softmax(scaled_scores, dim=-1)\n"
		    "  shape (T, T) = (6, 6)\ntensor([1.])", "attn_weights", 0 },	/* attn-explain's own cell */
		{ "shape (6, 6)\ntensor([1.])", NULL, 0 },
		{ "x[0]\ntensor([1.])", NULL, 0 },
		{ "attn[0]\n\ntensor([1.])", NULL, 0 },
		{ "print(attn_weights.sum())\ntensor(1.)", NULL, 0 },
		{ "print(attn_weights, wei)\ntensor(1.)", NULL, 0 },
		{ "Query vector: tensor([1.])", NULL, 0 },
		{ "True\ntensor([1.])", NULL, 0 },
		{ "x == y\ntensor([1.])", NULL, 0 },
		{ "In [3]:\ntensor([1.])", NULL, 0 },
		{ "torch.Size([1])\ntensor([1.])", NULL, 0 },
		{ "2wei\ntensor([1.])", NULL, 0 },
		{ "[tensor([1.])]", NULL, 0 },
	};
	size_t i;
	struct rp_set s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (read_ok(&s, cases[i].text, 1)) {
			const char *l = s.t[0].label;

			CHECK(cases[i].label == NULL ? l == NULL : l != NULL && strcmp(l, cases[i].label) == 0,
			    "label of %s: %s, expected %s", cases[i].text, l ? l : "none",
			    cases[i].label ? cases[i].label : "none");
			CHECK(s.t[0].parameter == cases[i].parameter, "parameter of %s", cases[i].text);
		}
		rp_free(&s);
	}
	/* a label never reaches past the print before it */
	if (read_ok(&s, "wei\ntensor([1.])\ntensor([2.])\nq\n\ntensor([3.]) k\ntensor([4.])", 4))
		CHECK(strcmp(s.t[0].label, "wei") == 0 && s.t[1].label == NULL && strcmp(s.t[2].label, "q") == 0 &&
		    s.t[3].label == NULL, "labels of consecutive prints");
	rp_free(&s);
}

/* Real pastes: the notebooks in shared/seeds and the terminal forms of the same prints. */
static void
test_pastes(void)
{
	struct rp_set s;
	const struct rp_tensor *t;

	/* LLMs-from-scratch ch03 (seed 004), print("Attention weights:", ...) and print("Sum:", ...) */
	if (read_ok(&s,
	    "In [3]:\n"
	    "attn_weights_2_tmp = attn_scores_2 / attn_scores_2.sum()\n"
	    "print(\"Attention weights:\", attn_weights_2_tmp)\n"
	    "print(\"Sum:\", attn_weights_2_tmp.sum())\n"
	    "\n"
	    "Attention weights: tensor([0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656])\n"
	    "Sum: tensor(1.0000)\n", 2)) {
		t = &s.t[0];
		CHECK(t->label == NULL && t->line == 6 && t->col == 20 && t->ndim == 1 && t->shown[0] == 6 &&
		    t->v[0] == 0.1455 && t->v[5] == 0.1656 && t->notation == RP_FIXED && t->precision == 4,
		    "book weights: label %s at %d:%d", t->label ? t->label : "none", t->line, t->col);
		t = &s.t[1];
		CHECK(t->label && strcmp(t->label, "Sum") == 0 && t->ndim == 0 && t->nshown == 1 && t->v[0] == 1 &&
		    t->unit == 1e-4 && t->line == 7 && t->col == 6, "book sum");
	}
	rp_free(&s);
	/* the book's attn_weights_2 row at the Python prompt */
	if (read_ok(&s, ">>> attn_weights_2 = torch.softmax(attn_scores_2, dim=0)\n"
	    ">>> print(attn_weights_2)\n"
	    "tensor([0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581])\n"
	    ">>> print(attn_weights_2.sum())\n"
	    "tensor(1.)\n", 2)) {
		CHECK(strcmp(s.t[0].label, "attn_weights_2") == 0 && s.t[0].v[3] == 0.124 && s.t[1].label == NULL &&
		    s.t[1].notation == RP_INTEGER && s.t[1].unit == 1, "book row at >>>");
	}
	rp_free(&s);
	/* Karpathy-style attn[0] (seed 001): 8 x 8, the grad_fn wrapped to its own line */
	if (read_ok(&s, "In [39]:\nattn[0]\n\n"
	    "tensor([[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],\n"
	    "        [0.4264, 0.5736, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],\n"
	    "        [0.3151, 0.3022, 0.3827, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],\n"
	    "        [0.3007, 0.2272, 0.2467, 0.2253, 0.0000, 0.0000, 0.0000, 0.0000],\n"
	    "        [0.1635, 0.2048, 0.1776, 0.1616, 0.2926, 0.0000, 0.0000, 0.0000],\n"
	    "        [0.1403, 0.2272, 0.1454, 0.1244, 0.2678, 0.0949, 0.0000, 0.0000],\n"
	    "        [0.1554, 0.1815, 0.1224, 0.1213, 0.1428, 0.1603, 0.1164, 0.0000],\n"
	    "        [0.0952, 0.1217, 0.1130, 0.1453, 0.1137, 0.1180, 0.1467, 0.1464]],\n"
	    "       grad_fn=<SelectBackward0>)\n\n"
	    "In [36]:\nattn.var()\n\ntensor(0.0279, grad_fn=<VarBackward0>)\n", 2)) {
		t = &s.t[0];
		CHECK(t->label == NULL && t->ndim == 2 && t->shown[0] == 8 && t->shown[1] == 8 &&
		    t->v[8] == 0.4264 && t->v[63] == 0.1464 && t->grad_fn && strcmp(t->grad_fn, "SelectBackward0") == 0 &&
		    t->requires_grad && t->line == 4 && t->col == 1, "karpathy attn[0]");
		CHECK(s.t[1].ndim == 0 && s.t[1].v[0] == 0.0279 && strcmp(s.t[1].grad_fn, "VarBackward0") == 0,
		    "karpathy attn.var()");
	}
	rp_free(&s);
	/* seed 001: print(tril), print(attn) with -inf, softmax: three prints in a row */
	if (read_ok(&s, "print(tril)\n"
	    "tensor([[1., 0., 0.],\n        [1., 1., 0.],\n        [1., 1., 1.]])\n"
	    "tensor([[0., -inf, -inf],\n        [0., 0., -inf],\n        [0., 0., 0.]])\n"
	    "tensor([[1.0000, 0.0000, 0.0000],\n        [0.5000, 0.5000, 0.0000],\n"
	    "        [0.3333, 0.3333, 0.3333]])\n", 3)) {
		CHECK(strcmp(s.t[0].label, "tril") == 0 && s.t[1].label == NULL && s.t[2].label == NULL,
		    "labels of three prints");
		CHECK(s.t[1].v[1] == -INFINITY && s.t[1].v[3] == 0 && s.t[1].notation == RP_INTEGER &&
		    s.t[2].v[8] == 0.3333 && s.t[2].line == 8, "values of three prints");
	}
	rp_free(&s);
	/* the book's multi-head context_vecs: 3-d, rows wrapped after 7 numbers, blank line between blocks */
	if (read_ok(&s, "context_vecs.shape: torch.Size([2, 2, 8])\n"
	    "tensor([[[-0.4519,  0.2216,  0.4772,  0.1063,  0.4566,  0.2729, -0.5684,\n"
	    "           0.5063],\n"
	    "         [-0.5874,  0.0058,  0.5891,  0.3257,  0.5792,  0.3011, -0.5388,\n"
	    "           0.6447]],\n"
	    "\n"
	    "        [[-0.4519,  0.2216,  0.4772,  0.1063,  0.4566,  0.2729, -0.5684,\n"
	    "           0.5063],\n"
	    "         [-0.5874,  0.0058,  0.5891,  0.3257,  0.5792,  0.3011, -0.5388,\n"
	    "           0.6447]]], grad_fn=<CatBackward0>)\n", 1)) {
		t = &s.t[0];
		CHECK(t->ndim == 3 && t->shown[0] == 2 && t->shown[1] == 2 && t->shown[2] == 8 && t->v[7] == 0.5063 &&
		    t->v[31] == 0.6447 && strcmp(t->grad_fn, "CatBackward0") == 0, "wrapped 3-d context_vecs");
	}
	rp_free(&s);
	/* a print pasted as comments, and one indented in a markdown code block */
	if (read_ok(&s, "print(wei)\n# tensor([[1.0000, 0.0000],\n#         [0.5000, 0.5000]])\n"
	    "\n    >>> q\n    tensor([[ 0.1000e+00, -2.5000e-03],\n            [ 1.0000e+00,  3.0000e+00]])\n", 2)) {
		CHECK(strcmp(s.t[0].label, "wei") == 0 && s.t[0].shown[0] == 2 && s.t[0].v[2] == 0.5 &&
		    s.t[0].line == 2 && s.t[0].col == 3, "commented print");
		t = &s.t[1];
		CHECK(strcmp(t->label, "q") == 0 && t->notation == RP_SCI && t->precision == 4 && t->unit == 1e-4 &&
		    t->v[1] == -2.5e-3 && t->line == 6 && t->col == 5, "indented sci print: unit %g", t->unit);
	}
	rp_free(&s);
	/* a summarised print from a notebook, and an empty one, in one text */
	if (read_ok(&s, "logits\ntensor([[[-0.2153,  0.4321,  1.0834,  ...,  0.1032, -0.6631,  0.2011],\n"
	    "         [ 0.0412, -0.3381,  0.7119,  ...,  0.5522,  0.3014, -0.1290]],\n\n"
	    "        [[ 0.9154,  0.0033, -0.2510,  ..., -0.8820,  0.4417,  0.6080],\n"
	    "         [-0.1124,  0.2245,  0.3390,  ...,  0.0710, -0.5105,  0.2297]]],\n"
	    "       grad_fn=<UnsafeViewBackward0>)\nempty\ntensor([], size=(0, 3))", 2)) {
		int shape[3] = { 2, 2, 50257 }, idx[3];

		t = &s.t[0];
		CHECK(t->ndim == 3 && t->summarised[2] && !t->summarised[1] && t->shown[2] == 6 && t->head[2] == 3 &&
		    t->size[2] == -1 && t->size[1] == 2 && t->nshown == 24, "summarised logits layout");
		CHECK(rp_fits(t, 3, shape) && rp_index(t, 5, shape, idx) == 50256 && idx[2] == 50256 &&
		    rp_index(t, 9, shape, idx) == 50257 + 50254 && idx[1] == 1 && idx[2] == 50254,
		    "summarised logits: shown element 9 is [0, 1, 50254]");
		t = &s.t[1];
		CHECK(strcmp(t->label, "empty") == 0 && t->ndim == 2 && t->shown[0] == 0 && t->shown[1] == 3 &&
		    t->nshown == 0 && t->size[1] == 3, "empty (0, 3)");
	}
	rp_free(&s);
	/* suffixes: dtype, device, requires_grad=False; the same with a print() label */
	if (read_ok(&s, "x: tensor([1, 2], device='cuda:0', dtype=torch.int32)\n"
	    "tensor([0.5000], device='mps:0', requires_grad=True)\n"
	    "tensor(2., dtype=torch.float64, requires_grad=False)", 3)) {
		CHECK(strcmp(s.t[0].label, "x") == 0 && s.t[0].dtype == RP_INT32 && strcmp(s.t[0].device, "cuda:0") == 0,
		    "device and dtype");
		CHECK(s.t[1].requires_grad && strcmp(s.t[1].device, "mps:0") == 0 && s.t[1].dtype == RP_FLOAT32,
		    "device and requires_grad");
		CHECK(!s.t[2].requires_grad && s.t[2].dtype == RP_FLOAT64 && s.t[2].ndim == 0, "requires_grad=False");
	}
	rp_free(&s);
	/* code is not a print: torch.tensor([...]), tensor(x), prose */
	if (read_ok(&s, "inputs = torch.tensor([[0.43, 0.15, 0.89]])\ny = tensor(x)\nas_tensor(3)\n"
	    "the tensor(s) we use\nwei\ntensor([1.])", 1))
		CHECK(strcmp(s.t[0].label, "wei") == 0 && s.t[0].line == 6, "code is skipped");
	rp_free(&s);
	/* columns count characters, not bytes: "\u2192" is 3 bytes */
	if (read_ok(&s, "pesi \xe2\x86\x92 tensor([1.])\n\xc3\xa9\xc3\xa9\n\xc3\xa9 tensor([2.])", 2))
		CHECK(s.t[0].col == 8 && s.t[1].line == 3 && s.t[1].col == 3, "UTF-8 columns: %d, %d:%d",
		    s.t[0].col, s.t[1].line, s.t[1].col);
	rp_free(&s);
	ERR("\xc3\xa9\n  tensor([\n 2.,\xc3\xa9])", "t.txt:3:5: expected a number, got \"\xc3\xa9\"");
	/* a hand-made print with uneven digits: the coarsest unit */
	if (read_ok(&s, "tensor([0.5, 0.25, 1.0000e-03])", 1))
		CHECK(s.t[0].notation == RP_SCI && s.t[0].unit == 0.1 && s.t[0].precision == 1, "uneven digits: unit %g",
		    s.t[0].unit);
	rp_free(&s);
	/* float64's smallest: a unit below the smallest double is that double, never 0 */
	if (read_ok(&s, "tensor([4.9407e-324, 0.0000e+00], dtype=torch.float64)", 1))
		CHECK(s.t[0].unit == nextafter(0, 1) && s.t[0].v[0] == nextafter(0, 1), "unit of 4.9407e-324: %g",
		    s.t[0].unit);
	rp_free(&s);
	/* forced sci_mode with a zero: the largest element sets the unit, not the zero */
	if (read_ok(&s, "tensor([1.0000e-05, 0.0000e+00])", 1))
		CHECK(s.t[0].notation == RP_SCI && fabs(s.t[0].unit - 1e-9) < 1e-24, "sci unit beside a zero: %g",
		    s.t[0].unit);
	rp_free(&s);
}

static void
test_json(void)
{
	struct rp_set s;
	const struct rp_tensor *t;
	int shape[2] = { 2, 2 }, idx[2];
	char err[256];

	if (read_ok(&s, "{\"attn_weights\": [[1, 0], [0.5, 0.5]], \"x\": 3.5,\n"
	    " \"masked\": [[\"-inf\", 0], [\"nan\", \"Infinity\"]], \"e\": [], \"ee\": [[], []],\n"
	    " \"s\": [NaN, -Infinity, Infinity, -1e-7], \"b\": [true, false], \"\\u00e9t\\u00e9\": 1}", 8)) {
		t = &s.t[0];
		CHECK(strcmp(t->label, "attn_weights") == 0 && t->json && t->notation == RP_UNROUNDED && t->unit == 0 &&
		    t->precision == -1 && rp_fits(t, 2, shape) && t->v[2] == 0.5 && t->line == 1 && t->col == 18,
		    "json attn_weights at %d:%d", t->line, t->col);
		CHECK(strcmp(s.t[1].label, "x") == 0 && s.t[1].ndim == 0 && s.t[1].v[0] == 3.5, "json 0-d");
		t = &s.t[2];
		CHECK(t->v[0] == -INFINITY && isnan(t->v[2]) && t->v[3] == INFINITY && t->line == 2, "json strings inf nan");
		CHECK(s.t[3].ndim == 1 && s.t[3].shown[0] == 0 && s.t[4].ndim == 2 && s.t[4].shown[0] == 2 &&
		    s.t[4].shown[1] == 0 && s.t[4].nshown == 0, "json empty arrays");
		t = &s.t[5];
		CHECK(isnan(t->v[0]) && t->v[1] == -INFINITY && t->v[2] == INFINITY && t->v[3] == -1e-7,
		    "json.dump's NaN and Infinity");
		CHECK(s.t[6].dtype == RP_BOOL && s.t[6].v[0] == 1 && s.t[6].v[1] == 0, "json bools");
		CHECK(strcmp(s.t[7].label, "\xc3\xa9t\xc3\xa9") == 0, "json key escapes");
		CHECK(!s.t[0].named && !s.t[7].named, "an object's keys are labels, not --json's names");
	}
	rp_free(&s);
	/* the tool's own --json: flat data with a shape, or nested data */
	if (read_ok(&s, "\xef\xbb\xbf  [\n"
	    "  {\"name\": \"attn_scores\", \"expression\": \"attn_scores = queries @ keys.T\", \"shape\": [2, 2], "
	    "\"data\": [1, 2, 3, \"-inf\"]},\n"
	    "  {\"name\": \"s\", \"shape\": [], \"data\": [4]},\n"
	    "  {\"name\": \"n\", \"shape\": [2, 2], \"data\": [[1, 2], [3, 4]]},\n"
	    "  {\"name\": \"z\", \"shape\": [0, 3], \"data\": []}\n]\n", 4)) {
		t = &s.t[0];
		CHECK(strcmp(t->label, "attn_scores") == 0 && rp_fits(t, 2, shape) && t->v[3] == -INFINITY &&
		    rp_index(t, 3, shape, idx) == 3 && idx[0] == 1 && idx[1] == 1 && t->line == 2, "--json flat data");
		CHECK(s.t[1].ndim == 0 && s.t[1].v[0] == 4, "--json 0-d");
		CHECK(rp_fits(&s.t[2], 2, shape) && s.t[2].v[3] == 4, "--json nested data");
		CHECK(s.t[3].ndim == 2 && s.t[3].shown[0] == 0 && s.t[3].shown[1] == 3, "--json empty");
		CHECK(s.t[0].named && s.t[3].named, "--json's names are marked");
	}
	rp_free(&s);
	/* --json's document: the tensors of "stages" and "weights"; the file, the tokens, the settings are none */
	if (read_ok(&s, "{\n  \"file\": \"data/x.json\",\n  \"tokens\": [\"a\", \"b\"],\n"
	    "  \"settings\": {\"heads\": 1, \"scale\": null, \"init_order\": [\"W_query\"]},\n"
	    "  \"stages\": [\n    {\"name\": \"inputs\", \"expression\": \"inputs = ...\", \"shape\": [2, 2], "
	    "\"data\": [1, 2, 3, 4]}\n  ],\n"
	    "  \"weights\": [{\"name\": \"W_query.weight\", \"shape\": [1, 2], \"data\": [5, 6]}]\n}\n", 2)) {
		CHECK(strcmp(s.t[0].label, "inputs") == 0 && s.t[0].named && rp_fits(&s.t[0], 2, shape) &&
		    s.t[0].v[3] == 4 && s.t[0].line == 6, "--json document: a stage");
		CHECK(strcmp(s.t[1].label, "W_query.weight") == 0 && s.t[1].named && s.t[1].ndim == 2 &&
		    s.t[1].shown[0] == 1 && s.t[1].v[1] == 6, "--json document: a weight");
	}
	rp_free(&s);
	CHECK(rp_read(&s, "t.json", "{\"file\": \"x\", \"stages\": []}", 27, err, sizeof err) != 0 &&
	    strcmp(err, "t.json:1:1: expected at least one tensor in \"stages\", got none") == 0,
	    "--json document without stages: %s", err);
	rp_free(&s);
	/* starts with '[' but is a Python list of prints, not JSON */
	if (read_ok(&s, "[tensor([0.5000, 1.5000]), tensor([[1., 2.],\n        [3., 4.]])]", 2))
		CHECK(s.t[1].shown[0] == 2 && s.t[1].v[3] == 4 && s.t[1].col == 28, "list of prints");
	rp_free(&s);
}


static void
test_errors(void)
{
	struct rp_set s;
	char err[512];
	int i;

	/* empty, nothing, no tensor */
	ERR("", "t.txt:1:1: expected tensor(...) prints or a JSON object, got an empty file");
	ERR("  \n\n", "t.txt:3:1: expected tensor(...) prints or a JSON object, got only white space");
	ERR("hello\nworld tensor(x)\n",
	    "t.txt:1:1: expected tensor(...) prints or a JSON object, got text with no tensor(...) in it");
	ERR("\n  5", "t.txt:2:3: expected tensor(...) prints or a JSON object, got text with no tensor(...) in it");
	/* unbalanced brackets */
	ERR("tensor([[1., 2.],\n        [3., 4.])", "t.txt:2:17: expected ',' or ']', got ')'");
	ERR("tensor([1., 2.]])", "t.txt:1:16: expected ',' or ')', got ']'");
	ERR("tensor([[1., 2.], 3.])", "t.txt:1:19: expected '[', got \"3.\"");
	ERR("tensor([1., [2.]])", "t.txt:1:13: expected a number, got '['");
	/* unterminated */
	ERR("wei\ntensor([1., 2.,", "t.txt:2:8: expected ']' to close this '[', got end of input");
	ERR("tensor([[1., 2.],\n        [3., 4.]", "t.txt:1:8: expected ']' to close this '[', got end of input");
	ERR("tensor(", "t.txt:1:1: expected ')' to close this tensor(, got end of input");
	ERR("tensor([1.], grad_fn=<MulBackward0>", "t.txt:1:1: expected ')' to close this tensor(, got end of input");
	/* ragged */
	ERR("tensor([[1., 2.],\n        [3.]])", "t.txt:2:9: expected 2 numbers in this row, as in the rows before, got 1");
	ERR("tensor([[[1.], [2.]],\n\n        [[3.]]])",
	    "t.txt:3:9: expected 2 items in this list, as in the lists before, got 1");
	ERR("tensor([[1., 2.,  ..., 5., 6.],\n        [1., 2., 3., 4.]])",
	    "t.txt:2:9: expected 2, ..., 2 numbers in this row, as in the rows before, got 4");
	ERR("tensor([[1., 2.], []])", "t.txt:1:19: expected 2 numbers in this row, as in the rows before, got 0");
	/* numbers that are not */
	ERR("tensor([1., 2.x])", "t.txt:1:13: expected a number, got \"2.x\"");
	ERR("tensor([1.,, 2.])", "t.txt:1:12: expected a number, got ','");
	ERR("tensor([1., ])", "t.txt:1:13: expected a number, got ']'");
	ERR("tensor([1., 1.5e])", "t.txt:1:13: expected a number, got \"1.5e\"");
	ERR("tensor([1., 0x1p3])", "t.txt:1:13: expected a number, got \"0x1p3\"");
	ERR("tensor([1.,\n 2 .5])", "t.txt:2:4: expected ',' or ']', got \".5\"");
	ERR("tensor([1e999])", "t.txt:1:9: expected a number within double range, got \"1e999\"");
	ERR("tensor([-1.0000e-5000])", "t.txt:1:9: expected a number within double range, got \"-1.0000e-5000\"");
	ERR("tensor([True, 1])", "t.txt:1:15: expected True or False like the elements before, got \"1\"");
	ERR("tensor([1, False])", "t.txt:1:12: expected a number like the elements before, got \"False\"");
	ERR("tensor([1., \0])", "t.txt:1:13: expected a number, got byte 0x00");
	ERR("tensor([1., abcdefghijklmnopqrstuvwxyz0123])",
	    "t.txt:1:13: expected a number, got \"abcdefghijklmnopqrstuvwx...\"");
	/* summaries */
	ERR("tensor([..., 1.])", "t.txt:1:9: expected a number or '[' before '...', got '...'");
	ERR("tensor([1., ...])", "t.txt:1:16: expected a number or '[' after '...', got ']'");
	ERR("tensor([1., ..., 2., ..., 3.])", "t.txt:1:22: expected one '...' in a list, got a second");
	/* depth and sizes */
	ERR("tensor([[[[[[[[[1.]]]]]]]]])", "t.txt:1:16: expected at most 8 dimensions, got a ninth '['");
	ERR("tensor([], size=(99999999999, 0))", "t.txt:1:18: expected a size below 2^31, got \"99999999999\"");
	ERR("tensor([], size=(2, 3))", "t.txt:1:12: expected a size with a 0 in it for tensor([]), got size=(2, 3)");
	ERR("tensor([1., 2.], size=(3,))",
	    "t.txt:1:18: expected size= to agree with the printed shape (2,), got size=(3,)");
	ERR("tensor([], size=(1, 2, 3, 4, 5, 6, 7, 8, 0))", "t.txt:1:42: expected at most 8 sizes, got more");
	/* suffixes */
	ERR("tensor([1.], foo=3)",
	    "t.txt:1:14: expected size=, dtype=, device=, grad_fn= or requires_grad=, got \"foo=3\"");
	ERR("tensor([1.] grad_fn=<MulBackward0>)", "t.txt:1:13: expected ',' or ')', got \"grad_fn=<MulBackward0>\"");
	ERR("tensor([1.], dtype=torch.complex64)",
	    "t.txt:1:20: expected a real or bool dtype such as torch.float32, got \"torch.complex64\"");
	ERR("tensor([1.], grad_fn=SoftmaxBackward0)",
	    "t.txt:1:22: expected <Name> after grad_fn=, got \"SoftmaxBackward0\"");
	ERR("tensor([1.], requires_grad=yes)", "t.txt:1:28: expected True or False, got \"yes\"");
	ERR("tensor([1.], device=cuda)", "t.txt:1:21: expected a quoted device such as 'cuda:0', got \"cuda\"");
	/* JSON */
	ERR("{\"a\": [[1, 2], [3]]}", "t.txt:1:16: a[1]: expected 2 numbers in this row, as in the rows before, got 1");
	ERR("{\"a\": [1, \"x\"]}", "t.txt:1:11: a[1]: expected a number, \"inf\", \"-inf\" or \"nan\", got a string \"x\"");
	ERR("{\"a\": [1, [2]]}", "t.txt:1:11: a[1]: expected a number, got an array");
	ERR("{\"a\": [[1], 2]}", "t.txt:1:13: a[1]: expected an array, got a number");
	ERR("{\"b\": 1, \"a\": {\"c\": 1}}",
	    "t.txt:1:15: a: expected a number, \"inf\", \"-inf\" or \"nan\", got an object");
	ERR("{\"a\": [1e999]}", "t.txt:1:8: a[0]: expected a number, \"inf\", \"-inf\" or \"nan\", got a number out of double range");
	ERR("{\"a\": [null]}", "t.txt:1:8: a[0]: expected a number, \"inf\", \"-inf\" or \"nan\", got null");
	ERR("{\"a\": [true, 2]}", "t.txt:1:14: a[1]: expected true or false like the elements before, got a number");
	ERR("{\"k\\n0\\u0001\": \"s\"}",
	    "t.txt:1:16: k?0?: expected a number, \"inf\", \"-inf\" or \"nan\", got a string \"s\"");
	ERR("{}", "t.txt:1:1: expected at least one tensor, got an empty object");
	ERR("[]", "t.txt:1:1: expected at least one tensor, got an empty array");
	ERR("[{\"name\": \"a\", \"shape\": [2, 2], \"data\": [1, 2, 3]}]",
	    "t.txt:1:41: a: data: expected 4 numbers, or nested arrays of shape (2, 2), got shape (3,)");
	ERR("[{\"name\": \"a\", \"shape\": [2, -1], \"data\": [1, 2]}]",
	    "t.txt:1:29: a: shape: expected a size from 0 to 2^31-1, got another number");
	ERR("[{\"shape\": [2], \"data\": [1, 2]}]", "t.txt:1:2: expected a \"name\" string, got none");
	ERR("[{\"name\": \"a\"}]", "t.txt:1:2: a: expected a \"data\" member, got none");
	ERR("[1]", "t.txt:1:2: expected an object {\"name\", \"shape\", \"data\"}, got a number");
	ERR("[[[[[[[[[[1]]]]]]]]]]", "t.txt:1:2: expected an object {\"name\", \"shape\", \"data\"}, got an array");
	ERR("{\"a\": [[[[[[[[[1]]]]]]]]]}", "t.txt:1:15: a[0][0][0][0][0][0][0][0]: expected at most 8 dimensions, got a deeper array");
	/*
	 * looks like JSON, is neither JSON nor prints: the JSON error, from the
	 * input files' scanner (json.h's json_scan()), message for message
	 */
	ERR("{\"a\": [1, 2}", "t.txt:1:12: invalid JSON: unexpected '}', expected ',' or ']'");
	ERR("{\"a\": [1, 2]} x", "t.txt:1:15: invalid JSON: unexpected 'x', expected the end of the JSON text");
	ERR("[1, 2", "t.txt:1:6: invalid JSON: unexpected end of input, expected ',' or ']'");
	/* a leading byte order mark takes no column, as in an input file */
	ERR("\xef\xbb\xbf{\"a\": [1, 2}", "t.txt:1:12: invalid JSON: unexpected '}', expected ',' or ']'");
	/* an unterminated string is named at its opening quote */
	ERR("{\"a\": [1], \"b", "t.txt:1:12: invalid JSON: unterminated string, expected a closing '\"' before the end of the file");
	ERR("{\"a\": [07]}", "t.txt:1:8: invalid JSON: number with a leading zero (JSON writes 7, not 07; 0.7 is fine)");
	/* Python's json.dump writes NaN and Infinity (read above); other spellings are no JSON */
	ERR("{\"a\": [nan]}", "t.txt:1:8: invalid JSON: nan is not JSON, expected the string \"nan\"");
	ERR("{\"a\": [-inf]}", "t.txt:1:8: invalid JSON: -inf is not JSON, expected the string \"-inf\"");
	/* JSON nested beyond its own bound is refused before any deeper recursion */
	{
		struct sbuf b = { NULL, 0, 0 };

		for (i = 0; i < 100000; i++)
			sbuf_addc(&b, '[');
		CHECK(rp_read(&s, "t.txt", b.s, b.len, err, sizeof err) == -1 &&
		    strcmp(err, "t.txt:1:65: nesting deeper than 64 levels") == 0, "deep JSON: %s", err);
		rp_free(&s);
		free(b.s);
	}
	/* files */
	CHECK(rp_load(&s, "tests/no-such-file.txt", err, sizeof err) == -1 &&
	    strcmp(err, "tests/no-such-file.txt: No such file or directory") == 0, "missing file: %s", err);
	CHECK(rp_load(&s, "tests", err, sizeof err) == -1 &&
	    strcmp(err, "tests: is a directory, expected PyTorch prints or JSON") == 0, "directory: %s", err);
	/* JSON lines are no JSON: read as text, the reprs in them are prints with a literal \n */
	CHECK(rp_load(&s, "tests/print-cases.jsonl", err, sizeof err) == -1 &&
	    strcmp(err, "tests/print-cases.jsonl:4:194: expected a number, got \"\\n\"") == 0, "jsonl: %s", err);
	rp_free(&s);
}

/* rp_fits and rp_index on a summarised (3, 8) print (print-cases options_threshold-002). */
static void
test_shapes(void)
{
	struct rp_set s;
	int a[2] = { 3, 8 }, b[2] = { 3, 6 }, c[2] = { 3, 100 }, d[2] = { 4, 8 }, idx[2];

	if (read_ok(&s, "tensor([[ 0.,  1.,  2.,  ...,  5.,  6.,  7.],\n"
	    "        [ 8.,  9., 10.,  ..., 13., 14., 15.],\n"
	    "        [16., 17., 18.,  ..., 21., 22., 23.]])", 1)) {
		const struct rp_tensor *t = &s.t[0];
		size_t k;
		int bad = 0;

		CHECK(rp_fits(t, 2, a) && rp_fits(t, 2, c) && !rp_fits(t, 2, b) && !rp_fits(t, 2, d) && !rp_fits(t, 1, a),
		    "rp_fits");
		CHECK(rp_index(t, 3, a, idx) == 5 && idx[0] == 0 && idx[1] == 5, "rp_index (3, 8)");
		CHECK(rp_index(t, 3, c, idx) == 97 && idx[1] == 97, "rp_index (3, 100)");
		CHECK(rp_index(t, 17, c, idx) == 299 && idx[0] == 2 && idx[1] == 99, "rp_index last");
		for (k = 0; k < t->nshown; k++)	/* the value is its own offset in arange(24) */
			bad += t->v[k] != (double)rp_index(t, k, a, idx);
		CHECK(bad == 0, "shown values map to their offsets");
	}
	rp_free(&s);
	CHECK(strcmp(rp_dtype_name(RP_BFLOAT16), "bfloat16") == 0 && strcmp(rp_dtype_name(RP_UINT8), "uint8") == 0,
	    "rp_dtype_name");
}

/* Texts built to be slow for a reader that is not linear: each takes milliseconds, or minutes. */
static void
test_linear(void)
{
	struct sbuf b = { NULL, 0, 0 };
	struct rp_set s;
	char err[512];
	clock_t t0 = clock();
	int i, ok;

	for (i = 0; i < 200000; i++)	/* many prints on one line */
		sbuf_add(&b, "tensor(1.) ");
	ok = rp_read(&s, "t.txt", b.s, b.len, err, sizeof err) == 0 && s.n == 200000 && s.t[199999].col == 2199990;
	CHECK(ok, "200000 prints on one line");
	rp_free(&s);
	b.len = 0;
	for (i = 0; i < 100000; i++)	/* blank lines, prompts and long lines before each print */
		sbuf_add(&b, "wei\nOut[1]:\n\n\n\n\n\n\n\n\n\n\ntensor([1., 2.])\n"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		    " tensor(2.) tensor(x) torch.tensor([3.])\n");
	ok = rp_read(&s, "t.txt", b.s, b.len, err, sizeof err) == 0 && s.n == 200000 &&
	    s.t[2].label && strcmp(s.t[2].label, "wei") == 0 && s.t[3].label == NULL && s.t[199999].line == 1400000;
	CHECK(ok, "100000 labelled prints: %s", ok ? "" : err);
	rp_free(&s);
	b.len = 0;
	sbuf_add(&b, "tensor([");
	for (i = 0; i < 1000000; i++)	/* one long row */
		sbuf_add(&b, "0.5000, ");
	sbuf_add(&b, "1.])");
	CHECK(rp_read(&s, "t.txt", b.s, b.len, err, sizeof err) == 0 && s.n == 1 && s.t[0].nshown == 1000001,
	    "a row of a million numbers");
	rp_free(&s);
	b.len = 0;
	for (i = 0; i < 1000000; i++)	/* a million '[' after tensor( */
		sbuf_addc(&b, i ? '[' : 't');
	sbuf_add(&b, "ensor(");
	memcpy(b.s, "tensor(", 7);
	CHECK(rp_read(&s, "t.txt", b.s, b.len, err, sizeof err) == -1 &&
	    strcmp(err, "t.txt:1:16: expected at most 8 dimensions, got a ninth '['") == 0, "deep print: %s", err);
	rp_free(&s);
	free(b.s);
	CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 20, "linear texts took %.1f s",
	    (double)(clock() - t0) / CLOCKS_PER_SEC);
}

/* issue 24 item 23: a print's values keep only their own room (a million tensor(1.) took 512 bytes each) */
static void
test_values_fit(void)
{
	const char *text = "tensor(1.)\ntensor([1., 2.])\n";
	struct rp_set s;
	char err[256];

	if (rp_read(&s, "fit", text, strlen(text), err, sizeof err) != 0 || s.n != 2) {
		CHECK(0, "fit: %s", err);
		return;
	}
	CHECK(malloc_usable_size(s.t[0].v) < 64, "tensor(1.)'s values hold %zu bytes", malloc_usable_size(s.t[0].v));
	CHECK(malloc_usable_size(s.t[1].v) < 64, "tensor([1., 2.])'s values hold %zu bytes",
	    malloc_usable_size(s.t[1].v));
	rp_free(&s);
}

void
test_readprint(void)
{
	test_values_fit();
	test_print_corpus();
	test_torch_cases();
	test_labels();
	test_pastes();
	test_json();
	test_errors();
	test_shapes();
	test_linear();
}
