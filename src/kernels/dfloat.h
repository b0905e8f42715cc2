/*
 * dfloat.h - SLEEF's double-float arithmetic (df.h) on one float lane: a
 * value as a pair hi + lo, in the forms SLEEF's AVX2 build compiles
 * (fused multiply-adds where it fuses).  Internal to kernels: the powf of
 * elementwise.c and the logf of logsoftmax.c stand on it.
 */
#ifndef DFLOAT_H
#define DFLOAT_H

#include <math.h>

struct df {
	float x, y;
};

static inline struct df
df_add2_ff(float x, float y)	/* dfadd2_vf2_vf_vf */
{
	struct df r;
	float v;

	r.x = x + y;
	v = r.x - x;
	r.y = (x - (r.x - v)) + (y - v);
	return r;
}

static inline struct df
df_add2_df_f(struct df x, float y)	/* dfadd2_vf2_vf2_vf */
{
	struct df r;
	float v;

	r.x = x.x + y;
	v = r.x - x.x;
	r.y = (x.x - (r.x - v)) + (y - v);
	r.y = r.y + x.y;
	return r;
}

static inline struct df
df_add2_dfdf(struct df x, struct df y)	/* dfadd2_vf2_vf2_vf2 */
{
	struct df r;
	float v;

	r.x = x.x + y.x;
	v = r.x - x.x;
	r.y = (x.x - (r.x - v)) + (y.x - v);
	r.y = r.y + (x.y + y.y);
	return r;
}

static inline struct df
df_add_dfdf(struct df x, struct df y)	/* dfadd_vf2_vf2_vf2 */
{
	struct df r;

	r.x = x.x + y.x;
	r.y = (((x.x - r.x) + y.x) + x.y) + y.y;
	return r;
}

static inline struct df
df_add_f_df(float x, struct df y)	/* dfadd_vf2_vf_vf2 */
{
	struct df r;

	r.x = x + y.x;
	r.y = ((x - r.x) + y.x) + y.y;
	return r;
}

static inline struct df
df_mul_df_f(struct df x, float y)	/* dfmul_vf2_vf2_vf, FMA form */
{
	struct df r;

	r.x = x.x * y;
	r.y = fmaf(x.y, y, fmaf(x.x, y, -r.x));
	return r;
}

static inline struct df
df_mul_dfdf(struct df x, struct df y)	/* dfmul_vf2_vf2_vf2, FMA form */
{
	struct df r;

	r.x = x.x * y.x;
	r.y = fmaf(x.x, y.y, fmaf(x.y, y.x, fmaf(x.x, y.x, -r.x)));
	return r;
}

static inline struct df
df_squ(struct df x)	/* dfsqu_vf2_vf2, FMA form */
{
	struct df r;

	r.x = x.x * x.x;
	r.y = fmaf(x.x + x.x, x.y, fmaf(x.x, x.x, -r.x));
	return r;
}

static inline struct df
df_div(struct df n, struct df d)	/* dfdiv_vf2_vf2_vf2, FMA form */
{
	struct df q;
	float t = 1.0f / d.x, u;

	q.x = n.x * t;
	u = fmaf(t, n.x, -q.x);
	q.y = fmaf(-d.y, t, fmaf(-d.x, t, 1.0f));
	q.y = fmaf(q.x, q.y, fmaf(n.y, t, u));
	return q;
}

static inline struct df
df_add_df_f(struct df x, float y)	/* dfadd_vf2_vf2_vf */
{
	struct df r;

	r.x = x.x + y;
	r.y = ((x.x - r.x) + y) + x.y;
	return r;
}

#endif
