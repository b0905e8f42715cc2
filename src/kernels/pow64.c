/*
 * pow64.c - SLEEF's powd4_u10 in one lane, as PyTorch 1.13's AVX2
 * Vectorized<double>::pow runs it (x ** y for the elements its vector
 * loop takes; the scalar tails call std::pow, elementwise.c): xpow of
 * sleefsimddp.c (SLEEF 3.5, the submodule PyTorch 1.13 builds) with
 * logk and expk in double-double (pairs hi + lo), every multiply-add
 * fused as the AVX2 build of SLEEF fuses it (dd.h's ENABLE_FMA_DP forms,
 * Estrin's polynomials), FULL_FP_ROUNDING's integer tests.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tensor.h"
#include "kern.h"

/* a double-double, hi + lo */
struct dd {
	double x, y;
};

#define dd_of(hi, lo) ((struct dd){ (hi), (lo) })

static struct dd
add2_d_d(double x, double y)	/* ddadd2_vd2_vd_vd */
{
	double s = x + y, v = s - x;

	return dd_of(s, (x - (s - v)) + (y - v));
}

static struct dd
add2_dd_d(struct dd x, double y)	/* ddadd2_vd2_vd2_vd */
{
	double s = x.x + y, v = s - x.x, w = (x.x - (s - v)) + (y - v);

	return dd_of(s, w + x.y);
}

static struct dd
add_dd_dd(struct dd x, struct dd y)	/* ddadd_vd2_vd2_vd2, |x| >= |y| */
{
	double s = x.x + y.x;

	return dd_of(s, (((x.x - s) + y.x) + x.y) + y.y);
}

static struct dd
add_d_dd(double x, struct dd y)	/* ddadd_vd2_vd_vd2 */
{
	double s = x + y.x;

	return dd_of(s, ((x - s) + y.x) + y.y);
}

static struct dd
mul_dd_d(struct dd x, double y)	/* ddmul_vd2_vd2_vd */
{
	double s = x.x * y;

	return dd_of(s, fma(x.y, y, fma(x.x, y, -s)));
}

static struct dd
mul_dd_dd(struct dd x, struct dd y)	/* ddmul_vd2_vd2_vd2 */
{
	double s = x.x * y.x;

	return dd_of(s, fma(x.x, y.y, fma(x.y, y.x, fma(x.x, y.x, -s))));
}

static struct dd
squ(struct dd x)	/* ddsqu_vd2_vd2 */
{
	double s = x.x * x.x;

	return dd_of(s, fma(x.x + x.x, x.y, fma(x.x, x.x, -s)));
}

static struct dd
div_dd(struct dd n, struct dd d)	/* dddiv_vd2_vd2_vd2 */
{
	double t = 1.0 / d.x, s = n.x * t, u = fma(t, n.x, -s);
	double v = fma(-d.y, t, fma(-d.x, t, 1));

	return dd_of(s, fma(s, v, fma(n.y, t, u)));
}

/* the high 32-bit word of d plus q << 20 (vldexp3_vd_vd_vi); d's exponent field less 0x3ff (vilogb2k_vi_vd) */
static double
ldexp3(double d, int32_t q)
{
	uint64_t b;

	memcpy(&b, &d, sizeof b);
	b = ((uint64_t)((uint32_t)(b >> 32) + ((uint32_t)q << 20)) << 32) | (b & 0xffffffffu);
	memcpy(&d, &b, sizeof d);
	return d;
}

static int32_t
ilogb2k(double d)
{
	union { double d; uint64_t u; } v = { d };

	return (int32_t)((v.u >> 52) & 0x7ff) - 0x3ff;
}

