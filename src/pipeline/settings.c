/*
 * settings.c - the settings table: one row per setting, and what every row
 * shares: reading a value from text, showing it, its defaults, its rules.
 *
 * Reading from the JSON file is json.c's (the only cJSON user), by the
 * same rows and the same words for what a value may be.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "settings.h"

static const char *const bools[] = { "true", "false", NULL };
static const char *const tris[] = { "true", "false", "none", NULL };
static const char *const layouts[] = { "split", "stacked", NULL };
static const char *const rngs[] = { "default", "mkl", NULL };
static const char *const inits[] = { "none", "rand", "randn", "linear", NULL };
static const char *const colors[] = { "always", "never", "auto", "true", "false", NULL };
static const char *const nones[] = { "none", NULL };
static const char *const infs[] = { "inf", NULL };

/* ---- the rules across settings ---- */

/* the width the file's weights give */
static int
weights_d_out(const struct input *in)
{
	const struct weight *w = &in->W[LAYER_QUERY];

	return w->linear ? w->w->shape[0] : w->w->shape[1];
}

static int
rule_heads(struct input *in, int src, char *err, size_t len)
{
	int T, d_in, d;

	(void)src;
	input_dims(in, &T, &d_in);
	d = in->has_weights || in->init != INIT_NONE ? input_d_out(in) : d_in;	/* simple mode: d_in */
	if (d % in->heads != 0)
		return diag_errf(err, len, "%d heads do not divide d_out = %d", in->heads, d);
	return 0;
}

static int
rule_d_out(struct input *in, int src, char *err, size_t len)
{
	int T, d_in;

	input_dims(in, &T, &d_in);
	if (src == FROM_FILE) {
		if (!in->has_weights && in->init == INIT_NONE && in->d_out > 0 && in->d_out != d_in)
			return diag_errf(err, len, "simple mode (no weights, no init) has d_out = d_in = %d, got %d", d_in, in->d_out);
		return 0;
	}
	if (in->has_weights)
		return diag_errf(err, len, "follows from the file's weights (%d); only init draws weights of another width",
		    weights_d_out(in));
	if (in->init == INIT_NONE)
		return diag_errf(err, len, "only with init (without weights d_out = d_in = %d); set init first", d_in);
	return rule_heads(in, src, err, len);
}

static int
rule_init(struct input *in, int src, char *err, size_t len)
{
	int T, d_in;

	if (src == FROM_FILE) {
		if (in->init == INIT_NONE)
			return 0;
		if (in->has_weights)
			return diag_errf(err, len, "not allowed together with \"weights\" (give weights, or draw them with init, not both)");
		if (in->d_out == 0)
			return diag_errf(err, len, "needs \"d_out\", the width of the projections");
		return 0;
	}
	if (in->has_weights)
		return diag_errf(err, len, "the file gives the weights; init draws them instead, so it needs a file without weights");
	if (in->init != INIT_LINEAR && in->qkv_bias)
		return diag_errf(err, len, "qkv_bias is true, which only init linear uses (set qkv_bias false first)");
	input_dims(in, &T, &d_in);
	if (in->init == INIT_NONE) {
		if (in->out_proj)
			return diag_errf(err, len, "out_proj is true, which needs init (set out_proj false first)");
		if (d_in % in->heads != 0)
			return diag_errf(err, len, "without weights d_out = d_in = %d, which %d heads do not divide", d_in, in->heads);
		in->d_out = 0;
	} else if (in->d_out == 0) {
		in->d_out = d_in;	/* drawn weights need a width: start from the inputs' */
	}
	return 0;
}

static int
rule_qkv_bias(struct input *in, int src, char *err, size_t len)
{
	if (in->qkv_bias && in->init != INIT_LINEAR)
		return diag_errf(err, len, "only used with %s (explicit weights carry their own bias)",
		    src == FROM_FILE ? "\"init\": \"linear\"" : "init linear");
	return 0;
}

static int
rule_out_proj(struct input *in, int src, char *err, size_t len)
{
	if (src == FROM_TEXT && in->has_weights)
		return diag_errf(err, len, "the file's weights decide (weights.out_proj)");
	if (in->out_proj && in->init == INIT_NONE)
		return diag_errf(err, len, src == FROM_FILE ?
		    "true needs \"init\" (with \"weights\", give weights.out_proj instead)" :
		    "true needs init (an output projection is drawn with the other weights)");
	return 0;
}

