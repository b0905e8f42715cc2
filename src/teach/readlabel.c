/* readlabel.c - the name a line gives the print after it (readlabel.h). */
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "readlabel.h"
#include "readnum.h"

#define MAX_LABEL_LINE 300	/* a longer line names nothing (and bounds the look-back) */

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int
is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static char *
copy_of(const char *s, size_t n)
{
	struct sbuf b = { NULL, 0, 0 };

	sbuf_addn(&b, s, n);
	return sbuf_take(&b);
}

static const char *const keywords[] = {
	"False", "None", "True", "and", "as", "assert", "async", "await", "break",
	"class", "continue", "def", "del", "elif", "else", "except", "finally",
	"for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
	"not", "or", "pass", "print", "raise", "return", "try", "while", "with",
	"yield", NULL
};

static size_t
ident_len(const char *s, size_t n)
{
	size_t i = 0;

	if (n == 0 || (s[0] >= '0' && s[0] <= '9') || !is_ident(s[0]))
		return 0;
	while (i < n && is_ident(s[i]))
		i++;
	return i;
}

static int
is_keyword(const char *s, size_t n)
{
	int i;

	for (i = 0; keywords[i] != NULL; i++)
		if (readnum_word_is(s, n, keywords[i]))
			return 1;
	return 0;
}

static void
trim(const char **a, const char **b)
{
	while (*a < *b && is_space(**a))
		(*a)++;
	while (*b > *a && (is_space((*b)[-1]) || (*b)[-1] == ';'))
		(*b)--;
}

/* "In [5]:", "Out[3]:" (IPython and notebook prompts): its length at s, or 0. */
static size_t
io_prompt(const char *s, const char *e)
{
	const char *p = s;

	if (e - p >= 2 && memcmp(p, "In", 2) == 0)
		p += 2;
	else if (e - p >= 3 && memcmp(p, "Out", 3) == 0)
		p += 3;
	else
		return 0;
	while (p < e && *p == ' ')
		p++;
	if (p == e || *p++ != '[')
		return 0;
	while (p < e && ((*p >= '0' && *p <= '9') || *p == ' '))
		p++;
	if (e - p < 2 || p[0] != ']' || p[1] != ':')
		return 0;
	return (size_t)(p + 2 - s);
}

/* Strip prompts and comment marks: ">>> ", "In [5]: ", "Out[3]: ", "# ". */
static void
strip_prompts(const char **a, const char **b)
{
	for (;;) {
		size_t n;

		trim(a, b);
		if (*b - *a >= 3 && memcmp(*a, ">>>", 3) == 0)
			*a += 3;
		else if ((n = io_prompt(*a, *b)) > 0)
			*a += n;
		else if (*a < *b && **a == '#')
			while (*a < *b && **a == '#')
				(*a)++;
		else
			return;
	}
}

/*
 * The label in a line's text [a, b): "name", "name:", "name = ...",
 * "print(name)" after any prompts and before any "# comment"; the
 * identifier's bounds, or 0.
 */
static int
label_of(const char *a, const char *b, const char **la, size_t *ln)
{
	const char *rest;
	size_t n;

	strip_prompts(&a, &b);
	if ((rest = memchr(a, '#', (size_t)(b - a))) != NULL) {
		b = rest;
		trim(&a, &b);
	}
	n = ident_len(a, (size_t)(b - a));
	if (n == 0)
		return 0;
	rest = a + n;
	while (rest < b && is_space(*rest))
		rest++;
	if (readnum_word_is(a, n, "print") && rest < b && *rest == '(' && b[-1] == ')') {
		const char *ia = rest + 1, *ib = b - 1;

		trim(&ia, &ib);
		n = ident_len(ia, (size_t)(ib - ia));
		if (n == 0 || ia + n != ib)
			return 0;
		a = ia;
	} else if (!(rest == b || (b - rest == 1 && *rest == ':') ||
	    (*rest == '=' && (b - rest == 1 || rest[1] != '=')))) {
		return 0;
	}
	if (is_keyword(a, n))
		return 0;
	*la = a;
	*ln = n;
	return 1;
}

