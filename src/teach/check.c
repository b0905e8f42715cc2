/*
 * check.c - check mode (shared/spec/check.md): someone's tensors, read by
 * readprint.c, against the run's; where they differ, the mistake of the
 * catalogue that reproduces them.
 *
 * For each of their tensors: the parts of stages it may be (its label's
 * stages, else every stage), each a family "stage[lead..., free...]" of
 * parts of their shape.  A part equal to theirs under check.md's rule
 * decides.  Otherwise the run is recomputed with each mistake (and then
 * each pair of mistakes of different steps) as a variant of the one
 * pipeline (stage_run_variant), and the first that reproduces a part is
 * named.  Attention never mixes batches, so a variant is computed batch
 * by batch (stage_slice), and a reading is dropped at the first batch
 * where no part still agrees: most of them cost one batch, and a
 * summarised print only the batches it shows.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "derived.h"
#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"

/* Does v mix batches (softmax over the batch axis)?  Then it cannot be computed batch by batch. */
static int
mixes_batches(const struct variant *v)
{
	return (v->set >> MK_SOFTMAX_WRONG_DIM & 1u) && v->reading[MK_SOFTMAX_WRONG_DIM] == SWD_BATCH;
}

/* ---- what their tensor may be: families of parts of stages ---- */

/*
 * The parts of one stage of their tensor's layout: stage[l0, l1, ..., (tok,) f0, f1, ...]
 * where the lead axes l are enumerated (part p is their row-major number),
 * tok is fixed by a label's _N, and the free axes are their tensor's dims.
 */
struct family {
	int stage;
	int tok;			/* the token axis (ndim - 2) fixed at tok, or -1 */
	int nlead, lead_axis[TENSOR_MAXDIM], lead_size[TENSOR_MAXDIM];
	size_t lead_stride[TENSOR_MAXDIM];
	int shape[RP_MAXDIM];		/* of a part: their dims */
	size_t stride[RP_MAXDIM];	/* of a part's dims, in the stage's floats */
	size_t base;			/* tok's offset */
	size_t count;			/* parts */
	size_t first;			/* index of its first part among the item's candidates */
	int shadow;			/* without a label, tried after the mistakes (see shadowed()) */
	int batch_lead;			/* the first lead axis is the batch axis */
	int batch_free;			/* the first free axis is the batch axis */
};

enum { V_OK, V_DIFFERS, V_UNMATCHED, V_DERIVED };
/*
 * Above this size (bytes of all stages) an unlabelled tensor is tried
 * against the mistakes as a whole stage, or as a part of the first
 * batch (a notebook's att[0]), not as each part of every batch: for
 * minGPT's 16 batches that would cost every mistake and pair 16 runs of a
 * batch instead of one.
 */
#define PARTS_BYTES ((size_t)32 << 20)
#define MAXFOUND 4

/* One of their tensors, and what check makes of it. */
struct item {
	const struct rp_tensor *t;
	const char *label;		/* as it names the tensor, or NULL */
	int labelled;			/* the label named stages (and families are theirs) */
	struct family *fam;
	int nfam;
	size_t ncand;			/* parts in all families */
	double floor;			/* noise_floor() */
	unsigned char *alive;		/* per part: still agrees with the variant being tried */
	int pending;			/* no part matched the run: the mistakes are tried */
	/* the judgement */
	int verdict;
	int vfam;			/* the part taken: family ... */
	size_t vpart;			/* ... and part */
	int nfound;			/* variants that reproduce it, the first taken */
	struct variant *found;		/* MAXFOUND, made for the first: a million tensor(1.) take 260 MB less */
	double maxdiff;
	size_t at, first;		/* their element of the largest difference, of the first one */
	char *derived;			/* V_DERIVED: the reading and its shape, "attn_weights[1].sum() (1)" */
	int othermask;			/* no mistake, but another dropout mask reproduces it (other_runs()) */
	int rootscale;			/* no mistake, but the usual scale, 1/sqrt(head_dim), where the file sets "scale" */
};

/*
 * The equality rule of one tensor (check.md "Equal or not"): one unit of
 * the last printed digit; JSON (unrounded) and prints of integers (exact:
 * PyTorch prints "1." only for an integer) within 1e-6 relative.  Never
 * below float32's own noise, `floor`: a print with more digits than
 * float32 keeps (precision 8) shows the last bits, and another BLAS sums
 * in another order (OpenBLAS against the reference BLAS: up to 21 units
 * in the last place of the tensor's largest element, for minGPT's sums
 * of 512 terms).  --tolerance is an absolute bound and nothing else.
 */
static int
same(const struct rp_tensor *t, double floor, const struct check_opts *o, double x, float yf)
{
	double y = yf;

	if (isnan(x) || isnan(y))
		return isnan(x) && isnan(y);
	if (isinf(x) || isinf(y))
		return x == y;
	if (o->has_tolerance)
		return fabs(x - y) <= o->tolerance;
	if (t->notation == RP_INTEGER && t->dtype == RP_INT64)
		/* bare integers: an int64 tensor, or a float32 print at precision 0 ("{:.0f}": 0.7311 is "1"), which
		 * is within half a unit of the value (and the noise, where another BLAS lands on the other side of .5) */
		return fabs(x - y) <= 0.5 + fmax(1e-6 * fmax(1, fabs(y)), floor);
	if (t->notation == RP_UNROUNDED || t->notation == RP_INTEGER)
		return fabs(x - y) <= fmax(1e-6 * fmax(1, fabs(x)), floor);
	return fabs(x - y) <= fmax(t->unit * (1 + 4 * DBL_EPSILON), floor);
}

/* float32's noise in a tensor whose largest printed element is that: 2^-17 of it (8 units in the last place, and more) */
static double
noise_floor(const struct rp_tensor *t)
{
	double m = 0;
	size_t k;

	for (k = 0; k < t->nshown; k++)
		if (isfinite(t->v[k]) && fabs(t->v[k]) > m)
			m = fabs(t->v[k]);
	return ldexp(m, -17);
}

/*
 * What a family may be part of: a stage (ST_*), or one of the weights as
 * the notebook holds it (W_ID: W_query, or W_query.weight and .bias for
 * an nn.Linear), which a print of them is compared with (never with a
 * mistake: nothing in the catalogue changes a weight).
 */
#define W_ID(l, bias) (ST_COUNT + 2 * (l) + (bias))
#define NIDS W_ID(NLAYER, 0)

static const struct tensor *
tensor_of(const struct run *r, int id)
{
	int l = (id - ST_COUNT) / 2;

	if (id < ST_COUNT)
		return r->st[id];
	return (id - ST_COUNT) % 2 ? r->layer[l].b : r->layer[l].w;
}

static const char *
name_of(const struct run *r, int id, char *buf, size_t len)
{
	const char *const *var = input_layer_names;
	int l = (id - ST_COUNT) / 2;

	if (id < ST_COUNT)
		return stage_defs[id].name;
	if (!r->layer[l].linear)
		return var[l];
	snprintf(buf, len, "%s.%s", var[l], (id - ST_COUNT) % 2 ? "bias" : "weight");
	return buf;
}