static void
show_d_out(char *buf, size_t len, const struct input *in)
{
	snprintf(buf, len, "%d", input_d_out(in));
}

static void
show_out_proj(char *buf, size_t len, const struct input *in)
{
	snprintf(buf, len, "%s", in->out_proj || in->W[LAYER_OUT].w != NULL ? "true" : "false");
}

/* ---- the table ---- */

#define RUN(f) .group = SETTING_RUN, .off = offsetof(struct input, f)
#define PO(f) .group = SETTING_PRINT, .off = offsetof(struct print_opts, f)
#define VIEW(f) .group = SETTING_VIEW, .off = offsetof(struct cell_opts, f)
#define FILE_REPL .in_file = 1, .in_repl = 1

/* In the order show lists them. */
const struct setting settings[] = {
	{ .name = "heads", RUN(heads), .type = SETTING_INT, FILE_REPL, .lo = 1, .hi = 1 << 20, .def = 1,
	  .option = "heads", .values = "an integer >= 1 that divides d_out", .rule = rule_heads,
	  .help = "attention heads (num_heads), overriding the file's heads" },
	{ .name = "causal", RUN(causal), .type = SETTING_BOOL, FILE_REPL,
	  .option = "causal", .values = "true or false", .help = "mask the future tokens (true) or not (false)" },
	{ .name = "dropout", RUN(dropout), .type = SETTING_REAL, FILE_REPL, .lo = 0, .hi = 1,
	  .option = "dropout", .values = "a number from 0 to 1", .help = "nn.Dropout(X) on the attention weights" },
	{ .name = "dropout_seed", RUN(dropout_seed), .type = SETTING_SEED, FILE_REPL,
	  .has_off = offsetof(struct input, has_dropout_seed), .choices = nones,
	  .option = "dropout-seed", .values = "a seed, or none",
	  .help = "torch.manual_seed(N) just before the dropout draws, or none" },
	{ .name = "dropout_rng", RUN(dropout_mkl), .type = SETTING_ENUM, FILE_REPL, .choices = rngs,
	  .option = "dropout-rng", .values = "default or mkl",
	  .help = "default (the book's mask) or mkl (official x86 wheels)" },
	{ .name = "seed", RUN(seed), .type = SETTING_SEED, FILE_REPL, .option = "seed",
	  .values = "an integer from -2^63 to 2^64-1 (negative: + 2^64)", .help = "torch.manual_seed(N), overriding the file's seed" },
	{ .name = "scale", RUN(scale), .type = SETTING_REAL, FILE_REPL, .lo = 0, .lo_open = 1, .hi = INFINITY,
	  .has_off = offsetof(struct input, has_scale), .null_ok = 1, .choices = nones,
	  .option = "scale", .values = "a number > 0, or none (divide by sqrt(head_dim))",
	  .help = "multiply the scores by X, or none: divide by sqrt(head_dim)" },
	{ .name = "head_layout", RUN(stacked), .type = SETTING_ENUM, FILE_REPL, .choices = layouts,
	  .option = "head-layout", .values = "split or stacked",
	  .help = "the heads' weights as one layer split into heads, or one layer per head stacked" },
	{ .name = "init", RUN(init), .type = SETTING_ENUM, FILE_REPL, .choices = inits, .first_in_file = INIT_RAND,
	  .text_values = "rand, randn, linear or none",
	  .option = "init", .values = "rand, randn, linear or none (files without weights)", .rule = rule_init,
	  .help = "draw the weights as torch.rand, torch.randn or nn.Linear does" },
	{ .name = "d_out", RUN(d_out), .type = SETTING_INT, FILE_REPL, .lo = 1, .hi = 1 << 24,
	  .option = "d-out", .values = "an integer >= 1 (with init)", .rule = rule_d_out, .show = show_d_out,
	  .help = "the drawn weights' output size (with init)" },
	{ .name = "qkv_bias", RUN(qkv_bias), .type = SETTING_BOOL, FILE_REPL,
	  .option = "qkv-bias", .values = "true or false (with init linear)", .rule = rule_qkv_bias,
	  .help = "nn.Linear(..., bias=true) for the query, key and value layers (with init linear)" },
	{ .name = "out_proj", RUN(out_proj), .type = SETTING_BOOL, FILE_REPL,
	  .option = "out-proj", .values = "true or false (with init)", .rule = rule_out_proj, .show = show_out_proj,
	  .help = "an output projection after the heads (with init)" },
	{ .name = "init_order", RUN(init_order), .type = SETTING_ORDER, .in_file = 1 },
	{ .name = "precision", PO(precision), .type = SETTING_INT, FILE_REPL, .lo = 0, .hi = PRINT_MAX_PRECISION, .def = 4,
	  .option = "precision", .values = "digits after the point, 0 to 50",
	  .help = "digits after the point (torch.set_printoptions)" },
	{ .name = "linewidth", PO(linewidth), .type = SETTING_INT, FILE_REPL, .lo = 1, .hi = INT_MAX, .def = 80,
	  .option = "linewidth", .values = "an integer >= 1", .help = "characters per line before a row wraps" },
	{ .name = "sci_mode", PO(sci_mode), .type = SETTING_TRI, FILE_REPL, .choices = tris, .def = -1,
	  .option = "sci-mode", .values = "true, false or none",
	  .help = "scientific notation always, never, or as PyTorch picks (none)" },
	{ .name = "threshold", PO(threshold), .type = SETTING_COUNT, FILE_REPL, .lo = 0, .hi = (double)LLONG_MAX,
	  .choices = infs, .def = 1000, .option = "threshold", .values = "an integer >= 0, or inf",
	  .help = "elements above which a print is summarised with ..." },
	{ .name = "edgeitems", PO(edgeitems), .type = SETTING_INT, FILE_REPL, .lo = 1, .hi = INT_MAX, .def = 3,
	  .option = "edgeitems", .values = "an integer >= 1",
	  .help = "items kept at each end of a summarised dimension" },
	{ .name = "torch29", PO(torch29), .type = SETTING_BOOL, .option = "torch29",
	  .help = "forced sci_mode widths as PyTorch 2.9 and later" },
	{ .name = "all", VIEW(all), .type = SETTING_BOOL, .in_repl = 1, .option = "all", .letter = 'a',
	  .values = "true or false: step through the extra stages too",
	  .help = "also the tril-and-renormalise route, the dropout mask and the weights" },
	{ .name = "explain", VIEW(explain), .type = SETTING_BOOL, .in_repl = 1, .option = "explain", .letter = 'e',
	  .values = "true or false: teaching text in every cell", .help = "teaching text with each stage" },
	{ .name = "color", VIEW(color), .type = SETTING_COLOR, .in_repl = 1, .choices = colors, .def = -1,
	  .option = "color", .text_values = "always, never, auto, true or false",
	  .values = "always, never or auto (or true, false)",
	  .help = "always, never or auto (the default: on a terminal, unless NO_COLOR)" },
};
#undef RUN
#undef PO
#undef VIEW
#undef FILE_REPL

