/*
 * fuzz_modelinput.c - libFuzzer: any bytes as --model's input (the first
 * byte chooses): a FILE.json with the keys model, text, tokens, layer and
 * head, read by the options' parser and, when it names the folder "tiny"
 * (tests/model/tiny-f32), opened and run; or a --tokens list.  Nothing may
 * crash; errors go to stderr (libFuzzer's -close_fd_mask=2 hides them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/teach/gpt2_mode.h"
#include "fuzz_dir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
input_file(const char *dir, const uint8_t *data, size_t size)
{
	char path[128];
	char *argv[3];
	struct gopts g;
	struct gctx c;

	fuzz_file(dir, "input.json", data, size, path, sizeof path);
	argv[0] = "attn-explain";
	argv[1] = path;
	argv[2] = NULL;
	if (gopts_parse(2, argv, &g) == G2_EXIT_OK && strcmp(g.dir, path) != 0 && gctx_open(&c, &g) == G2_EXIT_OK) {
		gctx_run(&c, &g);
		gctx_free(&c);
	}
	gopts_free(&g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_dir("modelinput", "tiny", "tests/model/tiny-f32");
	char *s;
	int *ids, n;

	if (size == 0)
		return 0;
	if (data[0] & 1) {
		input_file(dir, data + 1, size - 1);
		return 0;
	}
	s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	if (gopts_tokens(s, &ids, &n) == 0) {
		if (n < 1)
			abort();
		free(ids);
	}
	free(s);
	return 0;
}
