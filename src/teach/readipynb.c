/*
 * readipynb.c - a notebook read (readipynb.h): its code cells' sources and
 * text outputs, and the transcript a notebook's page shows of them.
 */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "readipynb.h"
#include "../util/util.h"

/* A notebook string: a string, or an array of strings joined (nbformat's multiline strings). */
static void
add_multiline(struct sbuf *b, const cJSON *v)
{
	const cJSON *e;

	if (cJSON_IsString(v)) {
		sbuf_add(b, v->valuestring);
		return;
	}
	if (!cJSON_IsArray(v))
		return;
	cJSON_ArrayForEach(e, v)
		if (cJSON_IsString(e))
			sbuf_add(b, e->valuestring);
}

/* The outputs of one code cell: stream text, execute_result's (and display_data's) text/plain. */
static void
add_outputs(struct sbuf *b, const cJSON *outputs)
{
	const cJSON *o, *type, *data;

	cJSON_ArrayForEach(o, outputs) {
		type = cJSON_GetObjectItemCaseSensitive(o, "output_type");
		if (!cJSON_IsString(type))
			continue;
		if (strcmp(type->valuestring, "stream") == 0) {
			add_multiline(b, cJSON_GetObjectItemCaseSensitive(o, "text"));
		} else if (strcmp(type->valuestring, "execute_result") == 0 ||
		    strcmp(type->valuestring, "display_data") == 0) {
			data = cJSON_GetObjectItemCaseSensitive(o, "data");
			add_multiline(b, cJSON_GetObjectItemCaseSensitive(data, "text/plain"));
		} else {
			continue;
		}
		sbuf_add(b, "\n");
	}
}

int
readipynb_cells(const char *text, size_t len, struct nb_cell **cells, int *n)
{
	cJSON *nb = cJSON_ParseWithLength(text, len);
	const cJSON *all, *c, *type;
	struct nb_cell *v;
	struct sbuf b;
	int k = 0, i = 0;

	*cells = NULL;
	*n = 0;
	all = cJSON_IsObject(nb) ? cJSON_GetObjectItemCaseSensitive(nb, "cells") : NULL;
	if (!cJSON_IsArray(all)) {
		cJSON_Delete(nb);
		return 0;
	}
	v = xmalloc((size_t)(cJSON_GetArraySize(all) + 1) * sizeof *v);
	cJSON_ArrayForEach(c, all) {
		i++;
		type = cJSON_GetObjectItemCaseSensitive(c, "cell_type");
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "code") != 0)
			continue;
		memset(&b, 0, sizeof b);
		sbuf_add(&b, "");
		add_multiline(&b, cJSON_GetObjectItemCaseSensitive(c, "source"));
		v[k].source = sbuf_take(&b);
		memset(&b, 0, sizeof b);
		sbuf_add(&b, "");
		add_outputs(&b, cJSON_GetObjectItemCaseSensitive(c, "outputs"));
		v[k].outputs = sbuf_take(&b);
		v[k++].index = i;
	}
	cJSON_Delete(nb);
	*cells = v;
	*n = k;
	return 1;
}

void
readipynb_free(struct nb_cell *cells, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(cells[i].source);
		free(cells[i].outputs);
	}
	free(cells);
}

int
readipynb_transcript(const char *text, size_t len, char **out, size_t *outlen)
{
	struct nb_cell *cells;
	struct sbuf b;
	int i, n;

	if (!readipynb_cells(text, len, &cells, &n))
		return 0;
	memset(&b, 0, sizeof b);
	sbuf_add(&b, "");
	for (i = 0; i < n; i++)
		sbuf_addf(&b, "In [%d]:\n%s\n\n%s\n", i + 1, cells[i].source, cells[i].outputs);
	readipynb_free(cells, n);
	*out = sbuf_take(&b);
	*outlen = strlen(*out);
	return 1;
}