const int settings_count = (int)(sizeof settings / sizeof settings[0]);

const struct setting *
setting_find(const char *name)
{
	int i;

	for (i = 0; i < settings_count; i++)
		if (strcmp(name, settings[i].name) == 0)
			return &settings[i];
	return NULL;
}

void *
setting_field(const struct setting *s, struct input *in, struct cell_opts *co)
{
	switch (s->group) {
	case SETTING_RUN: return (char *)in + s->off;
	case SETTING_PRINT: return (char *)&in->po + s->off;
	default: return (char *)co + s->off;
	}
}

static const void *
cfield(const struct setting *s, const struct input *in, const struct cell_opts *co)
{
	return setting_field(s, (struct input *)in, (struct cell_opts *)co);
}

static int *
has_field(const struct setting *s, struct input *in)
{
	return s->has_off ? (int *)((char *)in + s->has_off) : NULL;
}

/* colour when standard output is a terminal and NO_COLOR is not set */
static int
color_auto(void)
{
	return isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL;
}

void
settings_default(struct input *in, struct cell_opts *co)
{
	int i;

	if (in != NULL) {
		memset(in, 0, sizeof *in);
		for (i = 0; i < 3; i++)
			in->init_order[i] = LAYER_QUERY + i;
	}
	if (co != NULL)
		memset(co, 0, sizeof *co);
	for (i = 0; i < settings_count; i++) {
		const struct setting *s = &settings[i];
		void *f;

		if ((s->group == SETTING_VIEW) ? co == NULL : in == NULL)
			continue;
		f = setting_field(s, in, co);
		switch (s->type) {
		case SETTING_INT: case SETTING_BOOL: case SETTING_TRI: case SETTING_ENUM:
			*(int *)f = (int)s->def;
			break;
		case SETTING_COLOR:
			*(int *)f = color_auto();
			break;
		case SETTING_COUNT:
			*(long long *)f = (long long)s->def;
			break;
		case SETTING_REAL:
			*(double *)f = s->def;
			break;
		}
	}
	if (in != NULL && co != NULL)
		co->po = in->po;
}