/* Where it comes in the notebook, for "first differing stage": the weights right after the inputs. */
static int
order_of(int id)
{
	return id == ST_INPUTS ? 0 : id >= ST_COUNT ? 1 + id - ST_COUNT : NIDS + id;
}

/* Offset in the stage of part p's first element. */
static size_t
part_offset(const struct family *f, size_t p)
{
	size_t off = f->base;
	int a;

	for (a = f->nlead - 1; a >= 0; a--) {
		off += p % (size_t)f->lead_size[a] * f->lead_stride[a];
		p /= (size_t)f->lead_size[a];
	}
	return off;
}

/* The stage's index of part p as text: "attn_weights[1]", "keys[:, 1]". */
static char *
part_name(char *buf, size_t len, const struct run *r, const struct family *f, size_t p)
{
	const struct tensor *st = tensor_of(r, f->stage);
	int idx[TENSOR_MAXDIM], a, last = -1, n = st->ndim, k;
	size_t o;
	char nb[64];

	for (a = 0; a < n; a++)
		idx[a] = -1;
	for (a = f->nlead - 1; a >= 0; a--) {
		idx[f->lead_axis[a]] = (int)(p % (size_t)f->lead_size[a]);
		p /= (size_t)f->lead_size[a];
	}
	if (f->tok >= 0)
		idx[n - 2] = f->tok;
	for (a = 0; a < n; a++)
		if (idx[a] >= 0)
			last = a;
	o = (size_t)snprintf(buf, len, "%s", name_of(r, f->stage, nb, sizeof nb));
	for (a = 0; a <= last && o < len; a++) {
		k = snprintf(buf + o, len - o, "%s", a == 0 ? "[" : ", ");
		o += k > 0 ? (size_t)k : 0;
		if (o >= len)
			break;
		k = idx[a] >= 0 ? snprintf(buf + o, len - o, "%d", idx[a]) : snprintf(buf + o, len - o, ":");
		o += k > 0 ? (size_t)k : 0;
	}
	if (last >= 0 && o < len)
		snprintf(buf + o, len - o, "]");
	return buf;
}

/*
 * Parts a print without a label is tried for only after the mistakes: a
 * weight, unless the print says "Parameter containing:", and a stage when
 * it does.  Every stage comes first, in stage order, as check.md says
 * ("first one that matches"): a bare print equal to masked_simple or to
 * merged is that stage, ok, though a learner who applied the mask after
 * softmax, or left out the output projection, prints the same numbers
 * (with a label, attn_weights or out, those mistakes are named).
 * With a label, only unmasked_weights, which attn_weights (or wei, ...)
 * names beside the stages check.md gives it (the book prints its
 * attn_weights before masking): a mistake that reproduces the print as
 * attn_weights is named before the print is taken as unmasked_weights
 * (mask-with-zero, where the future scores are near 0 anyway).
 */
static int
shadowed(const struct run *r, int id, const struct rp_tensor *t)
{
	(void)r;
	return id >= ST_COUNT ? !t->parameter : t->parameter;
}

/* The parts of stage id that have their layout (token axis fixed at tok, or -1), as a new family. */
static void
add_family(struct item *it, const struct run *r, int id, int tok)
{
	const struct tensor *st = tensor_of(r, id);
	const struct rp_tensor *t = it->t;
	struct family f;
	size_t str[TENSOR_MAXDIM];
	int axes[TENSOR_MAXDIM], na = 0, a, n, k = t->ndim, shape[RP_MAXDIM], batched;

	if (st == NULL || k > st->ndim)
		return;
	n = st->ndim;
	if (tok >= 0 && (n < 2 || tok >= st->shape[n - 2]))
		return;
	memset(&f, 0, sizeof f);
	str[n - 1] = 1;
	for (a = n - 2; a >= 0; a--)
		str[a] = str[a + 1] * (size_t)st->shape[a + 1];
	for (a = 0; a < n; a++)
		if (!(tok >= 0 && a == n - 2))
			axes[na++] = a;
	if (na < k)
		return;
	for (a = 0; a < k; a++) {
		shape[a] = st->shape[axes[na - k + a]];
		f.stride[a] = str[axes[na - k + a]];
	}
	if (!rp_fits(t, k, shape))
		return;
	memcpy(f.shape, shape, sizeof shape);
	f.stage = id;
	f.tok = tok;
	f.base = tok >= 0 ? (size_t)tok * str[n - 2] : 0;
	f.nlead = na - k;
	f.count = 1;
	for (a = 0; a < f.nlead; a++) {
		f.lead_axis[a] = axes[a];
		f.lead_size[a] = st->shape[axes[a]];
		f.lead_stride[a] = str[axes[a]];
		f.count *= (size_t)st->shape[axes[a]];
	}
	if (f.count == 0)
		return;
	f.shadow = !it->labelled && shadowed(r, id, t);
	batched = r->batched && id < ST_COUNT && id != ST_MASK && id != ST_MASK_SIMPLE;
	f.batch_lead = batched && f.nlead > 0 && f.lead_axis[0] == 0;
	f.batch_free = batched && f.nlead == 0 && axes[0] == 0;
	f.first = it->ncand;
	it->ncand += f.count;
	it->fam = xrealloc(it->fam, (size_t)(it->nfam + 1) * sizeof *it->fam);
	it->fam[it->nfam++] = f;
}

/* ---- labels ---- */

/* A label's stages: tried in order, all of them, or (first_fit) only the first that has a part of their layout. */
static const struct alias {
	const char *names[7];	/* the labels that name these stages; NULL ends */
	int first_fit;
	int stages[3];		/* -1 ends */
} aliases[] = {
	{ { "attn_weights", "wei", "att", "attn", "weights", "attention" }, 0,
	    { ST_ATTN_WEIGHTS, ST_DROPPED_WEIGHTS, ST_UNMASKED_WEIGHTS } },
	{ { "scores" }, 0, { ST_ATTN_SCORES, -1 } },
	{ { "masked" }, 0, { ST_MASKED_SCORES, -1 } },		/* the book's masked = attn_scores.masked_fill(...) */
	{ { "mask" }, 0, { ST_MASK, ST_MASK_SIMPLE, -1 } },	/* minGPT's mask is tril */
	{ { "tril" }, 0, { ST_MASK_SIMPLE, -1 } },		/* Karpathy's */
	{ { "x", "batch" }, 0, { ST_INPUTS, -1 } },
	{ { "queries", "q", "query", "Q" }, 0, { ST_QUERIES, ST_QUERIES_HEADS, -1 } },
	{ { "keys", "k", "key", "K" }, 0, { ST_KEYS, ST_KEYS_HEADS, -1 } },
	{ { "values", "v", "value", "V" }, 0, { ST_VALUES, ST_VALUES_HEADS, -1 } },
	/* minGPT's y = att @ v, then merged, projected */
	{ { "out", "context", "context_vec", "context_vecs", "y" }, 1, { ST_OUTPUT, ST_MERGED, ST_CONTEXT_VECS } },
};

/* the row of aliases that has name, or NULL */
static const struct alias *
alias_row(const char *name)
{
	size_t i, j;

	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		for (j = 0; aliases[i].names[j] != NULL; j++)
			if (strcmp(name, aliases[i].names[j]) == 0)
				return &aliases[i];
	return NULL;
}

