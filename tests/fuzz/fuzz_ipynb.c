/* fuzz_ipynb.c - libFuzzer: any bytes as a notebook (--run NB.ipynb, --check NB.ipynb), the one reader's invariants checked. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/teach/readipynb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_ipynb: broken invariant: %s\n", what);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nb_cell *c;
	char *t;
	size_t tlen;
	int n, i, is, is2;

	is = readipynb_cells((const char *)data, size, &c, &n);
	check(is ? c != NULL && n >= 0 : c == NULL && n == 0, "a notebook has cells, no notebook none");
	for (i = 0; i < n; i++) {
		check(c[i].source != NULL && c[i].outputs != NULL, "every cell has its texts");
		check(c[i].index >= 1 && (i == 0 || c[i].index > c[i - 1].index), "cells in order");
	}
	readipynb_free(c, n);
	is2 = readipynb_transcript((const char *)data, size, &t, &tlen);
	check(is2 == is, "the transcript reads the same notebooks");
	if (is2) {
		check(strlen(t) == tlen, "transcript length");
		free(t);
	}
	return 0;
}
