/*
 * fuzz_einsum.c - libFuzzer: any bytes as torch.einsum's equation (the
 * parser of src/py/lib_einsum.c: subscripts, "->", ellipses, spaces, bad
 * characters) and as the sublist format's subscript lists.  The first byte
 * picks how many operands (1..3) and their shapes; the rest is the
 * equation, written into a script as a string of \x escapes, and again as
 * lists of small ints for einsum(op, [..], op, [..], [..]).  Run in a fresh
 * interpreter session; only crashes, leaks and hangs count.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/py/py.h"
#include "../../src/pipeline/stage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const shapes[8] = {
	"2, 3", "3, 4", "2, 2", "4", "1, 3, 1", "2, 3, 4", "3", "1",
};

/* the script: operands, then the equation as a string and as sublists */
static void
script(struct sbuf *b, const uint8_t *data, size_t size)
{
	int nops = 1 + data[0] % 3, k;
	size_t i;

	sbuf_add(b, "import torch\n");
	for (k = 0; k < nops; k++)
		sbuf_addf(b, "x%d = torch.ones(%s)\n", k, shapes[(data[0] >> (2 + k * 2)) & 7]);
	sbuf_add(b, "y = torch.einsum(\"");
	for (i = 1; i < size; i++)
		sbuf_addf(b, "\\x%02x", data[i]);
	sbuf_add(b, "\"");
	for (k = 0; k < nops; k++)
		sbuf_addf(b, ", x%d", k);
	sbuf_add(b, ")\ny = torch.einsum(x0, [");
	for (i = 1, k = 1; i < size; i++) {	/* each ',' byte starts the next operand's list */
		if (data[i] == ',' && k < nops) {
			sbuf_addf(b, "], x%d, [", k++);
			continue;
		}
		if (data[i] == '>') {
			sbuf_add(b, "], [");
			continue;
		}
		sbuf_addf(b, data[i] == '.' ? "..., " : "%d, ", (int)(data[i] % 60) - 4);
	}
	sbuf_add(b, "])\n");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct run r;
	struct print_opts po;
	struct py_session *s;
	struct sbuf text = { 0 }, out = { 0 };
	char err[512];

	if (size < 1 || size > 512)
		return 0;
	diag_set_prefix(NULL);
	py_max_numel = 1 << 16;
	script(&text, data, size);
	print_opts_default(&po);
	s = py_session_new(&r);
	py_exec(s, text.s, &po, &out, err, sizeof err);
	py_session_free(s);
	free(out.s);
	free(text.s);
	return 0;
}