/* The label's stages into it (families), with a suffix _N meaning token N-1; 1 when it names any. */
static int
label_families(struct item *it, const struct run *r, const char *label)
{
	const char *const *var = input_layer_names;
	const struct alias *al;
	char name[64];
	size_t n = strlen(label), k = n;
	int tok = -1, i, j, id;

	while (k > 0 && label[k - 1] >= '0' && label[k - 1] <= '9')
		k--;
	if (k > 1 && k < n && label[k - 1] == '_' && n - k < 6 && label[k] != '0') {
		tok = atoi(label + k) - 1;	/* attn_weights_2: the second token's row */
		n = k - 1;
	}
	if (n >= sizeof name)
		return 0;
	memcpy(name, label, n);
	name[n] = '\0';
	for (i = 0; i < NLAYER; i++) {
		size_t vn = strlen(var[i]);

		if (strcmp(label, var[i]) == 0) {
			add_family(it, r, W_ID(i, 0), -1);
			add_family(it, r, W_ID(i, 1), -1);
			return 1;
		}
		if (strncmp(label, var[i], vn) == 0 && (strcmp(label + vn, ".weight") == 0 || strcmp(label + vn, ".bias") == 0)) {
			add_family(it, r, W_ID(i, label[vn + 1] == 'b'), -1);	/* --json's "W_query.weight" */
			return 1;
		}
	}
	if (!it->t->named && (al = alias_row(name)) != NULL) {
		for (j = 0; j < 3 && al->stages[j] >= 0; j++) {
			int before = it->nfam;

			if (al->stages[j] == ST_UNMASKED_WEIGHTS && r->causal)
				continue;	/* check.md: in a causal run, equal to the unmasked weights is no-mask */
			add_family(it, r, al->stages[j], tok);
			if (al->stages[j] == ST_UNMASKED_WEIGHTS && it->nfam > before)
				it->fam[it->nfam - 1].shadow = 1;	/* see shadowed() */
			if (al->first_fit && it->nfam > before)
				break;
		}
		return 1;
	}
	if ((id = stage_lookup(name)) < 0)
		return 0;
	add_family(it, r, id, tok);
	return 1;
}

/* ---- comparing ---- */

/* Walks their shown elements k in [k0, k1) of part p, comparing with data[offset - data_base]. */
struct cmp {
	double maxdiff;		/* largest |theirs - ours|: inf for a non-finite mismatch */
	size_t at, first;	/* k of the largest difference, of the first unequal element (SIZE_MAX: none) */
};

/*
 * 1 when every element in [k0, k1) is equal; with c, the differences
 * are measured over the whole range, else it stops at the first.
 */
static int
compare(const struct item *it, const struct family *f, size_t p, const float *data, size_t data_base,
    size_t k0, size_t k1, const struct check_opts *o, struct cmp *c)
{
	const struct rp_tensor *t = it->t;
	int pos[RP_MAXDIM], d, nd = t->ndim, eq = 1;
	size_t k, rest = k0, off0 = part_offset(f, p), off;

	if (c != NULL) {
		c->maxdiff = 0;
		c->at = 0;
		c->first = SIZE_MAX;
	}
	for (d = nd - 1; d >= 0; d--) {
		pos[d] = (int)(rest % (size_t)t->shown[d]);
		rest /= (size_t)t->shown[d];
	}
	for (k = k0; k < k1; k++) {
		double x = t->v[k];
		float y;

		off = off0;
		for (d = 0; d < nd; d++) {
			int i = pos[d] < t->head[d] ? pos[d] : f->shape[d] - (t->shown[d] - pos[d]);

			off += (size_t)i * f->stride[d];
		}
		y = data[off - data_base];
		if (!same(t, it->floor, o, x, y)) {
			eq = 0;
			if (c == NULL)
				return 0;
			if (c->first == SIZE_MAX)
				c->first = k;
		}
		if (c != NULL) {
			/* nan against a number: a nan difference (not inf), the largest of all */
			double diff = x == (double)y || (isnan(x) && isnan(y)) ? 0 : isnan(x) || isnan(y) ? NAN :
			    isfinite(x) && isfinite(y) ? fabs(x - (double)y) : INFINITY;

			if (isnan(diff) ? !isnan(c->maxdiff) : diff > c->maxdiff) {
				c->maxdiff = diff;
				c->at = k;
			}
		}
		for (d = nd - 1; d >= 0 && ++pos[d] == t->shown[d]; d--)
			pos[d] = 0;
	}
	return eq;
}

/* The candidate with index c: its family. */
static int
fam_of(const struct item *it, size_t c)
{
	int i;

	for (i = it->nfam - 1; i > 0 && it->fam[i].first > c; i--)
		;
	return i;
}

/*
 * The range of their elements part p has in batch b of a batched run:
 * [*k0, *k1), or 0 when it has none.  Unbatched stages count as batch 0.
 */
static int
in_batch(const struct item *it, const struct family *f, size_t p, int b, size_t *k0, size_t *k1)
{
	const struct rp_tensor *t = it->t;
	size_t inner;
	int i;

	*k0 = 0;
	*k1 = t->nshown;
	if (b < 0)		/* the whole run */
		return 1;
	if (f->batch_lead)
		return (int)(p / (f->count / (size_t)f->lead_size[0])) == b;
	if (!f->batch_free)
		return b == 0;
	inner = t->nshown / (size_t)t->shown[0];
	for (i = 0; i < t->shown[0]; i++)
		if ((i < t->head[0] ? i : f->shape[0] - (t->shown[0] - i)) == b) {
			*k0 = (size_t)i * inner;
			*k1 = *k0 + inner;
			return 1;
		}
	return 0;
}

/* ---- the mistake search ---- */

struct search {
	const struct run *r;
	const struct input *in;
	const struct check_opts *o;
	struct item *items;
	int n;
	int nslices;		/* B when batched, else 1 (the run itself) */
	struct run *slices;	/* stage_slice() of each batch, made when first needed */
	unsigned char *sliced;
	float *rand_mask;	/* torch.rand(attn_weights.shape) > p, 0/1, when there is dropout */
	unsigned char *rows;	/* the output rows (tokens) any pending tensor shows, or NULL: all */
	struct tensor **wnt;	/* weight-not-transposed's projections: 6 per batch, then 6 of the whole run */
	/* a pair's first mistake, per batch, while its pairs are tried */
	struct run *first;
	unsigned char *first_made;
	struct variant first_v;
	unsigned first_need;
	int first_batch_only;	/* a big run: without a label, parts of batch 0 only (PARTS_BYTES) */
	long nruns;		/* variant runs of one batch (or of the run), for ATTN_EXPLAIN_TIMING */
	int nreadings, npairs;
};

static const struct run *
slice(struct search *S, int b)
{
	if (S->nslices == 1 || b < 0)
		return S->r;
	if (!S->sliced[b]) {
		stage_slice(&S->slices[b], S->r, b);
		S->sliced[b] = 1;
	}
	return &S->slices[b];
}

