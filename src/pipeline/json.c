/*
 * json.c - an input file -> struct input, the only user of cJSON besides
 * json_scan.c.
 *
 * cJSON accepts more than JSON and keeps no positions, so the text first
 * passes the strict syntax check of json_scan.c, which records where every
 * value and key starts; after cJSON builds its tree, jscan_bind() pairs
 * each node with its offset, so a schema error here names FILE:LINE:COL as
 * well as the JSON path.  When cJSON fails on text the check accepted,
 * memory ran out.
 */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "../util/util.h"
#include "json.h"
#include "../kernels/kernels.h"
#include "settings.h"
#include "json_scan.h"

#define MAX_FILE (256L << 20)	/* bytes of JSON we read */

/* The file's keys besides the settings (settings.c has those). */
static const char *const data_keys[] = { "inputs", "tokens", "weights", "print_options", NULL };
static const char *const linear_keys[] = { "weight", "bias", NULL };

/* The first n layer names, then extra (or nothing), NULL-terminated in keys[n + 2]: check_keys' list. */
static const char *const *
layer_keys(const char **keys, int n, const char *extra)
{
	int l;

	for (l = 0; l < n; l++)
		keys[l] = input_layer_names[l];
	keys[n] = extra;
	keys[n + 1] = NULL;
	return keys;
}

/* ---- messages ---- */

static size_t
node_off(const struct ctx *c, const cJSON *node)
{
	return node != NULL ? jscan_find_off(c, node, 0) : NO_KEY;
}

/* Where a member's key starts (node_off() and key_off() place jscan_fail()'s messages). */
static size_t
key_off(const struct ctx *c, const cJSON *node)
{
	return jscan_find_off(c, node, 1);
}

static const char *
kind(const cJSON *v, char *buf, size_t len)
{
	if (v == NULL)
		return "nothing";
	if (cJSON_IsArray(v))
		return cJSON_GetArraySize(v) ? "an array" : "an empty array";
	if (cJSON_IsObject(v))
		return "an object";
	if (cJSON_IsString(v)) {
		int n = 40;

		/* cut at a character, not inside one */
		while (n > 0 && strlen(v->valuestring) > (size_t)n && ((unsigned char)v->valuestring[n] & 0xc0) == 0x80)
			n--;
		snprintf(buf, len, "\"%.*s%s\"", n, v->valuestring,
		    strlen(v->valuestring) > (size_t)n ? "..." : "");
		return buf;
	}
	if (cJSON_IsTrue(v))
		return "true";
	if (cJSON_IsFalse(v))
		return "false";
	if (cJSON_IsNull(v))
		return "null";
	snprintf(buf, len, "%.17g", v->valuedouble);
	return buf;
}

static int
expected(const struct ctx *c, const cJSON *node, const char *path, const char *what)
{
	char buf[96];
	size_t off, n = 0;

	if (cJSON_IsNumber(node)) {	/* as written: 1e99999, not inf; 4e38, not 3.9999999999999999e+38 */
		off = node_off(c, node);
		while (off + n < c->len && n < 40 && strchr(",]} \t\r\n", c->text[off + n]) == NULL)
			n++;
		snprintf(buf, sizeof buf, "%.*s%s", (int)n, c->text + off,
		    off + n < c->len && strchr(",]} \t\r\n", c->text[off + n]) == NULL ? "..." : "");
		return jscan_fail(c, node_off(c, node), path, "expected %s, got %s", what, buf);
	}
	return jscan_fail(c, node_off(c, node), path, "expected %s, got %s", what, kind(node, buf, sizeof buf));
}

/* A key and its place among the object's members, to find duplicates by sorting. */
struct key_ref {
	const char *name;
	size_t i;
};

static int
key_cmp(const void *a, const void *b)
{
	const struct key_ref *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	if (r != 0)
		return r;
	return x->i < y->i ? -1 : x->i > y->i;
}

/*
 * Unknown and duplicate keys of an object; keys starting with '_' are
 * comments.  The first member in order that repeats an earlier key or is
 * unknown is reported.  Sorting finds the repeats: n log n, for files with
 * a million comments.
 */
static int
check_keys(const struct ctx *c, const cJSON *obj, const char *path, const char *const *names)
{
	const cJSON *e;
	struct key_ref *refs;
	unsigned char *dup;
	char where[512];
	size_t n = 0, i;
	int k, known, rc = 0;

	for (e = obj->child; e != NULL; e = e->next)
		n++;
	refs = xcalloc(n, sizeof *refs);
	dup = xcalloc(n, 1);
	for (i = 0, e = obj->child; e != NULL; e = e->next, i++) {
		refs[i].name = e->string;
		refs[i].i = i;
	}
	qsort(refs, n, sizeof *refs, key_cmp);
	for (i = 1; i < n; i++)
		if (strcmp(refs[i].name, refs[i - 1].name) == 0)
			dup[refs[i].i] = 1;
	for (i = 0, e = obj->child; e != NULL && rc == 0; e = e->next, i++) {
		if (!dup[i] && e->string[0] == '_')
			continue;
		for (known = 0, k = 0; names[k] != NULL; k++)
			if (strcmp(e->string, names[k]) == 0)
				known = 1;
		if (!dup[i] && known)
			continue;
		snprintf(where, sizeof where, "%s%s%s", path, *path ? "." : "", e->string);
		if (dup[i]) {
			rc = jscan_fail(c, key_off(c, e), where, "duplicate key \"%s\"", e->string);
		} else {
			const char *sug = diag_suggest(e->string, names);

			if (sug != NULL)
				rc = jscan_fail(c, key_off(c, e), where, "unknown key \"%s\"; did you mean \"%s\"?", e->string, sug);
			else
				rc = jscan_fail(c, key_off(c, e), where, "unknown key \"%s\"", e->string);
		}
	}
	free(refs);
	free(dup);
	return rc;
}

/* ---- values ---- */

