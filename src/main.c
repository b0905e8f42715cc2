/* main.c - attn-explain: options, usage, and the exit status. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cell.h"
#include "diag.h"
#include "expr.h"
#include "heatmap.h"
#include "json.h"
#include "print.h"
#include "repl.h"
#include "rng.h"
#include "stage.h"

#define VERSION "1.0.0"

enum { EXIT_OK, EXIT_DATA, EXIT_USAGE };

static const char usage_text[] =
    "usage: attn-explain [-aehinV] [--all] [--explain] [--interactive] [--json]\n"
    "                    [--print expr]... [--heatmap expr] [--numbers] [--seed n]\n"
    "                    [--dropout-rng default|mkl] [--precision n]\n"
    "                    [--linewidth n] [--threshold n] [--edgeitems n]\n"
    "                    [--sci-mode true|false|none] [--torch29]\n"
    "                    [--color auto|always|never] file\n"
    "       attn-explain [options] --tensor file\n";

static const char help_text[] =
    "\n"
    "Show every stage of self-attention computed on FILE (JSON; - reads stdin),\n"
    "each tensor printed exactly as PyTorch prints it.\n"
    "\n"
    "  -a, --all            also the tril-and-renormalise route, the dropout mask\n"
    "                       and the weights\n"
    "  -e, --explain        teaching text with each stage\n"
    "  -i, --interactive    step through the stages in a REPL\n"
    "  -p, --print EXPR     print only EXPR, as print(EXPR) in PyTorch (repeatable)\n"
    "      --json           every computed stage as JSON\n"
    "      --heatmap EXPR   the attention weights EXPR as a heat map\n"
    "  -n, --numbers        the values in the heat map's cells\n"
    "      --tensor FILE    print the tensor in FILE ({\"tensor\": ...})\n"
    "      --seed N         torch.manual_seed(N), overriding the file's seed\n"
    "      --dropout-rng R  default (the book's mask) or mkl (official x86 wheels)\n"
    "      --precision N, --linewidth N, --threshold N, --edgeitems N,\n"
    "      --sci-mode true|false|none\n"
    "                       torch.set_printoptions, overriding print_options\n"
    "      --torch29        forced sci_mode widths as PyTorch 2.9 and later\n"
    "      --color WHEN     auto (default: on a terminal, unless NO_COLOR), always, never\n"
    "  -h, --help           this help\n"
    "  -V, --version        the version\n";

static void
usage(int full)
{
	fputs(usage_text, full ? stdout : stderr);
	if (full)
		fputs(help_text, stdout);
}

static int
bad_usage(const char *fmt, const char *arg)
{
	fputs("attn-explain: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	usage(0);
	return EXIT_USAGE;
}

/* A non-negative integer option value. */
static int
opt_int(const char *name, const char *arg, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
		fprintf(stderr, "attn-explain: --%s: expected an integer from %ld to %ld, got \"%s\"\n", name, lo, hi, arg);
		usage(0);
		return -1;
	}
	*out = v;
	return 0;
}

enum {
	OPT_JSON = 256, OPT_HEATMAP, OPT_TENSOR, OPT_SEED, OPT_DROPOUT_RNG,
	OPT_PRECISION, OPT_LINEWIDTH, OPT_THRESHOLD, OPT_EDGEITEMS, OPT_SCI_MODE,
	OPT_TORCH29, OPT_COLOR
};

static const struct option longopts[] = {
	{ "all", no_argument, NULL, 'a' },
	{ "explain", no_argument, NULL, 'e' },
	{ "interactive", no_argument, NULL, 'i' },
	{ "print", required_argument, NULL, 'p' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "numbers", no_argument, NULL, 'n' },
	{ "heatmap", required_argument, NULL, OPT_HEATMAP },
	{ "tensor", required_argument, NULL, OPT_TENSOR },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "dropout-rng", required_argument, NULL, OPT_DROPOUT_RNG },
	{ "precision", required_argument, NULL, OPT_PRECISION },
	{ "linewidth", required_argument, NULL, OPT_LINEWIDTH },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "edgeitems", required_argument, NULL, OPT_EDGEITEMS },
	{ "sci-mode", required_argument, NULL, OPT_SCI_MODE },
	{ "torch29", no_argument, NULL, OPT_TORCH29 },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Print options given on the command line; -1 (or -2 for sci_mode) means "not given". */
struct po_override {
	long precision, linewidth, threshold, edgeitems;
	int sci_mode;		/* -2 not given, -1 none, 0, 1 */
	int torch29;
};

