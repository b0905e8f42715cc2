/*
 * text.c - text helpers shared by every part: shapes as text.  Formats
 * here are the ones the program prints; callers choose the brackets.
 */
#include <stdio.h>

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
