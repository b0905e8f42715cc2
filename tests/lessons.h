/* lessons.h - the tests of issue 25's modules, run by tests/lessons (lessons.c). */
#ifndef LESSONS_H
#define LESSONS_H

void test_figure(const char *dir);
/* sample figures for tests/figure/run.sh's XML, PDF and viewer checks */
int figure_samples(const char *dir);

#endif
