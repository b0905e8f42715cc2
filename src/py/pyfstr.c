/*
 * pyfstr.c - an f-string's text split into its pieces, as Python 3.11's
 * tokenizer splits it: literal text ({{ and }} as one brace) and fields
 * {expression[=][!conversion][:spec]}, the spec itself holding fields.
 * Text only: pyparse.c parses each field's expression, pycomp.c
 * evaluates the parts.
 */
#include <string.h>

#include "pyint.h"
#include "pyparse.h"

/* past a quoted string inside a field, from its opening quote at s[*i] */
static int
skip_quoted(const char *s, size_t n, size_t *i)
{
	char q = s[*i];
	int triple = *i + 2 < n && s[*i + 1] == q && s[*i + 2] == q;

	*i += triple ? 3 : 1;
	for (; *i < n; (*i)++) {
		if (s[*i] == q && (!triple || (*i + 2 < n && s[*i + 1] == q && s[*i + 2] == q))) {
			*i += triple ? 3 : 1;
			return 0;
		}
	}
	return -1;
}

/* a field from s[*i] (just past '{'); 0, or -1 with *err */
static int
field(const char *s, size_t n, size_t *i, struct fstr_piece *f, const char **err)
{
	size_t j = *i;
	int depth = 0;

	f->start = j;
	for (;; j++) {
		if (j >= n) {
			*err = "f-string: expecting '}'";
			return -1;
		}
		if (s[j] == '\'' || s[j] == '"') {
			if (skip_quoted(s, n, &j) != 0) {
				*err = "f-string: unterminated string";
				return -1;
			}
			j--;
			continue;
		}
		if (strchr("([{", s[j]) != NULL) {
			depth++;
		} else if (strchr(")]", s[j]) != NULL || (s[j] == '}' && depth > 0)) {
			depth--;
		} else if (depth == 0 && (s[j] == '}' || s[j] == ':' || (s[j] == '!' && s[j + 1] != '='))) {
			break;
		} else if (depth == 0 && s[j] == '=' && s[j + 1] != '=' && j > 0 && strchr("=!<>", s[j - 1]) == NULL) {
			size_t k = j + 1;

			while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n'))
				k++;
			if (k < n && (s[k] == '}' || s[k] == '!' || s[k] == ':')) {
				f->end = j;
				f->debug = k;
				j = k;
				break;
			}
		}
	}
	if (!f->debug)
		f->end = j;
	if (strspn(s + f->start, " \t\n") >= f->end - f->start) {
		*err = "f-string: empty expression not allowed";
		return -1;
	}
	if (s[j] == '!') {
		if (j + 1 >= n || strchr("rsa", s[j + 1]) == NULL || (s[j + 2] != ':' && s[j + 2] != '}')) {
			*err = "f-string: invalid conversion character: expected 's', 'r', or 'a'";
			return -1;
		}
		f->conv = s[j + 1];
		j += 2;
	}
	if (s[j] == ':') {
		f->has_spec = 1;
		f->spec = ++j;
		for (depth = 0; j < n && (s[j] != '}' || depth > 0); j++)
			depth += s[j] == '{' ? 1 : s[j] == '}' ? -1 : 0;
		if (j >= n) {
			*err = "f-string: expecting '}'";
			return -1;
		}
		f->spec_end = j;
	}
	*i = j + 1;
	return 0;
}

int
fstr_next(const char *s, size_t n, size_t *i, struct sbuf *lit, struct fstr_piece *f, const char **err)
{
	memset(f, 0, sizeof *f);
	while (*i < n) {
		char c = s[*i];

		if ((c == '{' || c == '}') && *i + 1 < n && s[*i + 1] == c) {
			sbuf_addc(lit, c);
			*i += 2;
		} else if (c == '}') {
			*err = "f-string: single '}' is not allowed";
			return -1;
		} else if (c == '{') {
			(*i)++;
			return field(s, n, i, f, err) == 0 ? 1 : -1;
		} else {
			sbuf_addc(lit, c);
			(*i)++;
		}
	}
	return 0;
}