static int
get_float(const struct ctx *c, const cJSON *v, const char *path, float *out)
{
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;
		float f = (float)d;

		if (!isfinite(d) || isinf(f))
			return jscan_fail(c, node_off(c, v), path, "number out of float32 range (largest is 3.4028235e+38; write \"inf\" for infinity)");
		*out = f;
		return 0;
	}
	if (cJSON_IsString(v)) {
		if (strcmp(v->valuestring, "inf") == 0)
			*out = INFINITY;
		else if (strcmp(v->valuestring, "-inf") == 0)
			*out = -INFINITY;
		else if (strcmp(v->valuestring, "nan") == 0)
			*out = NAN;
		else
			return expected(c, v, path, "a number or \"inf\", \"-inf\", \"nan\"");
		return 0;
	}
	return expected(c, v, path, "a number");
}

/* The raw text of a number node, for integers beyond double precision. */
static int
get_int_text(const struct ctx *c, const cJSON *v, char *buf, size_t len)
{
	size_t off = node_off(c, v), n = 0;

	while (off + n < c->len && n + 1 < len && strchr(",]} \t\r\n", c->text[off + n]) == NULL)
		n++;
	memcpy(buf, c->text + off, n);
	buf[n] = '\0';
	return 0;
}

/* An integer in [lo, hi] (hi <= 2^31-1). */
static int
get_int(const struct ctx *c, const cJSON *v, const char *path, int lo, int hi, int *out)
{
	char what[128];

	if (hi == 0x7fffffff)
		snprintf(what, sizeof what, "an integer >= %d", lo);
	else
		snprintf(what, sizeof what, "an integer from %d to %d", lo, hi);
	if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble < lo || v->valuedouble > hi)
		return expected(c, v, path, what);
	*out = (int)v->valuedouble;
	return 0;
}

static int
get_seed(const struct ctx *c, const cJSON *v, const char *path, uint64_t *out)
{
	char text[64];

	if (!cJSON_IsNumber(v))
		return expected(c, v, path, "an integer seed from 0 to 18446744073709551615");
	get_int_text(c, v, text, sizeof text);
	if (text[0] == '-' || rng_parse_seed(text, out) != 0)
		return expected(c, v, path, "an integer seed from 0 to 18446744073709551615");
	return 0;
}

/*
 * Every element of a nested array v of the given shape, in order: each
 * array's length checked against the shape, each number into out[k++]
 * (out NULL: checked only).  0, or -1 after a diagnostic at the first
 * element that is wrong.
 */
static int
walk_array(const struct ctx *c, const cJSON *v, const char *path, int ndim,
    const int *shape, float *out)
{
	int depth = 0, idx[TENSOR_MAXDIM + 1];
	const cJSON *cur[TENSOR_MAXDIM + 1];
	char paths[TENSOR_MAXDIM + 1][600], where[600], buf[96];
	size_t k = 0;
	float dummy;

	snprintf(paths[0], sizeof paths[0], "%s", path);
	cur[0] = v->child;
	idx[0] = 0;
	while (depth >= 0) {
		const cJSON *x = cur[depth];

		if (x == NULL) {
			depth--;
			if (depth >= 0) {
				cur[depth] = cur[depth]->next;
				idx[depth]++;
			}
			continue;
		}
		snprintf(where, sizeof where, "%s[%d]", paths[depth], idx[depth]);
		if (depth + 1 < ndim) {
			if (!cJSON_IsArray(x))
				return jscan_fail(c, node_off(c, x), where, "expected an array of %d, got %s", shape[depth + 1], kind(x, buf, sizeof buf));
			if (cJSON_GetArraySize(x) != shape[depth + 1]) {
				char first[600];
				int d;

				snprintf(first, sizeof first, "%s", path);
				for (d = 0; d <= depth; d++)
					strncat(first, "[0]", sizeof first - strlen(first) - 1);
				return jscan_fail(c, node_off(c, x), where, "expected %d elements, as %s has, got %d (arrays must be rectangular)",
				    shape[depth + 1], first, cJSON_GetArraySize(x));
			}
			depth++;
			snprintf(paths[depth], sizeof paths[depth], "%s", where);
			cur[depth] = x->child;
			idx[depth] = 0;
			continue;
		}
		if (get_float(c, x, where, out != NULL ? &out[k++] : &dummy) != 0)
			return -1;
		cur[depth] = x->next;
		idx[depth]++;
	}
	return 0;
}

/*
 * A nested numeric array -> tensor.  ndim_lo..ndim_hi dimensions; empty
 * dimensions only when allow_empty.  A NULL result follows a diagnostic.
 * The whole array is checked before the tensor is allocated: the shape
 * follows the first element at every depth, so a short text could
 * otherwise claim gigabytes ([[1, 1, ... 1000 ones], [1], [1], ...]).
 */
static struct tensor *
get_array(const struct ctx *c, const cJSON *v, const char *path, int ndim_lo,
    int ndim_hi, int allow_empty, const char *what)
{
	int shape[TENSOR_MAXDIM], ndim = 0, d;
	const cJSON *e = v;
	struct tensor *t;
	size_t numel = 1;

	while (cJSON_IsArray(e)) {
		if (ndim == TENSOR_MAXDIM) {
			jscan_fail(c, node_off(c, v), path, "expected %s, got an array with more than %d dimensions", what, TENSOR_MAXDIM);
			return NULL;
		}
		shape[ndim++] = cJSON_GetArraySize(e);
		if (shape[ndim - 1] == 0)
			break;
		e = e->child;
	}
	if (!allow_empty && ndim > 0 && shape[ndim - 1] == 0) {
		if (ndim == 1)
			expected(c, v, path, what);
		else
			jscan_fail(c, node_off(c, v), path, "expected %s, got an array with an empty dimension", what);
		return NULL;
	}
	if (ndim < ndim_lo || ndim > ndim_hi) {
		if (ndim == 0)
			expected(c, v, path, what);
		else
			jscan_fail(c, node_off(c, v), path, "expected %s, got a %d-d array", what, ndim);
		return NULL;
	}
	for (d = 0; d < ndim; d++) {
		if (shape[d] > 0 && numel > TENSOR_MAX_NUMEL / (size_t)shape[d]) {
			numel = TENSOR_MAX_NUMEL + 1;
			break;
		}
		numel *= (size_t)shape[d];
	}
	if (numel > TENSOR_MAX_NUMEL) {
		jscan_fail(c, node_off(c, v), path, "array too large");
		return NULL;
	}
	if (!allow_empty && numel == 0) {
		expected(c, v, path, "a non-empty array");
		return NULL;
	}
	if (walk_array(c, v, path, ndim, shape, NULL) != 0)
		return NULL;
	if ((t = tensor_new(ndim, shape)) == NULL) {
		jscan_fail(c, node_off(c, v), path, "array too large");
		return NULL;
	}
	walk_array(c, v, path, ndim, shape, t->data);	/* cannot fail: checked above */
	return t;
}