void
input_default(struct input *in)
{
	settings_default(in, NULL);
}

/* "a, b or c", each quoted when quote */
static void
list_words(char *buf, size_t len, const char *const *w, int quote)
{
	const char *q = quote ? "\"" : "";
	size_t n;
	int i, k;

	for (k = 0; w[k] != NULL; k++)
		;
	buf[0] = '\0';
	for (i = 0; i < k; i++) {
		n = strlen(buf);
		snprintf(buf + n, len - n, "%s%s%s%s", i == 0 ? "" : i == k - 1 ? " or " : ", ", q, w[i], q);
	}
}

const char *
setting_expected(char *buf, size_t len, const struct setting *s, int src)
{
	int file = src == FROM_FILE;

	if (!file && s->text_values != NULL) {
		snprintf(buf, len, "%s", s->text_values);
		return buf;
	}
	switch (s->type) {
	case SETTING_INT:
		if (s->hi >= INT_MAX)
			snprintf(buf, len, "an integer >= %.0f", s->lo);
		else
			snprintf(buf, len, "an integer from %.0f to %.0f", s->lo, s->hi);
		break;
	case SETTING_COUNT:
		snprintf(buf, len, "an integer >= %.0f or %s", s->lo, file ? "\"inf\"" : "inf");
		break;
	case SETTING_BOOL:
		snprintf(buf, len, file ? "true or false" : "true or false (or on, off)");
		break;
	case SETTING_TRI:
		snprintf(buf, len, file ? "true, false or null" : "true, false or none");
		break;
	case SETTING_REAL:
		if (s->lo_open)
			snprintf(buf, len, "a number > %g%s", s->lo, !s->null_ok ? "" : file ? " or null" : ", or none");
		else
			snprintf(buf, len, "a number from %g to %g", s->lo, s->hi);
		break;
	case SETTING_SEED:	/* the text takes negative seeds too, as torch.manual_seed does */
		snprintf(buf, len, "an integer %s to 18446744073709551615%s", file ? "seed from 0" :
		    "from -9223372036854775808", s->has_off && !file ? ", or none" : "");
		break;
	case SETTING_ENUM:
		list_words(buf, len, s->choices + (file ? s->first_in_file : 0), file);
		break;
	case SETTING_ORDER:
		snprintf(buf, len, "a permutation of [\"W_query\", \"W_key\", \"W_value\"]");
		break;
	default:
		list_words(buf, len, s->choices, 0);
		break;
	}
	return buf;
}

/* ---- reading text ---- */

static int
is_none(const char *v)
{
	return strcmp(v, "none") == 0 || strcmp(v, "None") == 0 || strcmp(v, "null") == 0;
}

