/*
 * test_check.c - check mode's shortcuts change no number: a mistake's run
 * computed batch by batch (stage_slice) is the same batch of it computed
 * whole, and a pair of mistakes computed from the first one's run
 * (stage_run_variant on a variant) is the pair computed from scratch, bit
 * for bit.  The numbers themselves are checked against PyTorch by the
 * corpus (tests/check); here, a few by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/teach/check.h"
#include "../src/pipeline/json.h"
#include "../src/pipeline/stage.h"
#include "test.h"

static void
one(struct variant *v, int mk, int rd, const struct run *r)
{
	memset(v, 0, sizeof *v);
	v->set = 1u << mk;
	v->reading[mk] = (unsigned char)rd;
	v->drop_mask = v->rand_mask = r->st[ST_DROPOUT_MASK] ? r->st[ST_DROPOUT_MASK]->data : NULL;
}

/* stage id of a and b equal, b being batch `batch` of a (or all of it: batch < 0) */
static int
same_part(const struct tensor *a, const struct tensor *b, int batch, int nbatch)
{
	size_t per;

	if (a == NULL || b == NULL)
		return a == b;
	per = a->numel / (size_t)(batch < 0 ? 1 : nbatch);
	return b->numel == per && memcmp(a->data + (batch < 0 ? 0 : (size_t)batch * per), b->data, per * sizeof *b->data) == 0;
}

static void
variants(const char *name, const char *text)
{
	struct input in;
	struct run r, whole, sl, part, first, pair, direct;
	struct variant v, w;
	char err[256];
	int mk, rd, mk2, b, id, bad;

	if (json_load_text(&in, name, text, strlen(text)) != 0 || stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		CHECK(0, "%s does not run", name);
		return;
	}
	for (mk = 0; mk < MK_COUNT; mk++)
		for (rd = 0; rd < check_mistakes[mk].nreadings; rd++) {
			one(&v, mk, rd, &r);
			if (stage_run_variant(&whole, &r, &in, &v, STAGE_KEEP_ALL) != 0) {
				CHECK(0, "%s: %s.%d interrupted", name, check_mistakes[mk].id, rd);
				continue;
			}
			/* batch by batch (not a softmax over the batch axis: it mixes them) */
			for (b = 0, bad = -1; r.batched && !(mk == MK_SOFTMAX_WRONG_DIM && rd == SWD_BATCH) && b < r.B; b++) {
				stage_slice(&sl, &r, b);
				v.drop_mask = v.rand_mask = r.st[ST_DROPOUT_MASK] ?
				    r.st[ST_DROPOUT_MASK]->data + (size_t)b * (r.st[ST_DROPOUT_MASK]->numel / (size_t)r.B) : NULL;
				stage_run_variant(&part, &sl, &in, &v, STAGE_KEEP_ALL);
				for (id = 0; id < ST_COUNT; id++)
					if (id != ST_MASK && id != ST_MASK_SIMPLE && !same_part(whole.st[id], part.st[id], b, r.B))
						bad = id;
				stage_free(&part);
				stage_free(&sl);
			}
			CHECK(bad < 0, "%s: %s.%d: batch by batch, %s differs", name, check_mistakes[mk].id, rd,
			    bad >= 0 ? stage_defs[bad].name : "");
			one(&v, mk, rd, &r);	/* the whole run's masks again */
			/* a pair from the first mistake's run, against the pair from scratch */
			for (mk2 = 0; mk2 < MK_COUNT; mk2++) {
				if (mk2 == mk)
					continue;
				one(&w, mk2, 0, &r);
				w.set |= v.set;
				w.reading[mk] = (unsigned char)rd;
				if (stage_run_variant(&first, &r, &in, &v, STAGE_KEEP_ALL) != 0)
					continue;
				stage_run_variant(&pair, &first, &in, &w, STAGE_KEEP_ALL);
				stage_run_variant(&direct, &r, &in, &w, STAGE_KEEP_ALL);
				for (id = 0, bad = -1; id < ST_COUNT; id++)
					if (!same_part(direct.st[id], pair.st[id], -1, 1))
						bad = id;
				CHECK(bad < 0, "%s: %s.%d then %s: %s differs from the pair computed whole", name,
				    check_mistakes[mk].id, rd, check_mistakes[mk2].id, bad >= 0 ? stage_defs[bad].name : "");
				stage_free(&direct);
				stage_free(&pair);
				stage_free(&first);
			}
			stage_free(&whole);
		}
	stage_free(&r);
	input_free(&in);
}

