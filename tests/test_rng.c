/* test_rng.c - rng.c against PyTorch's own numbers: tests/rng-vectors.json and torch-rng.md. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../src/kernels/rng.h"
#include "test.h"

/* Run from the top of the tree, like every other test. */
#define VECTORS "tests/rng-vectors.json"

/* Largest tensor a vector may ask for; the file's largest has 64 elements. */
#define MAXN 4096

static uint32_t
bits(float f)
{
	uint32_t b;

	memcpy(&b, &f, sizeof b);
	return b;
}

static float
from_bits(uint32_t b)
{
	float f;

	memcpy(&f, &b, sizeof f);
	return f;
}

/* Exactly 8 hex digits, as the vectors write every float32 and u32. */
static int
parse_hex32(const cJSON *v, uint32_t *out)
{
	const char *s;
	uint32_t x = 0;
	int i;

	if (!cJSON_IsString(v))
		return -1;
	s = v->valuestring;
	for (i = 0; i < 8; i++) {
		int d;

		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			d = s[i] - 'A' + 10;
		else
			return -1;
		x = x << 4 | (uint32_t)d;
	}
	if (s[8] != '\0')
		return -1;
	*out = x;
	return 0;
}

/*
 * One CHECK per element, bit for bit: got[0..n-1] against the hex array
 * want. Every message names the case, the op and the element.
 */
static void
check_bits(const char *id, int op, const char *what, const float *got, size_t n,
    const cJSON *want)
{
	size_t i;
	uint32_t w;

	CHECK(cJSON_IsArray(want) && (size_t)cJSON_GetArraySize(want) == n,
	    "%s: op %d: %s: want an array of %zu values", id, op, what, n);
	if (!cJSON_IsArray(want))
		return;
	for (i = 0; i < n && i < (size_t)cJSON_GetArraySize(want); i++) {
		if (parse_hex32(cJSON_GetArrayItem(want, (int)i), &w) != 0) {
			CHECK(0, "%s: op %d: %s[%zu]: bad hex in the vectors", id, op, what, i);
			continue;
		}
		CHECK(bits(got[i]) == w, "%s: op %d: %s[%zu]: got %08" PRIx32 " (%.9g), want %08" PRIx32 " (%.9g)",
		    id, op, what, i, bits(got[i]), (double)got[i], w, (double)from_bits(w));
	}
}

/* numel of a "shape" array into *n; -1 (reported) when it is missing or too big. */
static int
shape_numel(const char *id, int op, const cJSON *shape, size_t *n)
{
	const cJSON *d;

	*n = 1;
	if (!cJSON_IsArray(shape)) {
		CHECK(0, "%s: op %d: no shape", id, op);
		return -1;
	}
	cJSON_ArrayForEach(d, shape) {
		if (!cJSON_IsNumber(d) || d->valuedouble < 0 || d->valuedouble > MAXN
		    || d->valuedouble != floor(d->valuedouble) || (*n *= (size_t)d->valuedouble) > MAXN) {
			CHECK(0, "%s: op %d: bad or too large shape", id, op);
			return -1;
		}
	}
	return 0;
}

/*
 * The case's seed. cJSON keeps numbers only as doubles, so a seed above
 * 2^53 (the file has 2^63-1) arrives rounded: take its exact text from the
 * "seeds" key that rounds to the same double, and insist there is one.
 */
static int
case_seed(const cJSON *v, const cJSON *seeds, uint64_t *seed)
{
	const cJSON *s;
	uint64_t u;
	double d;
	int found = 0;

	if (!cJSON_IsNumber(v))
		return -1;
	d = v->valuedouble;
	if (d == floor(d) && fabs(d) <= 0x1p53) {
		*seed = d < 0 ? (uint64_t)0 - (uint64_t)-d : (uint64_t)d;
		return 0;
	}
	cJSON_ArrayForEach(s, seeds) {
		if (s->string != NULL && strtod(s->string, NULL) == d
		    && rng_parse_seed(s->string, &u) == 0) {
			*seed = u;
			found++;
		}
	}
	return found == 1 ? 0 : -1;
}