static int
parse_bool(const char *v, int *out)
{
	if (strcmp(v, "true") == 0 || strcmp(v, "True") == 0 || strcmp(v, "on") == 0)
		*out = 1;
	else if (strcmp(v, "false") == 0 || strcmp(v, "False") == 0 || strcmp(v, "off") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

/* A decimal integer, nothing else; -1 outside [lo, hi]. */
static int
parse_integer(const char *v, double lo, double hi, long long *out)
{
	char *end;
	long long x;

	if (!(isdigit((unsigned char)*v) || (*v == '-' && isdigit((unsigned char)v[1]))))
		return -1;
	errno = 0;
	x = strtoll(v, &end, 10);
	if (*end != '\0' || errno != 0 || (double)x < lo || (double)x > hi)
		return -1;
	*out = x;
	return 0;
}

/* A finite decimal number (no hex, no inf or nan: the file cannot hold them either). */
static int
parse_real(const char *v, double *out)
{
	char *end;

	if (*v == '\0' || strspn(v, "0123456789.eE+-") != strlen(v))
		return -1;
	*out = strtod(v, &end);
	return *end == '\0' && isfinite(*out) ? 0 : -1;
}

int
setting_parse(const struct setting *s, const char *v, struct input *in, struct cell_opts *co,
    char *err, size_t len)
{
	void *f = setting_field(s, in, co);
	int *has = has_field(s, in), b, i;
	long long x;
	double d;
	char words[160];

	if (has != NULL && is_none(v)) {
		*has = 0;
		if (s->type == SETTING_REAL)
			*(double *)f = 0;
		else
			*(uint64_t *)f = 0;
		return 0;
	}
	switch (s->type) {
	case SETTING_INT:
		if (parse_integer(v, s->lo, s->hi, &x) != 0)
			goto bad;
		*(int *)f = (int)x;
		return 0;
	case SETTING_COUNT:
		if (strcmp(v, "inf") == 0)
			x = LLONG_MAX;
		else if (parse_integer(v, s->lo, s->hi, &x) != 0)
			goto bad;
		*(long long *)f = x;
		return 0;
	case SETTING_BOOL:
		if (parse_bool(v, &b) != 0)
			goto bad;
		*(int *)f = b;
		return 0;
	case SETTING_TRI:
		if (is_none(v))
			b = -1;
		else if (parse_bool(v, &b) != 0)
			goto bad;
		*(int *)f = b;
		return 0;
	case SETTING_REAL:
		if (parse_real(v, &d) != 0 || !(s->lo_open ? d > s->lo : d >= s->lo) || !(d <= s->hi))
			goto bad;
		*(double *)f = d;
		break;
	case SETTING_SEED:
		if (rng_parse_seed(v, (uint64_t *)f) != 0)
			goto bad;
		break;
	case SETTING_ENUM:
		for (i = 0; s->choices[i] != NULL; i++)
			if (strcmp(v, s->choices[i]) == 0)
				break;
		if (s->choices[i] == NULL)
			goto bad;
		*(int *)f = i;
		return 0;
	case SETTING_COLOR:
		if (strcmp(v, "always") == 0)
			*(int *)f = 1;
		else if (strcmp(v, "never") == 0)
			*(int *)f = 0;
		else if (strcmp(v, "auto") == 0)
			*(int *)f = color_auto();
		else if (parse_bool(v, &b) == 0)
			*(int *)f = b;
		else
			goto bad;
		return 0;
	default:
		goto bad;
	}
	if (has != NULL)
		*has = 1;
	return 0;
bad:
	return diag_errf(err, len, "expected %s, got \"%s\"", setting_expected(words, sizeof words, s, FROM_TEXT), v);
}

/* ---- showing ---- */

char *
real_str(char *buf, size_t len, double v)
{
	return text_shortest(buf, len, v, 0, 'g');
}

void
setting_show(char *buf, size_t len, const struct setting *s, const struct input *in, const struct cell_opts *co)
{
	const void *f = cfield(s, in, co);
	const int *has = s->has_off ? (const int *)((const char *)in + s->has_off) : NULL;

	if (s->show != NULL) {
		s->show(buf, len, in);
		return;
	}
	if (has != NULL && !*has) {
		snprintf(buf, len, "none");
		return;
	}
	switch (s->type) {
	case SETTING_INT:
		snprintf(buf, len, "%d", *(const int *)f);
		break;
	case SETTING_COUNT:
		if (*(const long long *)f == LLONG_MAX)
			snprintf(buf, len, "inf");
		else
			snprintf(buf, len, "%lld", *(const long long *)f);
		break;
	case SETTING_BOOL: case SETTING_COLOR:
		snprintf(buf, len, "%s", *(const int *)f ? "true" : "false");
		break;
	case SETTING_TRI:
		snprintf(buf, len, "%s", *(const int *)f < 0 ? "none" : *(const int *)f ? "true" : "false");
		break;
	case SETTING_REAL:
		real_str(buf, len, *(const double *)f);
		break;
	case SETTING_SEED:
		snprintf(buf, len, "%llu", (unsigned long long)*(const uint64_t *)f);
		break;
	case SETTING_ENUM:
		snprintf(buf, len, "%s", s->choices[*(const int *)f]);
		break;
	default:
		snprintf(buf, len, "?");
		break;
	}
}

int
setting_check(const struct setting *s, struct input *in, int src, char *err, size_t len)
{
	return s->rule != NULL ? s->rule(in, src, err, len) : 0;
}

const char *const *
setting_names(void)
{
	static const char *names[sizeof settings / sizeof settings[0] + 1];
	int i, n = 0;

	if (names[0] == NULL) {
		for (i = 0; i < settings_count; i++)
			if (settings[i].in_repl)
				names[n++] = settings[i].name;
		names[n] = NULL;
	}
	return names;
}

const char *const *
setting_choices(const struct setting *s)
{
	return s->type == SETTING_BOOL ? bools : s->choices;
}
