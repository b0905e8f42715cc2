/* unit.c - runs every C unit test function from one table and prints, like
 * every runner of tests/, "ok NAME (N checks)" or "not ok NAME" after each
 * function (its failed checks indented above it), then one count line,
 * "unit: N passed, M failed", that tests/run.sh adds to its total. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "test.h"


static const struct {
	const char *name;
	void (*run)(void);
} unit_tests[] = {
	{"tensor", test_tensor},
	{"kernels", test_kernels},
	{"mm_order", test_mm_order},
	{"tanh_lanes", test_tanh_lanes},
	{"print", test_print},
	{"rng", test_rng},
	{"expr", test_expr},
	{"stage", test_stage},
	{"softmax_scaled", test_softmax_scaled},
	{"settings", test_settings},
	{"json_syntax", test_json_syntax},
	{"readprint", test_readprint},
	{"why", test_why},
	{"check", test_check},
	{"reduce", test_reduce},
	{"py", test_py},
	{"bind_rows", test_bind_rows},
};

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof unit_tests / sizeof unit_tests[0]; i++) {
		int passed = test_passed, failed = test_failed;

		unit_tests[i].run();
		/* the failures went to stderr, unbuffered: flush ours to keep the order */
		fflush(stderr);
		if (test_failed == failed)
			printf("ok unit %s (%d checks)\n", unit_tests[i].name, test_passed - passed);
		else
			printf("not ok unit %s (%d of %d checks failed)\n", unit_tests[i].name,
			    test_failed - failed, test_failed - failed + test_passed - passed);
		fflush(stdout);
	}
	printf("unit: %d passed, %d failed\n", test_passed, test_failed);
	return test_failed != 0;
}
