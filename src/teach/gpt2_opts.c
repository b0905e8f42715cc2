/*
 * gpt2_opts.c - --model's command line and input file: the options
 * (--model, --text, --tokens, --layer, --head, --heatmap, --print, --json,
 * --why, --check, --emit, --output, --force, --verbose, --interactive),
 * the JSON keys of an input file that names a model ("model", "text",
 * "tokens", "layer", "head"; the options win over them), their errors,
 * and whether a command line is this mode at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../util/util.h"
#include "../pipeline/pipeline.h"
#include "gpt2_cells.h"
#include "gpt2_mode.h"
#include "emit.h"

/* the usage line (the options of --print, --json, ... are the general ones: attn-explain(1), MODEL MODE) */
static const char usage_line[] =
    "usage: attn-explain --model DIR (--text TEXT | --tokens ID,ID,...) [--layer L] [--head H] [--heatmap]\n";

int
gopts_usage(const char *fmt, const char *arg)
{
	char msg[512];

	snprintf(msg, sizeof msg, fmt, arg);
	diag("%s", msg);
	fputs(usage_line, stderr);
	return G2_EXIT_USAGE;
}

/* a whole number >= 0, or -1 */
static int
number(const char *s)
{
	char *end;
	long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end != '\0' || v > 1000000 ? -1 : (int)v;
}

int
gopts_tokens(const char *s, int **ids, int *n)
{
	const char *p = s;
	int cap = 16;

	*n = 0;
	*ids = xmalloc((size_t)cap * sizeof **ids);
	while (*p != '\0') {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 0 || v > 0x7fffffff || (*end != ',' && *end != '\0')) {
			diag("--tokens: token %d: expected a whole number >= 0 followed by \",\" or the end, got \"%s\"", *n + 1, p);
			free(*ids);
			*ids = NULL;
			return -1;
		}
		if (*n == cap)
			*ids = xrealloc(*ids, (size_t)(cap *= 2) * sizeof **ids);
		(*ids)[(*n)++] = (int)v;
		p = *end == ',' ? end + 1 : end;
	}
	if (*n == 0) {
		diag("%s", "--tokens: expected at least one id");
		free(*ids);
		*ids = NULL;
		return -1;
	}
	return 0;
}

/* path's JSON object when it names a model ("model" key), else NULL; the text read once (json_input_peek) */
static cJSON *
model_file(const char *path)
{
	int is_model = json_input_peek(path, "model");
	size_t len = 0;
	char *text = json_input_take(path, &len);
	cJSON *j = NULL;

	if (is_model && text != NULL) {
		size_t bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

		j = cJSON_ParseWithLength(text + bom, len - bom);
	}
	free(text);
	return j;
}

/*
 * Is this command line --model's mode (--model, or a FILE.json with a
 * "model" key)?  Each FILE.json is read once here and its text kept for
 * the loader that takes it (json_load(), or read_file() below).
 */
int
gpt2_cells_wanted(int argc, char **argv)
{
	int i;
	size_t n;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--model") == 0)
			return 1;
	for (i = 1; i < argc; i++)
		if (argv[i][0] != '-' && (n = strlen(argv[i])) > 5 && strcmp(argv[i] + n - 5, ".json") == 0 &&
		    json_input_peek(argv[i], "model"))
			return 1;
	return 0;
}

/* a string key of the file, owned by g */
static int
file_string(struct gopts *g, const char *path, const cJSON *v, const char *key, const char **dst, int slot)
{
	if (!cJSON_IsString(v)) {
		diag("%s: \"%s\": expected a string", path, key);
		return -1;
	}
	free(g->owned[slot]);	/* a key given twice: the last one, as Python's json takes it */
	g->owned[slot] = xstrdup(v->valuestring);
	*dst = g->owned[slot];
	return 0;
}

