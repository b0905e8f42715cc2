/* fuzz_bpe.c - libFuzzer: any bytes as text for GPT-2's tokenizer (tests/model/small's vocabulary); the ids give the bytes back. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/model/bpe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct bpe b;
	static int loaded;
	char err[512], *text, *back, *label;
	int *ids, n, i;
	size_t len;

	if (!loaded) {
		if (bpe_load_dir(&b, "tests/model/small", err, sizeof err) != 0) {
			fprintf(stderr, "%s\n", err);
			abort();
		}
		loaded = 1;
	}
	if (size > 4096)
		size = 4096;	/* merging is quadratic in a word's length: the fuzzer explores text, not size */
	text = malloc(size ? size : 1);
	memcpy(text, data, size);
	if (bpe_encode(&b, text, size, &ids, &n, err, sizeof err) == 0) {
		back = bpe_decode(&b, ids, n, &len);
		if (len != size || memcmp(back, text, size) != 0)
			abort();	/* byte-level BPE loses nothing */
		for (i = 0; i < n; i++) {
			label = bpe_label(&b, ids[i]);
			free(label);
		}
		free(back);
		free(ids);
	} else if (strncmp(err, "text: invalid UTF-8 at byte ", 28) != 0) {
		abort();	/* every byte is in the vocabulary: only broken UTF-8 fails */
	}
	free(text);
	return 0;
}
