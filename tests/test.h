/* test.h - the smallest test harness that can fail. */
#ifndef TEST_H
#define TEST_H

#include <stdio.h>

extern int test_passed, test_failed;

/* CHECK(cond, fmt, ...): count a pass, or report where and why it failed
 * (test_fail, unit.c: every line indented, as the runners of tests/ indent
 * what follows a "not ok" line). */
#define CHECK(cond, ...) do { \
	if (cond) { test_passed++; } else { test_failed++; \
		test_fail(__FILE__, __LINE__, __VA_ARGS__); } \
} while (0)

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void test_fail(const char *file, int line, const char *fmt, ...);
/* The whole of path, NUL-terminated, or NULL: free() it (tests/test.c). */
char *test_slurp(const char *path);

void test_tensor(void);
void test_kernels(void);
void test_mm_order(void);
void test_tanh_lanes(void);
void test_print(void);
void test_rng(void);
void test_expr(void);
void test_stage(void);
void test_softmax_scaled(void);
void test_settings(void);
void test_json_syntax(void);
void test_readprint(void);
void test_why(void);
void test_check(void);
void test_reduce(void);
void test_py(void);
void test_bind_rows(void);
/* tests/modelrun's (test_forward.c) */
void test_forward(const char *dir);
void test_norm_kernels(const char *dir);

#endif