/* A few mistakes' numbers worked out by hand. */
static void
by_hand(void)
{
	/* simple mode: scores = x @ x.T = [[1, 1], [1, 2]] */
	static const char text[] = "{\"inputs\": [[1, 0], [1, 1]], \"causal\": true}";
	struct input in;
	struct run r, m;
	struct variant v;
	char err[256];
	const float *w;

	if (json_load_text(&in, "by hand", text, sizeof text - 1) != 0 || stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		CHECK(0, "by hand: does not run");
		return;
	}
	/* softmax over the query axis of the masked scores [[1, -inf], [1, 2]]: column 0 is [1/2, 1/2], column 1 [0, 1] */
	one(&v, MK_SOFTMAX_WRONG_DIM, SWD_QUERY, &r);
	stage_run_variant(&m, &r, &in, &v, STAGE_BIT(ST_ATTN_WEIGHTS));
	w = m.st[ST_ATTN_WEIGHTS]->data;
	CHECK(w[0] == 0.5f && w[1] == 0 && w[2] == 0.5f && w[3] == 1, "softmax-wrong-dim: %g %g %g %g", w[0], w[1], w[2], w[3]);
	stage_free(&m);
	/* the future filled with 0: row 0 is softmax([1, 0]) = [e/(e+1), 1/(e+1)] */
	one(&v, MK_MASK_WITH_ZERO, 0, &r);
	stage_run_variant(&m, &r, &in, &v, STAGE_BIT(ST_ATTN_WEIGHTS));
	w = m.st[ST_ATTN_WEIGHTS]->data;
	CHECK(fabs(w[0] - exp(1) / (exp(1) + 1)) < 1e-7 && fabs(w[1] - 1 / (exp(1) + 1)) < 1e-7,
	    "mask-with-zero: row 0 %g %g", w[0], w[1]);
	stage_free(&m);
	/* the diagonal hidden too: row 0 is all -inf, and softmax gives nan, as PyTorch's */
	one(&v, MK_MASK_DIAGONAL, 0, &r);
	stage_run_variant(&m, &r, &in, &v, STAGE_BIT(ST_ATTN_WEIGHTS));
	w = m.st[ST_ATTN_WEIGHTS]->data;
	CHECK(isnan(w[0]) && isnan(w[1]) && w[2] == 1 && w[3] == 0, "mask-diagonal: %g %g %g %g", w[0], w[1], w[2], w[3]);
	stage_free(&m);
	/* masked after softmax: row 0 of softmax([[1, 1], [1, 2]]) is [1/2, 1/2], its future zeroed, not renormalised */
	one(&v, MK_MASK_AFTER_SOFTMAX, 0, &r);
	stage_run_variant(&m, &r, &in, &v, STAGE_BIT(ST_ATTN_WEIGHTS));
	w = m.st[ST_ATTN_WEIGHTS]->data;
	CHECK(w[0] == 0.5f && w[1] == 0 && m.st[ST_MASKED_SCORES] == NULL, "mask-after-softmax: %g %g", w[0], w[1]);
	stage_free(&m);
	/* no mask: row 0 is softmax([1, 1]) = [1/2, 1/2], and no masked_scores */
	one(&v, MK_NO_MASK, 0, &r);
	stage_run_variant(&m, &r, &in, &v, STAGE_BIT(ST_ATTN_WEIGHTS));
	w = m.st[ST_ATTN_WEIGHTS]->data;
	CHECK(w[0] == 0.5f && w[1] == 0.5f && m.st[ST_MASKED_SCORES] == NULL, "no-mask: %g %g", w[0], w[1]);
	stage_free(&m);
	stage_free(&r);
	input_free(&in);
}

/* check_run's report of THEIRS (text) against the input json (mkl: --dropout-rng mkl), into out */
static int
report_of(const char *json, int mkl, const char *theirs, char *out, size_t len)
{
	struct input in;
	struct run r;
	struct rp_set set;
	struct check_opts o;
	char err[256], *buf = NULL;
	size_t n = 0;
	FILE *fp;
	int rc = -2;

	memset(&o, 0, sizeof o);
	out[0] = '\0';
	if (json_load_text(&in, "t", json, strlen(json)) != 0)
		return -2;
	in.dropout_mkl = mkl;
	if (stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) == 0) {
		if (rp_read(&set, "theirs", theirs, strlen(theirs), err, sizeof err) == 0 &&
		    (fp = open_memstream(&buf, &n)) != NULL) {
			rc = check_run(fp, &r, &in, &set, &o);
			fclose(fp);
			snprintf(out, len, "%s", buf);
			free(buf);
		}
		rp_free(&set);
		stage_free(&r);
	}
	input_free(&in);
	return rc;
}