static void
apply_override(struct print_opts *po, const struct po_override *ov)
{
	if (ov->precision >= 0)
		po->precision = (int)ov->precision;
	if (ov->linewidth >= 0)
		po->linewidth = (int)ov->linewidth;
	if (ov->threshold >= 0)
		po->threshold = ov->threshold;
	if (ov->edgeitems >= 0)
		po->edgeitems = (int)ov->edgeitems;
	if (ov->sci_mode != -2)
		po->sci_mode = ov->sci_mode;
	if (ov->torch29)
		po->torch29 = 1;
}

/* --tensor FILE */
static int
run_tensor(const char *path, const struct po_override *ov)
{
	struct print_opts po;
	struct tensor *t;

	print_opts_default(&po);
	if ((t = json_load_tensor(path, &po)) == NULL)
		return EXIT_DATA;
	apply_override(&po, ov);
	print_tensor(stdout, t, &po);
	tensor_free(t);
	return EXIT_OK;
}

int
main(int argc, char **argv)
{
	struct po_override ov = { -1, -1, -1, -1, -2, 0 };
	const char **prints = NULL;
	int nprints = 0, ch, i, all = 0, explain = 0, interactive = 0, json = 0;
	unsigned keep;
	int color = -1, numbers = 0, has_seed = 0, dropout_rng = -1, rc = EXIT_OK;
	const char *heatmap = NULL, *tensor_file = NULL, *path;
	uint64_t seed = 0;
	struct input in;
	struct run r;
	struct cell_opts co;
	char err[512];

	setlocale(LC_CTYPE, "");
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":aehinp:V", longopts, NULL)) != -1) {
		long v;

		switch (ch) {
		case 'a': all = 1; break;
		case 'e': explain = 1; break;
		case 'i': interactive = 1; break;
		case 'n': numbers = 1; break;
		case 'p':
			prints = realloc(prints, (size_t)(nprints + 1) * sizeof *prints);
			if (prints == NULL)
				return EXIT_DATA;
			prints[nprints++] = optarg;
			break;
		case OPT_JSON: json = 1; break;
		case OPT_HEATMAP: heatmap = optarg; break;
		case OPT_TENSOR: tensor_file = optarg; break;
		case OPT_SEED:
			if (rng_parse_seed(optarg, &seed) != 0) {
				free(prints);
				return bad_usage("--seed: expected an integer from -9223372036854775808 to 18446744073709551615, got \"%s\"", optarg);
			}
			has_seed = 1;
			break;
		case OPT_DROPOUT_RNG:
			if (strcmp(optarg, "default") == 0)
				dropout_rng = 0;
			else if (strcmp(optarg, "mkl") == 0)
				dropout_rng = 1;
			else {
				free(prints);
				return bad_usage("--dropout-rng: expected default or mkl, got \"%s\"", optarg);
			}
			break;
		case OPT_PRECISION:
			if (opt_int("precision", optarg, 0, PRINT_MAX_PRECISION, &v) != 0)
				goto usage_fail;
			ov.precision = v;
			break;
		case OPT_LINEWIDTH:
			if (opt_int("linewidth", optarg, 1, INT_MAX, &v) != 0)
				goto usage_fail;
			ov.linewidth = v;
			break;
		case OPT_THRESHOLD:
			if (opt_int("threshold", optarg, 0, LONG_MAX, &v) != 0)
				goto usage_fail;
			ov.threshold = v;
			break;
		case OPT_EDGEITEMS:
			if (opt_int("edgeitems", optarg, 1, INT_MAX, &v) != 0)
				goto usage_fail;
			ov.edgeitems = v;
			break;
		case OPT_SCI_MODE:
			if (strcmp(optarg, "true") == 0 || strcmp(optarg, "True") == 0)
				ov.sci_mode = 1;
			else if (strcmp(optarg, "false") == 0 || strcmp(optarg, "False") == 0)
				ov.sci_mode = 0;
			else if (strcmp(optarg, "none") == 0 || strcmp(optarg, "None") == 0)
				ov.sci_mode = -1;
			else {
				free(prints);
				return bad_usage("--sci-mode: expected true, false or none, got \"%s\"", optarg);
			}
			break;
		case OPT_TORCH29: ov.torch29 = 1; break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") == 0)
				color = -1;
			else if (strcmp(optarg, "always") == 0)
				color = 1;
			else if (strcmp(optarg, "never") == 0)
				color = 0;
			else {
				free(prints);
				return bad_usage("--color: expected auto, always or never, got \"%s\"", optarg);
			}
			break;
		case 'h':
			usage(1);
			free(prints);
			return EXIT_OK;
		case 'V':
			printf("attn-explain %s\n", VERSION);
			free(prints);
			return EXIT_OK;
		case ':':
			free(prints);
			return bad_usage("%s: missing argument", argv[optind - 1]);
		default:
			free(prints);
			if (optopt != 0 && optopt < 256) {
				char o[3] = { '-', (char)optopt, '\0' };

				return bad_usage("%s: unknown option", o);
			}
			return bad_usage("%s: unknown option", argv[optind - 1]);
		}
	}
	if (tensor_file != NULL) {
		free(prints);
		if (optind != argc)
			return bad_usage("--tensor takes no other file (got \"%s\")", argv[optind]);
		return run_tensor(tensor_file, &ov);
	}
	if (optind == argc) {
		free(prints);
		return bad_usage("%s", "missing input file (give a JSON file, or - for standard input)");
	}
	if (optind + 1 < argc) {
		free(prints);
		return bad_usage("too many files: \"%s\" (one input file at a time)", argv[optind + 1]);
	}
	if (interactive && (nprints > 0 || json || heatmap != NULL)) {
		free(prints);
		return bad_usage("%s", "--interactive cannot be combined with --print, --json or --heatmap");
	}
	path = argv[optind];
	if (interactive && strcmp(path, "-") == 0) {
		free(prints);
		return bad_usage("%s", "--interactive reads its commands from standard input; give the input as a file");
	}

	if (json_load(&in, path) != 0) {
		input_free(&in);
		free(prints);
		return EXIT_DATA;
	}
	if (has_seed)
		in.seed = seed;
	if (dropout_rng >= 0)
		in.dropout_mkl = dropout_rng;
	apply_override(&in.po, &ov);
	memset(&co, 0, sizeof co);
	co.all = all;
	co.explain = explain;
	co.po = in.po;
	if (color < 0)
		color = isatty(STDOUT_FILENO) && getenv("NO_COLOR") == NULL;
	co.color = color && nprints == 0 && !json;

	if (interactive) {
		rc = repl_main(&in, &co) == 0 ? EXIT_OK : EXIT_DATA;
		input_free(&in);
		free(prints);
		return rc;
	}
	/* --print keeps only the stages its expressions name: less memory to fault in */
	keep = nprints > 0 ? 0 : STAGE_KEEP_ALL;
	for (i = 0; i < nprints; i++)
		keep |= expr_stages(prints[i]);
	if (stage_run(&r, &in, keep, err, sizeof err) != 0) {
		diag_at(path, 0, 0, "%s", err);
		input_free(&in);
		free(prints);
		return EXIT_DATA;
	}
	if (nprints > 0) {
		/* evaluate everything first: an error leaves stdout empty */
		char **out = calloc((size_t)nprints, sizeof *out);

		for (i = 0; out != NULL && i < nprints; i++) {
			struct value v;

			if (expr_eval(prints[i], &r, &v, err, sizeof err) != 0) {
				diag("--print: %s", err);
				rc = EXIT_DATA;
				break;
			}
			out[i] = value_str(&v, &in.po);
			value_free(&v);
		}
		for (i = 0; out != NULL && i < nprints; i++) {
			if (rc == EXIT_OK)
				printf("%s\n", out[i]);
			free(out[i]);
		}
		free(out);
	} else if (json) {
		cell_print_json(stdout, &r);
	} else if (heatmap != NULL) {
		if (heatmap_print(stdout, &r, heatmap, color, numbers, err, sizeof err) != 0) {
			diag("--heatmap: %s", err);
			rc = EXIT_DATA;
		}
	} else {
		cell_print_setup(stdout, &r, &co);
		for (i = 0; i < ST_COUNT; i++)
			if (cell_shown(&r, i, &co))
				cell_print(stdout, &r, i, &co);
	}
	if (getenv("ATTN_EXPLAIN_TIMING") != NULL) {
		size_t bytes = 0;

		for (i = 0; i < ST_COUNT; i++)
			bytes += r.st[i] ? r.st[i]->numel * sizeof(float) : 0;
		for (i = 0; i < NLAYER; i++) {
			bytes += r.layer[i].w ? r.layer[i].w->numel * sizeof(float) : 0;
			bytes += r.layer[i].b ? r.layer[i].b->numel * sizeof(float) : 0;
		}
		size_t refused, used = tensor_arena_used(r.arena, &refused);

		fprintf(stderr, "timing: matmul %.6f s %.0f flop; tensors kept %zu bytes of %zu computed, "
		    "at most %zu alive at once\n", tensor_stats.mm_seconds, tensor_stats.mm_flops, bytes,
		    r.all_bytes, tensor_stats.peak_live_bytes);
		fprintf(stderr, "timing: arena %zu bytes used, %zu bytes did not fit\n", used, refused);
		stage_timing_print(stderr);
	}
	stage_free(&r);
	input_free(&in);
	free(prints);
	if (fflush(stdout) != 0) {
		diag("standard output:");
		rc = EXIT_DATA;
	}
	return rc;
usage_fail:
	free(prints);
	return EXIT_USAGE;
}
