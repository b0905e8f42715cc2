/*
 * lessons.c - the test driver of issue 25's modules (figures, binary
 * export, fast numbers), apart from tests/unit while those modules are not
 * yet wired into the program.  "lessons DIR" runs the checks, writing its
 * files under DIR; "lessons --samples DIR" writes sample figures for
 * tests/figure/run.sh, "--export-samples DIR" sample .npz and safetensors
 * files for tests/export/run.sh, "--floatfmt-bench N" times both number
 * writers on N floats.  Ends with "lessons: N passed, M failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/teach/figure.h"
#include "test.h"
#include "lessons.h"


char *
lessons_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static int
samples(const char *dir)
{
	int rc = figure_samples(dir);

	figure_release();
	return rc != 0;
}

int
main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--samples") == 0)
		return samples(argv[2]);
	if (argc == 3 && strcmp(argv[1], "--export-samples") == 0)
		return export_samples(argv[2]) != 0;
	if (argc == 3 && strcmp(argv[1], "--floatfmt-bench") == 0)
		return floatfmt_bench(atol(argv[2]));
	if (argc != 2) {
		fprintf(stderr, "usage: lessons DIR | lessons --samples DIR | lessons --export-samples DIR | lessons --floatfmt-bench N\n");
		return 2;
	}
	test_figure(argv[1]);
	test_export(argv[1]);
	test_floatfmt();
	figure_release();
	printf("lessons: %d passed, %d failed\n", test_passed, test_failed);
	return test_failed != 0;
}
