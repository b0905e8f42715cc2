/* main.c - attn-explain: options, usage, and the exit status. */
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "teach/teach.h"
#include "util/util.h"
#include "py/py.h"
#include "pipeline/pipeline.h"
#include "kernels/kernels.h"
#include "repl/repl.h"

#define VERSION "1.0.0"

enum { EXIT_OK, EXIT_DATA, EXIT_USAGE, EXIT_DIFFER };	/* EXIT_DIFFER: --check found a tensor that differs */

static const char usage_text[] =
    "usage: attn-explain [-aehinvV] [--all] [--explain] [--interactive] [--json]\n"
    "                    [--print expr]... [--heatmap expr] [--numbers] [--seed n]\n"
    "                    [--dropout-rng default|mkl] [--precision n]\n"
    "                    [--linewidth n] [--threshold n] [--edgeitems n]\n"
    "                    [--sci-mode true|false|none] [--torch29]\n"
    "                    [--color auto|always|never] [--emit python|ipynb] file\n"
    "       attn-explain [options] [-v] --why expr [--depth n|all] file\n"
    "       attn-explain [options] --tensor file\n"
    "       attn-explain [options] --check theirs [--tolerance x] [-v] file\n";

/* The options that are not settings: what to do with the file. */
enum mode { M_INTERACTIVE, M_PRINT, M_JSON, M_HEATMAP, M_NUMBERS, M_EMIT, M_TENSOR, M_WHY, M_DEPTH, M_CHECK,
	M_TOLERANCE, M_VERBOSE, M_RUN, M_TRACE, M_OUTPUT, M_FORCE, M_HELP, M_VERSION, NMODES };

static const struct mode_opt {
	const char *name;
	int letter;		/* or 0 */
	const char *metavar;	/* its argument, or NULL: a flag */
	const char *help;
} modes[NMODES] = {
	[M_INTERACTIVE] = { "interactive", 'i', NULL, "step through the stages in a REPL" },
	[M_PRINT] = { "print", 'p', "EXPR", "print only EXPR, as print(EXPR) in PyTorch (repeatable)" },
	[M_JSON] = { "json", 0, NULL, "every computed stage and weight as JSON, with the tokens and settings; with --print, the printed values" },
	[M_HEATMAP] = { "heatmap", 0, "EXPR", "the attention weights EXPR as a heat map" },
	[M_NUMBERS] = { "numbers", 'n', NULL, "the values in the heat map's cells" },
	[M_EMIT] = { "emit", 0, "FORMAT", "python: a script that prints every cell in PyTorch; ipynb: a notebook; "
	    "npz or safetensors: every stage and weight as float32 arrays named as the stages (see --output)" },
	[M_TENSOR] = { "tensor", 0, "FILE", "print the tensor in FILE ({\"tensor\": ...})" },
	[M_WHY] = { "why", 0, "EXPR", "how one element, e.g. attn_weights[1, 0], was computed, with the numbers (repeatable)" },
	[M_DEPTH] = { "depth", 0, "N", "with --why: also the elements it used, N stages deep (all: back to the inputs and weights); 1 by default" },
	[M_CHECK] = { "check", 0, "THEIRS", "compare the tensors in THEIRS (PyTorch prints or JSON; - reads stdin) "
	    "with the run's, and name the mistake that explains a difference" },
	[M_TOLERANCE] = { "tolerance", 0, "X", "with --check: equal within X, instead of one unit of the last printed digit" },
	[M_VERBOSE] = { "verbose", 'v', NULL, "more detail: every term of why's sums, check's tensors side by side" },
	[M_RUN] = { "run", 0, "SCRIPT", "run a Python script as python3 would, printing what it prints, or a "
	    "notebook's (.ipynb) code cells as Jupyter shows them (with a file, its stages and weights are names in it)" },
	[M_TRACE] = { "trace", 0, NULL, "with --run: each assignment inside the script's functions as a cell; with a file, "
	    "labelled with the stage it equals, and the first line that differs named with its mistake" },
	[M_OUTPUT] = { "output", 'o', "FILE", "with --heatmap: the map as a figure, SVG, PNG or PDF by FILE's extension; "
	    "with --emit npz or safetensors: the file to write (else the input's name with that extension)" },
	[M_FORCE] = { "force", 'f', NULL, "with --output: replace FILE if it exists" },
	[M_HELP] = { "help", 'h', NULL, "this help" },
	[M_VERSION] = { "version", 'V', NULL, "the version" },
};

/* getopt_long's value of an option: modes from 256, settings from 512 */
#define MODE_VAL(i) (256 + (i))
#define SETTING_VAL(i) (512 + (i))

