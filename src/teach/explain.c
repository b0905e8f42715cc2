/* explain.c - the teaching text: what each stage is and why, with this input's numbers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"

/* Label of token t: its word, or "token t". */
static const char *
label(const struct run *r, int t, char *buf, size_t len)
{
	char *p;

	if (r->tokens != NULL && t < r->ntokens)
		snprintf(buf, len, "'%s'", r->tokens[t]);
	else
		snprintf(buf, len, "token %d", t);
	for (p = buf; *p; p++)	/* control bytes as '?', as the cells and heat maps show them */
		if ((unsigned char)*p < 32 || *p == 127)
			*p = '?';
	return buf;
}

/* Row `row` of the first (batch 0, head 0) T x T block of a stage. */
static const float *
first_block_row(const struct run *r, int id, int row)
{
	return r->st[id]->data + (size_t)row * r->T;
}

/* The token a row attends to most, as "token 'journey' attends most to 'starts': 0.2333". */
static void
most_attended(struct sbuf *b, const struct run *r, int id)
{
	int row = r->T > 1 ? 1 : 0, j, best = 0;
	const float *w = first_block_row(r, id, row);
	char l1[64], l2[64];

	for (j = 1; j < r->T; j++)
		if (w[j] > w[best])
			best = j;
	sbuf_addf(b, " Here %s%s attends most to %s: %.4f.", label(r, row, l1, sizeof l1),
	    r->batched || r->H > 1 ? " (batch 0, head 0)" : "", label(r, best, l2, sizeof l2), w[best]);
}

/*
 * Dropout with a small T can zero a token's whole row of weights: its
 * context vector is then all zeros, which surprises a learner (the book's
 * causal example does it to 'starts').  Names the first such row.
 */
static void
zeroed_rows(struct sbuf *b, const struct run *r)
{
	const struct tensor *w = r->st[ST_DROPPED_WEIGHTS];
	size_t rows = w->numel / (size_t)r->T, i, n = 0, first = 0;
	int j;
	char l[64];

	for (i = 0; i < rows; i++) {
		for (j = 0; j < r->T && w->data[i * (size_t)r->T + (size_t)j] == 0; j++)
			;
		if (j == r->T && n++ == 0)
			first = i;
	}
	if (n == 0)
		return;
	sbuf_addf(b, " Here dropout zeroed every weight of %s%s, so its context vector is all zeros",
	    label(r, (int)(first % (size_t)r->T), l, sizeof l),
	    r->batched || r->H > 1 ? " (in its first batch and head affected)" : "");
	if (n > 1)
		sbuf_addf(b, " (%zu rows are zeroed like this)", n);
	sbuf_add(b, ": in training, that token learns nothing from the others in this step.");
}

/* The three projections, before the inputs (explain_stage's id -1). */
static void
say_projections(struct sbuf *b, const struct run *r)
{
	if (r->drawn)
		sbuf_add(b, "The three projections are learned matrices. Before training they are random; "
		    "with the same seed PyTorch draws exactly these numbers, so this run matches the notebook.");
	else
		sbuf_add(b, "The three projections are learned matrices; here the input file gives their numbers, "
		    "as a trained model would (or as a notebook prints them), so nothing is drawn at random.");
}

static void
say_inputs(struct sbuf *b, const struct run *r)
{
	sbuf_addf(b, "Each row is one token's embedding: %d numbers that stand for the token. "
	    "Attention will mix these rows, weighting each by how relevant it is to the others.", r->d_in);
}

static void
say_queries(struct sbuf *b, const struct run *r)
{
	if (r->simple)
		sbuf_add(b, "Without trainable weights each token's query is its own embedding.");
	else
		sbuf_addf(b, "A query is what a token is looking for: its embedding projected to %d numbers by W_query.", r->d_out);
}

static void
say_heads(struct sbuf *b, const struct run *r)
{
	sbuf_addf(b, "With %d heads the %d columns are cut into %d groups of head_dim = %d; each head attends on its own. "
	    "Giving each head its own small projection and splitting one big projection are the same thing.",
	    r->H, r->d_out, r->H, r->hd);
}

static void
say_self_score(struct sbuf *b, const struct run *r)
{
	char l1[64];

	if (r->T > 1) {
		const float *s = first_block_row(r, ST_ATTN_SCORES, 1);

		sbuf_addf(b, " Here %s scores %.4f against itself.", label(r, 1, l1, sizeof l1), s[1]);
	}
}

static void
say_scaling(struct sbuf *b, const struct run *r)
{
	if (!r->scaled)
		sbuf_add(b, "Simple mode does not scale the scores.");
	else if (r->scale_divides && r->hd == 1)
		sbuf_add(b, "The scores are divided by sqrt(head_dim) = sqrt(1) = 1, which leaves them as they are. "
		    "With wider heads it matters: dot products of head_dim numbers grow like sqrt(head_dim), and "
		    "dividing by it keeps softmax from saturating into a one-hot row with vanishing gradients.");
	else if (r->scale_divides)
		sbuf_addf(b, "Dot products of %d-number vectors grow like sqrt(%d); dividing by %.4f keeps them moderate "
		    "so softmax does not saturate into a one-hot row with vanishing gradients.", r->hd, r->hd, r->scale_used);
	else if (r->scale_used == 1)
		sbuf_add(b, "The scores are multiplied by 1 (scale 1): they stay as they are, and softmax sees "
		    "them unscaled.");
	else if (r->scale_used < 1)
		sbuf_addf(b, "The scores are multiplied by %.4g (Karpathy's C**-0.5 style): smaller scores make a "
		    "flatter softmax, so it does not saturate into a one-hot row.", r->scale_used);
	else
		sbuf_addf(b, "The scores are multiplied by %.4g, which makes them larger: softmax gets sharper, closer "
		    "to a one-hot row (the opposite of the usual 1/sqrt(head_dim)).", r->scale_used);
}