/* v's dropout masks for batch b (of the whole run when unbatched) */
static void
masks_for(const struct search *S, struct variant *v, int b)
{
	const struct tensor *m = S->r->st[ST_DROPOUT_MASK];
	size_t per = m != NULL ? m->numel / (size_t)(S->nslices) : 0;

	v->rows = S->rows;
	v->proj_cache = S->wnt + 6 * (b < 0 || S->nslices == 1 ? S->nslices : b);
	if (b < 0)
		b = 0;
	v->drop_mask = m != NULL ? m->data + (size_t)b * per : NULL;
	v->rand_mask = S->rand_mask != NULL ? S->rand_mask + (size_t)b * per : NULL;
}

/*
 * The tokens whose rows of the output the pending tensors show: a
 * variant projects only those (the output projection is most of a
 * variant's time, and a summarised print shows 6 of minGPT's 100 rows).
 * NULL when they show every row.
 */
static unsigned char *
output_rows(const struct search *S)
{
	int T = S->r->T, n, taxis, i, f, d, k;
	unsigned char *want = xcalloc((size_t)T, 1);
	size_t p, div;

	for (i = 0; i < S->n; i++) {
		const struct item *it = &S->items[i];

		for (f = 0; f < it->nfam && it->pending; f++) {
			const struct family *fm = &it->fam[f];

			if (fm->stage != ST_OUTPUT)
				continue;
			n = S->r->st[ST_OUTPUT]->ndim;
			taxis = n - 2;
			k = it->t->ndim;
			if (fm->tok >= 0) {
				want[fm->tok] = 1;
			} else if (taxis >= n - k) {	/* a free dim: the tokens it shows */
				d = taxis - (n - k);
				for (p = 0; p < (size_t)it->t->shown[d]; p++)
					want[(int)p < it->t->head[d] ? (int)p : T - (it->t->shown[d] - (int)p)] = 1;
			} else {			/* a lead axis: each part's token */
				for (div = 1, d = taxis + 1; d < fm->nlead; d++)
					div *= (size_t)fm->lead_size[d];
				for (p = 0; p < fm->count; p++)
					want[p / div % (size_t)T] = 1;
			}
		}
	}
	for (i = 0; i < T && want[i]; i++)
		;
	if (i == T) {
		free(want);
		return NULL;
	}
	return want;
}

/* The run a variant of batch b starts from: the batch itself, or the pair's first mistake there. */
static const struct run *
base_for(struct search *S, int b, int pair)
{
	const struct run *s = slice(S, b);
	struct variant v;

	if (!pair)
		return s;
	if (!S->first_made[b]) {
		v = S->first_v;
		masks_for(S, &v, b);
		if (stage_run_variant(&S->first[b], s, S->in, &v, S->first_need) != 0)
			return NULL;
		S->nruns++;
		S->first_made[b] = 1;
	}
	return &S->first[b];
}

static void
first_free(struct search *S)
{
	int b;

	for (b = 0; b < S->nslices; b++)
		if (S->first_made[b]) {
			stage_free(&S->first[b]);
			S->first_made[b] = 0;
		}
}

/* The parts of family f with elements in batch b (of a batched run, else b 0): [*p0, *p1). */
static void
batch_parts(const struct item *it, const struct family *f, int b, size_t *p0, size_t *p1)
{
	size_t k0, k1;

	*p0 = *p1 = 0;
	if (b < 0)
		*p1 = f->count;
	else if (f->batch_lead) {
		*p0 = (size_t)b * (f->count / (size_t)f->lead_size[0]);
		*p1 = *p0 + f->count / (size_t)f->lead_size[0];
	} else if (f->batch_free) {
		*p1 = in_batch(it, f, 0, b, &k0, &k1) ? 1 : 0;
	} else if (b == 0) {
		*p1 = f->count;
	}
}

/* Marks alive the parts (of unshadowed families) v changes; the stages they need, 0 when none. */
static unsigned
mark_alive(struct search *S, const struct variant *v, int pair)
{
	unsigned changes, need = 0;
	int i, f;
	struct run probe;	/* what v changes beyond the run it starts from (which may not exist yet) */

	memset(&probe, 0, sizeof probe);
	if (pair)
		probe.variant = S->first_v;
	changes = stage_variant_changes(&probe, v);
	for (i = 0; i < S->n; i++) {
		struct item *it = &S->items[i];

		for (f = 0; f < it->nfam && it->pending; f++) {
			const struct family *fm = &it->fam[f];
			int on = !fm->shadow && (changes & STAGE_BIT(fm->stage)) != 0;
			size_t n = fm->count;

			if (S->first_batch_only && !it->labelled && fm->batch_lead)
				n = fm->count / (size_t)fm->lead_size[0];	/* the parts of batch 0 */
			memset(it->alive + fm->first, 0, fm->count);
			memset(it->alive + fm->first, on, n);
			need |= on ? STAGE_BIT(fm->stage) : 0;
		}
	}
	return need;
}

/* What batch b computes: what its parts still alive need (the output only while one is). */
static unsigned
batch_need(const struct search *S, int b)
{
	unsigned need_b = 0;
	size_t p, p0, p1;
	int i, f;

	for (i = 0; i < S->n; i++)
		for (f = 0; f < S->items[i].nfam && S->items[i].pending; f++) {
			const struct item *it = &S->items[i];

			batch_parts(it, &it->fam[f], b, &p0, &p1);
			for (p = p0; p < p1 && !(need_b & STAGE_BIT(it->fam[f].stage)); p++)
				if (it->alive[it->fam[f].first + p])
					need_b |= STAGE_BIT(it->fam[f].stage);
		}
	return need_b;
}

/* Drops the parts of batch b the variant's run vr does not reproduce; 1 while any part is left alive. */
static int
prune_batch(struct search *S, const struct run *vr, int b)
{
	size_t p, p0, p1, k0, k1;
	int i, f, left;

	for (i = 0; i < S->n; i++) {
		struct item *it = &S->items[i];

		for (f = 0; f < it->nfam && it->pending; f++) {
			const struct family *fm = &it->fam[f];
			const struct tensor *st = fm->stage < ST_COUNT ? vr->st[fm->stage] : NULL;
			size_t data_base = b >= 0 && (fm->batch_lead || fm->batch_free) ?
			    (size_t)b * (tensor_of(S->r, fm->stage)->numel / (size_t)S->nslices) : 0;

			batch_parts(it, fm, b, &p0, &p1);
			for (p = p0; p < p1; p++) {
				unsigned char *a = &it->alive[fm->first + p];

				if (*a && in_batch(it, fm, p, b, &k0, &k1) &&
				    (st == NULL || !compare(it, fm, p, st->data, data_base, k0, k1, S->o, NULL)))
					*a = 0;
			}
		}
	}
	for (i = 0, left = 0; i < S->n && !left; i++)
		for (p = 0; p < S->items[i].ncand && S->items[i].pending && !left; p++)
			left = S->items[i].alive[p];
	return left;
}

