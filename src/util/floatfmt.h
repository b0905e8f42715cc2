/*
 * floatfmt.h - a float32 as the shortest text that reads back to it, fast:
 * the same bytes as kernels' print_shortest() (which tries "%.1g" ..
 * "%.8g" with snprintf and strtod until one reads back, else "%.9g"), made
 * with integer arithmetic: the exact decimal digits of the float, rounded
 * half-even as printf rounds, laid out as %g lays out, and read back in
 * one IEEE multiplication or division where that is exact (Clinger's fast
 * path) instead of strtod.  For --json and anything that writes numbers in
 * bulk.
 */
#ifndef FLOATFMT_H
#define FLOATFMT_H

#include <stddef.h>

#define FLOATFMT_LEN 24		/* enough for any float32: "-1.17549435e-38" */

/*
 * f as print_shortest() writes it ("0.43", "1e-05", "-0.0", "3", "inf",
 * "nan"), into buf of len bytes (FLOATFMT_LEN is always enough); returns buf.
 */
char *floatfmt_shortest(char *buf, size_t len, float f);

#endif