/*
 * The keys of the top level (group SETTING_RUN) or of print_options
 * (SETTING_PRINT): the data's and the settings table's, NULL-terminated.
 */
static const char *const *
keys_of(int group)
{
	static const char *keys[2][64];
	const char *const *k = keys[group == SETTING_PRINT];
	int i, n = 0;

	if (k[0] == NULL) {
		const char **out = keys[group == SETTING_PRINT];

		if (group != SETTING_PRINT)
			for (i = 0; data_keys[i] != NULL; i++)
				out[n++] = data_keys[i];
		for (i = 0; i < settings_count && n < 63; i++)
			if (settings[i].in_file && settings[i].group == group)
				out[n++] = settings[i].name;
		out[n] = NULL;
	}
	return k;
}

/* init_order: a permutation of the three layers */
static int
get_order(const struct ctx *c, const cJSON *v, const char *path, const char *what, int order[3])
{
	const char *const *names = input_layer_names;
	const cJSON *e;
	int seen[3] = { 0, 0, 0 }, n = 0, l;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 3)
		return expected(c, v, path, what);
	cJSON_ArrayForEach(e, v) {
		char where[128];

		snprintf(where, sizeof where, "%s[%d]", path, n);
		for (l = 0; l < 3; l++)
			if (cJSON_IsString(e) && strcmp(e->valuestring, names[l]) == 0)
				break;
		if (l == 3)
			return expected(c, e, where, "\"W_query\", \"W_key\" or \"W_value\"");
		if (seen[l]++)
			return jscan_fail(c, node_off(c, e), where, "\"%s\" appears twice; expected each of W_query, W_key, W_value once", names[l]);
		order[n++] = l;
	}
	return 0;
}

/* One setting's value from the file, by its row in the settings table. */
static int
get_setting(const struct ctx *c, const cJSON *v, const struct setting *s, struct input *in)
{
	void *f = setting_field(s, in, NULL);
	int *has = s->has_off ? (int *)((char *)in + s->has_off) : NULL;
	char path[96], what[160];
	double d = cJSON_IsNumber(v) ? v->valuedouble : NAN;
	int i;

	snprintf(path, sizeof path, "%s%s", s->group == SETTING_PRINT ? "print_options." : "", s->name);
	setting_expected(what, sizeof what, s, FROM_FILE);
	if (s->null_ok && cJSON_IsNull(v)) {
		if (has != NULL)
			*has = 0;
		return 0;
	}
	switch (s->type) {
	case SETTING_INT:
		if (!(d == floor(d) && d >= s->lo && d <= s->hi))
			return expected(c, v, path, what);
		*(int *)f = (int)d;
		break;
	case SETTING_COUNT:
		if (cJSON_IsString(v) && strcmp(v->valuestring, "inf") == 0)
			*(long long *)f = LLONG_MAX;
		else if (d == floor(d) && d >= s->lo)
			*(long long *)f = d > 9e18 ? LLONG_MAX : (long long)d;
		else
			return expected(c, v, path, what);
		break;
	case SETTING_BOOL:
		if (!cJSON_IsBool(v))
			return expected(c, v, path, what);
		*(int *)f = cJSON_IsTrue(v);
		break;
	case SETTING_TRI:
		if (cJSON_IsNull(v))
			*(int *)f = -1;
		else if (cJSON_IsBool(v))
			*(int *)f = cJSON_IsTrue(v);
		else
			return expected(c, v, path, what);
		break;
	case SETTING_REAL:
		if (!(isfinite(d) && (s->lo_open ? d > s->lo : d >= s->lo) && d <= s->hi))
			return expected(c, v, path, what);
		*(double *)f = d;
		break;
	case SETTING_SEED:
		if (get_seed(c, v, path, f) != 0)
			return -1;
		break;
	case SETTING_ENUM:
		for (i = s->first_in_file; s->choices[i] != NULL; i++)
			if (cJSON_IsString(v) && strcmp(v->valuestring, s->choices[i]) == 0)
				break;
		if (s->choices[i] == NULL)
			return expected(c, v, path, what);
		*(int *)f = i;
		break;
	case SETTING_ORDER:
		return get_order(c, v, path, what, f);
	default:
		return expected(c, v, path, what);
	}
	if (has != NULL)
		*has = 1;
	return 0;
}

/* The settings in the file, each by its row; node[i] is row i's value or NULL. */
static int
get_settings(const struct ctx *c, const cJSON *root, struct input *in, const cJSON **node)
{
	const cJSON *po = cJSON_GetObjectItem(root, "print_options");
	int i;

	if (po != NULL) {
		if (!cJSON_IsObject(po))
			return expected(c, po, "print_options", "an object");
		if (check_keys(c, po, "print_options", keys_of(SETTING_PRINT)) != 0)
			return -1;
	}
	for (i = 0; i < settings_count; i++) {
		const struct setting *s = &settings[i];

		node[i] = NULL;
		if (!s->in_file)
			continue;
		node[i] = s->group == SETTING_PRINT ? (po ? cJSON_GetObjectItem(po, s->name) : NULL) :
		    cJSON_GetObjectItem(root, s->name);
		if (node[i] != NULL && get_setting(c, node[i], s, in) != 0)
			return -1;
	}
	return 0;
}

