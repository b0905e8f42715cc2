/*
 * test_json.c - json.c's syntax check against Python's json module: every
 * text of tests/json-syntax-cases.txt (tests/gen/json_syntax.py) must get
 * Python's verdict, and cJSON must build the tree the check saw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/pipeline/json.h"
#include "test.h"

/* The escaped text of a case -> bytes (\\ and \xNN); its length. */
static size_t
unescape(char *out, const char *s)
{
	size_t n = 0;

	while (*s != '\0') {
		if (s[0] == '\\' && s[1] == '\\') {
			out[n++] = '\\';
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'x') {
			char hex[3] = { s[2], s[3], '\0' };

			out[n++] = (char)strtol(hex, NULL, 16);
			s += 4;
		} else {
			out[n++] = *s++;
		}
	}
	return n;
}

void
test_json_syntax(void)
{
	FILE *fp = fopen("tests/json-syntax-cases.txt", "r");
	char *line = NULL, *text, err[512];
	size_t cap = 0, n;
	ssize_t len;
	int lineno = 0, ncases = 0, declared = -1, accept, rc;

	CHECK(fp != NULL, "cannot open tests/json-syntax-cases.txt");
	if (fp == NULL)
		return;
	while ((len = getline(&line, &cap, fp)) > 0) {
		lineno++;
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (line[0] == '#') {
			sscanf(line, "# %d cases", &declared);
			continue;
		}
		if (strncmp(line, "accept ", 7) == 0)
			accept = 1;
		else if (strncmp(line, "reject ", 7) == 0)
			accept = 0;
		else {
			CHECK(0, "json-syntax-cases.txt:%d: expected accept or reject", lineno);
			continue;
		}
		text = malloc((size_t)len + 1);
		n = unescape(text, line + 7);
		rc = json_check_syntax(text, n, err, sizeof err);
		CHECK(rc != -2, "json-syntax-cases.txt:%d: %s: %s", lineno, line, err);
		CHECK((rc == 0) == accept, "json-syntax-cases.txt:%d: Python says %s, the check %s: %s%s%s",
		    lineno, accept ? "accept" : "reject", rc == 0 ? "accepts" : "rejects", line + 7,
		    rc == 0 ? "" : " -> ", err);
		free(text);
		ncases++;
	}
	free(line);
	fclose(fp);
	CHECK(ncases == declared && ncases > 3000, "json-syntax-cases.txt: %d cases, the header says %d", ncases, declared);
}