/*
 * The whole line ending at the '\n' before line start ls: [*a, *b), or 0
 * when there is none after lo, or it begins before lo (beside the previous
 * print), or it is longer than a label line.
 */
static int
line_before(const char *s, size_t ls, size_t lo, size_t *a, size_t *b)
{
	size_t k;

	if (ls == 0 || ls - 1 < lo)
		return 0;
	k = *b = ls - 1;
	while (k > lo && s[k - 1] != '\n' && *b - k < MAX_LABEL_LINE)
		k--;
	if (k > 0 && s[k - 1] != '\n')
		return 0;
	*a = k;
	return 1;
}

static int
blank(const char *a, const char *b)
{
	trim(&a, &b);
	return a == b;
}

static int
only_out_prompt(const char *a, const char *b)
{
	size_t n;

	trim(&a, &b);
	return (n = io_prompt(a, b)) > 0 && blank(a + n, b);
}

/* The line attn-explain's cells put between the code and the print: "  shape (T, T) = (6, 6)". */
static int
cell_shape(const char *a, const char *b)
{
	trim(&a, &b);
	return b - a > 10 && memcmp(a, "shape (", 7) == 0 && b[-1] == ')' && memchr(a, '=', (size_t)(b - a)) != NULL;
}

/* A markdown code fence, as nbconvert --to markdown puts around code cells: "```python". */
static int
fence(const char *a, const char *b)
{
	trim(&a, &b);
	return b - a >= 3 && (memcmp(a, "```", 3) == 0 || memcmp(a, "~~~", 3) == 0);
}

static int
is_parameter_line(const char *a, const char *b)
{
	strip_prompts(&a, &b);
	return readnum_word_is(a, (size_t)(b - a), "Parameter containing:");
}

/*
 * Around the print at p: the text before "tensor(" on its line (a label
 * "name: tensor(...", a prompt "Out[3]: ", a comment "# "), or when nothing
 * but prompts stands there, "Parameter containing:" and the label on the
 * lines before (over blank lines, "Out[3]:" and markdown fences).  Looks
 * only backwards, never past lo (the end of the previous print) nor more
 * than MAX_LABEL_LINE characters into a line: linear over the whole text.
 */
int
readlabel_around(const char *s, size_t p, size_t lo, struct rp_tensor *t)
{
	const char *a, *b, *la;
	size_t ls = p, ka, kb, ln;
	int comment;

	while (ls > lo && s[ls - 1] != '\n' && p - ls < MAX_LABEL_LINE)
		ls--;
	if (ls > 0 && s[ls - 1] != '\n')
		return 0;		/* beside the previous print, or after a long prefix */
	a = s + ls;
	b = s + p;
	while (a < b && (*a == ' ' || *a == '\t'))
		a++;
	comment = a < b && *a == '#';
	strip_prompts(&a, &b);
	if (a < b) {		/* "name: tensor(", "name = tensor(", "name tensor(" */
		if ((b[-1] == ':' || b[-1] == '=' || is_ident(b[-1])) && label_of(a, b, &la, &ln))
			t->label = copy_of(la, ln);
		return comment;
	}
	if (!line_before(s, ls, lo, &ka, &kb))
		return comment;
	if (is_parameter_line(s + ka, s + kb)) {
		t->parameter = 1;
		if (!line_before(s, ka, lo, &ka, &kb))
			return comment;
	}
	while (blank(s + ka, s + kb) || only_out_prompt(s + ka, s + kb) || fence(s + ka, s + kb) ||
	    cell_shape(s + ka, s + kb))
		if (!line_before(s, ka, lo, &ka, &kb))
			return comment;
	if (label_of(s + ka, s + kb, &la, &ln))
		t->label = copy_of(la, ln);
	return comment;
}
