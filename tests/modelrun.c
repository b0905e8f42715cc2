/*
 * modelrun.c - the tests of src/model (safetensors reader, GPT-2's BPE,
 * the GPT-2 loader), run by tests/run.sh before main.c uses the part.
 * Usage: tests/modelrun [DIR]  (DIR: tests/model).  Ends with one line,
 * "modelrun: N passed, M failed"; "skip ..." lines say what was not there.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../src/model/model.h"
#include "test.h"


/* A safetensors file in memory: the length, hdr, then data_len bytes 0, 1, 2, ... */
static unsigned char *
mk(const char *hdr, size_t data_len, size_t *len)
{
	size_t h = strlen(hdr), i;
	unsigned char *b = malloc(8 + h + data_len + 1);

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)((uint64_t)h >> (8 * i));
	memcpy(b + 8, hdr, h);
	for (i = 0; i < data_len; i++)
		b[8 + h + i] = (unsigned char)i;
	*len = 8 + h + data_len;
	return b;
}

/* Open hdr + data_len bytes and compare the message with want ("" : opens). */
static void
open_case(const char *hdr, size_t data_len, const char *want)
{
	struct st_file f;
	char err[512] = "";
	size_t len;
	unsigned char *b = mk(hdr, data_len, &len);
	int rc = st_open_mem(&f, "t.safetensors", b, len, err, sizeof err);

	CHECK((rc == 0) == (*want == '\0') && strcmp(err, want) == 0, "%s: got \"%s\", expected \"%s\"", hdr, err, want);
	if (rc == 0)
		st_close(&f);
	free(b);
}

static void
test_st_errors(void)
{
	struct st_file f;
	char err[512];
	size_t len;
	unsigned char *b = mk("{}", 0, &len);

	CHECK(st_open_mem(&f, "t.safetensors", b, 4, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: truncated: 4 bytes, expected at least 8 (the header's length)") == 0, "%s", err);
	b[0] = 100;
	CHECK(st_open_mem(&f, "t.safetensors", b, len, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: the header's length 100 is longer than the file's 2 bytes after it") == 0,
	    "%s", err);
	free(b);
	CHECK(st_open(&f, "tests/model/no-such.safetensors", err, sizeof err) == -1 &&
	    strcmp(err, "tests/model/no-such.safetensors: No such file or directory") == 0, "%s", err);
	open_case("{}", 0, "");
	open_case("{\"__metadata__\": {\"format\": \"pt\"}}  ", 0, "");
	open_case("[1]", 0, "t.safetensors: the header is not a JSON object");
	open_case("{\"a\": 1} x", 0, "t.safetensors: the header is not a JSON object");
	open_case("{\"a\": {\"dtype\": \"F7\", \"shape\": [1], \"data_offsets\": [0, 4]}}", 4,
	    "t.safetensors: a: unknown dtype \"F7\", expected F32, F16 or BF16");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8]}}", 4,
	    "t.safetensors: a: data_offsets [0, 8] out of range, expected within the 4 data bytes");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [4, 0]}}", 8,
	    "t.safetensors: a: data_offsets [4, 0] out of range, expected within the 8 data bytes");
	open_case("{\"a\": {\"dtype\": \"F16\", \"shape\": [3], \"data_offsets\": [0, 8]}}", 8,
	    "t.safetensors: a: data_offsets [0, 8] hold 8 bytes, expected 6 (F16, shape's 3 elements)");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8]},"
	    " \"b\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [4, 8]}}", 8,
	    "t.safetensors: b: data_offsets [4, 8] overlap a's [0, 8]");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [-1], \"data_offsets\": [0, 4]}}", 4,
	    "t.safetensors: a: shape: expected whole numbers >= 0");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [0]}}", 4,
	    "t.safetensors: a: expected data_offsets [BEGIN, END]");
	open_case("{\"a\": {\"dtype\": \"F16\", \"shape\": [1099511627776, 1099511627776], \"data_offsets\": [0, 4]}}", 4,
	    "t.safetensors: a: shape's elements overflow 64 bits, expected the 4 bytes of data_offsets [0, 4]");
	open_case("{\"a\": {\"shape\": [1], \"data_offsets\": [0, 4]}}", 4, "t.safetensors: a: expected a dtype string");
	open_case("{\"a\": 3}", 4, "t.safetensors: a: expected an object with dtype, shape and data_offsets");
	open_case("{\"wte.weight\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [0, 4]},"
	    " \"transformer.wte.weight\": {\"dtype\": \"F32\", \"shape\": [1], \"data_offsets\": [4, 8]}}", 8,
	    "t.safetensors: wte.weight: named twice (with and without \"transformer.\"?)");
	open_case("{\"a\": {\"dtype\": \"F32\", \"shape\": [2, 0], \"data_offsets\": [0, 0]},"
	    " \"b\": {\"dtype\": \"F32\", \"shape\": [], \"data_offsets\": [0, 4]}}", 4, "");
}