/* ---- reading the file ---- */

/* The whole file, NUL-terminated; NULL after a diagnostic. */
static char *
read_all(const char *path, size_t *lenp)
{
	FILE *fp;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	struct stat st;

	if (strcmp(path, "-") == 0) {
		fp = stdin;
	} else {
		if ((fp = fopen(path, "r")) == NULL) {
			diag("%s:", path);
			return NULL;
		}
		if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
			fclose(fp);
			diag("%s: is a directory, expected a JSON file", path);
			return NULL;
		}
	}
	diag_set_what("a copy of its text");
	for (;;) {
		if (len + 65536 + 1 > cap) {
			cap = (len + 65536 + 1) * 2;
			buf = xrealloc(buf, cap);
		}
		n = fread(buf + len, 1, cap - len - 1, fp);
		len += n;
		if (n == 0)
			break;
		if (len > (size_t)MAX_FILE) {
			diag("%s: file larger than %ld MiB", path, MAX_FILE >> 20);
			goto fail;
		}
	}
	if (ferror(fp)) {
		diag("%s:", path);
		goto fail;
	}
	if (fp != stdin)
		fclose(fp);
	buf[len] = '\0';
	*lenp = len;
	return buf;
fail:
	if (fp != stdin)
		fclose(fp);
	free(buf);
	return NULL;
}

