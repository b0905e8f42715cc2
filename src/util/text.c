/*
 * text.c - text helpers shared by every part: shapes as text, word
 * wrapping, shortest round-trip digits.  Formats here are the ones the
 * program prints; callers choose brackets, indents and widths.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "text.h"

char *
text_dims(char *buf, size_t len, int nd, const int *shape, const char *open, const char *close)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "%s", open);
	for (i = 0; i < nd && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, "%s", close);
	return buf;
}

void
text_wrap(struct sbuf *out, const char *s, const char *indent, int width)
{
	int ind = (int)strlen(indent), col = ind;
	size_t w;

	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		w = strcspn(s, " ");
		if (col > ind && col + 1 + (int)w > width) {
			sbuf_addc(out, '\n');
			sbuf_add(out, indent);
			col = ind;
		} else if (col > ind) {
			sbuf_addc(out, ' ');
			col++;
		}
		sbuf_addn(out, s, w);
		col += (int)w;
		s += w;
	}
}

static int
reads_back(const char *buf, double v, int single)
{
	return single ? (float)strtod(buf, NULL) == (float)v : strtod(buf, NULL) == v;
}

/* the digits of buf (up to an exponent) moved one unit in the last place away from 0 (up) or toward
 * it; 0 when that would change the count of digits (9.99 up, 1.00 down) */
static int
last_digit_step(char *buf, int up)
{
	char *p = buf + strcspn(buf, "eE");
	char *first = buf + strcspn(buf, "123456789");

	while (--p >= buf && *p != '-') {
		if (*p == '.')
			continue;
		if (up ? *p < '9' : *p > '0') {
			*p = (char)(*p + (up ? 1 : -1));
			return !(p == first && *p == '0');
		}
		*p = up ? '0' : '9';
	}
	return 0;
}

/*
 * The shortest digits that read back as v (Python's repr, David Gay's
 * rule).  At each count of digits the correctly rounded string is tried,
 * then, for a double, its neighbour on v's other side: at a power of two
 * the interval that reads back as v is lopsided, and at a tie (printf
 * rounds half to even: -2^-24 is ...0625) only that neighbour may be
 * inside it.  A float (single) keeps the correctly rounded strings only,
 * as floatfmt.c's prints (tests/test_floatfmt.c holds them equal).
 */
char *
text_shortest(char *buf, size_t len, double v, int single, char conv)
{
	int prec, most = single ? 9 : 17;
	double c;

	for (prec = 1; prec <= most; prec++) {
		/* %e counts digits after the point, %g significant ones */
		snprintf(buf, len, conv == 'e' ? "%.*e" : "%.*g", conv == 'e' ? prec - 1 : prec, v);
		if (reads_back(buf, v, single))
			break;
		c = strtod(buf, NULL);
		if (!single && prec < most && last_digit_step(buf, fabs(c) < fabs(v)) && reads_back(buf, v, single))
			break;
		snprintf(buf, len, conv == 'e' ? "%.*e" : "%.*g", conv == 'e' ? prec - 1 : prec, v);
	}
	return buf;
}

size_t
text_chars(const char *p, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += ((unsigned char)p[i] & 0xc0) != 0x80;
	return c;
}
