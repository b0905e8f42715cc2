/*
 * test_forward.c - GPT-2's forward pass (src/model/gpt2_forward.c) and the
 * kernels it adds (src/kernels/norm.c) against real PyTorch 1.13:
 * tests/model/forward.txt and tests/model/norm-cases.txt, both written by
 * tests/gen/gpt2_forward.py.  Every stage must have torch's float32 bits
 * (an FNV-1a hash of them) and print as torch printed it.  Run by
 * tests/modelrun.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/kernels/kernels.h"
#include "../src/model/model.h"
#include "test.h"

static uint32_t
fnv(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

/* the next line of *p (cut in place), or NULL at the end */
static char *
next_line(char **p)
{
	char *s = *p, *e;

	if (s == NULL || *s == '\0')
		return NULL;
	e = strchr(s, '\n');
	if (e != NULL) {
		*e = '\0';
		*p = e + 1;
	} else {
		*p = s + strlen(s);
	}
	return s;
}

/* nlines lines of *p joined with newlines (a string to free) */
static char *
take_lines(char **p, int nlines)
{
	size_t cap = 256, len = 0;
	char *out = malloc(cap), *l;
	int i;

	out[0] = '\0';
	for (i = 0; i < nlines && (l = next_line(p)) != NULL; i++) {
		size_t n = strlen(l);

		while (len + n + 2 > cap)
			out = realloc(out, cap *= 2);
		if (i > 0)
			out[len++] = '\n';
		memcpy(out + len, l, n + 1);
		len += n;
	}
	return out;
}

/* one stage of run r against its hash and print text */
static void
check_stage(const struct gpt2_run *r, const char *cs, const char *name, uint32_t want, const char *text)
{
	struct print_opts po;
	int s = gpt2_stage_find(name), shape[2];
	char *got;
	uint32_t h;

	print_opts_default(&po);
	if (s == G2_TOKEN_IDS) {
		long long *v = malloc((size_t)r->T * sizeof *v);
		int i;

		for (i = 0; i < r->T; i++)
			v[i] = r->ids[i];
		h = fnv(v, (size_t)r->T * sizeof *v);
		shape[0] = 1;
		shape[1] = r->T;
		got = print_ints_str(2, shape, v, 0, &po);
		free(v);
	} else if (s < 0 || r->st[s] == NULL) {
		CHECK(0, "%s: stage %s: not computed", cs, name);
		return;
	} else {
		h = fnv(r->st[s]->data, r->st[s]->numel * sizeof(float));
		got = print_tensor_str(r->st[s], &po);
	}
	CHECK(h == want, "%s: stage %s: bits hash %08x, expected %08x (torch)", cs, name, (unsigned)h, (unsigned)want);
	CHECK(strcmp(got, text) == 0, "%s: stage %s: printed\n%s\nexpected\n%s", cs, name, got, text);
	free(got);
}

static int
parse_ids(char *list, int *ids, int max)
{
	int n = 0;
	char *tok;

	for (tok = strtok(list, ","); tok != NULL && n < max; tok = strtok(NULL, ","))
		ids[n++] = atoi(tok);
	return n;
}

/* Every case of DIR/forward.txt: the folder's forward pass, stage by stage. */
void
test_forward(const char *dir)
{
	char path[4096], *all, *p, *line, err[512];
	struct gpt2 m;
	struct gpt2_run r;
	int have = 0, ids[64], stages = 0;
	char cs[1400] = "";

	snprintf(path, sizeof path, "%s/forward.txt", dir);
	p = all = test_slurp(path);
	CHECK(all != NULL, "%s: cannot read", path);
	while ((line = next_line(&p)) != NULL) {
		char folder[128], list[1024], name[64];
		unsigned want;
		int layer, nl, T;

		if (sscanf(line, "case %127s %d %1023s", folder, &layer, list) == 3) {
			if (have)
				gpt2_run_free(&r), gpt2_close(&m);
			have = 0;
			snprintf(cs, sizeof cs, "%s layer %d tokens %s", folder, layer, list);
			T = parse_ids(list, ids, 64);
			snprintf(path, sizeof path, "%s/%s", dir, folder);
			if (gpt2_open(&m, path, err, sizeof err) != 0) {
				CHECK(0, "%s: %s", cs, err);
				continue;
			}
			if (gpt2_forward(&m, ids, T, layer, &r, err, sizeof err) != 0) {
				CHECK(0, "%s: %s", cs, err);
				gpt2_close(&m);
				continue;
			}
			have = 1;
			CHECK((r.st[G2_RESIDUAL] != NULL) == (layer > 0), "%s: residual stage for layer %d", cs, layer);
		} else if (sscanf(line, "stage %63s %x %d", name, &want, &nl) == 3) {
			char *text = take_lines(&p, nl);

			if (have)
				check_stage(&r, cs, name, (uint32_t)want, text);
			stages++;
			free(text);
		}
	}
	if (have)
		gpt2_run_free(&r), gpt2_close(&m);
	CHECK(stages >= 100, "%s/forward.txt: %d stages, expected the generator's (more than 100)", dir, stages);
	free(all);
}