/* The syntax check, then cJSON; NULL after a diagnostic. */
static cJSON *
parse(struct ctx *c)
{
	cJSON *root;
	size_t i = 0;

	diag_set_what("the syntax check's index of the text");
	if (jscan_check(c) != 0)
		return NULL;
	/* the text is JSON: cJSON can only fail for want of memory */
	diag_set_what("the JSON tree");
	if ((root = cJSON_ParseWithOpts(c->text, NULL, 1)) == NULL) {
		if (c->err != NULL)
			snprintf(c->err, c->errlen, "out of memory while building the JSON tree (%zu bytes of text)", c->len);
		else
			diag_at(c->path, 0, 0, "out of memory while building the JSON tree (%zu bytes of text)", c->len);
		return NULL;
	}
	diag_set_what("the input's tensors");
	if (jscan_bind(c, root, &i, 0) != 0 || i != c->npos) {
		if (c->err != NULL)
			snprintf(c->err, c->errlen, "internal error: cJSON read another structure");
		else
			diag_at(c->path, 0, 0, "internal error: cJSON read another structure than the syntax check; please report it");
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

/* ---- the schema ---- */

static int
get_weight(const struct ctx *c, const cJSON *v, const char *path, struct weight *w)
{
	char where[512];

	if (cJSON_IsArray(v)) {
		w->linear = 0;
		w->w = get_array(c, v, path, 2, 2, 0, "a 2-d array (in, out) or {\"weight\": ..., \"bias\": ...}");
		return w->w ? 0 : -1;
	}
	if (!cJSON_IsObject(v))
		return expected(c, v, path, "a 2-d array (in, out) or {\"weight\": ..., \"bias\": ...}");
	if (check_keys(c, v, path, linear_keys) != 0)
		return -1;
	w->linear = 1;
	snprintf(where, sizeof where, "%s.weight", path);
	if (cJSON_GetObjectItem(v, "weight") == NULL)
		return jscan_fail(c, node_off(c, v), path, "missing key \"weight\" (out, in)");
	w->w = get_array(c, cJSON_GetObjectItem(v, "weight"), where, 2, 2, 0, "a 2-d array (out, in)");
	if (w->w == NULL)
		return -1;
	if (cJSON_GetObjectItem(v, "bias") != NULL) {
		snprintf(where, sizeof where, "%s.bias", path);
		w->b = get_array(c, cJSON_GetObjectItem(v, "bias"), where, 1, 1, 0, "a 1-d array (out,)");
		if (w->b == NULL)
			return -1;
		if (w->b->shape[0] != w->w->shape[0])
			return jscan_fail(c, node_off(c, cJSON_GetObjectItem(v, "bias")), where,
			    "expected %d elements (the weight has %d rows, out), got %d",
			    w->w->shape[0], w->w->shape[0], w->b->shape[0]);
	}
	return 0;
}

/* in and out features of a weight */
static int w_in(const struct weight *w) { return w->linear ? w->w->shape[1] : w->w->shape[0]; }
static int w_out(const struct weight *w) { return w->linear ? w->w->shape[0] : w->w->shape[1]; }

/* Check a projection's shape: in features must be `in`, out features `out`. */
static int
check_weight(const struct ctx *c, const cJSON *v, const char *path,
    const struct weight *w, int in, const char *inname, int out, const char *outname)
{
	const cJSON *node = w->linear ? cJSON_GetObjectItem(v, "weight") : v;
	char where[512];

	snprintf(where, sizeof where, "%s%s", path, w->linear ? ".weight" : "");
	if (w_in(w) != in)
		return jscan_fail(c, node_off(c, node), where, "expected %d %s (%s), got %d", in,
		    w->linear ? "columns" : "rows", inname, w_in(w));
	if (out > 0 && w_out(w) != out)
		return jscan_fail(c, node_off(c, node), where, "expected %d %s (%s), got %d", out,
		    w->linear ? "rows" : "columns", outname, w_out(w));
	return 0;
}

/* Columns [h*hd, (h+1)*hd) of the full projection come from head h. */
static void
stack_heads(struct weight *full, struct weight *per, int H)
{
	int in = w_in(&per[0]), hd = w_out(&per[0]), d = H * hd, h, i, j;

	full->linear = per[0].linear;
	if (full->linear) {
		full->w = tensor_new2(d, in);
		for (h = 0; h < H; h++)
			memcpy(full->w->data + (size_t)h * hd * in, per[h].w->data,
			    (size_t)hd * in * sizeof(float));
		if (per[0].b != NULL) {
			int shape = d;

			full->b = tensor_new(1, &shape);
			for (h = 0; h < H; h++)
				memcpy(full->b->data + (size_t)h * hd, per[h].b->data, (size_t)hd * sizeof(float));
		}
	} else {
		full->w = tensor_new2(in, d);
		for (h = 0; h < H; h++)
			for (i = 0; i < in; i++)
				for (j = 0; j < hd; j++)
					full->w->data[(size_t)i * d + h * hd + j] = per[h].w->data[(size_t)i * hd + j];
	}
}

static void
weight_free(struct weight *w)
{
	tensor_free(w->w);
	tensor_free(w->b);
	w->w = w->b = NULL;
}

static int
get_heads_weights(const struct ctx *c, const cJSON *hv, struct input *in, int d_in, int heads_given)
{
	int H = cJSON_GetArraySize(hv), h, l, hd = 0, rc = -1, has_bias = -1;
	struct weight *per[3];
	const cJSON *e;
	const char *keys[NLAYER + 2];
	char path[512];

	if (!cJSON_IsArray(hv) || H == 0)
		return expected(c, hv, "weights.heads", "a non-empty array of {\"W_query\", \"W_key\", \"W_value\"}, one per head");
	for (l = 0; l < 3; l++)
		per[l] = xcalloc((size_t)H, sizeof(struct weight));
	h = 0;
	cJSON_ArrayForEach(e, hv) {
		snprintf(path, sizeof path, "weights.heads[%d]", h);
		if (!cJSON_IsObject(e)) {
			expected(c, e, path, "an object {\"W_query\", \"W_key\", \"W_value\"}");
			goto out;
		}
		if (check_keys(c, e, path, layer_keys(keys, 3, NULL)) != 0)
			goto out;
		for (l = 0; l < 3; l++) {
			const cJSON *v = cJSON_GetObjectItem(e, input_layer_names[l]);
			char where[600];

			snprintf(where, sizeof where, "%s.%s", path, input_layer_names[l]);
			if (v == NULL) {
				jscan_fail(c, node_off(c, e), path, "missing key \"%s\"", input_layer_names[l]);
				goto out;
			}
			if (get_weight(c, v, where, &per[l][h]) != 0)
				goto out;
			if (h == 0 && l == 0)
				hd = w_out(&per[l][h]);
			if (check_weight(c, v, where, &per[l][h], d_in, "d_in", hd, "head_dim, as weights.heads[0].W_query") != 0)
				goto out;
			if (per[l][h].linear != per[l][0].linear) {	/* each layer its form, as in the split layout */
				jscan_fail(c, node_off(c, v), where, "expected the same form as weights.heads[0].%s (%s)", input_layer_names[l],
				    per[l][0].linear ? "{\"weight\", \"bias\"}" : "a bare 2-d array");
				goto out;
			}
			if (has_bias < 0 && per[l][h].linear)
				has_bias = per[l][h].b != NULL;
			if (per[l][h].linear && (per[l][h].b != NULL) != (per[l][0].b != NULL)) {
				jscan_fail(c, node_off(c, v), where, "every head of %s must have a bias, or none", input_layer_names[l]);
				goto out;
			}
		}
		h++;
	}
	if (heads_given && in->heads != H) {
		jscan_fail(c, node_off(c, hv), "weights.heads", "expected %d heads (\"heads\" is %d), got %d", in->heads, in->heads, H);
		goto out;
	}
	in->heads = H;
	for (l = 0; l < 3; l++)
		stack_heads(&in->W[l], per[l], H);
	rc = 0;
out:
	for (l = 0; l < 3; l++) {
		for (h = 0; h < H; h++)
			weight_free(&per[l][h]);
		free(per[l]);
	}
	return rc;
}

static int
get_weights(const struct ctx *c, const cJSON *wv, struct input *in, int d_in, int heads_given)
{
	const cJSON *v;
	const char *keys[NLAYER + 2];
	int l, d_out = 0, nqkv = 0;

	if (!cJSON_IsObject(wv))
		return expected(c, wv, "weights", "an object with W_query, W_key, W_value");
	if (check_keys(c, wv, "weights", layer_keys(keys, NLAYER, "heads")) != 0)
		return -1;
	for (l = 0; l < 3; l++)
		nqkv += cJSON_GetObjectItem(wv, input_layer_names[l]) != NULL;
	if ((v = cJSON_GetObjectItem(wv, "heads")) != NULL) {
		if (nqkv > 0)
			return jscan_fail(c, node_off(c, v), "weights.heads", "give either weights.heads or W_query, W_key, W_value, not both");
		if (!in->stacked)
			return jscan_fail(c, node_off(c, v), "weights.heads", "per-head weights need \"head_layout\": \"stacked\"");
		if (get_heads_weights(c, v, in, d_in, heads_given) != 0)
			return -1;
		d_out = w_out(&in->W[0]);
	} else if (nqkv == 0) {
		if (cJSON_GetObjectItem(wv, input_layer_names[LAYER_OUT]) != NULL)
			return jscan_fail(c, node_off(c, wv), "weights", "out_proj needs W_query, W_key and W_value too");
		return 0;	/* no weights at all: simple mode */
	} else {
		for (l = 0; l < 3; l++) {
			char where[64];

			snprintf(where, sizeof where, "weights.%s", input_layer_names[l]);
			v = cJSON_GetObjectItem(wv, input_layer_names[l]);
			if (v == NULL)
				return jscan_fail(c, node_off(c, wv), "weights", "missing key \"%s\" (give all three of W_query, W_key, W_value, or none)", input_layer_names[l]);
			if (get_weight(c, v, where, &in->W[l]) != 0)
				return -1;
			if (l == 0)
				d_out = w_out(&in->W[0]);
			if (check_weight(c, v, where, &in->W[l], d_in, "d_in, the inputs' last dimension", d_out, "d_out, as W_query") != 0)
				return -1;
		}
	}
	in->has_weights = 1;
	if ((v = cJSON_GetObjectItem(wv, input_layer_names[LAYER_OUT])) != NULL) {
		if (get_weight(c, v, "weights.out_proj", &in->W[LAYER_OUT]) != 0)
			return -1;
		if (check_weight(c, v, "weights.out_proj", &in->W[LAYER_OUT], d_out, "d_out", d_out, "d_out") != 0)
			return -1;
	}
	if (in->d_out > 0 && in->d_out != d_out)
		return jscan_fail(c, node_off(c, wv), "weights", "the weights give d_out = %d, but \"d_out\" is %d", d_out, in->d_out);
	in->d_out = d_out;
	return 0;
}

static int
get_dims(const struct ctx *c, const cJSON *v, const char *path, struct input *in)
{
	const cJSON *e;
	int n = 0;
	char where[128];

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < 2 || cJSON_GetArraySize(v) > 3)
		return expected(c, v, path, "a list of 2 or 3 sizes, [T, d_in] or [B, T, d_in]");
	cJSON_ArrayForEach(e, v) {
		snprintf(where, sizeof where, "%s[%d]", path, n);
		if (get_int(c, e, where, 1, 0x7fffffff, &in->rand_dims[n]) != 0)
			return -1;
		n++;
	}
	in->rand_ndim = n;
	return 0;
}

static int
load_root(struct ctx *c, const cJSON *root, struct input *in)
{
	const cJSON *v, *e, *node[64];
	int T, d_in, i, heads_row = (int)(setting_find("heads") - settings);
	char buf[96], err[512];

	if (!cJSON_IsObject(root))
		return jscan_fail(c, node_off(c, root), "(top level)", "expected a JSON object {\"inputs\": ...}, got %s", kind(root, buf, sizeof buf));
	if (check_keys(c, root, "", keys_of(SETTING_RUN)) != 0)
		return -1;
	/* settings first: the weights are checked against them */
	if (get_settings(c, root, in, node) != 0)
		return -1;

	/* the inputs */
	if ((v = cJSON_GetObjectItem(root, "inputs")) == NULL)
		return jscan_fail(c, node_off(c, root), "inputs", "missing: the token embeddings, a (T, d_in) or (B, T, d_in) array");
	if (cJSON_IsObject(v)) {
		const cJSON *r = cJSON_GetObjectItem(v, "rand"), *rn = cJSON_GetObjectItem(v, "randn");
		static const char *const rk[] = { "rand", "randn", NULL };

		if (check_keys(c, v, "inputs", rk) != 0)
			return -1;
		if ((r == NULL) == (rn == NULL))
			return expected(c, v, "inputs", "{\"rand\": [dims]} or {\"randn\": [dims]}");
		in->rand_kind = r ? INIT_RAND : INIT_RANDN;
		if (get_dims(c, r ? r : rn, r ? "inputs.rand" : "inputs.randn", in) != 0)
			return -1;
		T = in->rand_dims[in->rand_ndim - 2];
		d_in = in->rand_dims[in->rand_ndim - 1];
	} else {
		in->inputs = get_array(c, v, "inputs", 2, 3, 0,
		    "a 2-d (T, d_in) or 3-d (B, T, d_in) array of numbers");
		if (in->inputs == NULL)
			return -1;
		T = in->inputs->shape[in->inputs->ndim - 2];
		d_in = in->inputs->shape[in->inputs->ndim - 1];
	}
	if ((v = cJSON_GetObjectItem(root, "tokens")) != NULL) {
		if (!cJSON_IsArray(v))
			return expected(c, v, "tokens", "an array of strings, one per token");
		if (cJSON_GetArraySize(v) != T)
			return jscan_fail(c, node_off(c, v), "tokens", "expected %d labels (T, the inputs' rows), got %d", T, cJSON_GetArraySize(v));
		in->tokens = xcalloc((size_t)T, sizeof *in->tokens);
		i = 0;
		cJSON_ArrayForEach(e, v) {
			char where[64];

			snprintf(where, sizeof where, "tokens[%d]", i);
			if (!cJSON_IsString(e))
				return expected(c, e, where, "a string");
			in->tokens[i++] = xstrdup(e->valuestring);
			in->ntokens = i;
		}
	}
	if ((v = cJSON_GetObjectItem(root, "weights")) != NULL && get_weights(c, v, in, d_in, node[heads_row] != NULL) != 0)
		return -1;

	/* the rules across settings, each at its key (settings.c) */
	for (i = 0; i < settings_count; i++)
		if (settings[i].in_file && setting_check(&settings[i], in, FROM_FILE, err, sizeof err) != 0)
			return jscan_fail(c, node_off(c, node[i] ? node[i] : root), settings[i].name, "%s", err);
	if (!in->has_weights && in->init == INIT_NONE)
		in->d_out = 0;	/* simple mode: d_out follows from the inputs */
	return 0;
}

/* text: len bytes, NUL-terminated at text[len]; a leading BOM is skipped. */
static void
ctx_open(struct ctx *c, const char *path, const char *text, size_t len)
{
	memset(c, 0, sizeof *c);
	c->path = path;
	c->text = text;
	c->len = len;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		c->text += 3;
		c->len -= 3;
		c->bom = 0;	/* columns count from after the BOM */
	}
}

