/* unit.c - runs every C unit test and prints one line: "N passed, M failed". */
#include <stdio.h>

#include "test.h"

int test_passed, test_failed;

int
main(void)
{
	test_tensor();
	test_kernels();
	test_mm_order();
	test_print();
	test_rng();
	test_expr();
	test_stage();
	test_softmax_scaled();
	test_settings();
	test_json_syntax();
	test_readprint();
	test_why();
	test_check();
	test_reduce();
	test_py();
	printf("unit: %d passed, %d failed\n", test_passed, test_failed);
	return test_failed != 0;
}
