/* fuzz_load.c - libFuzzer: any bytes as an input file, through the whole pipeline and printer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/teach/cell.h"
#include "../../src/util/diag.h"
#include "../../src/teach/emit.h"
#include "../../src/pipeline/json.h"
#include "../../src/pipeline/stage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Skip sizes that only make a run slow (the size limit has its own tests). */
static int
small(const struct input *in)
{
	double B = 1, T, d_in, d = in->d_out;
	int nd = in->inputs ? in->inputs->ndim : in->rand_ndim;
	const int *s = in->inputs ? in->inputs->shape : in->rand_dims;

	if (nd == 3)
		B = s[0];
	T = s[nd - 2];
	d_in = s[nd - 1];
	if (d < d_in)
		d = d_in;
	return B * T * d * d_in < 2e6 && B * in->heads * T * T < 2e6 && d * d < 2e6;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct input in;
	struct run r;
	struct cell_opts co = { 1, 0, 1, { 4, 1000, 3, 80, -1, 0 } };
	char err[512];
	int i, rc, loaded;

	stage_max_floats = (size_t)1 << 22;	/* 16 MiB: sizes explore nothing new */
	if (devnull == NULL) {
		devnull = fopen("/dev/null", "w");
	}
	/* the syntax check and cJSON agree on every text the check accepts */
	rc = json_check_syntax((const char *)data, size, err, sizeof err);
	if (rc == -2)
		abort();
	loaded = json_load_text(&in, "fuzz.json", (const char *)data, size) == 0;
	if (loaded && rc != 0)
		abort();	/* loaded what the syntax check refuses */
	if (loaded && small(&in)) {
		/* keep runs small: the fuzzer explores structure, not size */
		in.po.threshold = in.po.threshold > 100000 ? 100000 : in.po.threshold;
		if (in.po.linewidth > 100000)
			in.po.linewidth = 100000;
		co.po = in.po;
		if (stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) == 0) {
			struct run part;
			uint32_t keep = 2166136261u;
			size_t k;

			for (i = 0; i < ST_COUNT; i++)
				cell_print(devnull, &r, i, &co);
			cell_print_json(devnull, &r, &in);
			emit_run(devnull, EMIT_PYTHON, &r, &in, &co);
			emit_run(devnull, EMIT_IPYNB, &r, &in, &co);
			/* again keeping some stages (a hash of the input picks them): the same bits */
			for (k = 0; k < size; k++)
				keep = (keep ^ data[k]) * 16777619u;
			if (stage_run(&part, &in, keep & STAGE_KEEP_ALL, err, sizeof err) != 0)
				abort();
			for (i = 0; i < ST_COUNT; i++) {
				const struct tensor *a = r.st[i], *b = part.st[i];

				if ((keep & STAGE_BIT(i)) && (a == NULL) != (b == NULL))
					abort();
				if ((keep & STAGE_BIT(i)) && a != NULL &&
				    memcmp(a->data, b->data, a->numel * sizeof *a->data) != 0)
					abort();
				if (!(keep & STAGE_BIT(i)) && b != NULL)
					abort();
			}
			stage_free(&part);
			stage_free(&r);
		}
	}
	input_free(&in);
	return 0;
}