/* "tokens": [ids] as "1,2,3" */
static int
file_tokens(struct gopts *g, const char *path, const cJSON *v)
{
	struct sbuf b = { 0 };
	const cJSON *e;
	int i = 0;

	if (!cJSON_IsArray(v)) {
		diag("%s: \"tokens\": expected an array of token ids", path);
		return -1;
	}
	cJSON_ArrayForEach(e, v) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 0 || e->valuedouble > 0x7fffffff ||
		    e->valuedouble != (double)(int)e->valuedouble) {
			diag("%s: \"tokens\"[%d]: expected a whole number >= 0", path, i);
			free(b.s);
			return -1;
		}
		sbuf_addf(&b, "%s%d", i++ ? "," : "", (int)e->valuedouble);
	}
	free(g->owned[2]);
	g->owned[2] = b.s != NULL ? sbuf_take(&b) : xstrdup("");
	g->tokens = g->owned[2];
	return 0;
}

/* the model folder: relative to the file's folder */
static void
file_dir(struct gopts *g, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *d;

	if (g->dir[0] == '/' || slash == NULL)
		return;
	d = xmalloc((size_t)(slash - path) + strlen(g->dir) + 2);
	sprintf(d, "%.*s/%s", (int)(slash - path), path, g->dir);
	free(g->owned[0]);
	g->owned[0] = d;
	g->dir = d;
}

/* the JSON file's keys under what the options gave (given: --text, --tokens, --layer, --head seen) */
static int
read_file(struct gopts *g, const char *path, const int *given)
{
	cJSON *j = model_file(path), *v;
	int rc = 0;

	if (j == NULL)
		return gopts_usage("%s: expected a JSON object with a \"model\" key (the GPT-2 folder)", path);
	cJSON_ArrayForEach(v, j) {
		const char *k = v->string;
		int n = cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 1000000 &&
		    v->valuedouble == (double)(int)v->valuedouble ? (int)v->valuedouble : -1;

		if (strcmp(k, "model") == 0)
			rc = given[4] ? 0 : file_string(g, path, v, k, &g->dir, 0);
		else if (strcmp(k, "text") == 0)
			rc = given[0] || given[1] ? 0 : file_string(g, path, v, k, &g->text, 1);
		else if (strcmp(k, "tokens") == 0)
			rc = given[0] || given[1] ? 0 : file_tokens(g, path, v);
		else if (strcmp(k, "head") == 0 && cJSON_IsNull(v)) {
			if (!given[3])	/* null: no head selected, as without --head */
				g->head = -1;
		} else if (strcmp(k, "layer") == 0 || strcmp(k, "head") == 0) {
			if (n < 0) {
				diag("%s: \"%s\": expected a whole number >= 0%s", path, k, k[0] == 'h' ? " or null (no head)" : "");
				rc = -1;
			} else if (strcmp(k, "layer") == 0 && !given[2])
				g->layer = n;
			else if (strcmp(k, "head") == 0 && !given[3])
				g->head = n;
		} else {
			diag("%s: \"%s\": not a key of a model input (model, text, tokens, layer, head)", path, k);
			rc = -1;
		}
		if (rc != 0)
			break;
	}
	cJSON_Delete(j);
	if (rc == 0 && g->dir != NULL && !given[4])
		file_dir(g, path);
	return rc == 0 ? G2_EXIT_OK : G2_EXIT_DATA;
}

static const char *const with_arg[] = { "--model", "--text", "--tokens", "--layer", "--head", "--print", "-p", "--why",
	"--check", "--emit", "--output", "-o", "--color", NULL };
static const char *const flags[] = { "--heatmap", "--numbers", "-n", "--json", "--verbose", "-v", "--force", "-f", "--interactive", "-i",
	NULL };

static int
find(const char *const *list, const char *o)
{
	int i;

	for (i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], o) == 0)
			return i;
	return -1;
}