static void
test_st_read(void)
{
	static const char *hdr = "{\"__metadata__\": {\"format\": \"pt\"},"
	    " \"transformer.h.0.ln_1.weight\": {\"dtype\": \"F32\", \"shape\": [2], \"data_offsets\": [0, 8]},"
	    " \"h\": {\"dtype\": \"F16\", \"shape\": [2, 2], \"data_offsets\": [8, 16]},"
	    " \"b\": {\"dtype\": \"BF16\", \"shape\": [1], \"data_offsets\": [16, 18]},"
	    " \"i\": {\"dtype\": \"I64\", \"shape\": [1], \"data_offsets\": [24, 32]}}";
	static const unsigned char data[32] = {
		0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0,	/* 1.0f, -2.0f */
		0x00, 0x3c, 0x01, 0x00, 0x00, 0x7c, 0x00, 0xfe,	/* F16 1, 2^-24, inf, nan */
		0xc0, 0x3f,	/* BF16 1.5 */
	};
	struct st_file f;
	size_t len;
	unsigned char *b = mk(hdr, sizeof data, &len);
	char err[512];
	float out[4];
	int64_t s2[] = { 2 }, s22[] = { 2, 2 }, s1[] = { 1 }, s3[] = { 3 };

	memcpy(b + len - sizeof data, data, sizeof data);
	CHECK(st_open_mem(&f, "t.safetensors", b, len, err, sizeof err) == 0, "%s", err);
	CHECK(f.n == 4, "__metadata__ is no tensor: %d", f.n);
	CHECK(st_find(&f, "h.0.ln_1.weight") == st_find(&f, "transformer.h.0.ln_1.weight") &&
	    st_find(&f, "h.0.ln_1.weight") != NULL, "one tensor by either name");
	CHECK(st_find(&f, "transformer.h") == st_find(&f, "h") && st_find(&f, "x") == NULL, "prefix on lookups");
	CHECK(st_read(&f, "h.0.ln_1.weight", 1, s2, out, err, sizeof err) == 0 && out[0] == 1 && out[1] == -2,
	    "F32: %s", err);
	CHECK(st_read(&f, "h", 2, s22, out, err, sizeof err) == 0 && out[0] == 1 && out[1] == 0x1p-24f &&
	    out[2] > 3e38f && out[3] != out[3], "F16: %s", err);
	CHECK(st_read(&f, "b", 1, s1, out, err, sizeof err) == 0 && out[0] == 1.5f, "BF16: %s", err);
	CHECK(st_read_rows(&f, "h", 2, s22, 1, 1, out, err, sizeof err) == 0 && out[0] > 3e38f && out[1] != out[1],
	    "row 1: %s", err);
	CHECK(st_read_rows(&f, "h", 2, s22, 1, 2, out, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: h: rows 1 .. 2, expected within 0 .. 1") == 0, "%s", err);
	CHECK(st_read(&f, "b", 1, s3, out, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: b: shape (1), expected (3)") == 0, "%s", err);
	CHECK(st_read(&f, "h", 1, s2, out, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: h: shape (2, 2), expected (2)") == 0, "%s", err);
	CHECK(st_read(&f, "i", 1, s1, out, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: i: dtype I64, expected F32, F16 or BF16") == 0, "%s", err);
	CHECK(st_read(&f, "h.1.ln_1.weight", 1, s2, out, err, sizeof err) == -1 &&
	    strcmp(err, "t.safetensors: h.1.ln_1.weight: missing tensor") == 0, "%s", err);
	st_close(&f);
	free(b);
}

/* Every half value against torch's .float() (tests/gen/model_convert.py). */
static void
test_st_convert(const char *dir)
{
	char path[4096], name[8], *p;
	char line[512];
	FILE *fp;

	snprintf(path, sizeof path, "%s/convert.txt", dir);
	if ((fp = fopen(path, "r")) == NULL) {
		CHECK(0, "%s: cannot open", path);
		return;
	}
	while (fgets(line, sizeof line, fp)) {
		uint32_t want, h = 2166136261u, u;
		unsigned s, w;
		int k, bf;

		if (line[0] == '#' || sscanf(line, "%7s %x%n", name, &want, &k) != 2)
			continue;
		bf = strcmp(name, "BF16") == 0;
		for (s = 0; s < 65536; s++) {
			float x = bf ? st_bf16_to_f32((uint16_t)s) : st_f16_to_f32((uint16_t)s);
			int i;

			memcpy(&u, &x, 4);
			for (i = 0; i < 4; i++)
				h = (h ^ (u >> (8 * i) & 0xff)) * 16777619u;
		}
		CHECK(h == want, "%s: all 65536 values hash %08x, torch's %08x", name, h, want);
		for (p = line + k; sscanf(p, " %x=%x%n", &s, &w, &k) == 2; p += k) {
			float x = bf ? st_bf16_to_f32((uint16_t)s) : st_f16_to_f32((uint16_t)s);

			memcpy(&u, &x, 4);
			CHECK(u == w, "%s %04x: %08x, torch %08x", name, s, u, w);
		}
	}
	fclose(fp);
}

static uint32_t
fnv_floats(uint32_t h, const float *x, size_t n)
{
	size_t i;
	uint32_t u;
	int k;

	for (i = 0; i < n; i++) {
		memcpy(&u, &x[i], 4);
		for (k = 0; k < 4; k++)
			h = (h ^ (u >> (8 * k) & 0xff)) * 16777619u;
	}
	return h;
}

/* The hash of one loaded array named as in expect.txt, or 0 if the name is not GPT-2's. */
static uint32_t
loaded_hash(const struct gpt2 *m, const char *name)
{
	static const struct { const char *name; size_t off; int ndim, m0, m1; } bt[] = {
		{ "ln_1.weight", offsetof(struct gpt2_block, ln_1_w), 1, 1, 0 },
		{ "ln_1.bias", offsetof(struct gpt2_block, ln_1_b), 1, 1, 0 },
		{ "attn.c_attn.weight", offsetof(struct gpt2_block, c_attn_w), 2, 1, 3 },
		{ "attn.c_attn.bias", offsetof(struct gpt2_block, c_attn_b), 1, 3, 0 },
		{ "attn.c_proj.weight", offsetof(struct gpt2_block, attn_proj_w), 2, 1, 1 },
		{ "attn.c_proj.bias", offsetof(struct gpt2_block, attn_proj_b), 1, 1, 0 },
		{ "ln_2.weight", offsetof(struct gpt2_block, ln_2_w), 1, 1, 0 },
		{ "ln_2.bias", offsetof(struct gpt2_block, ln_2_b), 1, 1, 0 },
		{ "mlp.c_fc.weight", offsetof(struct gpt2_block, c_fc_w), 2, 1, 4 },
		{ "mlp.c_fc.bias", offsetof(struct gpt2_block, c_fc_b), 1, 4, 0 },
		{ "mlp.c_proj.weight", offsetof(struct gpt2_block, mlp_proj_w), 2, 4, 1 },
		{ "mlp.c_proj.bias", offsetof(struct gpt2_block, mlp_proj_b), 1, 1, 0 },
	};
	size_t C = m->cfg.n_embd, i;
	int l, k;
	char err[512];

	if (strcmp(name, "ln_f.weight") == 0 || strcmp(name, "ln_f.bias") == 0)
		return fnv_floats(2166136261u, name[5] == 'w' ? m->ln_f_w : m->ln_f_b, C);
	if (strcmp(name, "wte.weight") == 0 || strcmp(name, "wpe.weight") == 0) {
		int n = name[1] == 't' ? m->cfg.vocab_size : m->cfg.n_positions, *ids = malloc(n * sizeof *ids);
		float *x = malloc(n * C * sizeof *x);
		uint32_t h;

		for (k = 0; k < n; k++)
			ids[k] = k;
		if ((name[1] == 't' ? gpt2_tok_emb(m, ids, n, x, err, sizeof err) : gpt2_pos_emb(m, n, x, err, sizeof err)) != 0)
			fprintf(stderr, "%s\n", err);
		h = fnv_floats(2166136261u, x, n * C);
		free(ids);
		free(x);
		return h;
	}
	if (sscanf(name, "h.%d.%n", &l, &k) != 1 || l < 0 || l >= m->n_loaded)
		return 0;
	for (i = 0; i < sizeof bt / sizeof bt[0]; i++)
		if (strcmp(name + k, bt[i].name) == 0)
			return fnv_floats(2166136261u, *(float *const *)((const char *)&m->h[l] + bt[i].off),
			    bt[i].m0 * C * (bt[i].ndim == 2 ? bt[i].m1 * C : 1));
	return 0;
}

/* A tiny folder (tests/gen/tiny_gpt2.py): opened, loaded in two steps, every array as torch's .float() gives it. */
static void
test_gpt2_folder(const char *dir, const char *variant)
{
	struct gpt2 m;
	char path[4096], err[512], name[128];
	unsigned want;
	FILE *fp;
	int n = 0;

	snprintf(path, sizeof path, "%s/tiny-%s", dir, variant);
	CHECK(gpt2_open(&m, path, err, sizeof err) == 0, "%s", err);
	if (m.h == NULL)
		return;
	CHECK(m.cfg.n_embd == 8 && m.cfg.n_head == 2 && m.cfg.n_layer == 2 && m.cfg.n_positions == 16 &&
	    m.cfg.layer_norm_epsilon == 1e-5, "%s: config", variant);
	CHECK(gpt2_load(&m, 0, err, sizeof err) == 0 && m.n_loaded == 1 && m.h[1].c_attn_w == NULL,
	    "%s: layer 0 alone: %s", variant, err);
	CHECK(gpt2_load(&m, 1, err, sizeof err) == 0 && m.n_loaded == 2 && gpt2_load_final(&m, err, sizeof err) == 0,
	    "%s: %s", variant, err);
	CHECK(gpt2_load(&m, 2, err, sizeof err) == -1 &&
	    strcmp(strstr(err, ": layer") ? strstr(err, ": layer") : err, ": layer 2, expected 0 .. 1 (n_layer 2)") == 0,
	    "%s", err);
	snprintf(path, sizeof path, "%s/tiny-%s/expect.txt", dir, variant);
	if ((fp = fopen(path, "r")) != NULL) {
		while (fscanf(fp, "%127s %x", name, &want) == 2) {
			uint32_t h = loaded_hash(&m, name);

			CHECK(h == want, "%s: %s: %08x, torch's .float() %08x", variant, name, h, want);
			n++;
		}
		fclose(fp);
	}
	CHECK(n == 28, "%s: %d tensors in expect.txt", variant, n);
	gpt2_close(&m);
}

/* hex digits into bytes (*n of them); a string to free() */
static char *
unhex(const char *h, size_t *n)
{
	size_t len = strlen(h) / 2, i;
	char *b = malloc(len + 1);
	unsigned v;

	for (i = 0; i < len && sscanf(h + 2 * i, "%2x", &v) == 1; i++)
		b[i] = (char)v;
	*n = len;
	return b;
}

/* One case line of tests/model/bpe-*.jsonl (tests/gen/bpe_cases.py) against b. */
static void
bpe_case(const struct bpe *b, const char *file, int line, const cJSON *c)
{
	const cJSON *ids = cJSON_GetObjectItem(c, "ids"), *labels = cJSON_GetObjectItem(c, "labels");
	const cJSON *want_err = cJSON_GetObjectItem(c, "error"), *v;
	size_t len;
	char *text = unhex(cJSON_GetStringValue(cJSON_GetObjectItem(c, "hex")), &len), err[512] = "";
	int *got, n, rc = bpe_encode(b, text, len, &got, &n, err, sizeof err), i = 0, same;

	if (want_err != NULL) {
		CHECK(rc == -1 && strcmp(err, want_err->valuestring) == 0, "%s:%d: got \"%s\", expected \"%s\"",
		    file, line, err, want_err->valuestring);
	} else {
		same = rc == 0 && n == cJSON_GetArraySize(ids);
		cJSON_ArrayForEach(v, ids)
			same = same && i < n && got[i++] == v->valueint;
		CHECK(same, "%s:%d: ids differ (%d of %d; %s)", file, line, n, cJSON_GetArraySize(ids), err);
		if (rc == 0) {
			size_t blen;
			char *back = bpe_decode(b, got, n, &blen);

			CHECK(blen == len && memcmp(back, text, len) == 0, "%s:%d: the ids' bytes are not the text", file, line);
			free(back);
		}
		i = 0;
		cJSON_ArrayForEach(v, labels) {
			char *l = bpe_label(b, i < n ? got[i] : -1);

			CHECK(strcmp(l, v->valuestring) == 0, "%s:%d: token %d: label \"%s\", expected \"%s\"", file, line,
			    i, l, v->valuestring);
			free(l);
			i++;
		}
	}
	free(got);
	free(text);
}

/* Every case of file through the vocabulary in vocab_dir; skip when that is not there. */
static void
test_bpe_file(const char *vocab_dir, const char *file)
{
	struct bpe b;
	char err[512], line[65536];
	FILE *fp;
	int k = 0;

	if (bpe_load_dir(&b, vocab_dir, err, sizeof err) != 0) {
		printf("skip %s: %s\n", file, err);
		return;
	}
	if ((fp = fopen(file, "r")) == NULL) {
		CHECK(0, "%s: cannot open", file);
	} else {
		while (fgets(line, sizeof line, fp)) {
			cJSON *c = cJSON_Parse(line);

			k++;
			if (c != NULL)
				bpe_case(&b, file, k, c);
			else
				CHECK(0, "%s:%d: not JSON", file, k);
			cJSON_Delete(c);
		}
		fclose(fp);
	}
	bpe_free(&b);
}

static void
test_bpe(const char *dir)
{
	const char *real = getenv("GPT2_VOCAB_DIR");
	char v[4096], f[4096], err[512];
	struct bpe b;

	snprintf(v, sizeof v, "%s/small", dir);
	snprintf(f, sizeof f, "%s/bpe-small.jsonl", dir);
	test_bpe_file(v, f);
	snprintf(v, sizeof v, "%s/small-openai", dir);
	test_bpe_file(v, f);	/* the same vocabulary under OpenAI's file names */
	snprintf(v, sizeof v, "%s/small-tokenizer", dir);
	test_bpe_file(v, f);	/* and as one tokenizer.json */
	if (real == NULL) {
		snprintf(v, sizeof v, "%s/gpt2", dir);
		real = v;
	}
	snprintf(f, sizeof f, "%s/bpe-gpt2.jsonl", dir);
	test_bpe_file(real, f);
	snprintf(f, sizeof f, "%s/bpe-gpt2-openai.jsonl", dir);
	test_bpe_file(real, f);	/* more texts, their ids by OpenAI's encoder.py itself (tests/gen/bpe_openai.py) */
	CHECK(bpe_load_dir(&b, dir, err, sizeof err) == -1 &&
	    strstr(err, ": no vocab.json + merges.txt, encoder.json + vocab.bpe, nor tokenizer.json") != NULL, "%s", err);
	CHECK(bpe_load(&b, "tests/model/small/vocab.json", "tests/model/convert.txt", err, sizeof err) == -1 &&
	    strcmp(err, "tests/model/convert.txt:2: expected two tokens, \"first second\"") == 0, "%s", err);
	CHECK(bpe_load(&b, "tests/model/small/merges.txt", "tests/model/small/merges.txt", err, sizeof err) == -1 &&
	    strcmp(err, "tests/model/small/merges.txt: not JSON") == 0, "%s", err);
	CHECK(bpe_load(&b, "tests/model/tiny-f32/config.json", "tests/model/small/merges.txt", err, sizeof err) == -1 &&
	    strcmp(err, "tests/model/tiny-f32/config.json: model_type: expected an id, a whole number >= 0") == 0,
	    "%s", err);
	CHECK(bpe_load_tokenizer(&b, "tests/model/small/vocab.json", err, sizeof err) == -1 &&
	    strcmp(err, "tests/model/small/vocab.json: model.merges: expected an array of merges") == 0, "%s", err);
}

/* The tiny folders, good and bad (tests/gen/tiny_gpt2.py). */
static void
test_gpt2(const char *dir)
{
	static const struct { const char *variant, *err; } bad[] = {
		{ "bad-missing-layer", "/tiny-bad-missing-layer/model.safetensors: h.1.ln_1.weight: missing tensor" },
		{ "bad-shape", "/tiny-bad-shape/model.safetensors: h.1.attn.c_attn.weight: shape (24, 8), expected (8, 24)" },
		{ "bad-llama", "/tiny-bad-llama/model.safetensors: wte.weight: missing tensor, expected GPT-2's names "
		    "(wte, wpe, h.0.attn.c_attn, ...), found model.embed_tokens.weight" },
		{ "bad-dtype", "/tiny-bad-dtype/model.safetensors: h.0.ln_2.bias: dtype I64, expected F32, F16 or BF16" },
		{ "bad-config", "/tiny-bad-config/config.json: n_embd: expected a whole number >= 1" },
		{ "no-such", "/tiny-no-such/config.json: No such file or directory" },
	};
	static const char *good[] = { "f32", "f16", "bf16", "prefixed" };
	struct gpt2 m;
	char path[4096], err[512], want[1024];
	float x[16 * 8];
	int ids[2] = { 1, 100000 };
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++)
		test_gpt2_folder(dir, good[i]);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(path, sizeof path, "%s/tiny-%s", dir, bad[i].variant);
		snprintf(want, sizeof want, "%s%s", dir, bad[i].err);
		CHECK(gpt2_open(&m, path, err, sizeof err) == -1 && strcmp(err, want) == 0, "got \"%s\", expected \"%s\"",
		    err, want);
	}
	snprintf(path, sizeof path, "%s/tiny-f16", dir);
	if (gpt2_open(&m, path, err, sizeof err) == 0) {
		CHECK(gpt2_pos_emb(&m, 17, x, err, sizeof err) == -1 &&
		    strcmp(err, "17 tokens, expected at most 16 (n_positions)") == 0, "%s", err);
		CHECK(gpt2_tok_emb(&m, ids, 2, x, err, sizeof err) == -1 &&
		    strncmp(err, "token 1: id 100000, expected 0 .. ", 34) == 0, "%s", err);
		gpt2_close(&m);
	}
}

/*
 * GPT-2 XL's layout (48 layers of 1600, 6.2 GB of F32) as a sparse file:
 * layer 0 on 3 tokens must bring into memory only the header, layer 0's
 * tensors and 3 rows of wte and wpe (mincore() over the mapping), never
 * the whole file.  Skipped where the file cannot be made.
 */
static const char *const xl_block[] = { "ln_1.weight", "ln_1.bias", "attn.c_attn.weight", "attn.c_attn.bias",
	"attn.c_proj.weight", "attn.c_proj.bias", "ln_2.weight", "ln_2.bias", "mlp.c_fc.weight", "mlp.c_fc.bias",
	"mlp.c_proj.weight", "mlp.c_proj.bias" };

/* the header of XL's tensors, F32, in the order HF writes them; *block0: layer 0's bytes */
static char *
xl_header(long long *total, long long *block0)
{
	const long long C = 1600, V = 50257, P = 1024;
	const long long sz[12][2] = { { C, 1 }, { C, 1 }, { C, 3 * C }, { 3 * C, 1 }, { C, C }, { C, 1 }, { C, 1 },
		{ C, 1 }, { C, 4 * C }, { 4 * C, 1 }, { 4 * C, C }, { C, 1 } };
	size_t cap = 1 << 16, n = 0;
	char *h = malloc(cap);
	long long off = 0;
	int l, i;

	n += snprintf(h + n, cap - n, "{\"wte.weight\": {\"dtype\": \"F32\", \"shape\": [%lld, %lld], "
	    "\"data_offsets\": [0, %lld]}, \"wpe.weight\": {\"dtype\": \"F32\", \"shape\": [%lld, %lld], "
	    "\"data_offsets\": [%lld, %lld]}", V, C, V * C * 4, P, C, V * C * 4, (V + P) * C * 4);
	off = (V + P) * C * 4;
	for (l = 0; l < 48; l++)
		for (i = 0; i < 12; i++) {
			long long bytes = sz[i][0] * sz[i][1] * 4;

			if (n + 256 > cap)
				h = realloc(h, cap *= 2);
			if (sz[i][1] == 1)
				n += snprintf(h + n, cap - n, ", \"h.%d.%s\": {\"dtype\": \"F32\", \"shape\": [%lld], "
				    "\"data_offsets\": [%lld, %lld]}", l, xl_block[i], sz[i][0], off, off + bytes);
			else
				n += snprintf(h + n, cap - n, ", \"h.%d.%s\": {\"dtype\": \"F32\", \"shape\": [%lld, %lld], "
				    "\"data_offsets\": [%lld, %lld]}", l, xl_block[i], sz[i][0], sz[i][1], off, off + bytes);
			if (l == 0)
				*block0 += bytes;
			off += bytes;
		}
	n += snprintf(h + n, cap - n, ", \"ln_f.weight\": {\"dtype\": \"F32\", \"shape\": [%lld], \"data_offsets\": "
	    "[%lld, %lld]}, \"ln_f.bias\": {\"dtype\": \"F32\", \"shape\": [%lld], \"data_offsets\": [%lld, %lld]}}",
	    C, off, off + C * 4, C, off + C * 4, off + 2 * C * 4);
	while (n % 8 != 0)
		h[n++] = ' ';
	h[n] = '\0';
	*total = off + 2 * C * 4;
	return h;
}

/* the XL folder in dir; 0, or -1 where the sparse file could not be made */
static int
xl_folder(const char *dir, long long *block0, long long *size)
{
	char path[4096];
	long long total = 0;
	char *h = xl_header(&total, block0);
	uint64_t hlen = strlen(h);
	unsigned char len8[8];
	FILE *fp;
	int i, rc;

	snprintf(path, sizeof path, "%s/config.json", dir);
	if ((fp = fopen(path, "w")) == NULL) {
		free(h);
		return -1;
	}
	fputs("{\"model_type\": \"gpt2\", \"n_embd\": 1600, \"n_head\": 25, \"n_layer\": 48, \"n_positions\": 1024, "
	    "\"vocab_size\": 50257, \"layer_norm_epsilon\": 1e-05}\n", fp);
	fclose(fp);
	snprintf(path, sizeof path, "%s/model.safetensors", dir);
	if ((fp = fopen(path, "wb")) == NULL) {
		free(h);
		return -1;
	}
	for (i = 0; i < 8; i++)
		len8[i] = (unsigned char)(hlen >> (8 * i));
	fwrite(len8, 1, 8, fp);
	fwrite(h, 1, hlen, fp);
	fflush(fp);
	*size = 8 + (long long)hlen + total;
	rc = ftruncate(fileno(fp), (off_t)*size);	/* the data: one hole */
	fclose(fp);
	free(h);
	return rc;
}

static void
test_sparse_xl(void)
{
	char dir[] = "/tmp/modelrun-xl-XXXXXX", path[4096], err[512];
	long long block0 = 0, size = 0, resident = 0;
	int ids[3] = { 15496, 995, 0 };
	struct gpt2 m;
	struct gpt2_run r;
	unsigned char *vec;
	size_t pages, i, pg = (size_t)sysconf(_SC_PAGESIZE);

	if (mkdtemp(dir) == NULL || xl_folder(dir, &block0, &size) != 0) {
		printf("skip sparse GPT-2 XL: cannot make it under /tmp\n");
		return;
	}
	if (gpt2_open(&m, dir, err, sizeof err) != 0) {
		CHECK(0, "sparse XL: %s", err);
	} else {
		CHECK(gpt2_forward(&m, ids, 3, 0, &r, err, sizeof err) == 0, "sparse XL layer 0: %s", err);
		pages = (m.st.map_len + pg - 1) / pg;
		vec = malloc(pages);
		if (mincore(m.st.map, m.st.map_len, vec) == 0)
			for (i = 0; i < pages; i++)
				resident += vec[i] & 1;
		resident *= (long long)pg;
		/* layer 0 (123 MB) and a little read-around: far from the 6.2 GB */
		CHECK(resident > 0 && resident < block0 + block0 / 4 + (16 << 20),
		    "sparse XL layer 0: %lld bytes of the %lld-byte file in memory, layer 0 is %lld", resident, size, block0);
		free(vec);
		if (r.T == 3)
			gpt2_run_free(&r);
		gpt2_close(&m);
	}
	snprintf(path, sizeof path, "%s/model.safetensors", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/config.json", dir);
	unlink(path);
	rmdir(dir);
}

/* dir/name copied to to/name; 0, or -1 */
static int
copy_file(const char *dir, const char *to, const char *name)
{
	char path[4096], buf[65536];
	FILE *in, *out;
	size_t n;
	int rc = 0;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((in = fopen(path, "rb")) == NULL)
		return -1;
	snprintf(path, sizeof path, "%s/%s", to, name);
	if ((out = fopen(path, "wb")) == NULL) {
		fclose(in);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		rc |= fwrite(buf, 1, n, out) != n ? -1 : 0;
	fclose(in);
	return fclose(out) != 0 ? -1 : rc;
}

/* err ends with want: the message of a failing read */
static void
read_fails(const char *what, int rc, const char *err, const char *want)
{
	size_t n = strlen(err), w = strlen(want);

	CHECK(rc != 0 && n >= w && strcmp(err + n - w, want) == 0, "cut file, %s: \"%s\", expected it to end \"%s\"",
	    what, err, want);
}

/*
 * The file cut after it was opened, then unreadable: the blocks are read
 * with pread(), so a run says so in one line naming the file and the
 * tensor, and fails cleanly; nothing touches the mapping past the end.
 */
static void
test_cut_file(const char *dir)
{
	char tmp[] = "/tmp/modelrun-cut-XXXXXX", src[4096], path[4200], err[512], want[512];
	struct gpt2_mistake none = { 0, 0, -1.0f, 0 };
	int ids[3] = { 5, 17, 2 }, p[2];
	const struct st_tensor *t;
	struct gpt2_run r;
	struct gpt2 m;
	long long at;

	snprintf(src, sizeof src, "%s/tiny-f32", dir);
	if (mkdtemp(tmp) == NULL || copy_file(src, tmp, "config.json") != 0 ||
	    copy_file(src, tmp, "model.safetensors") != 0) {
		printf("skip cut file: cannot copy %s under /tmp\n", src);
		return;
	}
	CHECK(gpt2_open(&m, tmp, err, sizeof err) == 0, "cut file: %s", err);
	CHECK(gpt2_forward(&m, ids, 3, 1, &r, err, sizeof err) == 0, "cut file, layer 1 before the cut: %s", err);
	t = st_find(&m.st, "h.0.mlp.c_proj.weight");
	at = (long long)(m.st.data - (const unsigned char *)m.st.map) + (long long)t->begin;
	snprintf(path, sizeof path, "%s/model.safetensors", tmp);
	CHECK(truncate(path, (off_t)at + 8) == 0, "cut file: truncate %s", path);
	snprintf(want, sizeof want, "/model.safetensors: h.0.mlp.c_proj.weight: the file ends at byte %lld, before the "
	    "tensor's end at byte %lld (cut since it was opened?)", at + 8, at + (long long)(t->end - t->begin));
	/* check mode's runs again (block 0 read again), a new run (block 1 kept, block 0 read), layer 0 shown */
	read_fails("a mistaken residual", gpt2_residual_mistaken(&m, &r, &none, err, sizeof err) == NULL, err, want);
	gpt2_run_free(&r);
	read_fails("layer 1 again", gpt2_forward(&m, ids, 3, 1, &r, err, sizeof err), err, want);
	read_fails("layer 0", gpt2_forward(&m, ids, 3, 0, &r, err, sizeof err), err, want);
	CHECK(r.T == 0 && r.st[G2_X] == NULL, "cut file: a failed run left stages");
	/* an I/O error (pread on a pipe: ESPIPE) */
	if (pipe(p) == 0 && dup2(p[0], m.st.fd) >= 0) {
		snprintf(want, sizeof want, "/model.safetensors: h.0.ln_1.weight: %s", strerror(ESPIPE));
		read_fails("read error", gpt2_forward(&m, ids, 3, 1, &r, err, sizeof err), err, want);
		close(p[0]);
		close(p[1]);
	}
	gpt2_close(&m);
	unlink(path);
	snprintf(path, sizeof path, "%s/config.json", tmp);
	unlink(path);
	rmdir(tmp);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "tests/model";

	test_st_errors();
	test_st_read();
	test_st_convert(dir);
	test_bpe(dir);
	test_gpt2(dir);
	test_norm_kernels(dir);
	test_forward(dir);
	test_sparse_xl();
	test_cut_file(dir);
	printf("modelrun: %d passed, %d failed\n", test_passed, test_failed);
	return test_failed != 0;
}