/* text must be NUL-terminated at text[len]. */
static int
load_terminated(struct input *in, const char *path, const char *text, size_t len)
{
	struct ctx c;
	cJSON *root;
	int rc;

	input_default(in);
	in->path = xstrdup(path);
	ctx_open(&c, path, text, len);
	if ((root = parse(&c)) == NULL) {
		free(c.pos);
		return -1;
	}
	rc = load_root(&c, root, in);
	cJSON_Delete(root);
	free(c.pos);
	return rc;
}

int
json_load_text(struct input *in, const char *path, const char *text, size_t len)
{
	char *copy;
	int rc;

	diag_set_file(path);
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	rc = load_terminated(in, path, copy, len);
	free(copy);
	diag_set_file(NULL);
	return rc;
}

int
json_load(struct input *in, const char *path)
{
	size_t len;
	char *text;
	int rc;

	diag_set_file(path);
	if ((text = json_input_take(path, &len)) == NULL && (text = read_all(path, &len)) == NULL) {
		input_default(in);
		in->path = xstrdup(path);
		diag_set_file(NULL);
		return -1;
	}
	rc = load_terminated(in, path, text, len);
	free(text);
	diag_set_file(NULL);
	return rc;
}

int
json_check_syntax(const char *text, size_t len, char *err, size_t errlen)
{
	struct ctx c;
	char *copy = xmalloc(len + 1);
	cJSON *root = NULL;
	size_t i = 0;
	int rc = -1;

	memcpy(copy, text, len);
	copy[len] = '\0';
	ctx_open(&c, "-", copy, len);
	c.err = err;
	c.errlen = errlen;
	err[0] = '\0';
	if (jscan_check(&c) == 0) {
		rc = -2;
		root = cJSON_ParseWithOpts(c.text, NULL, 1);
		if (root == NULL)
			snprintf(err, errlen, "cJSON rejected it");
		else if (jscan_bind(&c, root, &i, 0) != 0 || i != c.npos)
			snprintf(err, errlen, "cJSON read another structure");
		else
			rc = 0;
	}
	cJSON_Delete(root);
	free(c.pos);
	free(copy);
	return rc;
}