/* issue 24: derived readings, the causal attn_weights never unmasked_weights, another dropout mask */
static void
readings(void)
{
	static const char simple[] = "{\"inputs\": [[1, 0], [1, 1]], \"causal\": true}";
	static const char drop[] = "{\"inputs\": [[1, 0], [1, 1], [0, 1]], \"dropout\": 0.5, \"dropout_seed\": 3}";
	char out[2048], theirs[512];
	struct input in;
	struct run r;
	char err[256], *txt;
	int rc;

	/* attn_scores = [[1, 1], [1, 2]]: its sum is 5, no element's */
	rc = report_of(simple, 0, "Sum: tensor(5.)\n", out, sizeof out);
	CHECK(rc == 0 && strstr(out, "ok       Sum taken as attn_scores.sum() (1): matches\n") != NULL, "sum: %d %s", rc, out);
	/* its row sums [2, 3], kept dims */
	rc = report_of(simple, 0, "tensor([[2.],\n        [3.]])\n", out, sizeof out);
	CHECK(rc == 0 && strstr(out, "taken as attn_scores.sum(dim=-1, keepdim=True) (2, 1): matches") != NULL,
	    "row sums: %d %s", rc, out);
	/* the unmasked weights [[1/2, 1/2], ...] labelled attn_weights in a causal run: no-mask */
	rc = report_of(simple, 0, "attn_weights\ntensor([[0.5000, 0.5000],\n        [0.2689, 0.7311]])\n", out, sizeof out);
	CHECK(rc == 1 && strstr(out, "mistake: no-mask (the causal mask left out (in a causal run))") != NULL,
	    "no-mask: %d %s", rc, out);
	/* the default generator's dropped weights, checked with --dropout-rng mkl */
	if (json_load_text(&in, "t", drop, sizeof drop - 1) == 0 && stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) == 0) {
		txt = print_tensor_str(r.st[ST_DROPPED_WEIGHTS], &in.po);
		snprintf(theirs, sizeof theirs, "attn_weights\n%s\n", txt);
		free(txt);
		stage_free(&r);
		input_free(&in);
		rc = report_of(drop, 1, theirs, out, sizeof out);
		CHECK(rc == 1 && strstr(out, "another dropout mask (the default generator, or another seed): "
		    "try --dropout-rng default\n") != NULL, "other generator: %d %s", rc, out);
		rc = report_of(drop, 0, theirs, out, sizeof out);
		CHECK(rc == 0, "the same generator: %d %s", rc, out);
	} else {
		CHECK(0, "dropout input does not run");
	}
}

void
test_check(void)
{
	double x;

	/* square nn.Linear weights with biases, two heads, a batch of three, causal, dropout, out_proj */
	variants("square", "{\"inputs\": {\"randn\": [3, 4, 4]}, \"seed\": 2, \"init\": \"linear\", \"qkv_bias\": true, "
	    "\"d_out\": 4, \"heads\": 2, \"causal\": true, \"dropout\": 0.5, \"dropout_seed\": 1, \"out_proj\": true}");
	/* stacked heads of width d_in, no mask, no dropout */
	variants("stacked", "{\"inputs\": {\"rand\": [2, 3, 2]}, \"seed\": 5, \"init\": \"linear\", \"d_out\": 4, "
	    "\"heads\": 2, \"head_layout\": \"stacked\", \"out_proj\": true}");
	by_hand();
	readings();
	CHECK(check_parse_tolerance("0.01", &x) == 0 && x == 0.01, "--tolerance 0.01");
	CHECK(check_parse_tolerance("0", &x) == 0 && x == 0, "--tolerance 0");
	CHECK(check_parse_tolerance("-1", &x) != 0 && check_parse_tolerance("", &x) != 0 &&
	    check_parse_tolerance("1e999", &x) != 0 && check_parse_tolerance("nan", &x) != 0 &&
	    check_parse_tolerance("0.1x", &x) != 0, "--tolerance refuses what is no bound");
}
