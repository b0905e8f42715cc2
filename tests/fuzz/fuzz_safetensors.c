/* fuzz_safetensors.c - libFuzzer: any bytes as a .safetensors file, opened, every tensor looked up and converted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/model/safetensors.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct st_file f;
	char err[512];
	int i;

	/* a copy of exactly size bytes: ASan sees any read past the "file" */
	uint8_t *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	if (st_open_mem(&f, "fuzz.safetensors", copy, size, err, sizeof err) == 0) {
		for (i = 0; i < f.n; i++) {
			const struct st_tensor *t = &f.t[i];
			uint64_t numel = t->end - t->begin;	/* bytes: at least the elements */
			float *out;

			if (st_find(&f, t->name) != t || strlen(err) >= sizeof err)
				abort();
			if (numel > (1u << 20))
				continue;
			out = malloc(numel * sizeof *out + 1);
			if (st_read(&f, t->name, t->ndim, t->shape, out, err, sizeof err) != 0 && t->dtype <= ST_BF16)
				abort();	/* its own shape and a float dtype always read */
			free(out);
		}
		st_close(&f);
	}
	free(copy);
	return 0;
}