/* ---- writing settings back (the REPL's save) ---- */

static cJSON *
tensor_json(const struct tensor *t, int dim, size_t off)
{
	cJSON *a = cJSON_CreateArray();
	size_t stride = 1;
	int i, d;

	for (d = dim + 1; d < t->ndim; d++)
		stride *= (size_t)t->shape[d];
	for (i = 0; i < t->shape[dim]; i++) {
		if (dim + 1 < t->ndim) {
			cJSON_AddItemToArray(a, tensor_json(t, dim + 1, off + (size_t)i * stride));
		} else {
			float f = t->data[off + (size_t)i];
			char num[32];

			if (isnan(f))
				cJSON_AddItemToArray(a, cJSON_CreateString("nan"));
			else if (isinf(f))
				cJSON_AddItemToArray(a, cJSON_CreateString(f < 0 ? "-inf" : "inf"));
			else
				cJSON_AddItemToArray(a, cJSON_CreateRaw(print_shortest(num, sizeof num, f)));
		}
	}
	return a;
}

static cJSON *
weight_json(const struct weight *w)
{
	cJSON *o;

	if (!w->linear)
		return tensor_json(w->w, 0, 0);
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "weight", tensor_json(w->w, 0, 0));
	if (w->b != NULL)
		cJSON_AddItemToObject(o, "bias", tensor_json(w->b, 0, 0));
	return o;
}

/* One setting's value in the file's form, by its row. */
static cJSON *
setting_json(const struct setting *s, const struct input *in)
{
	const void *f = setting_field(s, (struct input *)in, NULL);
	const int *has = s->has_off ? (const int *)((const char *)in + s->has_off) : NULL;
	char num[32];
	cJSON *a;
	int i;

	if (has != NULL && !*has)
		return s->null_ok ? cJSON_CreateNull() : NULL;
	switch (s->type) {
	case SETTING_INT:
		return cJSON_CreateNumber(*(const int *)f);
	case SETTING_COUNT:
		if (*(const long long *)f == LLONG_MAX)
			return cJSON_CreateString("inf");
		snprintf(num, sizeof num, "%lld", *(const long long *)f);
		return cJSON_CreateRaw(num);
	case SETTING_BOOL:
		return cJSON_CreateBool(*(const int *)f);
	case SETTING_TRI:
		return *(const int *)f < 0 ? cJSON_CreateNull() : cJSON_CreateBool(*(const int *)f);
	case SETTING_REAL:
		return cJSON_CreateRaw(real_str(num, sizeof num, *(const double *)f));
	case SETTING_SEED:
		snprintf(num, sizeof num, "%llu", (unsigned long long)*(const uint64_t *)f);
		return cJSON_CreateRaw(num);
	case SETTING_ENUM:
		return *(const int *)f < s->first_in_file ? NULL : cJSON_CreateString(s->choices[*(const int *)f]);
	case SETTING_ORDER:
		a = cJSON_CreateArray();
		for (i = 0; i < 3; i++)
			cJSON_AddItemToArray(a, cJSON_CreateString(input_layer_names[((const int *)f)[i]]));
		return a;
	}
	return NULL;
}

/* Settings that mean nothing for this input are left out: the file would refuse them. */
static int
setting_applies(const struct setting *s, const struct input *in)
{
	if (strcmp(s->name, "d_out") == 0)
		return in->d_out > 0;
	if (strcmp(s->name, "init_order") == 0 || strcmp(s->name, "out_proj") == 0)
		return in->init != INIT_NONE;
	if (strcmp(s->name, "qkv_bias") == 0)
		return in->init == INIT_LINEAR;
	return 1;
}

/* The settings of in as a JSON object's members (FILE's keys), into o and po. */
static void
settings_json(cJSON *o, cJSON *po, const struct input *in)
{
	cJSON *x;
	int i;

	for (i = 0; i < settings_count; i++) {
		const struct setting *st = &settings[i];

		if (st->in_file && setting_applies(st, in) && (x = setting_json(st, in)) != NULL)
			cJSON_AddItemToObject(st->group == SETTING_PRINT ? po : o, st->name, x);
	}
	cJSON_AddItemToObject(o, "print_options", po);
}

char *
json_settings(const struct input *in)
{
	cJSON *o = cJSON_CreateObject();
	char *text;

	settings_json(o, cJSON_CreateObject(), in);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return text;
}

