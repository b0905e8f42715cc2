/*
 * reduce_cols.h - SumKernel.cpp's cascade_sum loops (multi_row_sum,
 * row_sum, the four paths of one 2-d block) for one element type:
 * reduce.c includes it once for float (LANES 8, the AVX2 Vectorized<float>)
 * and once for double (LANES 4), with T the type, NAME(f) the names of
 * that copy and NAME(inner_sum) its vectorized_inner_sum defined first;
 * multi_row_sum itself is reduce.c's MULTI_ROW_SUM.
 */
/*
 * multi_row_sum (SumKernel.cpp) for w columns at once: column c sums
 * x[i*rs + c*cs] over i < n with one accumulator per level, each level
 * passed up every 2^level_power rows; the columns never mix, so w only
 * changes the speed.
 */
static void
NAME(lev_cols)(T *res, const T *x, long long rs, long long cs, long long n, int w)
{
	T acc[4][32];
	long long i;
	int c;

	MULTI_ROW_SUM(long long, acc, [c], for (c = 0; c < w; c++), x[i * rs + c * cs], i, n);
	memcpy(res, acc[0], (size_t)w * sizeof *res);
}

/*
 * row_sum: the column as (n/4, 4) rows summed by multi_row_sum, the n%4
 * left over into the first partial sum, then the four partials in order;
 * for w columns at once (x[i*st + c*cs]).
 */
static void
NAME(ilp_cols)(T *res, const T *x, long long st, long long cs, long long n, int w)
{
	T acc[4][4][8];
	long long m = n / 4, i, k;
	int c, q;

	MULTI_ROW_SUM(long long, acc, [q][c], for (q = 0; q < 4; q++) for (c = 0; c < w; c++),
	    x[(i * 4 + q) * st + c * cs], i, m);
	for (k = m * 4; k < n; k++)
		for (c = 0; c < w; c++)
			acc[0][0][c] += x[k * st + c * cs];
	for (q = 1; q < 4; q++)
		for (c = 0; c < w; c++)
			acc[0][0][c] += acc[0][q][c];
	memcpy(res, acc[0][0], (size_t)w * sizeof *res);
}

/* out[j*os] += r[j]: CastStoreAccumulate (the output starts at zero) */
static void
NAME(add_out)(T *out, long long os, const T *r, int w)
{
	int c;

	for (c = 0; c < w; c++)
		out[c * os] += r[c];
}

/* cascade_sum's loop over one 2-d block (SumKernel.cpp), strides in elements */
static void
NAME(sum_block)(void *ctx, const long long *off, long long n0, long long n1, const long long *s0,
    const long long *s1)
{
	T **pp = ctx, *out = pp[0] + off[0], r[32];
	const T *in = pp[1] + off[1];
	long long os0 = s0[0], is0 = s0[1], os1 = s1[0], is1 = s1[1], j, k, t;

	if (os0 != 0 && os1 == 0) {	/* the reduction first */
		t = is0, is0 = is1, is1 = t;
		t = os0, os0 = os1, os1 = t;
		t = n0, n0 = n1, n1 = t;
	}
	if (os0 != 0 && os1 != 0) {	/* not a true reduction: out += in */
		for (j = 0; j < n1; j++)
			for (k = 0; k < n0; k++)
				out[j * os1 + k * os0] += in[j * is1 + k * is0];
		return;
	}
	if (is0 == 1 && n0 >= LANES) {	/* vectorized_inner_sum: rows are independent */
		NAME(inner_sum)(out, os1, in, is1, n0, n1);
	} else if (is1 == 1 && n1 >= LANES) {	/* vectorized_outer_sum: 4 vectors of columns, then 1 */
		for (j = 0; j + 4 * LANES <= n1 && !interrupt_pending; j += 4 * LANES) {
			NAME(lev_cols)(r, in + j, is0, 1, n0, 4 * LANES);
			NAME(add_out)(out + j * os1, os1, r, 4 * LANES);
		}
		for (; j + LANES <= n1; j += LANES) {
			NAME(ilp_cols)(r, in + j, is0, 1, n0, LANES);
			NAME(add_out)(out + j * os1, os1, r, LANES);
		}
		for (; j < n1; j++) {
			NAME(ilp_cols)(r, in + j, is0, 1, n0, 1);
			out[j * os1] += r[0];
		}
	} else if (is0 < is1) {		/* scalar_inner_sum */
		for (j = 0; j < n1 && !interrupt_pending; j++) {
			NAME(ilp_cols)(r, in + j * is1, is0, 0, n0, 1);
			out[j * os1] += r[0];
		}
	} else {			/* scalar_outer_sum */
		for (j = 0; j + 3 < n1 && !interrupt_pending; j += 4) {
			NAME(lev_cols)(r, in + j * is1, is0, is1, n0, 4);
			NAME(add_out)(out + j * os1, os1, r, 4);
		}
		for (; j < n1; j++) {
			NAME(ilp_cols)(r, in + j * is1, is0, 0, n0, 1);
			out[j * os1] += r[0];
		}
	}
}