/* n floats given as hex bits on line */
static float *
hex_floats(const char *line, size_t n)
{
	float *v = malloc((n ? n : 1) * sizeof *v);
	union {
		uint32_t u;
		float f;
	} b;
	size_t i;
	char *end;

	for (i = 0; i < n && line != NULL; i++) {
		b.u = (uint32_t)strtoul(line, &end, 16);
		v[i] = b.f;
		line = end;
	}
	return v;
}

static void
kernel_case(char *line, char **p)
{
	unsigned want;
	int rows, n, M, N, K;
	float *x, *w, *b, *y;
	uint32_t h;

	if (sscanf(line, "layer_norm %d %d %x", &rows, &n, &want) == 3) {
		x = hex_floats(next_line(p), (size_t)rows * n);
		w = hex_floats(next_line(p), (size_t)n);
		b = hex_floats(next_line(p), (size_t)n);
		y = malloc((size_t)rows * n * sizeof *y);
		tensor_layer_norm(y, x, w, b, (size_t)rows, n, 1e-5f);
		h = fnv(y, (size_t)rows * n * sizeof *y);
		CHECK(h == want, "layer_norm over %d: hash %08x, expected %08x (torch)", n, (unsigned)h, want);
	} else if (sscanf(line, "addmm %d %d %d %x", &M, &N, &K, &want) == 4) {
		x = hex_floats(next_line(p), (size_t)M * K);
		w = hex_floats(next_line(p), (size_t)K * N);
		b = hex_floats(next_line(p), (size_t)N);
		y = malloc((size_t)M * N * sizeof *y);
		tensor_addmm(y, x, w, b, M, N, K);
		h = fnv(y, (size_t)M * N * sizeof *y);
		CHECK(h == want, "addmm %dx%dx%d: hash %08x, expected %08x (torch)", M, N, K, (unsigned)h, want);
	} else if (sscanf(line, "tanh %d %x", &n, &want) == 2 || sscanf(line, "gelu_new %d %x", &n, &want) == 2) {
		int i;

		x = hex_floats(next_line(p), (size_t)n);
		y = malloc((size_t)n * sizeof *y);
		w = b = NULL;
		if (line[0] == 't')
			for (i = 0; i < n; i++)
				y[i] = tensor_tanhf(x[i]);
		else
			tensor_gelu_new(y, x, (size_t)n);
		h = fnv(y, (size_t)n * sizeof *y);
		CHECK(h == want, "%.8s of %d floats: hash %08x, expected %08x (torch)", line, n, (unsigned)h, want);
	} else {
		CHECK(0, "norm-cases.txt: unknown line \"%.40s\"", line);
		return;
	}
	free(x);
	free(w);
	free(b);
	free(y);
}

/* The kernels alone: DIR/norm-cases.txt. */
/* n floats from xorshift32 state *s: ((s >> 8) - 2^23) / 2^23 (tests/gen/addmm_cases.py) */
static float *
xorshift_floats(uint32_t *s, size_t n)
{
	float *v = malloc((n ? n : 1) * sizeof *v);
	size_t i;

	for (i = 0; i < n; i++) {
		*s ^= *s << 13;
		*s ^= *s >> 17;
		*s ^= *s << 5;
		v[i] = (float)((int32_t)(*s >> 8) - (1 << 23)) / (float)(1 << 23);
	}
	return v;
}

/* addmm at GPT-2's sizes and across the kernel's tiles and threads (tests/model/addmm-cases.txt) */
static void
addmm_cases(const char *dir)
{
	char path[4096], *all, *p, *line;
	int M, N, K, n = 0;
	unsigned seed, want;

	snprintf(path, sizeof path, "%s/addmm-cases.txt", dir);
	p = all = test_slurp(path);
	CHECK(all != NULL, "%s: cannot read", path);
	while ((line = next_line(&p)) != NULL) {
		uint32_t s, h;
		float *x, *w, *b, *y;

		if (sscanf(line, "addmm-xs %d %d %d %u %x", &M, &N, &K, &seed, &want) != 5) {
			CHECK(0, "%s: unknown line \"%.40s\"", path, line);
			continue;
		}
		s = seed;
		x = xorshift_floats(&s, (size_t)M * K);
		w = xorshift_floats(&s, (size_t)K * N);
		b = xorshift_floats(&s, (size_t)N);
		y = malloc((size_t)M * N * sizeof *y);
		tensor_addmm(y, x, w, b, M, N, K);
		h = fnv(y, (size_t)M * N * sizeof *y);
		CHECK(h == want, "addmm %dx%dx%d (xorshift %u): hash %08x, expected %08x (torch)", M, N, K, seed,
		    (unsigned)h, want);
		free(x);
		free(w);
		free(b);
		free(y);
		n++;
	}
	CHECK(n >= 10, "%s: too few cases", path);
	free(all);
}

void
test_norm_kernels(const char *dir)
{
	char path[4096], *all, *p, *line;
	int before = test_passed + test_failed;

	addmm_cases(dir);
	snprintf(path, sizeof path, "%s/norm-cases.txt", dir);
	p = all = test_slurp(path);
	CHECK(all != NULL, "%s: cannot read", path);
	while ((line = next_line(&p)) != NULL)
		kernel_case(line, &p);
	CHECK(test_passed + test_failed - before >= 16, "%s: too few cases", path);
	free(all);
}