/* logk: log(d) as a double-double, d >= 0 */
static struct dd
logk(double d)
{
	int o = d < DBL_MIN;
	int32_t e;
	double m, t, x2x, x4, x8, x16;
	struct dd x, x2, s;

	if (o)
		d = d * ((double)(INT64_C(1) << 32) * (double)(INT64_C(1) << 32));
	e = ilogb2k(d * (1.0 / 0.75));
	m = ldexp3(d, (int32_t)(0u - (uint32_t)e));
	if (o)
		e -= 64;
	x = div_dd(add2_d_d(-1, m), add2_d_d(1, m));
	x2 = squ(x);
	x2x = x2.x;
	x4 = x2x * x2x;
	x8 = x4 * x4;
	x16 = x8 * x8;
	t = fma(x16, 0.116255524079935043668677,
	    fma(x8, fma(x4, fma(x2x, 0.103239680901072952701192, 0.117754809412463995466069),
	    fma(x2x, 0.13332981086846273921509, 0.153846227114512262845736)),
	    fma(x4, fma(x2x, 0.181818180850050775676507, 0.222222222230083560345903),
	    fma(x2x, 0.285714285714249172087875, 0.400000000000000077715612))));
	s = mul_dd_d(dd_of(0.693147180559945286226764, 2.319046813846299558417771e-17), (double)e);
	s = add_dd_dd(s, dd_of(x.x * 2, x.y * 2));
	x = mul_dd_dd(x2, x);
	s = add_dd_dd(s, mul_dd_dd(x, dd_of(0.666666666666666629659233, 3.80554962542412056336616e-17)));
	x = mul_dd_dd(x2, x);
	return add_dd_dd(s, mul_dd_d(x, t));
}

/* expk: exp of a double-double */
static double
expk(struct dd d)
{
	double u = (d.x + d.y) * 1.442695040888963407359924681001892137426645954152985934135449406931;
	double dq = nearbyint(u), s2, s4, s8, sx;
	int32_t q = kern_cvt_i32(dq);
	struct dd s, t;

	s = add2_dd_d(d, dq * -.69314718055966295651160180568695068359375);
	s = add2_dd_d(s, dq * -.28235290563031577122588448175013436025525412068e-12);
	sx = s.x + s.y;	/* ddnormalize */
	s = dd_of(sx, (s.x - sx) + s.y);
	s2 = s.x * s.x;
	s4 = s2 * s2;
	s8 = s4 * s4;
	u = fma(s8, fma(s.x, 2.51069683420950419527139e-08, 2.76286166770270649116855e-07),
	    fma(s4, fma(s2, fma(s.x, 2.75572496725023574143864e-06, 2.48014973989819794114153e-05),
	    fma(s.x, 0.000198412698809069797676111, 0.0013888888939977128960529)),
	    fma(s2, fma(s.x, 0.00833333333332371417601081, 0.0416666666665409524128449),
	    fma(s.x, 0.166666666666666740681535, 0.500000000000000999200722))));
	t = add_d_dd(1, s);
	t = add_dd_dd(t, mul_dd_d(squ(s), u));
	u = t.x + t.y;
	u = u * kern_pow2i(q >> 1) * kern_pow2i(q - (q >> 1));	/* vldexp2_vd_vd_vi */
	return d.x < -1000 ? 0.0 : u;
}

double
tensor_sleef_pow(double x, double y)
{
	int yisint = trunc(y) == y, yisodd = trunc(y * 0.5) != y * 0.5 && yisint;
	struct dd d = mul_dd_d(logk(fabs(x)), y);
	double result = expk(d), efx;

	if (d.x > 709.78271114955742909217217426)
		result = INFINITY;
	result = result * (x > 0 ? 1.0 : !yisint ? NAN : yisodd ? -1.0 : 1.0);
	efx = signbit(y) ? -(fabs(x) - 1) : fabs(x) - 1;	/* vmulsign_vd_vd_vd(|x| - 1, y) */
	if (isinf(y))
		result = efx < 0 ? 0.0 : efx == 0 ? 1.0 : INFINITY;
	if (isinf(x) || x == 0)
		result = (yisodd ? copysign(1.0, x) : 1.0) * ((x == 0 ? -y : y) < 0 ? 0.0 : INFINITY);
	if (isnan(x) || isnan(y))
		result = NAN;
	if (y == 0 || x == 1)
		result = 1;
	return result;
}