char *
json_dump(const struct input *in)
{
	cJSON *o = cJSON_CreateObject(), *po = cJSON_CreateObject(), *x;
	char *text;
	int i;

	if (in->inputs != NULL) {
		cJSON_AddItemToObject(o, "inputs", tensor_json(in->inputs, 0, 0));
	} else {
		x = cJSON_CreateObject();
		cJSON_AddItemToObject(x, in->rand_kind == INIT_RAND ? "rand" : "randn",
		    cJSON_CreateIntArray(in->rand_dims, in->rand_ndim));
		cJSON_AddItemToObject(o, "inputs", x);
	}
	if (in->tokens != NULL)
		cJSON_AddItemToObject(o, "tokens", cJSON_CreateStringArray((const char *const *)in->tokens, in->ntokens));
	if (in->has_weights) {
		x = cJSON_CreateObject();
		for (i = 0; i < 3; i++)
			cJSON_AddItemToObject(x, input_layer_names[i], weight_json(&in->W[i]));
		if (in->W[LAYER_OUT].w != NULL)
			cJSON_AddItemToObject(x, input_layer_names[LAYER_OUT], weight_json(&in->W[LAYER_OUT]));
		cJSON_AddItemToObject(o, "weights", x);
	}
	settings_json(o, po, in);
	text = cJSON_Print(o);
	cJSON_Delete(o);
	return text;
}

/* ---- --tensor FILE ---- */

/* print_options of a --tensor file, over *po; 0, or -1 after a message. */
static int
tensor_print_opts(const struct ctx *c, const cJSON *root, struct print_opts *po)
{
	struct input tmp;
	const cJSON *node[64];
	int rc;

	input_default(&tmp);
	tmp.po = *po;
	rc = get_settings(c, root, &tmp, node);	/* only print_options can be there */
	*po = tmp.po;
	return rc;
}

/* {"shape": [...], "data": [...]}: the data must match the shape before anything is allocated. */
static struct tensor *
tensor_shape_data(const struct ctx *c, const cJSON *v)
{
	static const char *const skeys[] = { "shape", "data", NULL };
	const cJSON *sh, *data, *e;
	struct tensor *t;
	int shape[TENSOR_MAXDIM], nd = 0, i;
	size_t k = 0, numel, ndata;
	char where[64];

	if (check_keys(c, v, "tensor", skeys) != 0)
		return NULL;
	sh = cJSON_GetObjectItem(v, "shape");
	data = cJSON_GetObjectItem(v, "data");
	if (!cJSON_IsArray(sh) || cJSON_GetArraySize(sh) > TENSOR_MAXDIM) {
		expected(c, sh, "tensor.shape", "a list of at most 8 sizes");
		return NULL;
	}
	cJSON_ArrayForEach(e, sh) {
		snprintf(where, sizeof where, "tensor.shape[%d]", nd);
		if (get_int(c, e, where, 0, 0x7fffffff, &shape[nd]) != 0)
			return NULL;
		nd++;
	}
	for (numel = 1, i = 0; i < nd; i++) {
		if (shape[i] > 0 && numel > TENSOR_MAX_NUMEL / (size_t)shape[i]) {
			numel = TENSOR_MAX_NUMEL + 1;
			break;
		}
		numel *= (size_t)shape[i];
	}
	if (numel > TENSOR_MAX_NUMEL) {
		jscan_fail(c, node_off(c, sh), "tensor.shape", "too many elements (the limit is %zu)", (size_t)TENSOR_MAX_NUMEL);
		return NULL;
	}
	for (ndata = 0, e = cJSON_IsArray(data) ? data->child : NULL; e != NULL; e = e->next)
		ndata++;
	if (!cJSON_IsArray(data) || ndata != numel) {
		char what[64];

		snprintf(what, sizeof what, "a flat array of %zu numbers", numel);
		if (cJSON_IsArray(data))
			jscan_fail(c, node_off(c, data), "tensor.data", "expected %zu numbers (the shape's product), got %zu", numel, ndata);
		else
			expected(c, data, "tensor.data", what);
		return NULL;
	}
	if ((t = tensor_new(nd, shape)) == NULL) {
		jscan_fail(c, node_off(c, sh), "tensor.shape", "too many elements (the limit is %zu)", (size_t)TENSOR_MAX_NUMEL);
		return NULL;
	}
	cJSON_ArrayForEach(e, data) {
		snprintf(where, sizeof where, "tensor.data[%zu]", k);
		if (get_float(c, e, where, &t->data[k++]) != 0) {
			tensor_free(t);
			return NULL;
		}
	}
	return t;
}

/* The "tensor" value: {"shape", "data"}, a nested array, or one number. */
static struct tensor *
tensor_value(const struct ctx *c, const cJSON *v)
{
	struct tensor *t;

	if (cJSON_IsObject(v))
		return tensor_shape_data(c, v);
	if (cJSON_IsArray(v))
		return get_array(c, v, "tensor", 1, TENSOR_MAXDIM, 1, "a nested array of numbers");
	t = tensor_new(0, NULL);
	if (get_float(c, v, "tensor", &t->data[0]) != 0) {
		tensor_free(t);
		t = NULL;
	}
	return t;
}

/* A --tensor file's top level: {"tensor": ..., "print_options": {...}}. */
static struct tensor *
tensor_root(const struct ctx *c, const cJSON *root, struct print_opts *po)
{
	static const char *const keys[] = { "tensor", "print_options", NULL };
	const cJSON *v;

	if (!cJSON_IsObject(root)) {
		expected(c, root, "(top level)", "a JSON object {\"tensor\": ...}");
		return NULL;
	}
	if (check_keys(c, root, "", keys) != 0 || tensor_print_opts(c, root, po) != 0)
		return NULL;
	if ((v = cJSON_GetObjectItem(root, "tensor")) == NULL) {
		jscan_fail(c, node_off(c, root), "tensor", "missing: a number, a nested array, or {\"shape\": [...], \"data\": [...]}");
		return NULL;
	}
	return tensor_value(c, v);
}

struct tensor *
json_load_tensor(const char *path, struct print_opts *po)
{
	struct ctx c;
	size_t len;
	char *text;
	cJSON *root;
	struct tensor *t = NULL;

	diag_set_file(path);
	if ((text = read_all(path, &len)) == NULL) {
		diag_set_file(NULL);
		return NULL;
	}
	ctx_open(&c, path, text, len);
	if ((root = parse(&c)) != NULL)
		t = tensor_root(&c, root, po);
	cJSON_Delete(root);
	free(c.pos);
	free(text);
	diag_set_file(NULL);
	return t;
}