/* The argument a setting's option takes, for --help; NULL: a flag. */
static const char *
metavar(const struct setting *s, char *buf, size_t len)
{
	const char *const *c;

	switch (s->type) {
	case SETTING_BOOL:
		return s->in_file ? "true|false" : NULL;	/* a file's setting: either way */
	case SETTING_ENUM: case SETTING_TRI:
		buf[0] = '\0';
		for (c = s->choices; *c != NULL; c++)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", c == s->choices ? "" : "|", *c);
		return buf;
	case SETTING_COLOR:
		return "WHEN";
	case SETTING_REAL:
		return s->null_ok ? "X|none" : "X";
	case SETTING_SEED:
		return s->has_off ? "N|none" : "N";
	default:
		return "N";
	}
}

/* "  -a, --all ARG" to column 23, then the help wrapped at 80 columns. */
static void
help_line(int letter, const char *name, const char *arg, const char *help)
{
	struct sbuf b = { 0 };
	char *text;
	int col;

	col = printf("  %c%c%s--%s%s%s", letter ? '-' : ' ', letter ? letter : ' ', letter ? ", " : "  ",
	    name, arg ? " " : "", arg ? arg : "");
	if (col > 22) {
		putchar('\n');
		col = 0;
	}
	printf("%*s", 23 - col, "");
	text_wrap(&b, help, "                       ", 80);	/* 23 columns */
	text = sbuf_take(&b);
	puts(text);
	free(text);
}

static void
usage(int full)
{
	char buf[64];
	int i;

	fputs(usage_text, full ? stdout : stderr);
	if (!full)
		return;
	printf("\nShow every stage of self-attention computed on FILE (JSON; - reads stdin),\n"
	    "each tensor printed exactly as PyTorch prints it.\n\n");
	for (i = 0; i < M_HELP; i++)
		help_line(modes[i].letter, modes[i].name, modes[i].metavar, modes[i].help);
	for (i = 0; i < settings_count; i++)
		if (settings[i].option != NULL)
			help_line(settings[i].letter, settings[i].option, metavar(&settings[i], buf, sizeof buf),
			    settings[i].help);
	for (i = M_HELP; i < NMODES; i++)
		help_line(modes[i].letter, modes[i].name, modes[i].metavar, modes[i].help);
}

static int
bad_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_v(fmt, ap);	/* escaped: an argument cannot drive the terminal */
	va_end(ap);
	usage(0);
	return EXIT_USAGE;
}

/* Flush standard output: a write error is the run's error (status 1). */
static int
finish(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		diag("standard output:");
		return EXIT_DATA;	/* the output is lost: an error, whatever --check found */
	}
	return rc;
}

/* What the command line asks for. */
struct args {
	int mode[NMODES];		/* each mode option given */
	const char **prints;		/* --print EXPR, in order */
	int nprints;
	const char **whys;		/* --why EXPR, in order */
	int nwhys;
	int depth;			/* --depth: WHY_DEPTH_ALL or 1 .. */
	const char *heatmap, *tensor_file, *path;
	const char *check;		/* --check THEIRS */
	const char *script;		/* --run SCRIPT */
	double tolerance;		/* --tolerance X, when mode[M_TOLERANCE] */
	int emit;			/* EMIT_*, or -1 */
	int export;			/* --emit npz|safetensors: EXPORT_*, or -1 */
	const char *output;		/* --output FILE */
	struct { const struct setting *s; const char *arg; } set[64];	/* settings, in order; arg NULL: a flag */
	int nset;
};

/* A setting's option into a and a scratch input, so that a bad value is a usage error before any file is read. */
static int
add_setting(struct args *a, const struct setting *s, const char *arg)
{
	struct input in;
	struct cell_opts co;
	char err[256];

	if (arg != NULL) {
		settings_default(&in, &co);
		if (setting_parse(s, arg, &in, &co, err, sizeof err) != 0)
			return bad_usage("--%s: %s", s->option, err);
	}
	if (a->nset < (int)(sizeof a->set / sizeof a->set[0])) {
		a->set[a->nset].s = s;
		a->set[a->nset++].arg = arg;
	}
	return EXIT_OK;
}

