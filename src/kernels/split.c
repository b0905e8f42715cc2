/*
 * split.c - PyTorch's intra-op thread count (at::get_num_threads(): its
 * default here, or what torch.set_num_threads set) and the chunks
 * at::parallel_for cuts a range into for that many OpenMP threads
 * (ParallelOpenMP.h's invoke_parallel).  The kernels compute the chunks
 * one after the other, on one CPU: only the order of the arithmetic is
 * PyTorch's, so the bits are those its threads would have printed.
 */
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

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
kern_split(long long n, long long grain, long long *chunks)
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
