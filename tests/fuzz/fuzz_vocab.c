/*
 * fuzz_vocab.c - libFuzzer: any bytes as one of a tokenizer's files (the
 * first byte chooses: vocab.json beside tests/model/small's merges.txt,
 * merges.txt beside its vocab.json, or a whole tokenizer.json), loaded,
 * then a fixed text encoded, decoded and labelled with what loaded.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/model/bpe.h"
#include "fuzz_dir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char text[] = "Your journey starts with one step, isn't it?  42 caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_dir("vocab", NULL, NULL);
	char path[128], err[1024], *back, *label;
	struct bpe b;
	int *ids, n, i, rc, which;
	size_t len;

	if (size == 0)
		return 0;
	which = data[0] % 3;
	fuzz_file(dir, "fuzzed", data + 1, size - 1, path, sizeof path);
	err[0] = '\0';
	if (which == 0)
		rc = bpe_load(&b, path, "tests/model/small/merges.txt", err, sizeof err);
	else if (which == 1)
		rc = bpe_load(&b, "tests/model/small/vocab.json", path, err, sizeof err);
	else
		rc = bpe_load_tokenizer(&b, path, err, sizeof err);
	if (rc != 0) {
		if (err[0] == '\0')
			abort();	/* a failure says what (diag() prints it on one line, escaping a name's newlines) */
		return 0;
	}
	if (bpe_encode(&b, text, sizeof text - 1, &ids, &n, err, sizeof err) == 0) {
		back = bpe_decode(&b, ids, n, &len);
		for (i = 0; i < n; i++) {
			label = bpe_label(&b, ids[i]);
			free(label);
		}
		free(back);
		free(ids);
	}
	for (i = -1; i < 3 && i < b.n_vocab; i++) {
		label = bpe_label(&b, b.n_vocab - 1 - i);
		free(label);
	}
	bpe_free(&b);
	return 0;
}
