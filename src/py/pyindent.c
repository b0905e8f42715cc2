/*
 * pyindent.c - Python's indentation as tokens: at the start of each line
 * (outside brackets) the lexer asks lex_indent() whether the line opens a
 * block (T_INDENT), closes one or more (T_DEDENT each) or stays at the
 * level of the one before.  Blank lines and lines holding only a comment
 * do not count, as in Python's tokenizer (Parser/tokenizer.c); a tab moves
 * to the next multiple of 8 columns.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pyint.h"

static int
indent_fail(struct lexer *lx, const char *msg)
{
	snprintf(lx->err, lx->errlen, "%s", msg);
	return -1;
}

int
lex_indent(struct lexer *lx, struct token *tok)
{
	const char *s = lx->text;
	int col, top;

	if (lx->dedents > 0) {
		lx->dedents--;
		tok->type = T_DEDENT;
		tok->pos = lx->pos;
		return 0;
	}
	lx->bol = 0;
	if (lx->depth > 0)
		return 0;
	for (;;) {	/* the first line holding a token */
		size_t i = lx->pos;

		col = 0;
		while (s[i] == ' ' || s[i] == '\t' || s[i] == '\f') {
			col = s[i] == '\t' ? (col / 8 + 1) * 8 : s[i] == '\f' ? 0 : col + 1;
			i++;
		}
		if (s[i] == '#')
			while (s[i] != '\0' && s[i] != '\n')
				i++;
		if (s[i] == '\r' && s[i + 1] == '\n')
			i++;
		if (s[i] == '\n') {
			lx->pos = i + 1;
			continue;
		}
		if (s[i] == '\0') {	/* the end: lex_next closes what is open */
			lx->pos = i;
			return 0;
		}
		lx->pos = i;
		break;
	}
	tok->pos = lx->pos;
	top = lx->nindent > 0 ? lx->indents[lx->nindent - 1] : 0;
	if (col == top)
		return 0;
	if (col > top) {
		if (lx->nindent == (int)(sizeof lx->indents / sizeof lx->indents[0]))
			return indent_fail(lx, "too many levels of indentation");
		lx->indents[lx->nindent++] = col;
		tok->type = T_INDENT;
		return 0;
	}
	while (lx->nindent > 0 && lx->indents[lx->nindent - 1] > col) {
		lx->nindent--;
		lx->dedents++;
	}
	if ((lx->nindent > 0 ? lx->indents[lx->nindent - 1] : 0) != col)
		return indent_fail(lx, "unindent does not match any outer indentation level");
	lx->dedents--;
	tok->type = T_DEDENT;
	return 0;
}