/* seeds: initial_seed(), the engine's 32-bit seed and the first 10 raw outputs (spec 2). */
static void
check_seeds(const cJSON *seeds)
{
	const cJSON *s, *first;
	struct rng g;
	uint64_t seed;
	uint32_t w;
	int i;

	cJSON_ArrayForEach(s, seeds) {
		const char *key = s->string;
		const cJSON *init = cJSON_GetObjectItemCaseSensitive(s, "initial_seed_u64");

		if (rng_parse_seed(key, &seed) != 0) {
			CHECK(0, "seed %s: rng_parse_seed rejects it", key);
			continue;
		}
		rng_seed(&g, seed);
		w = 0;
		CHECK(cJSON_IsString(init) && g.seed == strtoull(init->valuestring, NULL, 10),
		    "seed %s: initial_seed is %" PRIu64 ", want %s", key, g.seed,
		    cJSON_IsString(init) ? init->valuestring : "?");
		CHECK(parse_hex32(cJSON_GetObjectItemCaseSensitive(s, "engine_seed_u32"), &w) == 0
		    && g.state[0] == w, "seed %s: engine seeded with %08" PRIx32 ", want %08" PRIx32,
		    key, g.state[0], w);
		first = cJSON_GetObjectItemCaseSensitive(s, "mt19937_first10_u32");
		CHECK(cJSON_GetArraySize(first) == 10, "seed %s: want 10 raw outputs", key);
		for (i = 0; i < cJSON_GetArraySize(first); i++) {
			uint32_t got = rng_u32(&g);

			w = 0;
			CHECK(parse_hex32(cJSON_GetArrayItem(first, i), &w) == 0 && got == w,
			    "seed %s: u32[%d]: got %08" PRIx32 ", want %08" PRIx32, key, i, got, w);
		}
	}
}

/* Op i of case id, from the generator's state, against its output want. */
static void
check_op(struct rng *g, const char *id, int i, const cJSON *op, const cJSON *want, int fused, int mkl, int portable)
{
	static float buf[MAXN], x[MAXN], bias[MAXN];
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(op, "op");
	const cJSON *pv = cJSON_GetObjectItemCaseSensitive(op, "p");
	const char *nm = cJSON_IsString(name) ? name->valuestring : "?";
	size_t n = 0;

	if (strcmp(nm, "linear") != 0
	    && shape_numel(id, i, cJSON_GetObjectItemCaseSensitive(op, "shape"), &n) != 0)
		return;
	if (strncmp(nm, "dropout_", 8) == 0 && !cJSON_IsNumber(pv)) {
		CHECK(0, "%s: op %d: %s without p", id, i, nm);
		return;
	}

	if (strcmp(nm, "rand") == 0) {
		rng_rand(g, buf, n);
		check_bits(id, i, "rand", buf, n, want);
	} else if (strcmp(nm, "randn") == 0) {
		rng_normal(g, buf, n, 0.0, 1.0, portable);	/* rng_randn when not portable */
		check_bits(id, i, "randn", buf, n, want);
	} else if (strcmp(nm, "dropout_ones") == 0) {
		/* Dropout(p)(ones(shape)) is the mask itself. */
		rng_dropout_mask(g, buf, n, pv->valuedouble, mkl);
		check_bits(id, i, "dropout_ones", buf, n, want);
	} else if (strcmp(nm, "dropout_randn") == 0) {
		/* x = randn(shape), then Dropout(p)(x). */
		rng_normal(g, x, n, 0.0, 1.0, portable);
		rng_dropout(g, buf, x, n, pv->valuedouble, mkl);
		check_bits(id, i, "dropout_randn", buf, n, want);
	} else if (strcmp(nm, "linear") == 0) {
		const cJSON *in = cJSON_GetObjectItemCaseSensitive(op, "in");
		const cJSON *out = cJSON_GetObjectItemCaseSensitive(op, "out");
		int has_bias = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(op, "bias"));
		const cJSON *wb = cJSON_GetObjectItemCaseSensitive(want, "bias");
		int fi, fo;

		if (!cJSON_IsNumber(in) || !cJSON_IsNumber(out) || in->valueint < 0
		    || out->valueint < 0 || (double)in->valueint * out->valueint > MAXN) {
			CHECK(0, "%s: op %d: bad linear sizes", id, i);
			return;
		}
		fi = in->valueint;
		fo = out->valueint;
		rng_linear(g, buf, has_bias ? bias : NULL, fi, fo, fused);
		check_bits(id, i, "weight", buf, (size_t)fi * (size_t)fo,
		    cJSON_GetObjectItemCaseSensitive(want, "weight"));
		if (has_bias)
			check_bits(id, i, "bias", bias, (size_t)fo, wb);
		else
			CHECK(wb == NULL, "%s: op %d: bias given for a layer without one", id, i);
	} else {
		CHECK(0, "%s: op %d: unknown op \"%s\"", id, i, nm);
	}
}

