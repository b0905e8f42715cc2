/*
 * pylex.c - Python's tokens, as much of them as the notebooks write: names,
 * numbers, strings, operators; comments and blanks skipped, newlines
 * inside brackets too.  Python's tokenizer (Lib/tokenize.py) is the model.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

static const struct {
	const char *s;
	int op;
} ops[] = {	/* longest first */
	{ "**=", O_IPOW }, { "//=", O_IFLOORDIV }, { "<<=", O_ILSHIFT }, { ">>=", O_IRSHIFT },
	{ "...", O_ELLIPSIS },
	{ "**", O_POW }, { "//", O_FLOORDIV }, { "<<", O_LSHIFT }, { ">>", O_RSHIFT },
	{ "<=", O_LE }, { ">=", O_GE }, { "==", O_EQ }, { "!=", O_NE }, { "->", O_ARROW },
	{ ":=", O_WALRUS },
	{ "+=", O_IADD }, { "-=", O_ISUB }, { "*=", O_IMUL }, { "/=", O_IDIV }, { "%=", O_IMOD },
	{ "@=", O_IMATMUL }, { "&=", O_IAND }, { "|=", O_IOR }, { "^=", O_IXOR },
	{ "(", O_LPAR }, { ")", O_RPAR }, { "[", O_LSQB }, { "]", O_RSQB }, { "{", O_LBRACE },
	{ "}", O_RBRACE }, { ",", O_COMMA }, { ":", O_COLON }, { ".", O_DOT }, { ";", O_SEMI },
	{ "=", O_ASSIGN }, { "+", O_ADD }, { "-", O_SUB }, { "*", O_MUL }, { "/", O_DIV },
	{ "%", O_MOD }, { "@", O_MATMUL }, { "&", O_AND }, { "|", O_OR }, { "^", O_XOR },
	{ "~", O_INVERT }, { "<", O_LT }, { ">", O_GT },
};

const char *
op_text(int op)
{
	size_t i;

	switch (op) {
	case O_NEG: return "-";
	case O_POS: return "+";
	case O_NOT: return "not";
	case O_IN: return "in";
	case O_NOTIN: return "not in";
	case O_IS: return "is";
	case O_ISNOT: return "is not";
	}
	for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (ops[i].op == op)
			return ops[i].s;
	return "?";
}

void
lex_init(struct lexer *lx, const char *text, char *err, size_t errlen)
{
	memset(lx, 0, sizeof *lx);
	lx->text = text;
	lx->len = strlen(text);
	lx->err = err;
	lx->errlen = errlen;
	lx->bol = 1;
}

