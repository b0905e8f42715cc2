/*
 * util - the part every other part may use: messages in one format
 * (attn-explain: FILE:LINE:COL: ...), allocation that cannot fail silently,
 * growing strings, did-you-mean suggestions, files written whole or not at
 * all (outfile.h), float32 numbers as their shortest text (floatfmt.h).  It
 * knows nothing of tensors,
 * inputs or the terminal, and includes no other part.
 *
 * Parts, left to right; a part includes only the public header of a part to
 * its left (tests/layers.sh checks includes and calls):
 *   util < kernels < pipeline < py < teach < repl < main.c
 */
#ifndef UTIL_H
#define UTIL_H

#include "diag.h"
#include "outfile.h"
#include "floatfmt.h"

#endif
