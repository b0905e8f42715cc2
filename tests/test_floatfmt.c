/*
 * test_floatfmt.c - floatfmt_shortest() against print_shortest(), the slow
 * reference --json writes with today: named corner cases, every exponent
 * with edge mantissas, then millions of random float32 bit patterns from a
 * fixed seed; and a timing of both (lessons --floatfmt-bench N).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../src/kernels/kernels.h"
#include "../src/util/util.h"
#include "../src/util/floatfmt.h"
#include "test.h"
#include "lessons.h"

#define RANDOM_FLOATS 2000000

static uint64_t
xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static float
of_bits(uint32_t b)
{
	float f;

	memcpy(&f, &b, 4);
	return f;
}

/* 1 when both write the same text; the first few differences are shown */
static int
same(uint32_t bits, int *shown)
{
	char a[64], b[64];
	float f = of_bits(bits);

	print_shortest(a, sizeof a, f);
	floatfmt_shortest(b, sizeof b, f);
	if (strcmp(a, b) == 0)
		return 1;
	if ((*shown)++ < 5)
		fprintf(stderr, "floatfmt: %08x: print_shortest \"%s\", floatfmt \"%s\"\n", (unsigned)bits, a, b);
	return 0;
}

void
test_floatfmt(void)
{
	static const float named[] = { 0.0f, -0.0f, 1.0f, -2.5f, 0.1f, 0.3f, 1e-5f, 1e-4f, 1e8f, 123456.0f, 1234567.0f,
	    0.43f, 1e-45f, 1.17549435e-38f, 3.4028235e38f, 16777216.0f, 0.0001f, 99999.99f, 9.9999999e-5f,
	    INFINITY, -INFINITY, NAN };
	uint64_t seed = 0x2545f4914f6cdd1dULL;
	long bad = 0, n = 0;
	int shown = 0, e, k;
	size_t i;
	char buf[FLOATFMT_LEN];

	for (i = 0; i < sizeof named / sizeof named[0]; i++) {
		uint32_t b;

		memcpy(&b, &named[i], 4);
		CHECK(same(b, &shown), "floatfmt: %.9g", (double)named[i]);
	}
	CHECK(strcmp(floatfmt_shortest(buf, sizeof buf, 1e8f), "1e+08") == 0 &&
	    strcmp(floatfmt_shortest(buf, sizeof buf, -0.0f), "-0.0") == 0 &&
	    strcmp(floatfmt_shortest(buf, sizeof buf, 0.1f), "0.1") == 0, "floatfmt: the %%g layout");
	/* every exponent, both signs, mantissas at the edges of a binade */
	for (e = 0; e < 255; e++)
		for (k = 0; k < 16; k++) {
			uint32_t m = k < 8 ? (uint32_t)k : 0x7fffff - (uint32_t)(k - 8);

			bad += !same((uint32_t)e << 23 | m, &shown);
			bad += !same(0x80000000u | (uint32_t)e << 23 | m, &shown);
			n += 2;
		}
	for (i = 0; i < RANDOM_FLOATS; i++, n++)
		bad += !same((uint32_t)xorshift(&seed), &shown);
	CHECK(bad == 0, "floatfmt: %ld of %ld floats differ from print_shortest", bad, n);
}

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);	/* CPU time: the machine is shared */
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ns per float of both, on n random finite floats and on n softmax-like weights in (0, 1) */
int
floatfmt_bench(long n)
{
	uint64_t seed = 1;
	char buf[64];
	size_t sum = 0;
	int set;

	for (set = 0; set < 2; set++) {
		double t0, t1, t2;
		long i;

		for (i = 0, t0 = seconds(), seed = 1; i < n; i++) {
			uint32_t b = (uint32_t)xorshift(&seed);
			float f = set ? (float)(b >> 8) / 16777216.0f : of_bits(b & 0xff7fffffu);

			sum += strlen(print_shortest(buf, sizeof buf, f));
		}
		for (i = 0, t1 = seconds(), seed = 1; i < n; i++) {
			uint32_t b = (uint32_t)xorshift(&seed);
			float f = set ? (float)(b >> 8) / 16777216.0f : of_bits(b & 0xff7fffffu);

			sum += strlen(floatfmt_shortest(buf, sizeof buf, f));
		}
		t2 = seconds();
		printf("%s: print_shortest %.0f ns, floatfmt_shortest %.0f ns of CPU per float (%ld floats)\n",
		    set ? "weights in [0, 1)" : "random finite bits", (t1 - t0) / n * 1e9, (t2 - t1) / n * 1e9, n);
	}
	return sum == 0;
}
