/*
 * fuzz_config.c - libFuzzer: any bytes as a GPT-2 folder's config.json,
 * beside tests/model/tiny-f32's model.safetensors: the config read, every
 * tensor checked against it, and when that passes, a forward pass to the
 * last layer on two tokens.  Nothing may crash; every failure is one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/model/model.h"
#include "fuzz_dir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_dir("config", "model.safetensors", "tests/model/tiny-f32/model.safetensors");
	char path[128], err[1024];
	struct gpt2 m;
	struct gpt2_run r;
	int ids[2] = { 1, 2 };

	fuzz_file(dir, "config.json", data, size, path, sizeof path);
	err[0] = '\0';
	if (gpt2_open(&m, dir, err, sizeof err) != 0) {
		if (err[0] == '\0')
			abort();	/* a failure says what (diag() prints it on one line, escaping a name's newlines) */
		return 0;
	}
	if (gpt2_forward(&m, ids, 2, m.cfg.n_layer - 1, &r, err, sizeof err) == 0)
		gpt2_run_free(&r);
	else if (err[0] == '\0')
		abort();
	gpt2_close(&m);
	return 0;
}
