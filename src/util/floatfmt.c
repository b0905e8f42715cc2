/*
 * floatfmt.c - the shortest float32 text without snprintf: the float's
 * exact value m * 2^e is the integer m * 5^-e (or m << e) times a power of
 * ten, held in a small big integer and cut to at most 19 leading digits and
 * a sticky flag for the rest; each precision p = 1 .. 8 rounds those digits
 * half-even (printf's rounding of the exact value), and the candidate is
 * read back as strtod would: for q * 10^k with |k| <= 22 one IEEE
 * operation on exact doubles gives strtod's double exactly (Clinger), and
 * the rare others ask strtod itself.  Identical to print_shortest() on
 * every float32 (tests/test_floatfmt.c walks millions of them).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "floatfmt.h"

#define LIMBS 14			/* 2^24 * 5^149 < 2^371: 12 limbs of 32 bits */

static const uint64_t pow10_u64[20] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
	1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
	1000000000000000000ULL, 10000000000000000000ULL,
};

/* the powers of ten a double holds exactly */
static const double pow10_exact[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static const uint32_t pow5_u32[14] = {
	1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625, 1220703125,
};

/* A float's exact value: (q + a fraction, nonzero iff sticky) * 10^e10, q < 10^19 of n digits. */
struct digits {
	uint64_t q;
	int n, sticky, e10;
};

struct big {
	uint32_t d[LIMBS];		/* little-endian limbs */
	int n;				/* used; d[n - 1] != 0 */
};

static void
big_mul(struct big *b, uint32_t k)
{
	uint64_t c = 0;
	int i;

	for (i = 0; i < b->n; i++) {
		c += (uint64_t)b->d[i] * k;
		b->d[i] = (uint32_t)c;
		c >>= 32;
	}
	if (c != 0)
		b->d[b->n++] = (uint32_t)c;
}

static uint32_t
big_div(struct big *b, uint32_t k)
{
	uint64_t r = 0;
	int i;

	for (i = b->n - 1; i >= 0; i--) {
		r = r << 32 | b->d[i];
		b->d[i] = (uint32_t)(r / k);
		r %= k;
	}
	while (b->n > 0 && b->d[b->n - 1] == 0)
		b->n--;
	return (uint32_t)r;
}

static int ndigits(uint64_t q);

/* The exact value of a finite, nonzero |f| (its bits). */
static void
exact_digits(uint32_t bits, struct digits *x)
{
	uint32_t m = bits & 0x7fffff, be = bits >> 23 & 0xff;
	int e = be == 0 ? -149 : (int)be - 150, k;
	struct big b;

	if (be != 0)
		m |= 0x800000;
	while ((m & 1) == 0) {
		m >>= 1;
		e++;
	}
	memset(&b, 0, sizeof b);
	b.d[0] = m;
	b.n = 1;
	x->e10 = 0;
	if (e >= 0) {			/* m << e: a whole number, up to 2^128 */
		for (k = e; k > 0; k -= k > 31 ? 31 : k)
			big_mul(&b, 1u << (k > 31 ? 31 : k));
	} else {			/* m / 2^-e = m * 5^-e / 10^-e */
		for (k = -e; k > 0; k -= k > 13 ? 13 : k)
			big_mul(&b, pow5_u32[k > 13 ? 13 : k]);
		x->e10 = e;
	}
	x->sticky = 0;
	while (b.n > 2 || (b.n == 2 && ((uint64_t)b.d[1] << 32 | b.d[0]) >= pow10_u64[19])) {
		x->sticky |= big_div(&b, 1000000000u) != 0;
		x->e10 += 9;
	}
	x->q = b.n == 1 ? b.d[0] : (uint64_t)b.d[1] << 32 | b.d[0];
	x->n = ndigits(x->q);
}

static int
ndigits(uint64_t q)
{
	int n = 1;

	while (n < 20 && q >= pow10_u64[n])
		n++;
	return n;
}

/* q * 10^k (q without trailing zeros) as "%.Pg" lays it out; returns the length. */
static size_t
layout_g(char *b, int neg, uint64_t q, int k, int P)
{
	char s[24], *p = b;
	int n = ndigits(q), x = k + n - 1, i;

	for (i = n - 1; i >= 0; i--, q /= 10)
		s[i] = (char)('0' + q % 10);
	if (neg)
		*p++ = '-';
	if (x >= -4 && x < P) {
		if (x >= 0) {
			for (i = 0; i <= x; i++)
				*p++ = i < n ? s[i] : '0';
			if (n > x + 1)
				*p++ = '.';
			for (i = x + 1; i < n; i++)
				*p++ = s[i];
		} else {
			*p++ = '0';
			*p++ = '.';
			for (i = 0; i < -x - 1; i++)
				*p++ = '0';
			for (i = 0; i < n; i++)
				*p++ = s[i];
		}
	} else {
		*p++ = s[0];
		if (n > 1)
			*p++ = '.';
		for (i = 1; i < n; i++)
			*p++ = s[i];
		*p++ = 'e';
		*p++ = x < 0 ? '-' : '+';
		x = x < 0 ? -x : x;
		if (x >= 100)
			*p++ = (char)('0' + x / 100);
		*p++ = (char)('0' + x / 10 % 10);
		*p++ = (char)('0' + x % 10);
	}
	*p = '\0';
	return (size_t)(p - b);
}

/* x rounded half-even to p digits (printf's rounding of the exact value), trailing zeros dropped: *q * 10^*k. */
static void
round_to(const struct digits *x, int p, uint64_t *q, int *k)
{
	*q = x->q;
	*k = x->e10;
	if (x->n > p) {
		uint64_t div = pow10_u64[x->n - p], r = x->q % div, half = div / 2;

		*q = x->q / div;
		*k = x->e10 + x->n - p;
		if (r > half || (r == half && (x->sticky || (*q & 1))))
			(*q)++;
		if (*q == pow10_u64[p]) {
			*q = pow10_u64[p - 1];
			(*k)++;
		}
	}
	while (*q % 10 == 0) {
		*q /= 10;
		(*k)++;
	}
}

/* Does Q rounded to p digits read back (strtod, then to float) as f (positive)? */
static int
reads_back(const struct digits *x, int p, float f)
{
	char text[FLOATFMT_LEN];
	uint64_t q;
	double v;
	int k;

	round_to(x, p, &q, &k);
	if (k >= -22 && k <= 22) {	/* q < 2^53 and 10^|k| exact: one rounding, strtod's */
		v = k >= 0 ? (double)q * pow10_exact[k] : (double)q / pow10_exact[-k];
	} else {
		layout_g(text, 0, q, k, p);
		v = strtod(text, NULL);
	}
	return (float)v == f;
}

/*
 * The smallest p in 1 .. 8 that reads back, else 9.  The error of the
 * p-digit rounding never grows with p (a p-digit number is a (p+1)-digit
 * one), and reading back is a bound on that error, the same on both sides
 * of f unless f is a power of two above the smallest normal (its lower
 * neighbour is nearer): then p goes up one at a time, as print_shortest's
 * loop does; else a binary search finds the same p in 3 or 4 reads.
 */
static int
shortest_p(const struct digits *x, float f, uint32_t bits)
{
	int lo = 1, hi = 9, mid;

	if ((bits & 0x7fffff) == 0 && (bits >> 23 & 0xff) > 1) {
		for (mid = 1; mid < 9 && !reads_back(x, mid, f); mid++)
			;
		return mid;
	}
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (reads_back(x, mid, f))
			hi = mid;
		else
			lo = mid + 1;
	}
	return hi;
}

char *
floatfmt_shortest(char *buf, size_t len, float f)
{
	char out[FLOATFMT_LEN];
	struct digits x;
	uint32_t bits;
	uint64_t q;
	int p, k;

	memcpy(&bits, &f, 4);
	if (!isfinite(f) || f == 0) {
		if (f == 0)
			snprintf(buf, len, "%s", signbit(f) ? "-0.0" : "0");
		else
			snprintf(buf, len, "%.9g", (double)f);	/* "inf", "-inf", "nan", "-nan" */
		return buf;
	}
	bits &= 0x7fffffff;
	exact_digits(bits, &x);
	p = shortest_p(&x, fabsf(f), bits);
	round_to(&x, p, &q, &k);
	layout_g(len >= FLOATFMT_LEN ? buf : out, signbit(f) != 0, q, k, p);
	if (len < FLOATFMT_LEN && len > 0) {	/* cut, as snprintf would */
		size_t n = strlen(out) < len - 1 ? strlen(out) : len - 1;

		memcpy(buf, out, n);
		buf[n] = '\0';
	}
	return buf;
}