/* v reproduces the first part still alive of each pending tensor: recorded (beside another reading of it). */
static void
record_found(struct search *S, const struct variant *v)
{
	size_t p;
	int i, f, k;

	for (i = 0; i < S->n; i++) {
		struct item *it = &S->items[i];

		for (p = 0; p < it->ncand && it->pending && !it->alive[p]; p++)
			;
		if (!it->pending || p == it->ncand)
			continue;
		f = fam_of(it, p);
		if (it->nfound == 0) {
			it->vfam = f;
			it->vpart = p - it->fam[f].first;
		} else if (it->vfam != f || it->vpart != p - it->fam[f].first) {
			continue;	/* another part: the first one found stays */
		}
		for (k = 0; k < it->nfound; k++)	/* the same ids again (another reading) */
			if (it->found[k].set == v->set)
				break;
		if (k == it->nfound && it->nfound < MAXFOUND) {
			it->found = it->found != NULL ? it->found : xcalloc(MAXFOUND, sizeof *it->found);
			it->found[it->nfound++] = *v;
		}
	}
}

/*
 * Tries variant v (on top of the pair's first mistake when pair) on
 * every pending tensor: a part it reproduces, where the run did not,
 * records v.  Batch by batch, each computing what the parts still alive
 * there need, until none is left; a variant that mixes batches on the
 * whole run at once.  0, or -1 when interrupted.
 */
static int
try_variant(struct search *S, const struct variant *v, int pair)
{
	int b, whole = mixes_batches(v), nb = whole ? 0 : S->nslices;

	if (mark_alive(S, v, pair) == 0)
		return 0;
	for (b = whole ? -1 : 0; b < nb; b++) {	/* -1: the whole run at once */
		struct run vr;
		struct variant vb = *v;
		const struct run *base;
		unsigned need_b = batch_need(S, b);
		int left;

		if (need_b == 0)
			continue;
		if ((base = base_for(S, b, pair)) == NULL)
			return -1;
		masks_for(S, &vb, b);
		if (stage_run_variant(&vr, base, S->in, &vb, need_b) != 0)
			return -1;
		S->nruns++;
		left = prune_batch(S, &vr, b);
		stage_free(&vr);
		if (!left)
			return 0;
	}
	record_found(S, v);
	return 0;
}

struct reading {
	int mk, rd;
};

/* Every applicable single mistake, then (for what none explains) every pair of different steps. */
static int
search_mistakes(struct search *S)
{
	struct reading rd[MK_COUNT * 2 * WNT_BIAS];
	int nr = 0, mk, k, a, b2, i, pending;

	for (mk = 0; mk < MK_COUNT; mk++)
		for (k = 0; k < check_mistakes[mk].nreadings; k++)
			if (check_mistakes[mk].applies(S->r, S->in, k)) {
				rd[nr].mk = mk;
				rd[nr++].rd = k;
			}
	S->nreadings = nr;
	for (a = 0; a < nr; a++) {
		struct variant v;

		memset(&v, 0, sizeof v);
		v.set = 1u << rd[a].mk;
		v.reading[rd[a].mk] = (unsigned char)rd[a].rd;
		if (try_variant(S, &v, 0) != 0)
			return -1;
	}
	for (i = 0, pending = 0; i < S->n; i++) {
		if (S->items[i].nfound > 0)
			S->items[i].pending = 0;
		pending |= S->items[i].pending;
	}
	if (!pending)
		return 0;
	/*
	 * Pairs (A, B), A the one whose change comes first in the pipeline
	 * (stage_variant_changes ⊇): B is computed from A's run, batch by
	 * batch, so the stages before B's step are A's, computed once.
	 */
	for (a = 0; a < nr; a++) {
		struct run probe;
		unsigned ca;

		memset(&probe, 0, sizeof probe);
		memset(&S->first_v, 0, sizeof S->first_v);
		S->first_v.set = 1u << rd[a].mk;
		S->first_v.reading[rd[a].mk] = (unsigned char)rd[a].rd;
		ca = stage_variant_changes(&probe, &S->first_v);
		S->first_need = 0;
		for (i = 0; i < S->n; i++) {
			struct item *it = &S->items[i];
			int f;

			for (f = 0; f < it->nfam && it->pending; f++)
				if (!it->fam[f].shadow)
					S->first_need |= STAGE_BIT(it->fam[f].stage);
		}
		if (!(ca & S->first_need))
			continue;
		for (b2 = 0; b2 < nr; b2++) {
			struct variant v;
			unsigned cb;

			if (check_mistakes[rd[b2].mk].slot == check_mistakes[rd[a].mk].slot)
				continue;
			memset(&v, 0, sizeof v);
			v.set = 1u << rd[b2].mk;
			v.reading[rd[b2].mk] = (unsigned char)rd[b2].rd;
			cb = stage_variant_changes(&probe, &v);
			if ((cb & ca) != cb || (cb == ca && b2 < a))
				continue;	/* B changes an earlier step: (B, A) is tried with B first */
			v.set |= S->first_v.set;
			v.reading[rd[a].mk] = (unsigned char)rd[a].rd;
			S->npairs++;
			if (try_variant(S, &v, !mixes_batches(&v)) != 0) {
				first_free(S);
				return -1;
			}
		}
		first_free(S);
	}
	return 0;
}

/* ---- the report ---- */