static int
lex_fail(struct lexer *lx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(lx->err, lx->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* digits with single underscores between them, as Python allows; the end */
static size_t
digits(const char *s, size_t i, int (*is)(int))
{
	while (is((unsigned char)s[i]) || (s[i] == '_' && is((unsigned char)s[i + 1]) && i > 0 &&
	    is((unsigned char)s[i - 1])))
		i++;
	return i;
}

static int
is_dec(int c)
{
	return c >= '0' && c <= '9';
}

static int
is_hex(int c)
{
	return isxdigit(c);
}

static int
is_oct(int c)
{
	return c >= '0' && c <= '7';
}

static int
is_bin(int c)
{
	return c == '0' || c == '1';
}

/* a copy of s[0..n) without its underscores */
static char *
plain(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (s[i] != '_')
			d[k++] = s[i];
	d[k] = '\0';
	return d;
}

static int
number(struct lexer *lx, struct token *tok)
{
	const char *s = lx->text;
	size_t i = lx->pos, start = i;
	int is_float = 0;
	char *p, *end;

	if (s[i] == '0' && strchr("xXoObB", s[i + 1]) != NULL && s[i + 1] != '\0') {
		int base = strchr("xX", s[i + 1]) ? 16 : strchr("oO", s[i + 1]) ? 8 : 2;
		int (*is)(int) = base == 16 ? is_hex : base == 8 ? is_oct : is_bin;
		unsigned long long v;

		i += 2;
		if (s[i] == '_')
			i++;
		if (!is((unsigned char)s[i]))
			return lex_fail(lx, "invalid %s literal", base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary");
		i = digits(s, i, is);
		p = plain(s + start + 2, i - start - 2);
		errno = 0;
		v = strtoull(p, &end, base);
		free(p);
		if (errno == ERANGE || v > LLONG_MAX)
			return lex_fail(lx, "integer literal %.*s is too large (integers here are 64-bit)",
			    (int)(i - start > 40 ? 40 : i - start), s + start);
		tok->type = T_INT;
		tok->i = (long long)v;
	} else {
		i = digits(s, i, is_dec);
		if (s[i] == '.') {
			is_float = 1;
			i++;
			if (is_dec((unsigned char)s[i]))
				i = digits(s, i, is_dec);
		}
		if ((s[i] == 'e' || s[i] == 'E') && (is_dec((unsigned char)s[i + 1]) ||
		    ((s[i + 1] == '+' || s[i + 1] == '-') && is_dec((unsigned char)s[i + 2])))) {
			is_float = 1;
			i += (s[i + 1] == '+' || s[i + 1] == '-') ? 2 : 1;
			i = digits(s, i, is_dec);
		}
		p = plain(s + start, i - start);
		if (is_float) {
			tok->type = T_FLOAT;
			tok->f = strtod(p, NULL);	/* correctly rounded, as Python's float() */
		} else {
			if (p[0] == '0' && p[strspn(p, "0")] != '\0') {
				free(p);
				return lex_fail(lx, "leading zeros in decimal integer literals are not permitted; "
				    "use an 0o prefix for octal integers");
			}
			errno = 0;
			tok->i = strtoll(p, &end, 10);
			if (errno == ERANGE) {
				free(p);
				return lex_fail(lx, "integer literal %.*s is too large (integers here are 64-bit)",
				    (int)(i - start > 40 ? 40 : i - start), s + start);
			}
			tok->type = T_INT;
		}
		free(p);
	}
	if (s[i] == 'j' || s[i] == 'J')
		return lex_fail(lx, "complex numbers (%.*sj) are not supported", (int)(i - start), s + start);
	if (isalpha((unsigned char)s[i]) || s[i] == '_')
		return lex_fail(lx, "invalid decimal literal");
	tok->pos = start;
	tok->len = i - start;
	lx->pos = i;
	return 0;
}

/* code point v as UTF-8 (a surrogate as its three bytes: print() refuses it, as Python) */
static void
put_utf8(struct sbuf *b, int v)
{
	if (v < 0x80) {
		sbuf_addc(b, (char)v);
	} else if (v < 0x800) {
		sbuf_addc(b, (char)(0xc0 | v >> 6));
		sbuf_addc(b, (char)(0x80 | (v & 0x3f)));
	} else if (v < 0x10000) {
		sbuf_addc(b, (char)(0xe0 | v >> 12));
		sbuf_addc(b, (char)(0x80 | (v >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (v & 0x3f)));
	} else {
		sbuf_addc(b, (char)(0xf0 | v >> 18));
		sbuf_addc(b, (char)(0x80 | (v >> 12 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (v >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (v & 0x3f)));
	}
}

/* one escape after the backslash at s[*i]; appends the bytes to b */
static int
escape(struct lexer *lx, const char *s, size_t *i, struct sbuf *b)
{
	char c = s[*i + 1];
	int k, v = 0, n;

	*i += 2;
	switch (c) {
	case '\n': return 0;	/* a continued line */
	case '\\': sbuf_addc(b, '\\'); return 0;
	case '\'': sbuf_addc(b, '\''); return 0;
	case '"': sbuf_addc(b, '"'); return 0;
	case 'a': sbuf_addc(b, '\a'); return 0;
	case 'b': sbuf_addc(b, '\b'); return 0;
	case 'f': sbuf_addc(b, '\f'); return 0;
	case 'n': sbuf_addc(b, '\n'); return 0;
	case 'r': sbuf_addc(b, '\r'); return 0;
	case 't': sbuf_addc(b, '\t'); return 0;
	case 'v': sbuf_addc(b, '\v'); return 0;
	case 'x': case 'u': case 'U':
		n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
		for (k = 0; k < n; k++) {
			char h = s[*i + (size_t)k];

			if (!isxdigit((unsigned char)h))
				return lex_fail(lx, "truncated \\%c escape in a string", c);
			v = v * 16 + (isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10));
			if (v > 0x10ffff)
				return lex_fail(lx, "illegal Unicode character in a string");
		}
		*i += (size_t)n;
		put_utf8(b, v);
		return 0;
	case 'N':
		return lex_fail(lx, "\\N{...} escapes are not supported");
	default:
		if (c >= '0' && c <= '7') {
			for (k = 0, *i -= 1; k < 3 && s[*i] >= '0' && s[*i] <= '7'; k++, (*i)++)
				v = v * 8 + (s[*i] - '0');
			put_utf8(b, v);	/* "\377" is U+00FF, "\400" U+0100, as Python's str */
			return 0;
		}
		sbuf_addc(b, '\\');	/* Python keeps unknown escapes */
		if (c != '\0')
			sbuf_addc(b, c);
		else
			*i -= 1;
		return 0;
	}
}

static int
string(struct lexer *lx, struct token *tok, size_t prefix)
{
	const char *s = lx->text;
	size_t i = lx->pos + prefix, start = lx->pos;
	int raw = 0, triple, fstr = 0;
	char q;
	struct sbuf b = { 0 };
	size_t k;

	for (k = start; k < start + prefix; k++) {
		char c = (char)tolower((unsigned char)s[k]);

		if (c == 'f')
			fstr = 1;	/* its {fields}: pyfstr.c */
		if (c == 'b')
			return lex_fail(lx, "bytes literals are not supported");
		if (c == 'r')
			raw = 1;
	}
	q = s[i];
	triple = s[i + 1] == q && s[i + 2] == q;
	i += triple ? 3 : 1;
	for (;;) {
		if (s[i] == '\0') {
			free(b.s);
			return lex_fail(lx, triple ? "unterminated triple-quoted string literal" :
			    "unterminated string literal");
		}
		if (!triple && s[i] == '\n') {
			free(b.s);
			return lex_fail(lx, "unterminated string literal");
		}
		if (s[i] == q && (!triple || (s[i + 1] == q && s[i + 2] == q))) {
			i += triple ? 3 : 1;
			break;
		}
		if (s[i] == '\\' && !raw) {
			if (escape(lx, s, &i, &b) != 0) {
				free(b.s);
				return -1;
			}
			continue;
		}
		if (s[i] == '\\' && raw && s[i + 1] != '\0') {
			sbuf_addn(&b, s + i, 2);
			i += 2;
			continue;
		}
		sbuf_addc(&b, s[i++]);
	}
	tok->type = T_STR;
	tok->fstr = fstr;
	tok->slen = b.len;
	tok->s = sbuf_take(&b);
	tok->pos = start;
	tok->len = i - start;
	lx->pos = i;
	return 0;
}

/* blanks, comments, continuations, and newlines inside brackets: skipped */
static void
skip_blanks(struct lexer *lx)
{
	const char *s = lx->text;

	for (;;) {
		char c = s[lx->pos];

		if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
			lx->pos++;
		} else if (c == '\\' && s[lx->pos + 1] == '\n') {
			lx->pos += 2;
		} else if (c == '\\' && (s[lx->pos + 1] == '\0' || s[lx->pos + 1] == '\r')) {
			lx->pos++;	/* a continuation with nothing after it */
		} else if (c == '#') {
			while (s[lx->pos] != '\0' && s[lx->pos] != '\n')
				lx->pos++;
		} else if (c == '\n' && lx->depth > 0) {
			lx->pos++;
		} else {
			break;
		}
	}
}

/* a name, or a string with a prefix (r, b, f, u and their pairs) */
static int
name(struct lexer *lx, struct token *tok)
{
	const char *s = lx->text;
	size_t i = lx->pos, n = i;

	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	if ((s[n] == '\'' || s[n] == '"') && n - i <= 2) {
		size_t k;
		int ok = 1;

		for (k = i; k < n; k++)
			if (strchr("rRbBfFuU", s[k]) == NULL)
				ok = 0;
		if (ok)
			return string(lx, tok, n - i);
	}
	if ((unsigned char)s[n] >= 0x80)
		return lex_fail(lx, "names with non-ASCII letters are not supported");
	tok->type = T_NAME;
	tok->len = n - i;
	lx->pos = n;
	return 0;
}

int
lex_next(struct lexer *lx, struct token *tok)
{
	const char *s = lx->text;
	size_t i;

	memset(tok, 0, sizeof *tok);
	if (lx->bol || lx->dedents > 0) {
		int r = lex_indent(lx, tok);

		if (r != 0 || tok->type == T_INDENT || tok->type == T_DEDENT)
			return r;
	}
	skip_blanks(lx);
	i = lx->pos;
	tok->pos = i;
	if (s[i] == '\0') {
		if (lx->nindent > 0) {	/* the blocks still open close at the end */
			lx->nindent--;
			tok->type = T_DEDENT;
			return 0;
		}
		tok->type = T_END;
		return 0;
	}
	if (s[i] == '\n') {
		tok->type = T_NEWLINE;
		tok->len = 1;
		lx->pos++;
		lx->bol = 1;
		return 0;
	}
	if (isdigit((unsigned char)s[i]) || (s[i] == '.' && isdigit((unsigned char)s[i + 1])))
		return number(lx, tok);
	if (isalpha((unsigned char)s[i]) || s[i] == '_')
		return name(lx, tok);
	if (s[i] == '\'' || s[i] == '"')
		return string(lx, tok, 0);
	{
		size_t k;

		for (k = 0; k < sizeof ops / sizeof ops[0]; k++) {
			size_t n = strlen(ops[k].s);

			if (strncmp(s + i, ops[k].s, n) == 0) {
				tok->type = T_OP;
				tok->op = ops[k].op;
				tok->len = n;
				lx->pos = i + n;
				if (tok->op == O_LPAR || tok->op == O_LSQB || tok->op == O_LBRACE) {
					if (lx->depth < (int)sizeof lx->open) {
						lx->open[lx->depth] = s[i];
						lx->openpos[lx->depth] = i;
					}
					lx->depth++;
				} else if ((tok->op == O_RPAR || tok->op == O_RSQB || tok->op == O_RBRACE) && lx->depth > 0) {
					lx->depth--;
				}
				return 0;
			}
		}
	}
	if ((unsigned char)s[i] >= 0x80)
		return lex_fail(lx, "invalid character in the line (only ASCII outside strings)");
	if (s[i] == '!')
		return lex_fail(lx, "invalid syntax at '!' (shell escapes are not supported)");
	if (s[i] == '$' || s[i] == '?' || s[i] == '`')
		return lex_fail(lx, "invalid syntax at '%c'", s[i]);
	return lex_fail(lx, "invalid character '\\x%02x' in the line", (unsigned char)s[i]);
}
