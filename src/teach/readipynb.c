/*
 * readipynb.c - a notebook given as THEIRS (readipynb.h): its code cells'
 * sources and text outputs, as the transcript a notebook's page shows.
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
readipynb_transcript(const char *text, size_t len, char **out, size_t *outlen)
{
	cJSON *nb = cJSON_ParseWithLength(text, len);
	const cJSON *cells, *c, *type;
	struct sbuf b;
	int n = 0;

	cells = nb != NULL ? cJSON_GetObjectItemCaseSensitive(nb, "cells") : NULL;
	if (!cJSON_IsArray(cells)) {
		cJSON_Delete(nb);
		return 0;
	}
	memset(&b, 0, sizeof b);
	cJSON_ArrayForEach(c, cells) {
		type = cJSON_GetObjectItemCaseSensitive(c, "cell_type");
		if (!cJSON_IsString(type) || strcmp(type->valuestring, "code") != 0)
			continue;
		sbuf_addf(&b, "In [%d]:\n", ++n);
		add_multiline(&b, cJSON_GetObjectItemCaseSensitive(c, "source"));
		sbuf_add(&b, "\n\n");
		add_outputs(&b, cJSON_GetObjectItemCaseSensitive(c, "outputs"));
		sbuf_add(&b, "\n");
	}
	cJSON_Delete(nb);
	*out = sbuf_take(&b);
	*outlen = strlen(*out);
	return 1;
}
