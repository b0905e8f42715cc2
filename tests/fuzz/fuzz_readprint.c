/* fuzz_readprint.c - libFuzzer: any bytes as THEIRS (check mode), with the reader's invariants checked,
 * and those of the JSON scanner it shares with the input files (json.h's json_scan()). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/pipeline/json.h"
#include "../../src/teach/readprint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_readprint: broken invariant: %s\n", what);
		abort();
	}
}

/* What the header promises of every tensor read. */
static void
check_tensor(const struct rp_tensor *t)
{
	int shape[RP_MAXDIM], idx[RP_MAXDIM], d;
	size_t k, n = 1, numel = 1;

	check(t->ndim >= 0 && t->ndim <= RP_MAXDIM, "ndim");
	check(t->line >= 1 && t->col >= 1, "position");
	for (d = 0; d < t->ndim; d++) {
		check(t->shown[d] >= 0 && t->head[d] >= 0 && t->head[d] <= t->shown[d], "shown/head");
		check(t->summarised[d] ? t->size[d] == -1 && t->head[d] >= 1 && t->head[d] < t->shown[d]
		    : t->size[d] == t->shown[d] && t->head[d] == t->shown[d], "summary layout");
		n *= (size_t)t->shown[d];
		/* a candidate full shape: one hidden item per summarised dim */
		shape[d] = t->shown[d] + t->summarised[d];
		numel *= (size_t)shape[d];
	}
	check(t->nshown == n, "nshown is the product of shown");
	check(t->nshown == 0 || t->v != NULL, "values");
	check(rp_fits(t, t->ndim, shape), "rp_fits of its own shape");
	for (k = 0; k < t->nshown; k++) {
		size_t off = rp_index(t, k, shape, idx);

		check(off < numel, "rp_index in range");
		for (d = 0; d < t->ndim; d++)
			check(idx[d] >= 0 && idx[d] < shape[d], "index in range");
	}
	check(t->json ? t->notation == RP_UNROUNDED && t->unit == 0 :
	    t->notation != RP_UNROUNDED && t->unit > 0 && t->precision >= 0, "printing facts");
	if (t->label != NULL && !t->json)
		check(t->label[0] != '\0' && strlen(t->label) < 400, "label");
	check(rp_dtype_name(t->dtype)[0] != '?', "dtype");
}

/*
 * The one scanner: NaN and Infinity only widen what it takes; the input
 * files' check (json_check_syntax(), which also skips a BOM) agrees with
 * it; on text it took, json_skip() goes past the whole value and json_ws()
 * to the end.
 */
static void
check_scan(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[512];
	int strict, python;

	if (text == NULL)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	strict = json_scan(text, size, 0, err, sizeof err) == 0;
	check(strict || strchr(err, '\n') == NULL, "one line");
	python = json_scan(text, size, JSON_NONFINITE, err, sizeof err) == 0;
	check(!strict || python, "NaN and Infinity only widen the grammar");
	if (size < 3 || memcmp(text, "\xef\xbb\xbf", 3) != 0)
		check(strict == (json_check_syntax(text, size, err, sizeof err) == 0), "the input files' check agrees");
	if (python)
		check(json_ws(text, size, json_skip(text, size, 0)) == size, "json_skip past the whole value");
	free(text);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rp_set s;
	char err[512];
	int i;

	if (rp_read(&s, "fuzz.txt", (const char *)data, size, err, sizeof err) == 0) {
		check(s.n > 0, "a successful read has a tensor");
		for (i = 0; i < s.n; i++)
			check_tensor(&s.t[i]);
	} else {
		check(s.n == 0 && s.t == NULL, "a failed read leaves the set empty");
		check(strncmp(err, "fuzz.txt:", 9) == 0 && strchr(err, '\n') == NULL, "one line naming the file");
	}
	rp_free(&s);
	check_scan(data, size);
	return 0;
}
