/* lessons.h - the tests of issue 25's modules, run by tests/lessons (lessons.c). */
#ifndef LESSONS_H
#define LESSONS_H

/* DIR/NAME; free() it */
char *lessons_path(const char *dir, const char *name);

void test_figure(const char *dir);
/* sample figures for tests/figure/run.sh's XML, PDF and viewer checks */
int figure_samples(const char *dir);

void test_export(const char *dir);
/* sample .npz and safetensors files and their expected bits, for tests/export/check.py */
int export_samples(const char *dir);

void test_floatfmt(void);
/* ns per float of print_shortest and floatfmt_shortest */
int floatfmt_bench(long n);

#endif