/* Why the kept weights grow: nn.Dropout scales them by 1/(1-p) (2.0000 at p = 0.5). */
static void
say_dropped(struct sbuf *b, const struct run *r)
{
	double p = r->dropout;

	if (!(p > 0 && p < 1))
		return;
	sbuf_addf(b, " Each weight is zeroed with probability p = %g; each kept one is multiplied by "
	    "1/(1-p) = 1/(1-%g) = %.4f, so its expected value, and a row's expected sum, stay what they were: "
	    "that is why kept weights are %.4f times larger here.", p, p, (double)(float)(1.0 / (1.0 - p)),
	    (double)(float)(1.0 / (1.0 - p)));
}

static void
say_most_attended(struct sbuf *b, const struct run *r)
{
	most_attended(b, r, ST_ATTN_WEIGHTS);
}

static void
say_context(struct sbuf *b, const struct run *r)
{
	if (r->causal)
		sbuf_add(b, "Each context vector is the weighted sum of the value vectors of the tokens up to and "
		    "including that token (the mask gave the later ones weight 0), weighted by its row of attention weights: "
		    "the token's embedding enriched with what it found relevant.");
	else
		sbuf_add(b, "Each context vector is the weighted sum of all value vectors, weighted by that token's row "
		    "of attention weights: the token's embedding enriched with what it found relevant.");
	if (r->st[ST_DROPPED_WEIGHTS] != NULL)
		zeroed_rows(b, r);
}

static void
say_merged(struct sbuf *b, const struct run *r)
{
	sbuf_addf(b, "The %d heads' context vectors are put side by side again: (…, T, %d).", r->H, r->d_out);
}

static void
say_output(struct sbuf *b, const struct run *r)
{
	if (r->H > 1)
		sbuf_add(b, "The output projection mixes the heads' results, so information found by one head can combine with another's.");
	else
		sbuf_add(b, "The output projection is one more learned linear layer over the context vectors, "
		    "mixing their dimensions.");
}

/* Each stage's lesson: a fixed text, then what this run's numbers add (either may be absent). */
static const struct lesson {
	const char *text;
	void (*say)(struct sbuf *b, const struct run *r);
} lessons[ST_COUNT] = {
	[ST_INPUTS] = { NULL, say_inputs },
	[ST_QUERIES] = { NULL, say_queries },
	[ST_KEYS] = { "A key is what a token offers to be matched against. A query that points the same way "
	    "as a key gives a large dot product: that is how relevance is measured.", NULL },
	[ST_VALUES] = { "A value is what a token hands on once it is attended to. Keys decide how much; values decide what.",
	    NULL },
	[ST_QUERIES_HEADS] = { NULL, say_heads },
	[ST_KEYS_HEADS] = { NULL, say_heads },
	[ST_VALUES_HEADS] = { NULL, say_heads },
	[ST_ATTN_SCORES] = { "Row t holds the dot products of token t's query with every key: how well "
	    "what t looks for matches what each token offers.", say_self_score },
	[ST_MASK] = { "A causal model must not look ahead: the 1s mark, for each token (row), the later tokens (columns) "
	    "it may not see.", NULL },
	[ST_MASKED_SCORES] = { "Future scores become -inf. exp(-inf) = 0, so after softmax they get exactly zero weight, "
	    "and the remaining weights still sum to 1.", NULL },
	[ST_SCALED_SCORES] = { NULL, say_scaling },
	[ST_ATTN_WEIGHTS] = { "Softmax turns each row into positive weights that sum to 1. Subtracting the row's maximum "
	    "first changes nothing (it cancels in the fraction) but keeps exp from overflowing.", say_most_attended },
	[ST_UNMASKED_WEIGHTS] = { "The second route to causal weights starts from the softmax of the unmasked scores...",
	    NULL },
	[ST_MASK_SIMPLE] = { "...keeps only the weights on and below the diagonal...", NULL },
	[ST_MASKED_SIMPLE] = { "...which leaves rows that no longer sum to 1...", NULL },
	[ST_MASKED_SIMPLE_NORM] = { "...so each row is divided by its sum. The result equals attn_weights up to rounding: "
	    "masking with -inf before softmax is the same as zeroing and renormalising after it.", NULL },
	[ST_DROPOUT_MASK] = { "Dropout, in training only, zeroes each weight with probability p and scales the survivors "
	    "by 1/(1-p), so the expected value of every weight is unchanged. At inference it does nothing.", NULL },
	[ST_DROPPED_WEIGHTS] = { "The attention weights after dropout: some links are cut at random for this training step, "
	    "which keeps the model from relying on any single one.", say_dropped },
	[ST_CONTEXT_VECS] = { NULL, say_context },
	[ST_MERGED] = { NULL, say_merged },
	[ST_OUTPUT] = { NULL, say_output },
};

void
explain_stage(struct sbuf *b, const struct run *r, int id)
{
	if (id == -1) {
		say_projections(b, r);
		return;
	}
	if (id < 0 || id >= ST_COUNT)
		return;
	if (lessons[id].text != NULL)
		sbuf_add(b, lessons[id].text);
	if (lessons[id].say != NULL)
		lessons[id].say(b, r);
}