/* One case: a fresh manual_seed, then its ops in order, each against its output. */
static void
check_case(const cJSON *c, const cJSON *seeds)
{
	const cJSON *idv = cJSON_GetObjectItemCaseSensitive(c, "id");
	const cJSON *variant = cJSON_GetObjectItemCaseSensitive(c, "variant");
	const cJSON *ops = cJSON_GetObjectItemCaseSensitive(c, "ops");
	const cJSON *outputs = cJSON_GetObjectItemCaseSensitive(c, "outputs");
	const cJSON *model = cJSON_GetObjectItemCaseSensitive(c, "reference_scalar_model_outputs");
	const cJSON *mcg = cJSON_GetObjectItemCaseSensitive(c, "mcg31_seed");
	const char *id = cJSON_IsString(idv) ? idv->valuestring : "?";
	const char *var;
	struct rng g;
	uint64_t seed = 0;
	int fused = 1, mkl = 0, portable = 0, i;

	if (!cJSON_IsString(variant) || !cJSON_IsArray(ops) || !cJSON_IsArray(outputs)
	    || cJSON_GetArraySize(ops) != cJSON_GetArraySize(outputs)) {
		CHECK(0, "%s: malformed case", id);
		return;
	}
	var = variant->valuestring;
	if (strcmp(var, "uniform_nofma") == 0)
		fused = 0;
	else if (strcmp(var, "mkl") == 0)
		mkl = 1;
	else if (strcmp(var, "portable_normal_kernel") == 0)
		portable = 1;
	else if (strcmp(var, "default") != 0) {
		CHECK(0, "%s: unknown variant \"%s\"", id, var);
		return;
	}
	if (case_seed(cJSON_GetObjectItemCaseSensitive(c, "seed"), seeds, &seed) != 0) {
		CHECK(0, "%s: unusable seed", id);
		return;
	}
	rng_seed(&g, seed);

	/* The MKL stream's seed is the generator's first u32 (spec 6.3). */
	if (cJSON_IsString(mcg)) {
		struct rng peek = g;
		uint32_t got = rng_u32(&peek);

		CHECK(strtoull(mcg->valuestring, NULL, 10) == got,
		    "%s: mcg31 seed: got %" PRIu32 ", want %s", id, got, mcg->valuestring);
	}

	for (i = 0; i < cJSON_GetArraySize(ops); i++) {
		const cJSON *want = cJSON_GetArrayItem(outputs, i);

		/* A libm-dependent target: check our model's numbers, which the vectors also give (spec 5.4). */
		if (model != NULL && cJSON_GetArraySize(ops) == 1)
			want = model;
		check_op(&g, id, i, cJSON_GetArrayItem(ops, i), want, fused, mkl, portable);
	}
}

