/*
 * util - the part every other part may use: messages in one format
 * (attn-explain: FILE:LINE:COL: ...), allocation that cannot fail silently,
 * growing strings, did-you-mean suggestions (diag.h); the Ctrl-C flag
 * (interrupt.h); text helpers (text.h); files written whole or not at all
 * (outfile.h); files read whole (readfile.h); float32 numbers as their
 * shortest text, fast (floatfmt.h).  It knows nothing of tensors,
 * inputs or the terminal, and includes no other part.
 *
 * Parts, left to right; a part includes only the public header of a part to
 * its left (tests/layers.sh checks includes and calls):
 *   util < kernels < pipeline < model < py < teach < repl < main.c
 */
#ifndef UTIL_H
#define UTIL_H

#include <limits.h>

#include "diag.h"
#include "interrupt.h"
#include "text.h"
#include "outfile.h"
#include "readfile.h"
#include "floatfmt.h"

/*
 * 2^63 as a double: the first double past the int64 range, whose integer
 * ends are LLONG_MIN (-2^63) and LLONG_MAX; torch's casts and Python's
 * integers check against it.
 */
#define UTIL_INT64_LIMIT 9223372036854775808.0

#endif