/* The options over the file's settings, in order, each then held to its row's rule; EXIT_OK or EXIT_USAGE. */
static int
apply_settings(const struct args *a, struct input *in, struct cell_opts *co)
{
	char err[256];
	int i;

	for (i = 0; i < a->nset; i++) {
		const struct setting *s = a->set[i].s;

		if (a->set[i].arg == NULL)
			*(int *)setting_field(s, in, co) = 1;
		else
			setting_parse(s, a->set[i].arg, in, co, err, sizeof err);	/* checked in add_setting */
		if (s->group == SETTING_RUN && setting_check(s, in, FROM_TEXT, err, sizeof err) != 0) {
			diag("--%s: %s", s->option, err);
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

/* An unknown --NAME (n bytes of it before any '='), with the closest option's name when one is near. */
static int
unknown_long(const char *w, size_t n)
{
	const char *names[NMODES + 64 + 1], *sug;
	char word[64];
	int k = 0, i;

	for (i = 0; i < NMODES; i++)
		names[k++] = modes[i].name;
	for (i = 0; i < settings_count && k < NMODES + 64; i++)
		if (settings[i].option != NULL)
			names[k++] = settings[i].option;
	names[k] = NULL;
	snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), w + 2);
	if (n > 0 && n < 63 && (sug = diag_suggest(word, names)) != NULL)
		return bad_usage("%s: unknown option; did you mean --%s?", w, sug);
	return bad_usage("%s: unknown option", w);
}

/* The option that getopt_long refused, named as the user wrote it. */
static int
unknown_option(char **argv, int ind, int opt)
{
	const char *w = ind > 0 ? argv[ind - 1] : "";

	if (strncmp(w, "--", 2) == 0) {
		size_t n = strcspn(w + 2, "=");
		int i;

		if (w[2 + n] == '=')
			for (i = 0; i < NMODES; i++)
				if (strlen(modes[i].name) == n && strncmp(w + 2, modes[i].name, n) == 0 && modes[i].metavar == NULL)
					return bad_usage("--%s takes no value (got \"%s\")", modes[i].name, w);
		if (w[2 + n] == '=')
			for (i = 0; i < settings_count; i++)
				if (settings[i].option != NULL && settings[i].type == SETTING_BOOL && !settings[i].in_file &&
				    strlen(settings[i].option) == n && strncmp(w + 2, settings[i].option, n) == 0)
					return bad_usage("--%s takes no value (got \"%s\")", settings[i].option, w);
		return unknown_long(w, n);
	}
	if (opt > 0 && opt < 256)
		return bad_usage("-%c: unknown option", opt);
	return bad_usage("%s: unknown option", w);
}

/*
 * The rules between options, checked in order; the first broken one is the
 * error.  A row applies when its `when` option is given: it is broken when
 * any option of `conflicts` is given too, or when `requires` names options
 * and none of them is given.  after_file: checked only once the input file
 * is known (so a missing file is reported first, and --tensor skips them).
 */
#define BIT(m) (1UL << (m))
enum { G_FILE_STDIN = NMODES, G_THEIRS_STDIN };	/* the input file is "-"; --check - */

static const struct opt_rule {
	int when;		/* M_*, or G_* */
	unsigned long conflicts, requires;
	int after_file;
	const char *msg;
} opt_rules[] = {
	{ M_EMIT, BIT(M_INTERACTIVE) | BIT(M_PRINT) | BIT(M_JSON) | BIT(M_HEATMAP) | BIT(M_TENSOR), 0, 0,
	  "--emit writes the whole run: it cannot be combined with --interactive, "
	  "--print, --json, --heatmap or --tensor (the REPL's save --python writes one from a session)" },
	{ M_DEPTH, 0, BIT(M_WHY), 0,
	  "--depth goes with --why: how far back to explain the element, e.g. --why 'attn_weights[1, 0]' --depth 2" },
	{ M_WHY, BIT(M_INTERACTIVE) | BIT(M_PRINT) | BIT(M_JSON) | BIT(M_HEATMAP) | BIT(M_TENSOR) | BIT(M_EMIT), 0, 0,
	  "--why explains elements and nothing else: it cannot be combined with --interactive, "
	  "--print, --json, --heatmap, --tensor or --emit (the REPL has why too)" },
	{ M_CHECK, BIT(M_INTERACTIVE) | BIT(M_PRINT) | BIT(M_WHY) | BIT(M_JSON) | BIT(M_HEATMAP) | BIT(M_TENSOR) |
	  BIT(M_EMIT), 0, 0,
	  "--check compares with the whole run: it cannot be combined with --interactive, "
	  "--print, --why, --json, --heatmap, --tensor or --emit (the REPL's check THEIRS compares with a session)" },
	{ M_TOLERANCE, 0, BIT(M_CHECK), 0, "--tolerance goes with --check THEIRS" },
	{ M_TRACE, 0, BIT(M_RUN), 0, "--trace goes with --run SCRIPT: it shows the assignments inside the script's "
	  "functions (in the REPL: trace EXPR)" },
	{ M_NUMBERS, 0, BIT(M_HEATMAP), 0,	/* else silently nothing */
	  "--numbers goes with --heatmap: the values in the map's cells, e.g. "
	  "--heatmap attn_weights --numbers (in the REPL: heatmap -n)" },
	{ M_OUTPUT, 0, BIT(M_HEATMAP) | BIT(M_EMIT), 0,
	  "--output goes with --heatmap (a figure: .svg, .png or .pdf) or --emit npz|safetensors" },
	{ M_FORCE, 0, BIT(M_OUTPUT) | BIT(M_EMIT), 0, "--force goes with --output FILE: replace FILE if it exists" },
	{ M_VERBOSE, 0, BIT(M_WHY) | BIT(M_CHECK), 0,
	  "--verbose goes with --why or --check (in the REPL: why -v, check -v)" },
	{ M_HEATMAP, BIT(M_PRINT) | BIT(M_JSON), 0, 1,
	  "--heatmap draws one map: it cannot be combined with --print or --json" },
	{ M_INTERACTIVE, BIT(M_PRINT) | BIT(M_JSON) | BIT(M_HEATMAP), 0, 1,
	  "--interactive cannot be combined with --print, --json or --heatmap" },
	{ G_THEIRS_STDIN, BIT(G_FILE_STDIN), 0, 1,
	  "--check - reads THEIRS from standard input: give the input as a file" },
	{ M_INTERACTIVE, BIT(G_FILE_STDIN), 0, 1,
	  "--interactive reads its commands from standard input; give the input as a file" },
};

/* The rows of one phase against what is given; EXIT_OK or EXIT_USAGE after the row's message. */
static int
check_rules(const struct args *a, int after_file)
{
	unsigned long given = 0;
	size_t i;
	int m;

	for (m = 0; m < NMODES; m++)
		if (a->mode[m])
			given |= BIT(m);
	if (a->path != NULL && strcmp(a->path, "-") == 0)
		given |= BIT(G_FILE_STDIN);
	if (a->check != NULL && strcmp(a->check, "-") == 0)
		given |= BIT(G_THEIRS_STDIN);
	for (i = 0; i < sizeof opt_rules / sizeof opt_rules[0]; i++) {
		const struct opt_rule *r = &opt_rules[i];

		if (r->after_file != after_file || !(given & BIT(r->when)))
			continue;
		if ((given & r->conflicts) || (r->requires && !(given & r->requires)))
			return bad_usage("%s", r->msg);
	}
	return EXIT_OK;
}

/* getopt_long's tables from modes[] and settings[]: longopts has room for NMODES + 64 + 1. */
static void
build_opts(struct option *longopts, char *shortopts)
{
	int n = 0, i;

	strcpy(shortopts, ":");
	for (i = 0; i < NMODES; i++) {
		longopts[n++] = (struct option){ modes[i].name, modes[i].metavar ? required_argument : no_argument,
		    NULL, MODE_VAL(i) };
		if (modes[i].letter)
			snprintf(shortopts + strlen(shortopts), 3, "%c%s", modes[i].letter, modes[i].metavar ? ":" : "");
	}
	for (i = 0; i < settings_count && n < NMODES + 64; i++) {
		if (settings[i].option == NULL)
			continue;
		longopts[n++] = (struct option){ settings[i].option,
		    settings[i].type == SETTING_BOOL && !settings[i].in_file ? no_argument : required_argument, NULL,
		    SETTING_VAL(i) };
		if (settings[i].letter)
			snprintf(shortopts + strlen(shortopts), 3, "%c%s", settings[i].letter,
			    settings[i].type == SETTING_BOOL ? "" : ":");
	}
	longopts[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* A short option's letter as its table row's value (MODE_VAL, SETTING_VAL), or ch. */
static int
letter_val(int ch)
{
	int i;

	if (ch <= 0 || ch >= 256)
		return ch;
	for (i = 0; i < NMODES && modes[i].letter != ch; i++)
		;
	if (i < NMODES)
		return MODE_VAL(i);
	for (i = 0; i < settings_count && settings[i].letter != ch; i++)
		;
	if (i < settings_count && ch != '?' && ch != ':')
		return SETTING_VAL(i);
	return ch;
}

/* A mode option and its argument into a; EXIT_OK, or EXIT_USAGE after a bad argument. */
static int
add_mode(struct args *a, int m, const char *arg)
{
	a->mode[m] = 1;
	switch (m) {
	case M_PRINT:
		a->prints = xrealloc(a->prints, (size_t)(a->nprints + 1) * sizeof *a->prints);
		a->prints[a->nprints++] = arg;
		break;
	case M_HEATMAP:
		if (arg[strspn(arg, " \t\n\r\f\v")] == '\0')	/* as --print '' */
		{	/* an error of the expression, as --print '' (status 1) */
			diag("%s", "--heatmap: empty expression: give a stage name such as attn_weights");
			return EXIT_DATA;
		}
		a->heatmap = arg;
		break;
	case M_WHY:
		a->whys = xrealloc(a->whys, (size_t)(a->nwhys + 1) * sizeof *a->whys);
		a->whys[a->nwhys++] = arg;
		break;
	case M_DEPTH:
		if (why_depth(arg, &a->depth) != 0)
			return bad_usage("--depth: expected a number from 1 to %d, or all, got \"%s\"", WHY_MAX_DEPTH, arg);
		break;
	case M_TENSOR: a->tensor_file = arg; break;
	case M_RUN: a->script = arg; break;
	case M_CHECK: a->check = arg; break;
	case M_TOLERANCE:
		if (check_parse_tolerance(arg, &a->tolerance) != 0)
			return bad_usage("--tolerance: expected a number >= 0, got \"%s\"", arg);
		break;
	case M_EMIT:
		if ((a->export = export_format_of(arg)) < 0 && (a->emit = emit_format(arg)) < 0)
			return bad_usage("--emit: expected python, ipynb, npz or safetensors, got \"%s\"", arg);
		break;
	case M_OUTPUT: a->output = arg; break;
	}
	return EXIT_OK;
}

/* No input file: when an option's expression looks like one (-p data/x.json), say so. */
static int
missing_file(const struct args *a)
{
	const char *e = NULL;
	size_t n;
	int i;

	for (i = 0; i < a->nprints && e == NULL; i++)
		e = a->prints[i];
	if (e == NULL)
		e = a->heatmap;
	if (e == NULL && a->nwhys > 0)
		e = a->whys[0];
	n = e != NULL ? strlen(e) : 0;
	if (e != NULL && ((n > 5 && strcmp(e + n - 5, ".json") == 0) || strcmp(e, "-") == 0 ||
	    access(e, F_OK) == 0) && strpbrk(e, "[(") == NULL)
		return bad_usage("missing input file: the expression \"%s\" looks like a file; "
		    "give the expression, then the file (e.g. -p attn_weights %s)", e, e);
	return bad_usage("%s", "missing input file (give a JSON file, or - for standard input)");
}

/* getopt_long over the two tables, then opt_rules[]; EXIT_OK, or the status to exit with. */
static int
parse_args(int argc, char **argv, struct args *a)
{
	struct option longopts[NMODES + 64 + 1];
	char shortopts[64];
	int ch, rc;

	memset(a, 0, sizeof *a);
	a->emit = a->export = -1;
	a->depth = 1;
	build_opts(longopts, shortopts);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		ch = letter_val(ch);
		if (ch == ':')
			return bad_usage("%s: missing argument", argv[optind - 1]);
		if (ch == '?' || ch < 256)
			return unknown_option(argv, optind, optopt);
		if (ch >= SETTING_VAL(0))
			rc = add_setting(a, &settings[ch - SETTING_VAL(0)], optarg);
		else
			rc = add_mode(a, ch - MODE_VAL(0), optarg);
		if (rc != EXIT_OK)
			return rc;
	}
	if (a->mode[M_HELP] || a->mode[M_VERSION])
		return EXIT_OK;
	if ((rc = check_rules(a, 0)) != EXIT_OK)
		return rc;
	if (a->tensor_file != NULL) {
		if (optind != argc)
			return bad_usage("--tensor takes no other file (got \"%s\")", argv[optind]);
		return EXIT_OK;
	}
	if (optind == argc && a->script != NULL)
		return EXIT_OK;
	if (optind == argc)
		return missing_file(a);
	if (optind + 1 < argc)
		return bad_usage("too many files: \"%s\" (one input file at a time)", argv[optind + 1]);
	a->path = argv[optind];
	if (a->output != NULL && a->emit >= 0)
		return bad_usage("%s", "--output goes with --emit npz or safetensors; --emit python and ipynb write "
		    "to standard output (redirect it: > FILE)");
	return check_rules(a, 1);
}

/* --tensor FILE */
static int
run_tensor(const struct args *a)
{
	struct input in;
	struct cell_opts co;
	struct tensor *t;

	settings_default(&in, &co);
	if ((t = json_load_tensor(a->tensor_file, &in.po)) == NULL)
		return EXIT_DATA;
	if (apply_settings(a, &in, &co) != EXIT_OK) {
		tensor_free(t);
		return EXIT_USAGE;
	}
	print_tensor(stdout, t, &in.po);
	tensor_free(t);
	return EXIT_OK;
}

/* One --print value as JSON: a tensor's shape and data, else its text. */
static char *
value_json(const char *expr, const struct value *v, const struct print_opts *po)
{
	char *text = NULL, *s;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (mem == NULL)
		return xstrdup("{}");
	fputs("    {\"expression\": ", mem);
	cell_json_string(mem, expr);
	if (v->kind == VAL_TENSOR && v->t != NULL) {
		fputs(", ", mem);
		cell_json_data(mem, v->t);
	} else {
		s = value_str(v, po);
		fputs(", \"value\": ", mem);
		cell_json_string(mem, s);
		free(s);
	}
	fputc('}', mem);
	fclose(mem);
	return text;
}

/* --print EXPR...: every expression evaluated first, so that an error leaves stdout empty */
static int
run_prints(const struct args *a, const struct run *r, const struct input *in)
{
	char **out = xcalloc((size_t)a->nprints, sizeof *out), err[512];
	int *stmt = xcalloc((size_t)a->nprints, sizeof *stmt);	/* a print statement: its own end */
	int i, rc = EXIT_OK, json = a->mode[M_JSON];
	struct py_session *py = py_session_new(r);	/* one program: torch.rand goes on from print to print */

	for (i = 0; i < a->nprints; i++) {
		struct value v;

		if (expr_eval_in(py, a->prints[i], &v, err, sizeof err) != 0) {
			diag("--print: %s", err);
			rc = EXIT_DATA;
			break;
		}
		out[i] = json ? value_json(a->prints[i], &v, &in->po) : value_str(&v, &in->po);
		stmt[i] = v.stmt;
		value_free(&v);
	}
	py_session_free(py);
	if (json && rc == EXIT_OK) {	/* --json --print: the values, as one object */
		fputs("{\n  \"file\": ", stdout);
		cell_json_string(stdout, in->path ? in->path : "-");
		fputs(",\n  \"prints\": [\n", stdout);
		for (i = 0; i < a->nprints; i++)
			printf("%s%s", out[i], i + 1 < a->nprints ? ",\n" : "\n  ]\n}\n");
		for (i = 0; i < a->nprints; i++)
			free(out[i]);
		free(out);
		free(stmt);
		return rc;
	}
	for (i = 0; i < a->nprints; i++) {
		if (rc == EXIT_OK)
			printf(stmt[i] ? "%s" : "%s\n", out[i]);
		free(out[i]);
	}
	free(out);
	free(stmt);
	return rc;
}

/* --check THEIRS: their tensors against the run; 0 all match, 3 some differ */
static int
run_check(const struct args *a, const struct run *r, const struct input *in, const struct rp_set *theirs)
{
	struct check_opts o;
	int n;

	memset(&o, 0, sizeof o);
	o.verbose = a->mode[M_VERBOSE];
	o.has_tolerance = a->mode[M_TOLERANCE];
	o.tolerance = a->tolerance;
	n = check_run(stdout, r, in, theirs, &o);
	return n < 0 ? EXIT_DATA : n > 0 ? EXIT_DIFFER : EXIT_OK;
}

/* --why EXPR...: every explanation made first, so that an error leaves stdout empty */
static int
run_whys(const struct args *a, const struct run *r, const struct input *in, const struct cell_opts *co)
{
	struct why_opts o;
	char *text = NULL, err[512];
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int i, rc = EXIT_OK;

	if (mem == NULL) {
		diag("--why:");
		return EXIT_DATA;
	}
	memset(&o, 0, sizeof o);
	o.depth = a->depth;
	o.verbose = a->mode[M_VERBOSE];
	o.explain = co->explain;
	o.cli = 1;
	o.po = in->po;
	for (i = 0; i < a->nwhys && rc == EXIT_OK; i++) {
		if (i > 0)
			fputc('\n', mem);
		if (why_print(mem, r, in, a->whys[i], &o, err, sizeof err) != 0) {
			diag("%s", err);
			rc = EXIT_DATA;
		}
	}
	if (fclose(mem) != 0 && rc == EXIT_OK) {
		diag("--why:");
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK)
		fwrite(text, 1, len, stdout);
	free(text);
	return rc;
}

/* The input's file name, without its folders: how figures and exports name the run. */
static const char *
base_name(const char *path)
{
	const char *s = path != NULL ? strrchr(path, '/') : NULL;

	return path == NULL || strcmp(path, "-") == 0 ? "stdin" : s != NULL ? s + 1 : path;
}

/* --heatmap EXPR --output FILE: 0, 2 refused, 1 cannot write or evaluate */
static int
run_figure(const struct args *a, const struct run *r, const struct input *in)
{
	char err[1024], name[600];
	int rc;

	snprintf(name, sizeof name, "%s, seed %llu", base_name(in->path), (unsigned long long)in->seed);
	rc = heatmap_figure(a->output, r, a->heatmap, name, a->mode[M_NUMBERS], a->mode[M_FORCE], err, sizeof err);
	figure_release();
	if (rc == 0)
		return EXIT_OK;
	diag("--heatmap: %s", err);
	return rc == FIGURE_REFUSED ? EXIT_USAGE : EXIT_DATA;
}

/* --emit npz|safetensors [--output FILE]: FILE, else the input's name with the format's extension */
static int
run_export(const struct args *a, const struct run *r)
{
	char *stem = xstrdup(base_name(a->path)), *dot;
	int rc;

	if ((dot = strrchr(stem, '.')) != NULL && dot != stem)
		*dot = '\0';
	rc = cell_export(a->output, stem, a->export, r, a->mode[M_FORCE]);
	free(stem);
	return rc;
}

/* ATTN_EXPLAIN_TIMING: where the time and memory went, for make bench */
static void
print_timing(const struct run *r)
{
	size_t bytes = 0, refused, used;
	int i;

	for (i = 0; i < ST_COUNT; i++)
		bytes += r->st[i] ? r->st[i]->numel * sizeof(float) : 0;
	for (i = 0; i < NLAYER; i++) {
		bytes += r->layer[i].w ? r->layer[i].w->numel * sizeof(float) : 0;
		bytes += r->layer[i].b ? r->layer[i].b->numel * sizeof(float) : 0;
	}
	used = tensor_arena_used(r->arena, &refused);
	fprintf(stderr, "timing: matmul %.6f s %.0f flop; tensors kept %zu bytes of %zu computed, "
	    "at most %zu alive at once\n", tensor_stats.mm_seconds, tensor_stats.mm_flops, bytes,
	    r->all_bytes, tensor_stats.peak_live_bytes);
	fprintf(stderr, "timing: arena %zu bytes used, %zu bytes did not fit\n", used, refused);
	stage_timing_print(stderr);
}

/* The file's stages, shown as the options ask. */
static int
run_file(const struct args *a)
{
	struct input in;
	struct cell_opts co;
	struct run r;
	struct rp_set theirs = { 0, NULL };
	unsigned keep;
	char err[1024];
	int i, rc = EXIT_OK;

	if (json_load(&in, a->path) != 0) {
		input_free(&in);
		return EXIT_DATA;
	}
	if (a->check != NULL && rp_load(&theirs, a->check, err, sizeof err) != 0) {	/* before the run: it may be long */
		diag("%s", err);
		input_free(&in);
		return EXIT_DATA;
	}
	settings_default(NULL, &co);
	if (apply_settings(a, &in, &co) != EXIT_OK) {
		input_free(&in);
		return EXIT_USAGE;
	}
	co.po = in.po;
	co.color = co.color && a->nprints == 0 && !a->mode[M_JSON] && a->emit < 0;
	if (a->mode[M_INTERACTIVE]) {
		rc = repl_main(&in, &co) == 0 ? EXIT_OK : EXIT_DATA;
		figure_release();	/* the fonts hm > FILE.svg loaded */
		input_free(&in);
		return rc;
	}
	/* --print keeps only the stages its expressions name: less memory to fault in */
	keep = a->nprints > 0 ? 0 : STAGE_KEEP_ALL;	/* --why: every stage it may trace back through */
	for (i = 0; i < a->nprints; i++)
		keep |= expr_stages(a->prints[i]);
	if (a->heatmap != NULL && a->nprints == 0 && !a->mode[M_JSON])	/* the map, as --print: its stages only */
		keep = expr_stages(a->heatmap);
	if (stage_run(&r, &in, keep, err, sizeof err) != 0) {
		diag_at(a->path, 0, 0, "%s", err);
		rp_free(&theirs);
		input_free(&in);
		return EXIT_DATA;
	}
	if (a->check != NULL) {
		rc = run_check(a, &r, &in, &theirs);
	} else if (a->nprints > 0) {
		rc = run_prints(a, &r, &in);
	} else if (a->nwhys > 0) {
		rc = run_whys(a, &r, &in, &co);
	} else if (a->export >= 0) {
		rc = run_export(a, &r);
	} else if (a->emit >= 0) {
		emit_run(stdout, a->emit, &r, &in, &co);
	} else if (a->mode[M_JSON]) {
		cell_print_json(stdout, &r, &in);
	} else if (a->heatmap != NULL && a->output != NULL) {
		rc = run_figure(a, &r, &in);
	} else if (a->heatmap != NULL) {
		if (heatmap_print(stdout, &r, a->heatmap, co.color, a->mode[M_NUMBERS], err, sizeof err) != 0) {
			diag("--heatmap: %s", err);
			rc = EXIT_DATA;
		}
	} else {
		cell_emit_all(cell_text_sink(stdout, &co), &r, &co);
	}
	if (getenv("ATTN_EXPLAIN_TIMING") != NULL)
		print_timing(&r);
	stage_free(&r);
	rp_free(&theirs);
	input_free(&in);
	return rc;
}

/* a whole file's text, or NULL with the reason in err */
static char *
read_file(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = file_read(path, 0, &len, err, errlen);

	if (text != NULL && memchr(text, '\0', len) != NULL) {
		snprintf(err, errlen, "source code cannot contain null bytes");
		free(text);
		return NULL;
	}
	return text;
}

/* Ctrl-C during --run: the interpreter's loops stop with KeyboardInterrupt */
static void
on_sigint(int sig)
{
	(void)sig;
	interrupt_pending = 1;
}

/* a seed from the OS, as a fresh Python's torch takes one (torch.initial_seed() says which) */
static unsigned long long
os_seed(void)
{
	unsigned long long v = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (f == NULL || fread(&v, sizeof v, 1, f) != 1)
		v = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
	if (f != NULL)
		fclose(f);
	return v >> 1;	/* an int64: torch.initial_seed() gives it back as a Python int */
}

/* --seed N given: N in *seed */
static int
seed_given(const struct args *a, unsigned long long *seed)
{
	int i, found = 0;

	for (i = 0; i < a->nset; i++)
		if (a->set[i].s->option != NULL && strcmp(a->set[i].s->option, "seed") == 0 && a->set[i].arg != NULL) {
			*seed = strtoull(a->set[i].arg, NULL, 10);
			found = 1;
		}
	return found;
}

static int
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && strcmp(s + n - k, tail) == 0;
}

/* --run SCRIPT [FILE]: the script's statements, its output as python3's; a notebook's cells (teach/notebook.c) */
static int
run_script(const struct args *a)
{
	struct input in;
	struct cell_opts co;
	struct run r;
	struct py_session *s;
	struct trace *tr = NULL;
	struct sbuf out = { 0 };
	char *text, err[1024];
	unsigned long long seed;
	int rc = EXIT_OK;

	if ((text = read_file(a->script, err, sizeof err)) == NULL) {
		diag("%s: %s", a->script, err);
		return EXIT_DATA;
	}
	memset(&r, 0, sizeof r);
	settings_default(&in, &co);
	if (a->path != NULL) {
		input_free(&in);
		if (json_load(&in, a->path) != 0) {
			input_free(&in);
			free(text);
			return EXIT_DATA;
		}
	}
	apply_settings(a, &in, &co);
	if (a->path != NULL && stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		diag_at(a->path, 0, 0, "%s", err);
		input_free(&in);
		free(text);
		return EXIT_DATA;
	}
	s = py_session_new(&r);
	py_session_seed(s, seed_given(a, &seed) ? seed : os_seed());
	signal(SIGINT, on_sigint);
	if (!ends_with(a->script, ".ipynb"))
		py_session_stream(s, stdout);	/* printed as it runs; stdio buffers as Python's stdout does */
	if (a->mode[M_TRACE])
		trace_on(tr = trace_new(a->path != NULL ? &r : NULL, &in, &in.po), s);
	if (ends_with(a->script, ".ipynb")) {
		rc = notebook_run(stdout, a->script, text, strlen(text), s, &in.po) == 0 ? EXIT_OK : EXIT_DATA;
	} else if (py_exec(s, text, &in.po, &out, err, sizeof err) != 0) {
		const char *type = py_error_type(err);

		rc = EXIT_DATA;
		fwrite(out.s ? out.s : "", 1, out.len, stdout);
		fflush(stdout);
		diag("%s: line %d: %s%s%s", a->script, py_error_line(s), type ? type : "", type ? ": " : "", err);
	} else {
		fwrite(out.s ? out.s : "", 1, out.len, stdout);
	}
	trace_off(s);
	trace_free(tr);
	free(out.s);
	py_session_free(s);
	if (a->path != NULL)
		stage_free(&r);
	input_free(&in);
	free(text);
	return rc;
}

int
main(int argc, char **argv)
{
	struct args a;
	int rc;

	setlocale(LC_CTYPE, "");	/* the heat maps measure tokens in display columns */
	if (gpt2_cells_wanted(argc, argv)) {	/* --model DIR: a GPT-2 folder's own options (teach/gpt2_cells.c) */
		struct gpt2_lines lines;

		repl_model_lines(&lines);
		return finish(gpt2_cells_main(argc, argv, &lines));
	}
	if ((rc = parse_args(argc, argv, &a)) != EXIT_OK) {
		free(a.prints);
		free(a.whys);
		return rc;
	}
	json_input_drop(a.path);	/* the input file's text, read once by gpt2_cells_wanted(), stays for json_load() */
	if (a.mode[M_HELP])
		usage(1);
	else if (a.mode[M_VERSION])
		printf("attn-explain %s\n", VERSION);
	else if (a.tensor_file != NULL)
		rc = run_tensor(&a);
	else if (a.script != NULL)
		rc = run_script(&a);
	else
		rc = run_file(&a);
	free(a.prints);
	free(a.whys);
	return finish(rc);
}