/* One lane of log256_ps and sincos256_ps (spec 5.3). */
static void
check_kernels(const cJSON *k)
{
	const cJSON *e;
	uint32_t xb, w, ws, wc;
	float s, c;
	int i = 0;

	CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(k, "log256_ps")) > 0,
	    "kernels: no log256_ps vectors");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(k, "log256_ps")) {
		if (parse_hex32(cJSON_GetObjectItemCaseSensitive(e, "x"), &xb) != 0
		    || parse_hex32(cJSON_GetObjectItemCaseSensitive(e, "log"), &w) != 0) {
			CHECK(0, "kernels: log256_ps[%d]: bad entry", i++);
			continue;
		}
		CHECK(bits(rng_log256(from_bits(xb))) == w,
		    "kernels: log256_ps[%d] (x %08" PRIx32 "): got %08" PRIx32 ", want %08" PRIx32,
		    i, xb, bits(rng_log256(from_bits(xb))), w);
		i++;
	}
	i = 0;
	CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(k, "sincos256_ps")) > 0,
	    "kernels: no sincos256_ps vectors");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(k, "sincos256_ps")) {
		if (parse_hex32(cJSON_GetObjectItemCaseSensitive(e, "x"), &xb) != 0
		    || parse_hex32(cJSON_GetObjectItemCaseSensitive(e, "sin"), &ws) != 0
		    || parse_hex32(cJSON_GetObjectItemCaseSensitive(e, "cos"), &wc) != 0) {
			CHECK(0, "kernels: sincos256_ps[%d]: bad entry", i++);
			continue;
		}
		rng_sincos256(from_bits(xb), &s, &c);
		CHECK(bits(s) == ws, "kernels: sincos256_ps[%d] (x %08" PRIx32 "): sin %08" PRIx32 ", want %08" PRIx32,
		    i, xb, bits(s), ws);
		CHECK(bits(c) == wc, "kernels: sincos256_ps[%d] (x %08" PRIx32 "): cos %08" PRIx32 ", want %08" PRIx32,
		    i, xb, bits(c), wc);
		i++;
	}
}

static void
check_vectors(void)
{
	const cJSON *seeds, *c;
	cJSON *root;
	char *text;

	if ((text = test_slurp(VECTORS)) == NULL) {
		CHECK(0, "%s: cannot read (run from the top of the tree)", VECTORS);
		return;
	}
	root = cJSON_Parse(text);
	free(text);
	if (root == NULL) {
		CHECK(0, "%s: not valid JSON", VECTORS);
		return;
	}
	seeds = cJSON_GetObjectItemCaseSensitive(root, "seeds");
	CHECK(cJSON_GetArraySize(seeds) > 0, "%s: no seeds", VECTORS);
	check_seeds(seeds);
	CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(root, "cases")) > 0, "%s: no cases", VECTORS);
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cases"))
		check_case(c, seeds);
	check_kernels(cJSON_GetObjectItemCaseSensitive(root, "kernels"));
	cJSON_Delete(root);
}