/* Their layout when nothing gives the true size: "(16, >6, 100)". */
static char *
layout_text(char *buf, size_t len, const struct rp_tensor *t)
{
	size_t o = (size_t)snprintf(buf, len, "(");
	int d;

	for (d = 0; d < t->ndim && o < len; d++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s%d", d ? ", " : "", t->summarised[d] ? ">" : "", t->shown[d]);
	if (o < len)
		snprintf(buf + o, len - o, ")");
	return buf;
}

/* "[1, 0]": the index in the part of their element k */
static char *
index_text(char *buf, size_t len, const struct item *it, size_t k)
{
	const struct rp_tensor *t = it->t;
	const struct family *f = &it->fam[it->vfam];
	int idx[RP_MAXDIM], d;
	size_t o;

	rp_index(t, k, f->shape, idx);
	o = (size_t)snprintf(buf, len, "[");
	for (d = 0; d < t->ndim && o < len; d++)
		o += (size_t)snprintf(buf + o, len - o, "%s%d", d ? ", " : "", idx[d]);
	if (o < len)
		snprintf(buf + o, len - o, "]");
	return buf;
}

/* A difference: "0.2143", "3.2e-06", "inf" */
static char *
diff_text(char *buf, size_t len, double d)
{
	if (isnan(d))
		snprintf(buf, len, "nan");
	else if (isinf(d))
		snprintf(buf, len, "inf");
	else if (d == 0 || (d >= 1e-3 && d < 1e6))
		snprintf(buf, len, "%.4f", d);
	else
		snprintf(buf, len, "%.2e", d);
	return buf;
}

/* A value as their print writes it (ours in the same digits). */
static char *
value_text(char *buf, size_t len, const struct rp_tensor *t, double x)
{
	if (isnan(x))
		snprintf(buf, len, "nan");
	else if (isinf(x))
		snprintf(buf, len, x < 0 ? "-inf" : "inf");
	else if (t->notation == RP_FIXED)
		snprintf(buf, len, "%.*f", t->precision, x);
	else if (t->notation == RP_SCI)
		snprintf(buf, len, "%.*e", t->precision, x);
	else if (t->notation == RP_INTEGER && x == floor(x))
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.8g", x);
	return buf;
}

/* Theirs and ours as their print writes them; where the texts are the same (--tolerance 0), each as the
 * shortest text that reads back as it: theirs as a double, ours as float32. */
static void
value_pair(char *a, char *b, size_t len, const struct rp_tensor *t, double x, float y)
{
	value_text(a, len, t, x);
	value_text(b, len, t, y);
	if (strcmp(a, b) == 0 && x != (double)y && isfinite(x) && isfinite(y)) {
		text_shortest(a, len, x, 0, 'g');
		text_shortest(b, len, y, 1, 'g');
		if (strcmp(a, b) == 0)
			text_shortest(a, len, x, 0, 'g'), text_shortest(b, len, y, 0, 'g');
	}
}

/* How a line names the tensor: "attn_weights (6, 6)", "wei taken as attn_weights (4, 8, 8)", "taken as ..." */
static void
put_name(FILE *fp, const struct run *r, const struct item *it)
{
	char part[160], sh[96];
	const struct family *f = &it->fam[it->vfam];

	part_name(part, sizeof part, r, f, it->vpart);
	text_dims(sh, sizeof sh, it->t->ndim, f->shape, "(", ")");	/* "(6)" for one dim, as check.md writes it */
	if (it->label != NULL && strcmp(it->label, part) == 0)
		fprintf(fp, "%s %s", part, sh);
	else if (it->label != NULL)
		fprintf(fp, "%s taken as %s %s", it->label, part, sh);
	else
		fprintf(fp, "taken as %s %s", part, sh);
}

/* "no-scale (scores not scaled before softmax)", "no-scale+mask-with-zero (...; ...)" */
static void
put_variant(FILE *fp, const struct variant *v)
{
	int mk, n = 0;

	for (mk = 0; mk < MK_COUNT; mk++)
		if (v->set >> mk & 1u)
			fprintf(fp, "%s%s", n++ ? "+" : "", check_mistakes[mk].id);
	fprintf(fp, " (");
	for (mk = 0, n = 0; mk < MK_COUNT; mk++)
		if (v->set >> mk & 1u)
			fprintf(fp, "%s%s", n++ ? "; " : "", check_mistakes[mk].what);
	fprintf(fp, ")");
}

/* Lines of text, for side by side. */
struct lines {
	char **s;
	int n, width;
};

static void
lines_split(struct lines *L, char *text)
{
	char *p = text, *e;

	L->s = NULL;
	L->n = L->width = 0;
	for (;;) {
		e = strchr(p, '\n');
		L->s = xrealloc(L->s, (size_t)(L->n + 1) * sizeof *L->s);
		L->s[L->n] = xstrdup(e ? (*e = '\0', p) : p);
		if ((int)strlen(L->s[L->n]) > L->width)
			L->width = (int)strlen(L->s[L->n]);
		L->n++;
		if (e == NULL)
			break;
		p = e + 1;
	}
}

static void
lines_free(struct lines *L)
{
	int i;

	for (i = 0; i < L->n; i++)
		free(L->s[i]);
	free(L->s);
}

/* -v: theirs beside the run's, printed as PyTorch would at their precision */
static void
side_by_side(FILE *fp, const struct run *r, const struct input *in, const struct item *it)
{
	const struct family *f = &it->fam[it->vfam];
	const struct rp_tensor *t = it->t;
	const float *data = tensor_of(r, f->stage)->data;
	struct tensor *ours = tensor_new(t->ndim, f->shape), *theirs;
	struct print_opts po = in->po;
	struct lines a, b;
	size_t k, e, off0 = part_offset(f, it->vpart);
	int idx[RP_MAXDIM], d, i;
	char *ta, *tb;

	/* the part, element by element (its free dims are strided in the stage) */
	for (e = 0; e < ours->numel; e++) {
		size_t rest = e, off = off0;

		for (d = t->ndim - 1; d >= 0; d--) {
			off += rest % (size_t)f->shape[d] * f->stride[d];
			rest /= (size_t)f->shape[d];
		}
		ours->data[e] = data[off];
	}
	theirs = tensor_copy(ours);
	for (k = 0; k < t->nshown; k++)		/* where their print shows nothing, ours stands in (and is not shown) */
		theirs->data[rp_index(t, k, f->shape, idx)] = (float)t->v[k];
	if (t->notation == RP_FIXED || t->notation == RP_SCI)
		po.precision = t->precision;
	ta = print_tensor_str(theirs, &po);
	tb = print_tensor_str(ours, &po);
	lines_split(&a, ta);
	lines_split(&b, tb);
	fprintf(fp, "    %-*s    %s\n", a.width, "theirs:", "attn-explain:");
	for (i = 0; i < a.n || i < b.n; i++)
		fprintf(fp, "    %-*s    %s\n", a.width, i < a.n ? a.s[i] : "", i < b.n ? b.s[i] : "");
	lines_free(&a);
	lines_free(&b);
	free(ta);
	free(tb);
	tensor_free(ours);
	tensor_free(theirs);
}

/* -v: the lines the mistakes of v change, the run's and the mistaken one */
static void
changed_lines(FILE *fp, const struct run *r, const struct input *in, const struct variant *v)
{
	char line[512], *was;
	int mk, id;

	for (mk = 0; mk < MK_COUNT; mk++) {
		if (!(v->set >> mk & 1u))
			continue;
		id = mistake_line(line, sizeof line, r, in, mk, v->reading[mk]);
		was = r->code[id] != NULL ? code_shown(r->code[id]) : xstrdup("(no such line in this run)");
		fprintf(fp, "    %s changes the line\n      %s\n    into\n      %s\n", check_mistakes[mk].id, was, line);
		free(was);
	}
}

static void
report(FILE *fp, const struct run *r, const struct input *in, struct item *items, int n, const struct check_opts *o)
{
	char a[96], b[96], c[96], sh[96], nb[64];
	int i, k, nok = 0, first = -1;

	/* the first differing stage: the earliest stage any of their tensors differs in */
	for (i = 0; i < n; i++)
		if (items[i].verdict == V_DIFFERS &&
		    (first < 0 || order_of(items[i].fam[items[i].vfam].stage) < order_of(items[first].fam[items[first].vfam].stage)))
			first = i;
	for (i = 0; i < n; i++) {
		struct item *it = &items[i];
		const struct rp_tensor *t = it->t;

		switch (it->verdict) {
		case V_OK:
			nok++;
			fprintf(fp, "ok       ");
			put_name(fp, r, it);
			fprintf(fp, ": matches\n");
			break;
		case V_DERIVED:
			nok++;
			fprintf(fp, "ok       %s%staken as %s: matches\n", it->label ? it->label : "", it->label ? " " : "",
			    it->derived);
			break;
		case V_UNMATCHED:
			if (it->label != NULL)
				fprintf(fp, "unmatched %s ", it->label);
			else
				fprintf(fp, "unmatched tensor at %d:%d ", t->line, t->col);
			if (t->ndim == 0)
				fprintf(fp, "(a single number): no element of a stage equals it\n");
			else
				fprintf(fp, "%s: no stage of this run has a part of this shape\n",
				    layout_text(sh, sizeof sh, t));
			break;
		default:
			fprintf(fp, "differs  ");
			put_name(fp, r, it);
			fprintf(fp, ": max abs diff %s at %s; ", diff_text(a, sizeof a, it->maxdiff),
			    index_text(b, sizeof b, it, it->at));
			if (it->rootscale) {
				fprintf(fp, "scaled by 1/sqrt(head_dim) = 1/sqrt(%d) (head_size**-0.5, the usual scale), "
				    "where the file sets \"scale\": %.8g\n", r->hd, in->scale);
			} else if (it->othermask) {
				fprintf(fp, "another dropout mask (the %s generator, or another seed): try --dropout-rng %s\n",
				    in->dropout_mkl ? "default" : "MKL", in->dropout_mkl ? "default" : "mkl");
			} else if (it->nfound > 0) {
				fprintf(fp, "mistake: ");
				for (k = 0; k < it->nfound; k++) {
					fprintf(fp, "%s", k ? " or " : "");
					put_variant(fp, &it->found[k]);
				}
				fprintf(fp, "\n");
			} else {
				const struct item *fi = &items[first];
				const struct family *ff = &fi->fam[fi->vfam];
				int idx[RP_MAXDIM];
				size_t off;

				rp_index(fi->t, fi->first, ff->shape, idx);
				off = part_offset(ff, fi->vpart);
				for (k = 0; k < fi->t->ndim; k++)
					off += (size_t)idx[k] * ff->stride[k];
				value_pair(b, c, sizeof b, fi->t, fi->t->v[fi->first], tensor_of(r, ff->stage)->data[off]);
				fprintf(fp, "no known mistake reproduces it; first differing stage: %s, at %s: "
				    "theirs %s, expected %s\n", name_of(r, ff->stage, nb, sizeof nb),
				    index_text(a, sizeof a, fi, fi->first), b, c);
			}
			if (o->verbose) {
				side_by_side(fp, r, in, it);
				if (it->nfound > 0)
					changed_lines(fp, r, in, &it->found[0]);
			}
			break;
		}
	}
	fprintf(fp, "%d of %d match\n", nok, n);
}

/* ---- the whole check ---- */

/* The nearest part among the families (shadowed ones too when all): by max abs diff. */
static void
nearest(struct item *it, const struct run *r, const struct check_opts *o)
{
	double best = -1;
	size_t p;
	int f;
	struct cmp c;

	for (f = 0; f < it->nfam; f++)
		for (p = 0; p < it->fam[f].count; p++) {
			compare(it, &it->fam[f], p, tensor_of(r, it->fam[f].stage)->data, 0, 0, it->t->nshown, o, &c);
			if (best < 0 || c.maxdiff < best || (isnan(best) && !isnan(c.maxdiff))) {
				best = c.maxdiff;
				it->vfam = f;
				it->vpart = p;
			}
		}
}

/* The first part equal to theirs, among the families with shadow flag `shadow`: 1 and it is taken, or 0. */
static int
first_equal(struct item *it, const struct run *r, const struct check_opts *o, int shadow)
{
	size_t p;
	int f;

	for (f = 0; f < it->nfam; f++) {
		if (it->fam[f].shadow != shadow)
			continue;
		for (p = 0; p < it->fam[f].count; p++)
			if (compare(it, &it->fam[f], p, tensor_of(r, it->fam[f].stage)->data, 0, 0, it->t->nshown, o, NULL)) {
				it->vfam = f;
				it->vpart = p;
				return 1;
			}
	}
	return 0;
}

int
check_parse_tolerance(const char *s, double *x)
{
	char *end;
	double v;

	if (*s == '\0')
		return -1;
	v = strtod(s, &end);
	if (*end != '\0' || !isfinite(v) || v < 0)
		return -1;
	*x = v;
	return 0;
}

/* Their tensor t as item it: its families, and whether a part of the run equals it; 1 when the mistakes are to be tried. */
static int
item_judge(struct item *it, const struct rp_tensor *t, const struct run *r, const struct check_opts *o)
{
	int id;

	it->t = t;
	it->label = it->t->label;
	it->floor = noise_floor(it->t);
	if (it->label != NULL) {
		it->labelled = 1;	/* add_family() reads it: a label's families are never shadowed */
		if (!label_families(it, r, it->label) || it->nfam == 0)
			it->labelled = 0;	/* nothing of that name has this shape: by shape, as unlabelled */
	}
	if (!it->labelled)
		for (id = 0; id < NIDS; id++)
			add_family(it, r, id, -1);
	if (it->nfam == 0) {
		it->verdict = V_UNMATCHED;
		return 0;
	}
	if (first_equal(it, r, o, 0) || (it->t->ndim == 0 && first_equal(it, r, o, 1))) {
		it->verdict = V_OK;
		it->fam[0] = it->fam[it->vfam];	/* only the part taken is kept: memory in proportion to theirs */
		it->vfam = 0;
		it->nfam = 1;
		it->fam = xrealloc(it->fam, sizeof *it->fam);
		return 0;
	}
	if (it->t->ndim == 0) {		/* a sum, a dot product: an element of a stage, or nothing we can tell */
		it->verdict = V_UNMATCHED;
		free(it->fam);
		it->fam = NULL;
		it->nfam = 0;
		return 0;
	}
	it->verdict = V_DIFFERS;
	it->pending = 1;
	it->alive = xmalloc(it->ncand);
	return 1;
}

/* The search's batches, masks and rows, then the search itself: 0, or -1 when interrupted. */
static int
search_run(struct search *S)
{
	const struct run *r = S->r;
	const struct input *in = S->in;
	double t0;
	size_t big;
	int id, rc;

	S->nslices = r->batched ? r->B : 1;
	S->slices = xcalloc((size_t)S->nslices, sizeof *S->slices);
	S->sliced = xcalloc((size_t)S->nslices, 1);
	S->first = xcalloc((size_t)S->nslices, sizeof *S->first);
	S->first_made = xcalloc((size_t)S->nslices, 1);
	S->wnt = xcalloc(6 * (size_t)(S->nslices + 1), sizeof *S->wnt);
	if (in->dropout > 0 && r->st[ST_DROPOUT_MASK] != NULL) {
		/* torch.rand(attn_weights.shape) > p, drawn where nn.Dropout would draw */
		const struct tensor *m = r->st[ST_DROPOUT_MASK];
		struct rng g = r->rng_drawn;
		size_t e;

		if (in->has_dropout_seed)
			rng_seed(&g, in->dropout_seed);
		S->rand_mask = xmalloc(m->numel * sizeof *S->rand_mask);
		rng_rand(&g, S->rand_mask, m->numel);
		for (e = 0; e < m->numel; e++)
			S->rand_mask[e] = S->rand_mask[e] > (float)in->dropout;
	}
	S->first_batch_only = r->all_bytes > PARTS_BYTES;
	S->rows = output_rows(S);
	if (r->all_bytes >= ((size_t)1 << 20))
		tensor_threads(1);
	/* a whole-run variant's big tensors reuse the last one's pages (a batch's are small) */
	for (id = 0, big = 0; id < ST_COUNT; id++)
		if (r->st[id] != NULL && r->st[id]->numel * sizeof(float) > big)
			big = r->st[id]->numel * sizeof(float);
	tensor_recycle(big);
	t0 = tensor_clock();
	rc = search_mistakes(S);
	tensor_recycle(0);
	tensor_threads(0);
	if (getenv("ATTN_EXPLAIN_TIMING") != NULL)
		fprintf(stderr, "timing: check %d readings, %d pairs, %ld variant runs of a batch (of %d), %.1f ms\n",
		    S->nreadings, S->npairs, S->nruns, S->nslices, (tensor_clock() - t0) * 1e3);
	return rc;
}

static void
search_free(struct search *S)
{
	int i;

	for (i = 0; i < S->nslices; i++)
		if (S->sliced[i])
			stage_free(&S->slices[i]);
	free(S->slices);
	free(S->sliced);
	free(S->first);
	free(S->first_made);
	free(S->rand_mask);
	free(S->rows);
	for (i = 0; S->wnt != NULL && i < 6 * (S->nslices + 1); i++)
		tensor_free(S->wnt[i]);
	free(S->wnt);
}

/* A tensor still differing after the search: ok when a shadowed part equals it, else its part and differences. */
static void
item_measure(struct item *it, const struct run *r, const struct check_opts *o)
{
	struct cmp c;

	if (it->nfound == 0 && !first_equal(it, r, o, 1)) {
		nearest(it, r, o);
	} else if (it->nfound == 0) {
		it->verdict = V_OK;
		return;
	}
	compare(it, &it->fam[it->vfam], it->vpart, tensor_of(r, it->fam[it->vfam].stage)->data, 0, 0, it->t->nshown,
	    o, &c);
	it->maxdiff = c.maxdiff;
	it->at = c.at;
	it->first = c.first == SIZE_MAX ? 0 : c.first;
}

/* Is part p of family f (of dropped_weights) attn_weights with some dropout mask: each element 0 or scaled by 1/(1-p)? */
static int
dropped_any(const struct item *it, const struct family *f, size_t p, const struct run *r, const struct input *in,
    const struct check_opts *o)
{
	const struct tensor *w = r->st[ST_ATTN_WEIGHTS];
	const struct rp_tensor *t = it->t;
	float scale = (float)(1.0 / (1.0 - in->dropout));
	int idx[RP_MAXDIM], d;
	size_t k, off;

	if (w == NULL || w->numel != r->st[ST_DROPPED_WEIGHTS]->numel)
		return 0;
	for (k = 0; k < t->nshown; k++) {
		off = part_offset(f, p);
		rp_index(t, k, f->shape, idx);
		for (d = 0; d < t->ndim; d++)
			off += (size_t)idx[d] * f->stride[d];
		if (!same(t, it->floor, o, t->v[k], 0.0f) && !same(t, it->floor, o, t->v[k], w->data[off] * scale))
			return 0;
	}
	return 1;
}

/* A tensor no mistake explains, against a run made otherwise but not wrongly: the other dropout generator's
 * mask, any mask (dropped_weights: another seed), or (rootscale) 1/sqrt(head_dim) where the file sets scale. */
static void
other_run(struct item *items, int n, const struct run *r, const struct input *in, const struct check_opts *o,
    int rootscale)
{
	struct input alt = *in;
	struct run ar;
	struct cmp c;
	char err[256];
	int i, f, have = 0;
	size_t p;

	for (i = 0; i < n; i++)
		have |= items[i].verdict == V_DIFFERS && items[i].nfound == 0 && !items[i].othermask;
	if (!have || (rootscale ? !in->has_scale || r->simple : !(in->dropout > 0) || r->st[ST_DROPOUT_MASK] == NULL))
		return;
	if (rootscale)
		alt.has_scale = 0;	/* the run then divides by sqrt(head_dim) */
	else
		alt.dropout_mkl = !in->dropout_mkl;
	if (stage_run(&ar, &alt, STAGE_KEEP_ALL, err, sizeof err) != 0)
		return;
	for (i = 0; i < n; i++) {
		struct item *it = &items[i];

		for (f = 0; f < it->nfam && it->verdict == V_DIFFERS && !it->nfound && !it->othermask; f++)
			for (p = 0; p < it->fam[f].count && !it->othermask; p++) {
				int st = it->fam[f].stage;

				if (st >= ST_COUNT || ar.st[st] == NULL)
					continue;
				if (compare(it, &it->fam[f], p, ar.st[st]->data, 0, 0, it->t->nshown, o, NULL) ||
				    (!rootscale && st == ST_DROPPED_WEIGHTS && dropped_any(it, &it->fam[f], p, r, in, o))) {
					it->othermask = 1;
					it->rootscale = rootscale;
					it->vfam = f;
					it->vpart = p;
					compare(it, &it->fam[f], p, tensor_of(r, st)->data, 0, 0, it->t->nshown, o, &c);
					it->maxdiff = c.maxdiff;
					it->at = c.at;
					it->first = c.first == SIZE_MAX ? 0 : c.first;
				}
			}
	}
	stage_free(&ar);
}

struct derived_ctx {
	const struct item *it;
	const struct check_opts *o;
};

static int
derived_same(const void *ctx, double x, float y)
{
	const struct derived_ctx *c = ctx;

	return same(c->it->t, c->it->floor, c->o, x, y);
}

/* check.md: a tensor no stage and no mistake explains, but a sum, row sum, mean, max of a stage is: ok, as that. */
static void
item_derived(struct item *it, const struct run *r, const struct check_opts *o)
{
	struct derived_ctx c = { it, o };
	char name[160], shape[64];

	if (it->verdict == V_UNMATCHED || (it->verdict == V_DIFFERS && it->nfound == 0))
		if (derived_find(r, it->t, derived_same, &c, name, sizeof name, shape, sizeof shape)) {
			it->verdict = V_DERIVED;
			it->derived = xmalloc(strlen(name) + strlen(shape) + 2);
			sprintf(it->derived, "%s %s", name, shape);
		}
}

int
check_run(FILE *fp, const struct run *r, const struct input *in, const struct rp_set *theirs,
    const struct check_opts *o)
{
	struct search S;
	struct item *items = xcalloc((size_t)(theirs->n ? theirs->n : 1), sizeof *items);
	int i, rc = 0, bad = 0, pending = 0;

	memset(&S, 0, sizeof S);
	S.r = r;
	S.in = in;
	S.o = o;
	S.items = items;
	S.n = theirs->n;
	for (i = 0; i < theirs->n && !interrupt_pending; i++)	/* Ctrl-C: the REPL drops the report */
		pending |= item_judge(&items[i], &theirs->t[i], r, o);
	if (pending)
		rc = search_run(&S);
	for (i = 0; i < theirs->n && rc == 0 && !interrupt_pending; i++) {
		if (items[i].verdict == V_DIFFERS)
			item_measure(&items[i], r, o);
		item_derived(&items[i], r, o);
	}
	if (rc == 0)
		for (i = 0; i < 2; i++)
			other_run(items, theirs->n, r, in, o, i);
	if (rc == 0)
		report(fp, r, in, items, theirs->n, o);
	for (i = 0; i < theirs->n; i++) {
		bad += items[i].verdict != V_OK && items[i].verdict != V_DERIVED;
		free(items[i].fam);
		free(items[i].derived);
		free(items[i].alive);
		free(items[i].found);
	}
	search_free(&S);
	free(items);
	return rc != 0 ? -1 : bad;
}
