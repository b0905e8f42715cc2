/*
 * split.c - PyTorch's intra-op thread count (at::get_num_threads(): its
 * default here, or what torch.set_num_threads set) and the chunks
 * at::parallel_for cuts a range into for that many OpenMP threads
 * (ParallelOpenMP.h's invoke_parallel).  The kernels compute the chunks
 * one after the other, on one CPU: only the order of the arithmetic is
 * PyTorch's, so the bits are those its threads would have printed.  Also
 * the walk of _vec_softmax, whose vector groups start at each chunk's cut.
 */
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "../util/util.h"
#include "tensor.h"
#include "kern.h"

static int intraop;		/* torch.set_num_threads(n), or 0: the default */

/*
 * PyTorch 1.13's default (ParallelCommon.cpp's intraop_default_num_threads,
 * c10's defaultNumThreads): MKL_NUM_THREADS, else OMP_NUM_THREADS, read as
 * std::stoi reads them, when positive; else half the CPUs online (x86-64),
 * at least 1.  Read once, as PyTorch reads it at import.
 */
static int
default_threads(void)
{
	static int cached;
	const char *v, *names[] = { "MKL_NUM_THREADS", "OMP_NUM_THREADS" };
	long n, cpus;
	int i;

	if (cached > 0)
		return cached;
	for (i = 0; i < 2 && cached == 0; i++)
		if ((v = getenv(names[i])) != NULL && (n = strtol(v, NULL, 10)) > 0 && n <= INT_MAX)
			cached = (int)n;
	if (cached == 0) {
		cpus = sysconf(_SC_NPROCESSORS_ONLN) / 2;
		cached = cpus > 1 ? (cpus < INT_MAX ? (int)cpus : INT_MAX) : 1;
	}
	return cached;
}

void
tensor_set_intraop_threads(int n)
{
	intraop = n > 0 ? n : 0;
}

int
tensor_intraop_threads(void)
{
	return intraop > 0 ? intraop : default_threads();
}

/*
 * at::parallel_for(0, n, grain, f) (Parallel-inl.h, ParallelOpenMP.h):
 * one call f(0, n) unless n > grain, n > 1 and more than one thread; else
 * min(threads, ceil(n / grain)) threads (grain 0: all of them), thread t
 * taking [t * c, min(n, (t + 1) * c)) with c = ceil(n / that many),
 * those starting at or past n nothing.  Returns c; *chunks: how many
 * chunks are not empty, in order of t.
 */
long long
tensor_split(long long n, long long grain, long long *chunks)
{
	long long t = tensor_intraop_threads(), c;

	if (n <= grain || n <= 1 || t <= 1) {
		*chunks = 1;
		return n;
	}
	if (grain > 0 && t > (n + grain - 1) / grain)
		t = (n + grain - 1) / grain;
	c = (n + t - 1) / t;
	*chunks = (n + c - 1) / c;
	return c;
}

/*
 * _vec_softmax's walk (SoftMaxKernel.cpp): at::parallel_for over the
 * outer * inner columns of a softmax along a middle dim, grain
 * GRAIN_SIZE / n (measured: not 1); each thread from its chunk's first column on,
 * `lanes` columns with vectors where they lie in one block and end in its
 * chunk (fn(c, at, 1): columns j .. j + lanes - 1 of block o, at = the
 * element o * n * inner + j), else one column by the scalar tail
 * (fn(c, at, 0)).  With one thread the
 * groups start at each block's column 0; a chunk's cut moves them.
 */
void
kern_softmax_walk(const struct kern_cols *c, size_t outer, size_t lanes,
    void (*fn)(const struct kern_cols *c, size_t at, int vec))
{
	size_t n = c->n, inner = c->inner;
	long long total = (long long)(outer * inner), nc, ch, t, idx, end;

	ch = tensor_split(total, n > 0 ? TENSOR_GRAIN / (long long)n : 1, &nc);
	for (t = 0; t < nc; t++) {
		end = t * ch + ch < total ? t * ch + ch : total;
		for (idx = t * ch; idx < end && !interrupt_pending;) {	/* Ctrl-C: the caller drops it */
			size_t o = (size_t)idx / inner, j = (size_t)idx % inner;
			int vec = j + lanes <= inner && idx + (long long)lanes <= end;

			fn(c, o * n * inner + j, vec);
			idx += vec ? (long long)lanes : 1;
		}
	}
}