static void
check_parse_seed(void)
{
	static const struct {
		const char *text;
		int ok;
		uint64_t seed;
	} t[] = {
		{ "0", 0, 0 },
		{ "-0", 0, 0 },
		{ "123", 0, 123 },
		{ "007", 0, 7 },	/* leading zeros: int("007") is 7 */
		{ "-1", 0, UINT64_MAX },
		{ "4294967301", 0, 4294967301u },
		{ "9223372036854775807", 0, 9223372036854775807u },
		{ "9223372036854775808", 0, (uint64_t)1 << 63 },
		{ "-9223372036854775808", 0, (uint64_t)1 << 63 },
		{ "-9223372036854775807", 0, ((uint64_t)1 << 63) + 1 },
		{ "18446744073709551615", 0, UINT64_MAX },
		{ "18446744073709551616", -1, 0 },
		{ "99999999999999999999", -1, 0 },
		{ "-9223372036854775809", -1, 0 },
		{ "-18446744073709551615", -1, 0 },
		{ "", -1, 0 },
		{ "-", -1, 0 },
		{ "--1", -1, 0 },
		{ "+5", -1, 0 },
		{ " 5", -1, 0 },
		{ "5 ", -1, 0 },
		{ "1.5", -1, 0 },
		{ "1e3", -1, 0 },
		{ "0x10", -1, 0 },
		{ "12x", -1, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		uint64_t got = 42;
		int rc = rng_parse_seed(t[i].text, &got);

		if (t[i].ok == 0)
			CHECK(rc == 0 && got == t[i].seed, "rng_parse_seed(\"%s\"): rc %d, %" PRIu64 ", want %" PRIu64,
			    t[i].text, rc, got, t[i].seed);
		else
			CHECK(rc == -1 && got == 42, "rng_parse_seed(\"%s\"): rc %d, want -1 and seed untouched",
			    t[i].text, rc);
	}
}

/* Spec 9 item 7: manual_seed(123); Dropout(0.5)(ones(6, 6)), both paths. */
static void
check_notebook_masks(void)
{
	static const float book[36] = {
		2,2,0,2,2,0, 0,0,0,2,0,2, 2,2,2,2,0,2, 0,2,2,0,0,2, 0,2,0,2,0,2, 0,2,2,2,2,0,
	};
	static const float mkl[36] = {
		2,2,2,2,2,2, 0,2,0,0,0,0, 0,0,2,0,2,0, 2,2,0,0,0,2, 2,0,0,0,0,2, 0,2,0,0,0,0,
	};
	struct rng g;
	float m[36];
	int i;

	rng_seed(&g, 123);
	rng_dropout_mask(&g, m, 36, 0.5, 0);
	for (i = 0; i < 36; i++)
		CHECK(bits(m[i]) == bits(book[i]), "notebook dropout mask (default path) [%d][%d]: got %g, want %g",
		    i / 6, i % 6, (double)m[i], (double)book[i]);
	rng_seed(&g, 123);
	rng_dropout_mask(&g, m, 36, 0.5, 1);
	for (i = 0; i < 36; i++)
		CHECK(bits(m[i]) == bits(mkl[i]), "notebook dropout mask (MKL path) [%d][%d]: got %g, want %g",
		    i / 6, i % 6, (double)m[i], (double)mkl[i]);
}

/* Did `g` consume exactly `draws` u32s since seeding with `seed`? */
static void
check_draws(const char *what, const struct rng *g, uint64_t seed, unsigned long draws)
{
	struct rng ref;
	unsigned long i;

	rng_seed(&ref, seed);
	for (i = 0; i < draws; i++)
		(void)rng_u32(&ref);
	CHECK(g->left == ref.left && g->next == ref.next
	    && memcmp(g->state, ref.state, sizeof ref.state) == 0,
	    "%s: did not use exactly %lu draws", what, draws);
}

/* Spec 8's cheat sheet, plus the corners the vectors do not reach. */
static void
check_draw_counts(void)
{
	static float buf[80];
	float xin[4], out[4];
	struct rng g;
	int i;

	rng_seed(&g, 5);
	rng_rand(&g, buf, 6);
	check_draws("rand(6)", &g, 5, 6);

	rng_seed(&g, 5);
	rng_randn(&g, buf, 5);
	check_draws("randn(5)", &g, 5, 12);
	CHECK(g.has_normal, "randn(5): leaves a cached sample");
	rng_randn(&g, buf, 1);
	check_draws("randn(5) then randn(1)", &g, 5, 12);
	CHECK(!g.has_normal, "randn(1): takes the cached sample");

	rng_seed(&g, 5);
	rng_randn(&g, buf, 16);
	check_draws("randn(16)", &g, 5, 16);
	rng_seed(&g, 5);
	rng_randn(&g, buf, 33);
	check_draws("randn(33)", &g, 5, 33 + 16);
	rng_seed(&g, 5);
	rng_normal(&g, buf, 79, 0.0, 1.0, 1);
	check_draws("portable normal_(79)", &g, 5, 79 + 16);

	rng_seed(&g, 5);
	rng_linear(&g, buf, buf + 40, 5, 7, 1);
	check_draws("Linear(5, 7)", &g, 5, 5 * 7 + 7);
	rng_seed(&g, 5);
	rng_linear(&g, buf, NULL, 5, 7, 0);
	check_draws("Linear(5, 7, bias=False)", &g, 5, 5 * 7);

	/* bernoulli_ costs two draws per element even when p decides alone (spec 6.1). */
	rng_seed(&g, 5);
	rng_bernoulli(&g, buf, 3, 0.0, 0);
	rng_bernoulli(&g, buf + 3, 3, 1.0, 0);
	check_draws("bernoulli_(0), bernoulli_(1)", &g, 5, 12);
	CHECK(buf[0] == 0.0f && buf[2] == 0.0f && buf[3] == 1.0f && buf[5] == 1.0f,
	    "bernoulli_(0) gives 0, bernoulli_(1) gives 1");
	rng_seed(&g, 5);
	rng_bernoulli(&g, buf, 50, 0.3, 1);
	check_draws("bernoulli_ MKL", &g, 5, 1);

	rng_seed(&g, 5);
	rng_dropout_mask(&g, buf, 10, 0.0, 0);
	rng_dropout_mask(&g, buf + 10, 10, 1.0, 1);
	check_draws("Dropout(0), Dropout(1)", &g, 5, 0);
	CHECK(buf[0] == 1.0f && buf[9] == 1.0f && bits(buf[10]) == 0 && bits(buf[19]) == 0,
	    "Dropout(0) mask is ones, Dropout(1) mask is zeros");
	rng_dropout_mask(&g, buf, 10, 0.25, 0);
	check_draws("Dropout(0.25) on 10", &g, 5, 20);
	rng_dropout_mask(&g, buf, 10, 0.25, 1);
	check_draws("Dropout(0.25) on 10, then MKL", &g, 5, 21);

	/* p == 1 multiplies by 0.0f: -0.0 for negative x, NaN for inf (spec 6.2). */
	xin[0] = -1.0f;
	xin[1] = 2.0f;
	xin[2] = (float)INFINITY;
	xin[3] = -0.5f;
	rng_dropout(&g, out, xin, 4, 1.0, 0);
	CHECK(bits(out[0]) == 0x80000000u && bits(out[1]) == 0 && isnan(out[2]) && bits(out[3]) == 0x80000000u,
	    "Dropout(1): x * 0.0f");
	rng_dropout(&g, xin, xin, 4, 0.0, 0);
	CHECK(bits(xin[0]) == bits(-1.0f) && bits(xin[3]) == bits(-0.5f), "Dropout(0): the identity, in place");
	check_draws("Dropout(1), Dropout(0) on x", &g, 5, 21);

	/* Spec 6.2: p = 0.1 keeps with s = float(1/float(0.9)) = 3f8e38e4. */
	rng_seed(&g, 0);
	rng_dropout_mask(&g, buf, 10, 0.1, 0);
	for (i = 0; i < 10; i++)
		CHECK(bits(buf[i]) == 0 || bits(buf[i]) == 0x3f8e38e4u,
		    "Dropout(0.1) mask[%d]: %08" PRIx32 ", want 0 or 3f8e38e4", i, bits(buf[i]));

	/* Spec 2: u64 puts the first draw in the high half. */
	rng_seed(&g, 123);
	CHECK(rng_u64(&g) == UINT64_C(0xb24bcdfeb6843d6d), "u64: first draw goes high");
	/* manual_seed clears the cache. */
	rng_randn(&g, buf, 1);
	rng_seed(&g, 123);
	CHECK(!g.has_normal && g.seed == 123, "manual_seed: clears the cached normal");
}

void
test_rng(void)
{
	check_vectors();
	check_parse_seed();
	check_notebook_masks();
	check_draw_counts();
}
