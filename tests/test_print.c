/* test_print.c - every golden case PyTorch printed (tests/print-cases.jsonl). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "../src/kernels/print.h"
#include "test.h"

static float
hex_float(const char *h)
{
	uint32_t u = (uint32_t)strtoul(h, NULL, 16);
	float f;

	memcpy(&f, &u, sizeof f);
	return f;
}

/* Build the case's tensor and options; returns NULL for a malformed line. */
static struct tensor *
case_tensor(const cJSON *c, struct print_opts *po, int torch29)
{
	const cJSON *shape = cJSON_GetObjectItem(c, "shape");
	const cJSON *data = cJSON_GetObjectItem(c, "data_hex");
	const cJSON *opts = cJSON_GetObjectItem(c, "options");
	const cJSON *suffix = cJSON_GetObjectItem(c, "suffix");
	const cJSON *o;
	int dims[TENSOR_MAXDIM], nd = 0;
	struct tensor *t;
	size_t i = 0;
	const cJSON *e;

	cJSON_ArrayForEach(e, shape)
		dims[nd++] = e->valueint;
	t = tensor_new(nd, dims);
	cJSON_ArrayForEach(e, data)
		t->data[i++] = hex_float(e->valuestring);
	print_opts_default(po);
	po->torch29 = torch29;
	if ((o = cJSON_GetObjectItem(opts, "precision")) != NULL)
		po->precision = o->valueint;
	if ((o = cJSON_GetObjectItem(opts, "threshold")) != NULL)
		po->threshold = (long long)o->valuedouble;
	if ((o = cJSON_GetObjectItem(opts, "edgeitems")) != NULL)
		po->edgeitems = o->valueint;
	if ((o = cJSON_GetObjectItem(opts, "linewidth")) != NULL)
		po->linewidth = o->valueint;
	if ((o = cJSON_GetObjectItem(opts, "sci_mode")) != NULL && !cJSON_IsNull(o))
		po->sci_mode = cJSON_IsTrue(o);
	if (cJSON_IsString(suffix)) {
		static char names[64][128];
		static int nnames;
		const char *s = suffix->valuestring;

		if (strcmp(s, "requires_grad=True") == 0) {
			t->requires_grad = 1;
		} else if (strncmp(s, "grad_fn=<", 9) == 0) {
			char *n = names[nnames++ % 64];

			snprintf(n, 128, "%.*s", (int)strlen(s) - 10, s + 9);
			t->grad_fn = n;
		}
	}
	t->parameter = cJSON_IsTrue(cJSON_GetObjectItem(c, "parameter"));
	return t;
}

void
test_print(void)
{
	FILE *fp = fopen("tests/print-cases.jsonl", "r");
	char *line = NULL;
	size_t cap = 0;
	int ncases = 0;

	CHECK(fp != NULL, "cannot open tests/print-cases.jsonl");
	if (fp == NULL)
		return;
	while (getline(&line, &cap, fp) > 0) {
		cJSON *c = cJSON_Parse(line);
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(c, "id"));
		const char *want = cJSON_GetStringValue(cJSON_GetObjectItem(c, "repr"));
		const char *want29 = cJSON_GetStringValue(cJSON_GetObjectItem(c, "repr_2_9_derived"));
		struct print_opts po;
		struct tensor *t;
		char *got;

		ncases++;
		t = case_tensor(c, &po, 0);
		got = print_tensor_str(t, &po);
		CHECK(strcmp(got, want) == 0, "print case %s:\n--- want\n%s\n--- got\n%s", id, want, got);
		free(got);
		tensor_free(t);
		/* the PyTorch >= 2.9 width rule, where the corpus says it differs */
		t = case_tensor(c, &po, 1);
		got = print_tensor_str(t, &po);
		if (want29 == NULL)
			want29 = want;
		CHECK(strcmp(got, want29) == 0, "print case %s (2.9 rule):\n--- want\n%s\n--- got\n%s", id, want29, got);
		free(got);
		tensor_free(t);
		cJSON_Delete(c);
	}
	CHECK(ncases == 494, "print-cases.jsonl has %d cases, expected 494", ncases);
	free(line);
	fclose(fp);
}