/* one option with its argument v into g; given[] marks text/tokens/layer/head/model */
static int
option(struct gopts *g, const char *o, const char *v, int *given)
{
	if (strcmp(o, "--model") == 0)
		g->dir = v, given[4] = 1;
	else if (strcmp(o, "--text") == 0)
		g->text = v, given[0] = 1;
	else if (strcmp(o, "--tokens") == 0)
		g->tokens = v, given[1] = 1;
	else if (strcmp(o, "--layer") == 0 || strcmp(o, "--head") == 0) {
		int n = number(v), layer = strcmp(o, "--layer") == 0;

		if (n < 0)
			return gopts_usage(layer ? "--layer: expected a whole number >= 0, got \"%s\"" :
			    "--head: expected a whole number >= 0, got \"%s\"", v);
		*(layer ? &g->layer : &g->head) = n;
		given[layer ? 2 : 3] = 1;
	} else if (strcmp(o, "--print") == 0 || strcmp(o, "-p") == 0) {
		g->prints = xrealloc(g->prints, (size_t)(g->nprints + 1) * sizeof *g->prints);
		g->prints[g->nprints++] = v;
	} else if (strcmp(o, "--why") == 0) {
		g->whys = xrealloc(g->whys, (size_t)(g->nwhys + 1) * sizeof *g->whys);
		g->whys[g->nwhys++] = v;
	} else if (strcmp(o, "--check") == 0)
		g->check = v;
	else if (strcmp(o, "--emit") == 0) {
		if ((g->export = export_format_of(v)) < 0 && (g->emit = emit_format(v)) < 0)
			return gopts_usage("--emit: expected python, ipynb, npz or safetensors, got \"%s\"", v);
	} else if (strcmp(o, "--output") == 0 || strcmp(o, "-o") == 0)
		g->output = v;
	return G2_EXIT_OK;	/* --color: the mode prints no colour */
}

static void
flag(struct gopts *g, const char *o)
{
	if (strcmp(o, "--heatmap") == 0)
		g->heatmap = 1;
	else if (strcmp(o, "--json") == 0)
		g->json = 1;
	else if (strcmp(o, "--numbers") == 0 || strcmp(o, "-n") == 0)
		g->numbers = 1;
	else if (strcmp(o, "--verbose") == 0 || strcmp(o, "-v") == 0)
		g->verbose = 1;
	else if (strcmp(o, "--force") == 0 || strcmp(o, "-f") == 0)
		g->force = 1;
	else
		g->interactive = 1;
}

/* the options' rules: one thing to do, and what goes with what */
static int
rules(const struct gopts *g)
{
	int n = (g->nprints > 0) + (g->nwhys > 0) + (g->check != NULL) + (g->emit >= 0 || g->export >= 0) + g->json +
	    g->interactive;

	if (n > 1)
		return gopts_usage("%s", "--model: choose one of --print, --why, --check, --emit, --json and --interactive");
	if (g->heatmap && n > 0)
		return gopts_usage("%s", "--heatmap goes with the cells only (not with --print, --why, --check, --emit, --json or -i)");
	if (g->output != NULL && g->export < 0 && !g->heatmap)
		return gopts_usage("%s", "--output goes with --heatmap (a figure: .svg, .png or .pdf) or --emit npz or safetensors");
	if (g->numbers && !g->heatmap)
		return gopts_usage("%s", "--numbers goes with --heatmap");
	if (g->dir == NULL)
		return gopts_usage("%s", "--model: expected DIR, the GPT-2 folder (or an input file with a \"model\" key)");
	if ((g->text == NULL) == (g->tokens == NULL))
		return gopts_usage("%s", "--model: give the text with --text TEXT or its ids with --tokens ID,ID,... (one of them)");
	return G2_EXIT_OK;
}

int
gopts_parse(int argc, char **argv, struct gopts *g)
{
	int i, rc, given[5] = { 0 };

	memset(g, 0, sizeof *g);
	g->head = -1;
	g->emit = g->export = -1;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (find(flags, o) >= 0) {
			flag(g, o);
			continue;
		}
		if (o[0] != '-' || strcmp(o, "-") == 0) {
			if (g->file != NULL)
				return gopts_usage("too many files: \"%s\" (one input file at a time)", o);
			g->file = o;
			continue;
		}
		if (find(with_arg, o) < 0)
			return gopts_usage("%s: not an option of --model's mode (see attn-explain(1), MODEL MODE)", o);
		if (v == NULL)
			return gopts_usage("%s: missing argument", o);
		i++;
		if ((rc = option(g, o, v, given)) != G2_EXIT_OK)
			return rc;
	}
	if (g->file != NULL && (rc = read_file(g, g->file, given)) != G2_EXIT_OK)
		return rc;
	return rules(g);
}

void
gopts_free(struct gopts *g)
{
	int i;

	free(g->prints);
	free(g->whys);
	for (i = 0; i < 4; i++)
		free(g->owned[i]);
	memset(g, 0, sizeof *g);
}
