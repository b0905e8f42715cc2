/* tensor.c - float32 tensors: their memory, the second thread, and the arithmetic kernels. */
#define _GNU_SOURCE		/* CPU affinity (Linux): sched_getcpu, pthread_setaffinity_np */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../util/util.h"
#include "tensor.h"

/*
 * The second thread.  Between tensor_threads(1) and tensor_threads(0) (a
 * stage run) one worker waits on a condition variable for halves of jobs:
 * waking it takes tens of microseconds, where a thread newly created
 * often starts only when its parent's CPU is free again, milliseconds
 * later, the two halves then running one after the other.  Outside that
 * window, two_threads() creates a thread per call: the REPL forks, and a
 * forked child has no worker.
 *
 * When it has no half to run, the worker faults in the arena that the
 * run is about to fill (MADV_POPULATE_WRITE: the contents stay untouched,
 * so the caller may write there meanwhile), from its end, since the caller
 * fills it from the start, and 2 MiB at a time, so that a half waits at
 * most that long.  The kernel's zeroing of fresh pages, a third of a
 * GPT-sized run when each stage faults its own, then overlaps the
 * single-threaded random draws instead.
 *
 * The two threads are kept on different CPUs for the run (Linux): the
 * main thread on the CPU it is on, the worker on the others it may use.
 * Left to itself, the scheduler here often woke the worker on the main
 * thread's CPU, and the two halves of a product shared one CPU while the
 * other idled: on minGPT sizes, 4.5 ms products took 10 ms, and whole runs
 * 41 to 80 ms instead of 40 to 43.  The main thread's own CPU set comes
 * back at tensor_threads(0).
 */
#define POP_STEP ((size_t)2 << 20)

static struct {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t wake, done;
	void *(*fn)(void *);	/* the half posted */
	void *arg;
	int half;		/* 0 none, 1 posted, 2 running */
	int quit, alive;
	char *pop;		/* the range to fault in, and its bytes not yet done */
	size_t left;
#ifdef __linux__
	cpu_set_t cpus;		/* the main thread's CPUs before the run */
	int pinned;
#endif
} worker = { .mu = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER,
	.done = PTHREAD_COND_INITIALIZER };

static void *
worker_loop(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&worker.mu);
	for (;;) {
		while (!worker.quit && worker.half != 1 && worker.left == 0)
			pthread_cond_wait(&worker.wake, &worker.mu);
		if (worker.half == 1) {
			worker.half = 2;
			pthread_mutex_unlock(&worker.mu);
			worker.fn(worker.arg);
			pthread_mutex_lock(&worker.mu);
			worker.half = 0;
			pthread_cond_broadcast(&worker.done);
		} else if (worker.left > 0) {
			size_t len = worker.left < POP_STEP ? worker.left : POP_STEP;
			char *p = worker.pop + worker.left - len;
			int bad;

			pthread_mutex_unlock(&worker.mu);
#ifdef MADV_POPULATE_WRITE
			bad = madvise(p, len, MADV_POPULATE_WRITE) != 0;	/* Linux < 5.14: EINVAL */
#else
			bad = 1;
#endif
			pthread_mutex_lock(&worker.mu);
			worker.left = bad ? 0 : worker.left - len;	/* bad: pages fault in as used */
			if (worker.left == 0)
				pthread_cond_broadcast(&worker.done);
		} else {
			break;		/* quit */
		}
	}
	pthread_mutex_unlock(&worker.mu);
	return NULL;
}

/* With worker.mu held: wait until the worker has nothing to do. */
static void
worker_idle_locked(void)
{
	while (worker.half != 0 || worker.left > 0)
		pthread_cond_wait(&worker.done, &worker.mu);
}

static void
worker_idle(void)
{
	if (!worker.alive)
		return;
	pthread_mutex_lock(&worker.mu);
	worker_idle_locked();
	pthread_mutex_unlock(&worker.mu);
}

/* 1: the main thread on its CPU, the worker on the others; 0: the main thread's CPUs back. */
static void
pin(int on)
{
#ifdef __linux__
	cpu_set_t here, others;
	int cpu, i, n = 0;

	if (!on) {
		if (worker.pinned)
			pthread_setaffinity_np(pthread_self(), sizeof worker.cpus, &worker.cpus);
		worker.pinned = 0;
		return;
	}
	if ((cpu = sched_getcpu()) < 0 || pthread_getaffinity_np(pthread_self(), sizeof worker.cpus, &worker.cpus) != 0)
		return;
	CPU_ZERO(&here);
	CPU_ZERO(&others);
	CPU_SET(cpu, &here);
	for (i = 0; i < CPU_SETSIZE; i++)
		if (i != cpu && CPU_ISSET(i, &worker.cpus)) {
			CPU_SET(i, &others);
			n++;
		}
	if (n == 0 || !CPU_ISSET(cpu, &worker.cpus))
		return;
	if (pthread_setaffinity_np(worker.thread, sizeof others, &others) == 0 &&
	    pthread_setaffinity_np(pthread_self(), sizeof here, &here) == 0)
		worker.pinned = 1;
#else
	(void)on;
#endif
}

static int worker_lazy;	/* start a worker at the first two-thread job, and keep it */

void
tensor_threads_lazy(int on)
{
	worker_lazy = on;
	if (!on)
		tensor_threads(0);
}

void
tensor_threads(int on)
{
	if (on && !worker.alive) {
		worker.half = worker.quit = 0;
		worker.left = 0;
		worker.alive = pthread_create(&worker.thread, NULL, worker_loop, NULL) == 0;
		if (worker.alive)
			pin(1);
	} else if (on && !worker.pinned) {
		pin(1);		/* a lazy worker, now for a stage run */
	} else if (!on && worker.alive) {
		pthread_mutex_lock(&worker.mu);
		worker_idle_locked();
		worker.quit = 1;
		pthread_cond_signal(&worker.wake);
		pthread_mutex_unlock(&worker.mu);
		pthread_join(worker.thread, NULL);
		worker.alive = 0;
		pin(0);
	}
}

/* Fault in p[0..len) in the background, from the end; nothing without a worker. */
static void
worker_populate(char *p, size_t len)
{
	if (!worker.alive)
		return;
	pthread_mutex_lock(&worker.mu);
	worker_idle_locked();
	worker.pop = p;
	worker.left = len;
	pthread_cond_signal(&worker.wake);
	pthread_mutex_unlock(&worker.mu);
}

/* fn(first) here and fn(second) on the second thread; both here when none can start. */
static void
two_threads(void *(*fn)(void *), void *first, void *second)
{
	pthread_t t;

	if (!worker.alive && worker_lazy) {	/* unpinned: it may idle between the REPL's lines */
		worker.half = worker.quit = 0;
		worker.left = 0;
		worker.alive = pthread_create(&worker.thread, NULL, worker_loop, NULL) == 0;
	}
	if (worker.alive) {
		pthread_mutex_lock(&worker.mu);
		worker.fn = fn;
		worker.arg = second;
		worker.half = 1;
		pthread_cond_signal(&worker.wake);
		pthread_mutex_unlock(&worker.mu);
		fn(first);
		pthread_mutex_lock(&worker.mu);
		while (worker.half != 0)
			pthread_cond_wait(&worker.done, &worker.mu);
		pthread_mutex_unlock(&worker.mu);
		return;
	}
	if (pthread_create(&t, NULL, fn, second) != 0) {
		fn(first);
		fn(second);
		return;
	}
	fn(first);
	pthread_join(t, NULL);
}

/*
 * Large tensors (attention scores of GPT-sized runs, from BIG bytes) come
 * straight from mmap, zeroed by the kernel: `reserve` bytes of address
 * space, 2 MiB aligned, with transparent huge pages (one page fault per 2
 * MiB instead of per 4 KiB) everywhere but in the 2 MiB page where the
 * first `use` bytes end: a huge page there would hold up to 2 MiB that
 * nothing uses.  NULL: none.
 */
#define BIG ((size_t)2 << 20)

static float *
big_zeroed(size_t reserve, size_t use, size_t *mapped)
{
	size_t huge = BIG, len;
	char *p, *q;

	*mapped = 0;
	if (reserve == 0)
		return NULL;
	len = (reserve + 4095) / 4096 * 4096;
	p = mmap(NULL, len + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* keep a 2 MiB aligned window of len bytes, give the rest back */
	q = (char *)(((uintptr_t)p + huge - 1) / huge * huge);
	if (q > p)
		munmap(p, (size_t)(q - p));
	if (p + len + huge > q + len)
		munmap(q + len, (size_t)(p + len + huge - (q + len)));
#ifdef MADV_HUGEPAGE
	{	/* all but the 2 MiB page where the first use ends */
		size_t lo = use / huge * huge, hi = (use + huge - 1) / huge * huge, end = len / huge * huge;

		if (lo > 0)
			madvise(q, lo, MADV_HUGEPAGE);
		if (end > hi)
			madvise(q + hi, end - hi, MADV_HUGEPAGE);
	}
#endif
	*mapped = len;
	return (float *)q;
}

/*
 * The 4 KiB pages past the last whole huge page of a new tensor's `bytes`,
 * which it is about to write: one system call faults them in, where up to 511
 * page faults would each cost a trap (~1 us here, in a virtual machine).
 */
static void
populate_tail(float *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
	size_t lo = bytes / BIG * BIG;

	if (bytes > lo)
		madvise((char *)p + lo, (bytes - lo + 4095) / 4096 * 4096, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)bytes;
#endif
}

/*
 * An arena holds every tensor of one run in one mapping, sized in advance
 * and faulted in ahead by the worker.  It is only ever bumped: a run frees
 * its tensors all at once.
 */
struct tensor_arena {
	char *base;
	size_t size, used, mapped, refused;
};

static struct tensor_arena *cur_arena;
size_t tensor_arena_min = TENSOR_ARENA_MIN;

struct tensor_arena *
tensor_arena_new(size_t bytes)
{
	struct tensor_arena *a;
	size_t mapped;
	char *p;

#ifdef __SANITIZE_ADDRESS__
	return NULL;	/* AddressSanitizer checks the bounds of separate blocks only */
#endif
	if (bytes < tensor_arena_min || (p = (char *)big_zeroed(bytes, bytes, &mapped)) == NULL)
		return NULL;
	a = xcalloc(1, sizeof *a);
	a->base = p;
	a->size = bytes;
	a->mapped = mapped;
	worker_populate(p, mapped);
	return a;
}

void
tensor_arena_use(struct tensor_arena *a)
{
	cur_arena = a;
}

/* Bytes handed out, and bytes asked for that did not fit. */
size_t
tensor_arena_used(const struct tensor_arena *a, size_t *refused)
{
	if (refused != NULL)
		*refused = a != NULL ? a->refused : 0;
	return a != NULL ? a->used : 0;
}

void
tensor_arena_free(struct tensor_arena *a)
{
	if (a == NULL)
		return;
	worker_idle();
	if (cur_arena == a)
		cur_arena = NULL;
	munmap(a->base, a->mapped);
	free(a);
}

/* n bytes, 64-byte aligned, from the arena in use; NULL if none or full. */
static float *
arena_take(size_t n)
{
	struct tensor_arena *a = cur_arena;
	size_t need = (n + 63) / 64 * 64;

	if (a == NULL || n == 0)
		return NULL;
	if (need > a->size - a->used) {
		a->refused += need;
		return NULL;
	}
	a->used += need;
	return (float *)(a->base + a->used - need);
}

/*
 * While recycling is on, big blocks freed wait here for the next big
 * tensor: their pages are already faulted in, which a fresh mapping's are
 * not.  (A run that keeps only what --print needs frees each stage after
 * its last use.)  Every big block then reserves the run's largest size, so
 * that any spare fits any tensor: only the pages it has never touched
 * fault in.  Turning recycling off gives the spares back.
 */
static struct {
	float *p;
	size_t len;
} spares[8];
static int nspares;
static size_t recycle_block;	/* 0: off */

/* The smallest spare block of at least `bytes`, or NULL. */
static float *
take_spare(size_t bytes, size_t *mapped)
{
	int i, best = -1;
	float *p;

	for (i = 0; i < nspares; i++)
		if (spares[i].len >= bytes && (best < 0 || spares[i].len < spares[best].len))
			best = i;
	if (best < 0)
		return NULL;
	p = spares[best].p;
	*mapped = spares[best].len;
	spares[best] = spares[--nspares];
	return p;
}

void
tensor_recycle(size_t block)
{
	recycle_block = block;
	if (block == 0)
		worker_idle();	/* no populate job may still touch a spare */
	while (block == 0 && nspares > 0) {
		nspares--;
		munmap(spares[nspares].p, spares[nspares].len);
	}
}

static struct tensor *
new_tensor(int ndim, const int *shape, int zeroed)
{
	struct tensor *t;
	size_t numel = 1, bytes;
	int i;

	if (ndim < 0 || ndim > TENSOR_MAXDIM)
		return NULL;
	for (i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return NULL;
		if (shape[i] > 0 && numel > TENSOR_MAX_NUMEL / (size_t)shape[i])
			return NULL;
		numel *= (size_t)shape[i];
	}
	if (numel > TENSOR_MAX_NUMEL)
		return NULL;
	t = xcalloc(1, sizeof *t);
	t->ndim = ndim;
	for (i = 0; i < ndim; i++)
		t->shape[i] = shape[i];
	t->numel = numel;
	bytes = numel * sizeof *t->data;
	tensor_stats.live_bytes += bytes;
	if (tensor_stats.live_bytes > tensor_stats.peak_live_bytes)
		tensor_stats.peak_live_bytes = tensor_stats.live_bytes;
	t->data = arena_take(bytes);
	t->borrowed = t->data != NULL;
	if (t->data == NULL && bytes >= BIG) {
		if ((t->data = take_spare(bytes, &t->mapped)) != NULL && zeroed)
			memset(t->data, 0, bytes);
		if (t->data == NULL && (t->data = big_zeroed(recycle_block > bytes ? recycle_block : bytes,
		    bytes, &t->mapped)) != NULL)
			populate_tail(t->data, bytes);
	}
	if (t->data == NULL)
		t->data = xcalloc(numel ? numel : 1, sizeof *t->data);
	return t;
}

struct tensor *
tensor_new(int ndim, const int *shape)
{
	return new_tensor(ndim, shape, 1);
}

struct tensor *
tensor_new_uninit(int ndim, const int *shape)
{
	return new_tensor(ndim, shape, 0);
}

struct tensor *
tensor_new2(int d0, int d1)
{
	int shape[2];

	shape[0] = d0;
	shape[1] = d1;
	return tensor_new(2, shape);
}

struct tensor *
tensor_copy(const struct tensor *t)
{
	struct tensor *c = tensor_new_uninit(t->ndim, t->shape);

	memcpy(c->data, t->data, t->numel * sizeof *t->data);
	c->grad_fn = t->grad_fn;
	c->requires_grad = t->requires_grad;
	c->parameter = t->parameter;
	return c;
}

struct tensor *
tensor_view(const struct tensor *t, size_t offset, int ndim, const int *shape)
{
	struct tensor *v = xcalloc(1, sizeof *v);
	int i;

	v->ndim = ndim;
	v->numel = 1;
	for (i = 0; i < ndim; i++) {
		v->shape[i] = shape[i];
		v->numel *= (size_t)shape[i];
	}
	v->data = t->data + offset;
	v->borrowed = 2;	/* a view: no bytes of its own to count or free */
	v->grad_fn = t->grad_fn;
	v->requires_grad = t->requires_grad;
	v->parameter = t->parameter;
	return v;
}

void
tensor_free(struct tensor *t)
{
	if (t == NULL)
		return;
	if (t->borrowed != 2)
		tensor_stats.live_bytes -= t->numel * sizeof *t->data;
	if (t->mapped && recycle_block > 0 && nspares < (int)(sizeof spares / sizeof spares[0])) {
		spares[nspares].p = t->data;
		spares[nspares++].len = t->mapped;
	} else if (t->mapped) {
		munmap(t->data, t->mapped);
	}
	else if (!t->borrowed)
		free(t->data);
	free(t);
}

int
tensor_same_shape(const struct tensor *a, const struct tensor *b)
{
	int i;

	if (a->ndim != b->ndim)
		return 0;
	for (i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return 0;
	return 1;
}

/* open, the sizes joined by ", ", close; into buf; returns buf */
static char *
dims_str(char *buf, size_t len, const struct tensor *t, const char *open, const char *close)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "%s", open);
	for (i = 0; i < t->ndim && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", t->shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, "%s", close);
	return buf;
}

/* "(6, 2)"; a 1-d shape is "(6,)" as in Python. */
char *
tensor_shape_str(char *buf, size_t len, const struct tensor *t)
{
	return dims_str(buf, len, t, "(", t->ndim == 1 ? ",)" : ")");
}

char *
tensor_size_str(char *buf, size_t len, const struct tensor *t)
{
	return dims_str(buf, len, t, "torch.Size([", "])");
}

/*
 * PyTorch's CPU gemm without a BLAS library (Debian's build): each output
 * is a sequential float32 sum, each product rounded before it is added
 * (no fused multiply-add).  Verified bit for bit against torch 1.13 for
 * mm, bmm, matmul and linear.  The kernel keeps exactly that order for
 * every output; the speed comes from the classic GotoBLAS layout:
 *
 *   - b is packed into panels of NR = 32 columns, each a KC x 32 block of
 *     contiguous floats, zero-padded on the right, so the inner loop reads
 *     one cache line after another and a block stays in L1;
 *   - the depth is split into passes of KC: a pass starts from the partial
 *     sums the previous one stored, which continues the same sequential
 *     sum (a float stored and reloaded is the same float);
 *   - rows go in MC-row slices that stay in L2 while every panel passes;
 *   - a micro-kernel keeps a 6 x 32 tile of sums in registers (AVX-512:
 *     12 accumulators, enough independent additions to hide their
 *     latency with no FMA to lean on), or 4 x 16 (AVX2, baseline x86-64);
 *   - two threads split the rows of large products.
 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(ATTN_NO_CLONES) && (!defined(__clang__) || __clang_major__ >= 14)
#include <immintrin.h>
#define TARGETS __attribute__((target_clones("avx2", "default")))
#define HAVE_AVX512_KERNEL 1
#else
#define TARGETS
#endif

#define NR 32		/* columns per packed panel */
#define KC 256		/* depth per pass: a 32 KiB panel block, L1-sized */
#define MC 96		/* rows per slice: 96 x KC floats of a, L2-resident */

typedef float v8 __attribute__((vector_size(32)));

/* unaligned vector loads and stores; macros, so no vector crosses a call */
#define LOAD8(v, p) memcpy(&(v), (p), sizeof(v8))
#define STORE8(p, v) memcpy((p), &(v), sizeof(v8))

#ifdef HAVE_AVX512_KERNEL
/*
 * Transposed b (rs 1): d[k][jj] = b[k + jj*cs] for jj < w8, k < k8 (both
 * multiples of 8), in 8 x 8 blocks turned by shuffles (AVX2); gathers are
 * slower than scalar copies on some CPUs.
 */
__attribute__((target("avx2"))) static void
pack_transposed8(float *d, const float *b, size_t cs, int w8, int k8)
{
	int jj, k;

	for (k = 0; k < k8; k += 8)
		for (jj = 0; jj < w8; jj += 8) {
			const float *s = b + (size_t)k + (size_t)jj * cs;
			__m256 r0 = _mm256_loadu_ps(s), r1 = _mm256_loadu_ps(s + cs);
			__m256 r2 = _mm256_loadu_ps(s + 2 * cs), r3 = _mm256_loadu_ps(s + 3 * cs);
			__m256 r4 = _mm256_loadu_ps(s + 4 * cs), r5 = _mm256_loadu_ps(s + 5 * cs);
			__m256 r6 = _mm256_loadu_ps(s + 6 * cs), r7 = _mm256_loadu_ps(s + 7 * cs);
			__m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
			__m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
			__m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
			__m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
			__m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xee);
			__m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xee);
			__m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xee);
			__m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xee);
			float *o = d + (size_t)k * NR + jj;

			_mm256_storeu_ps(o, _mm256_permute2f128_ps(u0, u4, 0x20));
			_mm256_storeu_ps(o + NR, _mm256_permute2f128_ps(u1, u5, 0x20));
			_mm256_storeu_ps(o + 2 * NR, _mm256_permute2f128_ps(u2, u6, 0x20));
			_mm256_storeu_ps(o + 3 * NR, _mm256_permute2f128_ps(u3, u7, 0x20));
			_mm256_storeu_ps(o + 4 * NR, _mm256_permute2f128_ps(u0, u4, 0x31));
			_mm256_storeu_ps(o + 5 * NR, _mm256_permute2f128_ps(u1, u5, 0x31));
			_mm256_storeu_ps(o + 6 * NR, _mm256_permute2f128_ps(u2, u6, 0x31));
			_mm256_storeu_ps(o + 7 * NR, _mm256_permute2f128_ps(u3, u7, 0x31));
		}
}
#endif

/*
 * Pack b (K, N), element [k][j] at b + k*rs + j*cs, into panels: panel p
 * holds columns 32p..32p+31 as K rows of 32 floats, zeros past N.  Panels
 * p0..p1 only.
 */
static void
pack_panels(float *bp, const float *b, size_t rs, size_t cs, int N, int K, int p0, int p1)
{
	int p, k, jj;

	for (p = p0; p < p1; p++) {
		float *d = bp + (size_t)p * K * NR;
		int j0 = p * NR, w = N - j0 < NR ? N - j0 : NR;

		if (rs == 1) {		/* b given transposed: read each column's run, */
			int k0, k1, w8 = 0, k8 = 0;	/* 64 rows of the panel (8 KiB) at a time */

#ifdef HAVE_AVX512_KERNEL
			if (__builtin_cpu_supports("avx2")) {
				w8 = w / 8 * 8;
				k8 = K / 8 * 8;
				pack_transposed8(d, b + (size_t)j0 * cs, cs, w8, k8);
			}
#endif
			for (k0 = 0; k0 < K; k0 += 64) {
				k1 = K - k0 < 64 ? K : k0 + 64;
				for (jj = 0; jj < w; jj++)
					for (k = jj < w8 && k0 < k8 ? k8 : k0; k < k1; k++)
						d[(size_t)k * NR + jj] = b[(size_t)k + (size_t)(j0 + jj) * cs];
			}
		} else {
			for (k = 0; k < K; k++)
				for (jj = 0; jj < w; jj++)
					d[(size_t)k * NR + jj] = b[(size_t)k * rs + (size_t)(j0 + jj) * cs];
		}
		for (k = 0; k < K && w < NR; k++)
			memset(d + (size_t)k * NR + w, 0, (size_t)(NR - w) * sizeof *d);
	}
}

static void
pack_b(float *bp, const float *b, size_t rs, size_t cs, int N, int K)
{
	pack_panels(bp, b, rs, cs, N, K, 0, (N + NR - 1) / NR);
}

/*
 * c[r][0..w-1] (+)= sum over k < kc of a[r][k] * bp[k][0..w-1], rows r <
 * rows <= 4, from zero when first, else from the sums c already holds;
 * then + bias[0..w-1] when bias is not NULL (the last pass of a linear
 * layer: nn.Linear adds its bias to the finished sum).
 */
TARGETS static void
kern_generic(float *c, size_t ldc, const float *a, size_t lda, const float *bp, int kc,
    int first, int rows, int w, const float *bias)
{
	const float *a0 = a, *a1 = a + (rows > 1) * lda, *a2 = a + (rows > 2) * 2 * lda;
	const float *a3 = a + (rows > 3) * 3 * lda;
	int h, r, k;

	for (h = 0; h < w; h += 16) {
		float t[4][16];		/* the tile's sums on their way in and out */
		v8 c00, c01, c10, c11, c20, c21, c30, c31;
		size_t n = (size_t)(w - h < 16 ? w - h : 16) * sizeof(float);

		memset(t, 0, sizeof t);
		for (r = 0; r < rows && !first; r++)
			memcpy(t[r], c + (size_t)r * ldc + h, n);
		LOAD8(c00, t[0]);
		LOAD8(c01, t[0] + 8);
		LOAD8(c10, t[1]);
		LOAD8(c11, t[1] + 8);
		LOAD8(c20, t[2]);
		LOAD8(c21, t[2] + 8);
		LOAD8(c30, t[3]);
		LOAD8(c31, t[3] + 8);
		for (k = 0; k < kc; k++) {
			v8 b0, b1;

			LOAD8(b0, bp + (size_t)k * NR + h);
			LOAD8(b1, bp + (size_t)k * NR + h + 8);
			c00 += b0 * a0[k];
			c01 += b1 * a0[k];
			c10 += b0 * a1[k];
			c11 += b1 * a1[k];
			c20 += b0 * a2[k];
			c21 += b1 * a2[k];
			c30 += b0 * a3[k];
			c31 += b1 * a3[k];
		}
		STORE8(t[0], c00);
		STORE8(t[0] + 8, c01);
		STORE8(t[1], c10);
		STORE8(t[1] + 8, c11);
		STORE8(t[2], c20);
		STORE8(t[2] + 8, c21);
		STORE8(t[3], c30);
		STORE8(t[3] + 8, c31);
		for (r = 0; r < rows && bias != NULL; r++)
			for (k = 0; k < w - h && k < 16; k++)
				t[r][k] += bias[h + k];
		for (r = 0; r < rows; r++)
			memcpy(c + (size_t)r * ldc + h, t[r], n);
	}
}

#ifdef HAVE_AVX512_KERNEL
/*
 * The same for AVX-512, rows <= 6: 6 x 32 outputs in 12 zmm accumulators;
 * a last panel of 16 columns or fewer (T = 100: 3 x 32 + 4) only in 6.
 */
__attribute__((target("avx512f"))) static void
kern_avx512(float *c, size_t ldc, const float *a, size_t lda, const float *bp, int kc,
    int first, int rows, int w, const float *bias)
{
	__mmask16 m0 = w >= 16 ? 0xffff : (__mmask16)((1u << w) - 1);
	__mmask16 m1 = w >= 32 ? 0xffff : w > 16 ? (__mmask16)((1u << (w - 16)) - 1) : 0;
	const float *a0 = a, *a1 = a + (rows > 1) * lda, *a2 = a + (rows > 2) * 2 * lda;
	const float *a3 = a + (rows > 3) * 3 * lda, *a4 = a + (rows > 4) * 4 * lda;
	const float *a5 = a + (rows > 5) * 5 * lda;
	__m512 c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51;
	int k;

	c00 = c01 = c10 = c11 = c20 = c21 = _mm512_setzero_ps();
	c30 = c31 = c40 = c41 = c50 = c51 = _mm512_setzero_ps();
	/* ROW(r, a_r, sums of columns 0..15, 16..31) for each of the 6 rows */
#define EACH_ROW(ROW) ROW(0, a0, c00, c01) ROW(1, a1, c10, c11) ROW(2, a2, c20, c21) \
	ROW(3, a3, c30, c31) ROW(4, a4, c40, c41) ROW(5, a5, c50, c51)
#define LOAD(r, ar, x0, x1) if (rows > r) { \
		x0 = _mm512_maskz_loadu_ps(m0, c + (r) * ldc); \
		x1 = _mm512_maskz_loadu_ps(m1, c + (r) * ldc + 16); }
#define STEP(r, ar, x0, x1) x = _mm512_set1_ps(ar[k]); \
		x0 = _mm512_add_ps(x0, _mm512_mul_ps(b0, x)); \
		x1 = _mm512_add_ps(x1, _mm512_mul_ps(b1, x));
#define STEP16(r, ar, x0, x1) x = _mm512_set1_ps(ar[k]); \
		x0 = _mm512_add_ps(x0, _mm512_mul_ps(b0, x));
#define BIAS(r, ar, x0, x1) x0 = _mm512_add_ps(x0, b0); x1 = _mm512_add_ps(x1, b1);
#define STORE(r, ar, x0, x1) if (rows > r) { \
		_mm512_mask_storeu_ps(c + (r) * ldc, m0, x0); \
		_mm512_mask_storeu_ps(c + (r) * ldc + 16, m1, x1); }
	if (!first) {
		EACH_ROW(LOAD)
	}
	if (w <= 16) {		/* a last panel of 16 columns or fewer: half the work */
		for (k = 0; k < kc; k++) {
			__m512 b0 = _mm512_load_ps(bp + (size_t)k * NR), x;

			EACH_ROW(STEP16)
		}
	} else {
		for (k = 0; k < kc; k++) {
			__m512 b0 = _mm512_load_ps(bp + (size_t)k * NR), b1 = _mm512_load_ps(bp + (size_t)k * NR + 16);
			__m512 x;

			EACH_ROW(STEP)
		}
	}
	if (bias != NULL) {
		__m512 b0 = _mm512_maskz_loadu_ps(m0, bias), b1 = _mm512_maskz_loadu_ps(m1, bias + 16);

		EACH_ROW(BIAS)
	}
	EACH_ROW(STORE)
#undef EACH_ROW
#undef LOAD
#undef STEP
#undef STEP16
#undef BIAS
#undef STORE
}
#endif

/* Rows i0..i1 of c (M, N) = a (M, K) @ b (+ bias), b packed by pack_b(). */
static void
mm_packed(float *c, const float *a, size_t lda, const float *bp, const float *bias, int i0, int i1, int N, int K)
{
	int np = (N + NR - 1) / NR, k0, ib, p, i, mr = 4;
	void (*kern)(float *, size_t, const float *, size_t, const float *, int, int, int, int,
	    const float *) = kern_generic;

#ifdef HAVE_AVX512_KERNEL
	if (__builtin_cpu_supports("avx512f")) {
		kern = kern_avx512;
		mr = 6;
	}
#endif
	for (k0 = 0; k0 < K; k0 += KC) {
		int kc = K - k0 < KC ? K - k0 : KC;

		for (ib = i0; ib < i1 && !interrupt_pending; ib += MC) {
			int ie = i1 - ib < MC ? i1 : ib + MC;

			for (p = 0; p < np; p++) {
				const float *b = bp + ((size_t)p * K + (size_t)k0) * NR;
				int j0 = p * NR, w = N - j0 < NR ? N - j0 : NR;

				const float *bj = bias != NULL && k0 + kc == K ? bias + j0 : NULL;

				for (i = ib; i < ie; i += mr)
					kern(c + (size_t)i * N + j0, (size_t)N, a + (size_t)i * lda + k0, lda,
					    b, kc, k0 == 0, ie - i < mr ? ie - i : mr, w, bj);
			}
		}
	}
}

struct mm_job {
	float *c;
	const float *a, *b;
	int M, N, K;
	size_t sa, sb, sc;	/* strides between batch items */
	size_t lda;		/* a[m][k] at a + m*lda + k */
	size_t rs, cs;		/* b[k][j] at b + k*rs + j*cs */
	const float *bp;	/* b packed once for every row (one item), or NULL */
	const float *bias;	/* (N,) added to every row at the end, or NULL */
	size_t lo, hi;		/* rows of the flattened (batch, M) range */
};

/* A 64-byte aligned buffer for one packed b, and its block to free. */
static float *
packed_buf(int N, int K, void **block)
{
	size_t n = (size_t)((N + NR - 1) / NR) * NR * (size_t)K;

	*block = xmalloc(n * sizeof(float) + 64);
	return (float *)(((uintptr_t)*block + 63) / 64 * 64);
}

static void *
mm_job_run(void *arg)
{
	const struct mm_job *j = arg;
	size_t r = j->lo;
	void *block = NULL;
	float *bp = NULL;

	if (j->bp == NULL && j->lo < j->hi)
		bp = packed_buf(j->N, j->K, &block);
	while (r < j->hi && !interrupt_pending) {
		size_t bi = r / (size_t)j->M;
		int i0 = (int)(r % (size_t)j->M);
		int i1 = (size_t)j->M - (size_t)i0 < j->hi - r ? j->M : i0 + (int)(j->hi - r);

		if (j->bp == NULL)
			pack_b(bp, j->b + bi * j->sb, j->rs, j->cs, j->N, j->K);
		mm_packed(j->c + bi * j->sc, j->a + bi * j->sa, j->lda, j->bp ? j->bp : bp, j->bias, i0, i1, j->N, j->K);
		r += (size_t)(i1 - i0);
	}
	free(block);
	return NULL;
}

struct par_job {
	void (*fn)(void *, size_t, size_t);
	void *ctx;
	size_t lo, hi, cols;
};

/* Rows lo..hi in runs of about a million floats, stopping early at Ctrl-C. */
static void
run_rows(void (*fn)(void *, size_t, size_t), void *ctx, size_t lo, size_t hi, size_t cols)
{
	size_t step = cols > 0 && cols < ((size_t)1 << 20) ? ((size_t)1 << 20) / cols : 1, r;

	for (r = lo; r < hi && !interrupt_pending; r += step)
		fn(ctx, r, hi - r < step ? hi : r + step);
}

static void *
par_run(void *arg)
{
	struct par_job *j = arg;

	run_rows(j->fn, j->ctx, j->lo, j->hi, j->cols);
	return NULL;
}

void
tensor_parallel(void (*fn)(void *ctx, size_t lo, size_t hi), void *ctx, size_t rows, size_t cols)
{
	struct par_job job[2];

	if ((double)rows * cols < 262144 || rows < 2) {
		run_rows(fn, ctx, 0, rows, cols);
		return;
	}
	job[0].fn = job[1].fn = fn;
	job[0].cols = job[1].cols = cols;
	job[0].ctx = job[1].ctx = ctx;
	job[0].lo = 0;
	job[0].hi = job[1].lo = rows / 2;
	job[1].hi = rows;
	two_threads(par_run, &job[0], &job[1]);
}

struct tensor_stats tensor_stats;

double
tensor_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct pack_job {
	float *bp;
	const float *b;
	size_t rs, cs;
	int N, K, p0, p1;
};

static void *
pack_job_run(void *arg)
{
	const struct pack_job *j = arg;

	pack_panels(j->bp, j->b, j->rs, j->cs, j->N, j->K, j->p0, j->p1);
	return NULL;
}

static void
mm(float *c, const float *a, size_t lda, const float *b, size_t rs, size_t cs, const float *bias,
    int batch, int M, int N, int K, size_t sa, size_t sb, size_t sc)
{
	struct mm_job job[2];
	size_t rows = (size_t)batch * M, half;
	void *block = NULL;
	double t0 = tensor_clock();

	job[0].c = c;
	job[0].a = a;
	job[0].b = b;
	job[0].M = M;
	job[0].N = N;
	job[0].K = K;
	job[0].sa = sa;
	job[0].sb = sb;
	job[0].sc = sc;
	job[0].lda = lda;
	job[0].rs = rs;
	job[0].cs = cs;
	job[0].bp = NULL;
	job[0].bias = bias;
	job[0].lo = 0;
	job[0].hi = rows;
	if (K == 0) {		/* empty sums: zeros, plus the bias */
		size_t r;
		int n;

		for (r = 0; r < rows; r++)
			for (n = 0; n < N; n++)
				c[r / (size_t)M * sc + r % (size_t)M * (size_t)N + (size_t)n] = bias ? 0.0f + bias[n] : 0.0f;
		return;
	}
	if (batch == 1 && M > 0 && N > 0) {	/* both threads share one packed b */
		int np = (N + NR - 1) / NR;
		struct pack_job pj[2] = { { packed_buf(N, K, &block), b, job[0].rs, job[0].cs, N, K, 0, np / 2 } };

		pj[1] = pj[0];
		pj[1].p0 = pj[0].p1;
		pj[1].p1 = np;
		if ((double)N * K >= 65536)
			two_threads(pack_job_run, &pj[0], &pj[1]);
		else
			pack_b(pj[0].bp, b, job[0].rs, job[0].cs, N, K);
		job[0].bp = pj[0].bp;
	}
	/* a second thread pays off from about a million multiply-adds */
	if ((double)rows * N * K >= 1e6 && rows >= 12) {
		half = batch > 1 ? (size_t)(batch / 2) * M : rows / 2 / 6 * 6;
		job[1] = job[0];
		job[0].hi = half;
		job[1].lo = half;
		two_threads(mm_job_run, &job[0], &job[1]);
	} else {
		mm_job_run(&job[0]);
	}
	free(block);
	tensor_stats.mm_seconds += tensor_clock() - t0;
	tensor_stats.mm_flops += 2.0 * batch * M * N * K;
}

void
tensor_mm_batch(float *c, const float *a, const float *b, int batch, int M, int N, int K,
    size_t sa, size_t sb, size_t sc, int trans_b)
{
	mm(c, a, (size_t)K, b, trans_b ? 1 : (size_t)N, trans_b ? (size_t)K : 1, NULL, batch, M, N, K, sa, sb, sc);
}

void
tensor_mm_strided(float *c, const float *a, size_t lda, const float *b, size_t rs, size_t cs,
    int batch, int M, int N, int K, size_t sa, size_t sb)
{
	mm(c, a, lda, b, rs, cs, NULL, batch, M, N, K, sa, sb, (size_t)M * N);
}

void
tensor_linear(float *y, const float *x, const float *w, const float *bias, int M, int N, int K, int trans_w)
{
	mm(y, x, (size_t)K, w, trans_w ? 1 : (size_t)N, trans_w ? (size_t)K : 1, bias, 1, M, N, K, 0, 0, 0);
}

/*
 * One output of mm(), in the order every path of its kernel keeps: from
 * +0, each product a[k*sa] * b[k*sb] rounded before it is added, the
 * bias added to the finished sum.  Not used by mm() itself (its tiles
 * hold the same sums in vector lanes); test_mm_order and the why unit
 * test hold the two to the same bits.
 */
float
tensor_dot(const float *a, size_t sa, const float *b, size_t sb, int K, const float *bias, float *prod)
{
	float acc = 0.0f, p;
	int k;

	for (k = 0; k < K; k++) {
		p = a[(size_t)k * sa] * b[(size_t)k * sb];
		if (prod != NULL)
			prod[k] = p;
		acc += p;
	}
	return bias != NULL ? acc + *bias : acc;
}

/*
 * Clones where fmaf is one instruction rather than a libm call, and where
 * exp_row's loop vectorises (16 or 8 lanes); the results are the same bits.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && (!defined(__clang__) || __clang_major__ >= 14)
#define FMA_CLONES __attribute__((target_clones("avx512f", "fma", "default")))
#else
#define FMA_CLONES
#endif

union fbits {
	float f;
	uint32_t u;
};

/*
 * y[j] = exp(x[j] - max) by SLEEF's expf_u10 as PyTorch's AVX2
 * Vectorized<float>::exp() runs it, fused multiply-adds where that build
 * fuses them: bit-identical to torch.exp (which glibc's expf is not).
 * Written without branches so that the compiler can vectorise it.
 */
/* one exp(x - max), branch-free so that a loop of them vectorises */
static inline float
exp_one(float x, float max)
{
	float d = x - max;
	float qf = nearbyintf(d * 1.442695040888963407359924681001892137426645954152985934135449406931f);
	float s, u;
	union fbits e1, e2;
	int q, q1;

	qf = qf < -200.0f ? -200.0f : (qf > 200.0f ? 200.0f : qf);
	qf = qf == qf ? qf : 0.0f;	/* NaN: any q; the result is replaced below */
	q = (int)qf;
	q1 = q >> 1;
	s = fmaf(qf, -0.693145751953125f, d);
	s = fmaf(qf, -1.428606765330187045e-06f, s);
	u = 0.000198527617612853646278381f;
	u = fmaf(u, s, 0.00139304355252534151077271f);
	u = fmaf(u, s, 0.00833336077630519866943359f);
	u = fmaf(u, s, 0.0416664853692054748535156f);
	u = fmaf(u, s, 0.166666671633720397949219f);
	u = fmaf(u, s, 0.5f);
	u = 1.0f + fmaf(s * s, u, s);
	e1.u = (uint32_t)(q1 + 0x7f) << 23;
	e2.u = (uint32_t)(q - q1 + 0x7f) << 23;
	u = u * e1.f * e2.f;
	u = d < -104 ? 0.0f : u;
	u = d > 100 ? INFINITY : u;
	return d == d ? u : d;
}

/* blocks of 16 with a fixed trip count: GCC -O2 vectorises those (16 or 8 lanes) */
FMA_CLONES static void
exp_row(float *y, const float *x, float max, int n)
{
	int j, k;

	for (j = 0; j + 16 <= n; j += 16)
		for (k = j; k < j + 16; k++)
			y[k] = exp_one(x[k], max);
	for (; j < n; j++)
		y[j] = exp_one(x[j], max);
}

float
tensor_expf(float d)
{
	float y;

	exp_row(&y, &d, 0.0f, 1);	/* d - 0 is d, -0 and NaN included */
	return y;
}

/*
 * vec::reduce_all(+) over 8 lanes: lane l sums elements l, l+8, ...; a
 * partial last vector adds to the first lanes only; then the lanes fold
 * as a tree (0+4, 1+5, ...).  Fewer than 8 elements: left to right.
 */
static float
lane_sum8(const float *x, int n)
{
	float acc[8], a4[4];
	int i, d;

	if (n < 8) {
		float s = 0;

		for (i = 0; i < n; i++)
			s += x[i];
		return s;
	}
	for (i = 0; i < 8; i++)
		acc[i] = x[i];
	for (d = 8; d + 8 <= n; d += 8)
		for (i = 0; i < 8; i++)
			acc[i] += x[d + i];
	for (i = 0; d + i < n; i++)
		acc[i] += x[d + i];
	for (i = 0; i < 4; i++)
		a4[i] = acc[i] + acc[i + 4];
	a4[0] += a4[2];
	a4[1] += a4[3];
	return a4[0] + a4[1];
}

/* (static clones behind the entry points: clang cannot call another file's clones) */
FMA_CLONES static void
scale(float *y, const float *x, size_t n, float f, int divides)
{
	size_t i;

	if (divides)
		for (i = 0; i < n; i++)
			y[i] = x[i] / f;
	else
		for (i = 0; i < n; i++)
			y[i] = x[i] * f;
}

FMA_CLONES static void
mul(float *y, const float *a, const float *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		y[i] = a[i] * b[i];
}

void
tensor_scale(float *y, const float *x, size_t n, float f, int divides)
{
	scale(y, x, n, f, divides);
}

void
tensor_mul(float *y, const float *a, const float *b, size_t n)
{
	mul(y, a, b, n);
}

/*
 * *max = the largest of x[0..n), 16 lanes at a time in vector registers
 * (the order cannot change a maximum; -0 and +0 give the same exp below);
 * returns whether there is a NaN, which the caller looks for itself.
 * Written with vector types: compilers' own vectorisers gave up on it at
 * one -O level or another.
 */
typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));

FMA_CLONES static int
row_max(const float *x, int n, float *max)
{
	float lane[16], best = -INFINITY;
	int32_t flag[16];
	v16f m, v;
	v16i bad, gt;
	int j, l, any = 0;

	for (l = 0; l < 16; l++)
		lane[l] = -INFINITY;
	memcpy(&m, lane, sizeof m);
	memset(&bad, 0, sizeof bad);
	for (j = 0; j + 16 <= n; j += 16) {
		memcpy(&v, x + j, sizeof v);
		bad |= v != v;
		gt = v > m;
		m = (v16f)(((v16i)v & gt) | ((v16i)m & ~gt));
	}
	memcpy(lane, &m, sizeof lane);
	memcpy(flag, &bad, sizeof flag);
	for (l = 0; l < 16; l++) {
		any |= flag[l];
		best = lane[l] > best ? lane[l] : best;
	}
	for (; j < n; j++) {
		any |= x[j] != x[j];
		best = x[j] > best ? x[j] : best;
	}
	*max = best;
	return any != 0;
}

/*
 * As ATen's vectorised softmax over the last dimension: subtract the row
 * max, exp, sum, then multiply by the reciprocal of the sum.  A row of all
 * -inf gives NaN, as in PyTorch.  Bit-identical to torch.softmax.
 */
struct softmax_job {
	float *out;
	const float *in;
	size_t lo, hi;
	int n;
	float scale;		/* the row is first divided by it (divides) or multiplied */
	int scaled, divides;
	struct tensor_softmax_steps *steps;	/* one row's steps, for why; or NULL */
};

FMA_CLONES static void *
softmax_job_run(void *arg)
{
	const struct softmax_job *sj = arg;
	struct tensor_softmax_steps *st = sj->steps;
	size_t r;
	int j, n = sj->n;

	for (r = sj->lo; r < sj->hi; r++) {
		const float *x = sj->in + r * (size_t)n;
		float *y = sj->out + r * (size_t)n;
		float max = -INFINITY, sum, inv;

		if (sj->scaled) {	/* y = x / scale: the same floats a scaled copy would hold */
			for (j = 0; j < n; j++)
				y[j] = sj->divides ? x[j] / sj->scale : x[j] * sj->scale;
			x = y;
			if (st != NULL && st->scaled != NULL)
				memcpy(st->scaled, y, (size_t)n * sizeof *y);
		}
		if (row_max(x, n, &max)) {	/* a NaN: the first one, as ATen's loop meets it */
			for (j = 0; j < n && !isnan(x[j]); j++)
				;
			max = x[j];
		}
		exp_row(y, x, max, n);
		sum = lane_sum8(y, n);
		inv = 1 / sum;
		if (st != NULL) {
			memcpy(st->exps, y, (size_t)n * sizeof *y);
			st->max = max;
			st->sum = sum;
			st->inv = inv;
		}
		for (j = 0; j < n; j++)
			y[j] *= inv;
	}
	return NULL;
}

/* Rows are independent: two threads share them on large tensors. */
static void
softmax_rows(float *out, const float *in, size_t rows, int n, int scaled, int divides, float scale)
{
	struct softmax_job job[2];

	job[0].out = out;
	job[0].in = in;
	job[0].n = n;
	job[0].lo = 0;
	job[0].hi = rows;
	job[0].scaled = scaled;
	job[0].divides = divides;
	job[0].scale = scale;
	job[0].steps = NULL;
	if ((double)rows * n < 262144 || rows < 2) {
		softmax_job_run(&job[0]);
		return;
	}
	job[1] = job[0];
	job[0].hi = job[1].lo = rows / 2;
	two_threads(softmax_job_run, &job[0], &job[1]);
}

void
tensor_softmax_rows(float *out, const float *in, size_t rows, int n)
{
	softmax_rows(out, in, rows, n, 0, 0, 1);
}

void
tensor_softmax_rows_scaled(float *out, const float *in, size_t rows, int n, float scale, int divides)
{
	softmax_rows(out, in, rows, n, 1, divides, scale);
}

void
tensor_softmax_steps(float *out, const float *in, int n, int scaled, float scale, int divides,
    struct tensor_softmax_steps *steps)
{
	struct softmax_job job = { .out = out, .in = in, .lo = 0, .hi = 1, .n = n, .scale = scale,
	    .scaled = scaled, .divides = divides, .steps = steps };

	softmax_job_run(&job);
}

static int
ceil_log2(size_t v)
{
	int k = 0;

	while (((size_t)1 << k) < v)
		k++;
	return k;
}

/*
 * cascade_chunk for 8 <= n < 512: the sums never reach the first level,
 * so they stay in the four vector accumulators of level 0, and the three
 * empty levels only add +0.0 to them (which turns a -0.0 into +0.0, kept
 * here).  Vector types: lane-wise IEEE additions, the same bits, at the
 * speed of the vector unit.
 */
static inline float
cascade_short(const float *x, size_t n)
{
	size_t vec_size = n / 8, size_ilp = vec_size / 4, i, e;
	v8 q0 = { 0 }, q1 = { 0 }, q2 = { 0 }, q3 = { 0 }, zero = { 0 }, v;
	float lane[8], final = 0;
	int l;

	for (i = 0; i < size_ilp; i++) {
		const float *p = x + i * 32;

		LOAD8(v, p);
		q0 += v;
		LOAD8(v, p + 8);
		q1 += v;
		LOAD8(v, p + 16);
		q2 += v;
		LOAD8(v, p + 24);
		q3 += v;
	}
	q0 += zero;
	q1 += zero;
	q2 += zero;
	q3 += zero;
	for (e = size_ilp * 4; e < vec_size; e++) {
		LOAD8(v, x + e * 8);
		q0 += v;
	}
	q0 += q1;
	q0 += q2;
	q0 += q3;
	for (e = vec_size * 8; e < n; e++)
		final += x[e];
	STORE8(lane, q0);
	for (l = 0; l < 8; l++)
		final += lane[l];
	return final;
}

/*
 * One chunk of ATen's cascade_sum (SumKernel.cpp) for 8-float vectors:
 * four vector accumulators (ILP), summed in levels so that rounding error
 * grows with log(n), then the lanes left to right after the scalar tail.
 */
static float
cascade_chunk(const float *x, size_t n)
{
	size_t vec_size = n / 8, size_ilp = vec_size / 4, i, j, e;
	int level_power, lvl, k, l;
	size_t level_step;
	float acc[4][4][8], p[4][8], final = 0;

	if (n >= 8 && size_ilp < 16)
		return cascade_short(x, n);
	if (n < 8) {
		/* scalar: four strided accumulators, the tail into the first */
		float a[4] = { 0, 0, 0, 0 };
		size_t m = n / 4 * 4;

		for (i = 0; i < m; i++)
			a[i % 4] += x[i];
		for (i = m; i < n; i++)
			a[0] += x[i];
		return ((a[0] + a[1]) + a[2]) + a[3];
	}
	level_power = ceil_log2(size_ilp > 1 ? size_ilp : 1) / 4;
	if (level_power < 4)
		level_power = 4;
	level_step = (size_t)1 << level_power;
	memset(acc, 0, sizeof acc);
	i = 0;
	while (i + level_step <= size_ilp) {
		for (j = 0; j < level_step; j++)
			for (k = 0; k < 4; k++)
				for (l = 0; l < 8; l++)
					acc[0][k][l] += x[((i + j) * 4 + (size_t)k) * 8 + (size_t)l];
		i += level_step;
		for (lvl = 1; lvl < 4; lvl++) {
			for (k = 0; k < 4; k++)
				for (l = 0; l < 8; l++) {
					acc[lvl][k][l] += acc[lvl - 1][k][l];
					acc[lvl - 1][k][l] = 0;
				}
			if ((i & ((level_step - 1) << (lvl * level_power))) != 0)
				break;
		}
	}
	for (; i < size_ilp; i++)
		for (k = 0; k < 4; k++)
			for (l = 0; l < 8; l++)
				acc[0][k][l] += x[(i * 4 + (size_t)k) * 8 + (size_t)l];
	for (lvl = 1; lvl < 4; lvl++)
		for (k = 0; k < 4; k++)
			for (l = 0; l < 8; l++)
				acc[0][k][l] += acc[lvl][k][l];
	memcpy(p, acc[0], sizeof p);
	for (e = size_ilp * 4; e < vec_size; e++)
		for (l = 0; l < 8; l++)
			p[0][l] += x[e * 8 + (size_t)l];
	for (k = 1; k < 4; k++)
		for (l = 0; l < 8; l++)
			p[0][l] += p[k][l];
	for (e = vec_size * 8; e < n; e++)
		final += x[e];
	for (l = 0; l < 8; l++)
		final += p[0][l];
	return final;
}

/*
 * torch.sum of n contiguous floats: one cascade over all of them.  With
 * one thread (at::get_num_threads() is 1 in the reference build) ATen's
 * parallel_reduce never splits the range, however long; checked against
 * torch up to 1.28 million floats (tests/reduce-cases.txt).
 */
float
tensor_sum(const float *x, size_t n)
{
	return cascade_chunk(x, n);
}

/*
 * ---- Strided views: reductions in TensorIterator's order ----
 *
 * A reduction's result depends on the order in which ATen meets the
 * elements, and ATen does not walk a view in its logical order: its
 * TensorIterator sorts the dimensions by stride, fastest first (reduced
 * dimensions in front), merges neighbours that are contiguous together,
 * and hands the kernel two dimensions at a time (TensorIterator.cpp:
 * reorder_dimensions, coalesce_dimensions, serial_for_each).  So
 * inputs.T.sum() sums in memory order, and inputs.sum(dim=0) reaches the
 * kernel as "reduce along a strided dimension, outputs contiguous".  The
 * code below rebuilds that geometry for one input and, in a reduction,
 * its output, then runs the kernels of SumKernel.cpp (cascade_sum) and
 * ReduceOps.cpp (var) on it.  PyTorch's CPU build here runs one thread
 * (at::get_num_threads() == 1), so no reduction is split between threads.
 */
struct iter {
	int ndim, nops;			/* nops: 2 (the output, the input) or 1 (the input); 3 for layouts */
	long long shape[TENSOR_MAXDIM];
	long long stride[3][TENSOR_MAXDIM];	/* in elements; [nops - 1] is the input */
};

/* torch's contiguous strides of a shape: a size-1 or size-0 dim counts as 1 */
static void
contig_strides(long long *st, const long long *shape, int nd)
{
	long long s = 1;
	int d;

	for (d = nd - 1; d >= 0; d--) {
		st[d] = s;
		s *= shape[d] > 1 ? shape[d] : 1;
	}
}

/* reorder_dimensions: the comparison of two dims (1: d0 goes after d1) */
static int
should_swap(const struct iter *it, int red, int d0, int d1)
{
	int op;

	for (op = 0; op < it->nops; op++) {
		long long s0 = it->stride[op][d0], s1 = it->stride[op][d1];

		if (red && op == 0 && (s0 == 0) != (s1 == 0))
			return s1 == 0 ? 1 : -1;	/* reduced dims to the front */
		if (s0 == 0 || s1 == 0)
			continue;
		if (s0 < s1)
			return -1;
		if (s0 > s1)
			return 1;
		if (it->shape[d0] > it->shape[d1])
			return 1;
	}
	return 0;
}

/* reorder_dimensions' permutation: perm[i] is the dim that goes i-th (fastest first) */
static void
iter_perm(const struct iter *it, int red, int *perm)
{
	int i, d0, d1;

	for (i = 0; i < it->ndim; i++)
		perm[i] = it->ndim - 1 - i;
	/* insertion sort, stopping at the first definite "keep" */
	for (i = 1; i < it->ndim; i++) {
		d1 = i;
		for (d0 = i - 1; d0 >= 0; d0--) {
			int c = should_swap(it, red, perm[d0], perm[d1]);

			if (c > 0) {
				int t = perm[d0];

				perm[d0] = perm[d1];
				perm[d1] = t;
				d1 = d0;
			} else if (c < 0) {
				break;
			}
		}
	}
}

/*
 * The strides TensorIterator gives the new output of an element-wise
 * operation (allocate_or_resize_outputs): dense, in the order its inputs
 * lie in memory, so that x.T + 1 is laid out like x.T.  Inputs' strides
 * are 0 where they broadcast.
 */
void
tensor_layout(long long *out, int ndim, const int *shape, const long long *const *in, int nin)
{
	struct iter it;
	int perm[TENSOR_MAXDIM], d, k, natural = 1;
	long long next = 1;

	it.ndim = ndim;
	it.nops = nin < 3 ? nin : 3;
	for (d = 0; d < ndim; d++) {
		it.shape[d] = shape[d];
		for (k = 0; k < it.nops; k++)
			it.stride[k][d] = in[k][d];
	}
	iter_perm(&it, 0, perm);
	for (d = 0; d < ndim; d++)
		natural &= perm[d] == ndim - 1 - d;
	if (natural) {
		for (d = ndim - 1; d >= 0; d--) {
			out[d] = next;
			next *= shape[d] > 1 ? shape[d] : 1;
		}
		return;
	}
	for (d = 0; d < ndim; d++) {
		out[perm[d]] = next;
		next *= shape[perm[d]];
	}
}

/* reorder_dimensions then coalesce_dimensions, as TensorIterator::build */
static void
iter_order(struct iter *it, int red)
{
	int perm[TENSOR_MAXDIM], i, op, prev, d;
	long long shape[TENSOR_MAXDIM], stride[3][TENSOR_MAXDIM];

	if (it->ndim > 1) {
		iter_perm(it, red, perm);
		for (i = 0; i < it->ndim; i++) {
			shape[i] = it->shape[perm[i]];
			for (op = 0; op < it->nops; op++)
				stride[op][i] = it->stride[op][perm[i]];
		}
		memcpy(it->shape, shape, sizeof shape);
		memcpy(it->stride, stride, sizeof stride);
	}
	if (it->ndim <= 1)
		return;
	prev = 0;
	for (d = 1; d < it->ndim; d++) {
		int ok = it->shape[prev] == 1 || it->shape[d] == 1;

		for (op = 0; !ok && op < it->nops; op++)
			if (it->shape[prev] * it->stride[op][prev] != it->stride[op][d])
				break;
		if (!ok && op == it->nops)
			ok = 1;
		if (ok) {
			if (it->shape[prev] == 1)
				for (op = 0; op < it->nops; op++)
					it->stride[op][prev] = it->stride[op][d];
			it->shape[prev] *= it->shape[d];
		} else {
			prev++;
			if (prev != d) {
				for (op = 0; op < it->nops; op++)
					it->stride[op][prev] = it->stride[op][d];
				it->shape[prev] = it->shape[d];
			}
		}
	}
	it->ndim = prev + 1;
}

/*
 * The iterator of x.sum(dims, keepdim): the output's strides are those of
 * a new contiguous result, 0 along the reduced dims (review_reduce_result,
 * compute_strides); they decide where reduced dims of size 1 sort.
 */
static void
iter_reduce(struct iter *it, const struct tensor_view *x, unsigned dims, int keepdim)
{
	long long kshape[TENSOR_MAXDIM], kst[TENSOR_MAXDIM];
	int d, k = 0;

	it->ndim = x->ndim;
	it->nops = 2;
	for (d = 0; d < x->ndim; d++) {
		it->shape[d] = x->shape[d];
		it->stride[1][d] = x->stride[d];
		if (keepdim)
			kshape[d] = (dims >> d & 1) ? 1 : x->shape[d];
		else if (!(dims >> d & 1))
			kshape[k++] = x->shape[d];
	}
	contig_strides(kst, kshape, keepdim ? x->ndim : k);
	for (d = 0, k = 0; d < x->ndim; d++) {
		if (keepdim)
			it->stride[0][d] = (dims >> d & 1) && x->shape[d] != 1 ? 0 : kst[d];
		else
			it->stride[0][d] = (dims >> d & 1) ? 0 : kst[k++];
	}
	iter_order(it, 1);
}

/* The iterator of an element-wise walk over x alone (std_var_all_cpu). */
static void
iter_input(struct iter *it, const struct tensor_view *x)
{
	int d;

	it->ndim = x->ndim;
	it->nops = 1;
	for (d = 0; d < x->ndim; d++) {
		it->shape[d] = x->shape[d];
		it->stride[0][d] = x->stride[d];
	}
	iter_order(it, 0);
}

/*
 * serial_for_each: fn(ctx, offsets, n0, n1, strides of dims 0 and 1) for
 * each index of the dims from 2 on (dim 2 fastest); nothing when empty.
 */
typedef void iter_fn(void *ctx, const long long *off, long long n0, long long n1,
    const long long *s0, const long long *s1);

static void
iter_each(const struct iter *it, iter_fn *fn, void *ctx)
{
	long long idx[TENSOR_MAXDIM], off[2], s0[2], s1[2], n0, n1;
	int d, op;

	for (d = 0; d < it->ndim; d++)
		if (it->shape[d] == 0)
			return;
	for (op = 0; op < it->nops; op++) {
		s0[op] = it->ndim > 0 ? it->stride[op][0] : 0;
		s1[op] = it->ndim > 1 ? it->stride[op][1] : 0;
	}
	n0 = it->ndim > 0 ? it->shape[0] : 1;
	n1 = it->ndim > 1 ? it->shape[1] : 1;
	memset(idx, 0, sizeof idx);
	for (;;) {
		for (op = 0; op < it->nops; op++) {
			off[op] = 0;
			for (d = 2; d < it->ndim; d++)
				off[op] += idx[d] * it->stride[op][d];
		}
		fn(ctx, off, n0, n1, s0, s1);
		for (d = 2; d < it->ndim; d++) {
			if (++idx[d] < it->shape[d])
				break;
			idx[d] = 0;
		}
		if (d >= it->ndim)
			return;
	}
}

/*
 * multi_row_sum (SumKernel.cpp) for w columns at once: column c sums
 * x[i*rs + c*cs] over i < n with one accumulator per level, each level
 * passed up every 2^level_power rows; the columns never mix, so w only
 * changes the speed.
 */
static void
lev_cols(float *res, const float *x, long long rs, long long cs, long long n, int w)
{
	float acc[4][32];
	int lp = ceil_log2((size_t)n) / 4, j, c;
	long long step, i = 0;

	lp = lp < 4 ? 4 : lp;
	step = 1LL << lp;
	memset(acc, 0, sizeof acc);
	while (i + step <= n) {
		long long e = i + step;

		for (; i < e; i++)
			for (c = 0; c < w; c++)
				acc[0][c] += x[i * rs + c * cs];
		for (j = 1; j < 4; j++) {
			for (c = 0; c < w; c++) {
				acc[j][c] += acc[j - 1][c];
				acc[j - 1][c] = 0;
			}
			if ((i & ((step - 1) << (j * lp))) != 0)
				break;
		}
	}
	for (; i < n; i++)
		for (c = 0; c < w; c++)
			acc[0][c] += x[i * rs + c * cs];
	for (j = 1; j < 4; j++)
		for (c = 0; c < w; c++)
			acc[0][c] += acc[j][c];
	memcpy(res, acc[0], (size_t)w * sizeof *res);
}

/*
 * row_sum: the column as (n/4, 4) rows summed by multi_row_sum, the n%4
 * left over into the first partial sum, then the four partials in order;
 * for w columns at once (x[i*st + c*cs]).
 */
static void
ilp_cols(float *res, const float *x, long long st, long long cs, long long n, int w)
{
	float acc[4][4][8];
	long long m = n / 4, step, i = 0, k;
	int lp = ceil_log2((size_t)m) / 4, j, c, q;

	lp = lp < 4 ? 4 : lp;
	step = 1LL << lp;
	memset(acc, 0, sizeof acc);
	while (i + step <= m) {
		long long e = i + step;

		for (; i < e; i++)
			for (q = 0; q < 4; q++)
				for (c = 0; c < w; c++)
					acc[0][q][c] += x[(i * 4 + q) * st + c * cs];
		for (j = 1; j < 4; j++) {
			for (q = 0; q < 4; q++)
				for (c = 0; c < w; c++) {
					acc[j][q][c] += acc[j - 1][q][c];
					acc[j - 1][q][c] = 0;
				}
			if ((i & ((step - 1) << (j * lp))) != 0)
				break;
		}
	}
	for (; i < m; i++)
		for (q = 0; q < 4; q++)
			for (c = 0; c < w; c++)
				acc[0][q][c] += x[(i * 4 + q) * st + c * cs];
	for (j = 1; j < 4; j++)
		for (q = 0; q < 4; q++)
			for (c = 0; c < w; c++)
				acc[0][q][c] += acc[j][q][c];
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
add_out(float *out, long long os, const float *r, int w)
{
	int c;

	for (c = 0; c < w; c++)
		out[c * os] += r[c];
}

/* rows [lo, hi) of a vectorized_inner_sum */
struct rows_sum {
	float *out;
	const float *in;
	long long os, is;
	size_t n;
};

/* the rows of a short vectorized_inner_sum in one clone: the vector unit's width chosen once */
TARGETS static void
short_rows(float *out, long long os, const float *in, long long is, size_t n, size_t lo, size_t hi)
{
	size_t j;

	for (j = lo; j < hi; j++)
		out[(long long)j * os] += cascade_short(in + (long long)j * is, n);
}

static void
inner_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_sum *r = arg;
	size_t j;

	if (r->n >= 8 && r->n / 32 < 16) {
		short_rows(r->out, r->os, r->in, r->is, r->n, lo, hi);
		return;
	}
	for (j = lo; j < hi; j++)
		r->out[(long long)j * r->os] += cascade_chunk(r->in + (long long)j * r->is, r->n);
}

/* cascade_sum's loop over one 2-d block (SumKernel.cpp), strides in elements */
static void
sum_block(void *ctx, const long long *off, long long n0, long long n1, const long long *s0,
    const long long *s1)
{
	float **pp = ctx, *out = pp[0] + off[0], r[32];
	const float *in = pp[1] + off[1];
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
	if (is0 == 1 && n0 >= 8) {	/* vectorized_inner_sum: rows are independent, two threads share many */
		struct rows_sum rs = { out, in, os1, is1, (size_t)n0 };

		inner_rows(&rs, 0, (size_t)n1);
	} else if (is1 == 1 && n1 >= 8) {	/* vectorized_outer_sum */
		for (j = 0; j + 32 <= n1; j += 32) {
			lev_cols(r, in + j, is0, 1, n0, 32);
			add_out(out + j * os1, os1, r, 32);
		}
		for (; j + 8 <= n1; j += 8) {
			ilp_cols(r, in + j, is0, 1, n0, 8);
			add_out(out + j * os1, os1, r, 8);
		}
		for (; j < n1; j++) {
			ilp_cols(r, in + j, is0, 1, n0, 1);
			out[j * os1] += r[0];
		}
	} else if (is0 < is1) {		/* scalar_inner_sum */
		for (j = 0; j < n1; j++) {
			ilp_cols(r, in + j * is1, is0, 0, n0, 1);
			out[j * os1] += r[0];
		}
	} else {			/* scalar_outer_sum */
		for (j = 0; j + 3 < n1; j += 4) {
			lev_cols(r, in + j * is1, is0, is1, n0, 4);
			add_out(out + j * os1, os1, r, 4);
		}
		for (; j < n1; j++) {
			ilp_cols(r, in + j * is1, is0, 0, n0, 1);
			out[j * os1] += r[0];
		}
	}
}

/* The number of elements of the result of reducing `dims` (bit d: dim d). */
static size_t
kept_numel(const struct tensor_view *x, unsigned dims)
{
	size_t n = 1;
	int d;

	for (d = 0; d < x->ndim; d++)
		if (!(dims >> d & 1))
			n *= (size_t)x->shape[d];
	return n;
}

void
tensor_sum_view(float *out, const struct tensor_view *x, unsigned dims, int keepdim)
{
	struct iter it;
	float *pp[2];

	memset(out, 0, kept_numel(x, dims) * sizeof *out);	/* iter.output().fill_(0) */
	iter_reduce(&it, x, dims, keepdim);
	pp[0] = out;
	pp[1] = (float *)x->data;
	iter_each(&it, sum_block, pp);
}

/* std_var_all_cpu: sum of (x - mean)^2 in double, one partial sum per 2-d block */
struct dev_ctx {
	const float *x;
	double mean, total;
};

static void
dev_block(void *ctx, const long long *off, long long n0, long long n1, const long long *s0,
    const long long *s1)
{
	struct dev_ctx *c = ctx;
	const float *x = c->x + off[0];
	double local = 0;
	long long i, j;

	for (i = 0; i < n1; i++)
		for (j = 0; j < n0; j++) {
			double dx = (double)x[i * s1[0] + j * s0[0]] - c->mean;

			local += dx * dx;
		}
	c->total += local;
}

void
tensor_var_view(float *out, const struct tensor_view *x, unsigned dims, int keepdim, int correction)
{
	struct iter it;
	int nred = 0, d;
	size_t nout = kept_numel(x, dims);

	iter_reduce(&it, x, dims, keepdim);
	for (d = 0; d < it.ndim; d++)
		nred += it.stride[0][d] == 0;
	if (x->numel == 0) {
		for (size_t i = 0; i < nout; i++)
			out[i] = NAN;
		return;
	}
	if (nred == it.ndim) {		/* one value: two passes, the mean in float32 first */
		struct iter in;
		struct dev_ctx c;
		float s;
		long long n = (long long)x->numel - correction;
		double var;

		tensor_sum_view(&s, x, (1u << x->ndim) - 1, 0);
		c.x = x->data;
		c.mean = (double)(s / (float)x->numel);
		c.total = 0;
		iter_input(&in, x);
		iter_each(&in, dev_block, &c);
		var = c.total / (double)(n > 0 ? n : 0);
		for (size_t i = 0; i < nout; i++)
			out[i] = (float)var;
		return;
	}
	/*
	 * WelfordOps (SharedReduceOps.h) in double, per output: outputs are
	 * the iterator's dims from nred on;
	 * each walks its reduced dims 0..nred-1, dim 0 fastest.
	 */
	{
		long long oidx[TENSOR_MAXDIM], ridx[TENSOR_MAXDIM];
		int k;

		memset(oidx, 0, sizeof oidx);
		for (;;) {
			long long obase = 0, ibase = 0, n = 0;
			double mean = 0, m2 = 0, nf, divisor;

			for (k = nred; k < it.ndim; k++) {
				obase += oidx[k] * it.stride[0][k];
				ibase += oidx[k] * it.stride[1][k];
			}
			memset(ridx, 0, sizeof ridx);
			for (;;) {
				long long o = ibase;
				double v, delta, nm;

				for (k = 0; k < nred; k++)
					o += ridx[k] * it.stride[1][k];
				v = (double)x->data[o];
				n++;
				nf = (double)n;
				delta = v - mean;
				nm = mean + delta / nf;
				m2 = m2 + delta * (v - nm);
				mean = nm;
				for (k = 0; k < nred; k++) {
					if (++ridx[k] < it.shape[k])
						break;
					ridx[k] = 0;
				}
				if (k >= nred)
					break;
			}
			nf = (double)n;
			divisor = nf > correction ? nf - correction : 0;
			out[obase] = (float)(m2 / divisor);
			for (k = nred; k < it.ndim; k++) {
				if (++oidx[k] < it.shape[k])
					break;
				oidx[k] = 0;
			}
			if (k >= it.ndim)
				return;
		}
	}
}

/*
 * ---- Element-wise kernels over strided views ----
 *
 * Each walks its output in row-major order, the last dim as the inner
 * loop; operands broadcast by stride 0.  Every operation is one IEEE
 * float32 operation per element (or the libm/SLEEF function PyTorch
 * calls), so the order of the walk changes no bit; the contiguous rows
 * go to the stages' own kernels (tensor_scale, tensor_mul, exp_row).
 */

/* fn(ctx, row, offsets of row's first element in each view) over the rows of shape */
static void
each_row(int nd, const int *shape, const struct tensor_view *const *v, int nv,
    void (*fn)(void *ctx, size_t row, const long long *off), void *ctx)
{
	int idx[TENSOR_MAXDIM], d, k;
	long long off[3];
	size_t rows = 1, r;

	for (d = 0; d + 1 < nd; d++)
		rows *= (size_t)shape[d];
	if (nd > 0 && shape[nd - 1] == 0)
		return;
	memset(idx, 0, sizeof idx);
	for (k = 0; k < nv; k++)
		off[k] = 0;
	for (r = 0; r < rows; r++) {
		fn(ctx, r, off);
		for (d = nd - 2; d >= 0; d--) {
			for (k = 0; k < nv; k++)
				off[k] += v[k]->stride[d];
			if (++idx[d] < shape[d])
				break;
			for (k = 0; k < nv; k++)
				off[k] -= (long long)shape[d] * v[k]->stride[d];
			idx[d] = 0;
		}
	}
}

struct copy_ctx {
	float *out;
	const struct tensor_view *x;
	size_t inner;
};

static void
copy_row(void *arg, size_t row, const long long *off)
{
	struct copy_ctx *c = arg;
	float *y = c->out + row * c->inner;
	const float *x = c->x->data + off[0];
	long long s = c->x->ndim ? c->x->stride[c->x->ndim - 1] : 0;
	size_t j;

	if (s == 1) {
		memcpy(y, x, c->inner * sizeof *y);
		return;
	}
	for (j = 0; j < c->inner; j++)
		y[j] = x[(long long)j * s];
}

void
tensor_copy_view(float *out, const struct tensor_view *x)
{
	struct copy_ctx c = { out, x, x->ndim ? (size_t)x->shape[x->ndim - 1] : 1 };
	const struct tensor_view *v[1] = { x };

	each_row(x->ndim, x->shape, v, 1, copy_row, &c);
}

/* div_floor_floating (BinaryOps.h): Python's a // b */
static float
floor_div(float a, float b)
{
	float mod, div, fl;

	if (b == 0)
		return a / b;
	mod = fmodf(a, b);
	div = (a - mod) / b;
	if (mod != 0 && (b < 0) != (mod < 0))
		div -= 1;
	if (div != 0) {
		fl = floorf(div);
		if (div - fl > 0.5f)
			fl += 1;
	} else {
		fl = copysignf(0, a / b);
	}
	return fl;
}

/* remainder_kernel: fmod, moved to the divisor's sign */
static float
py_remainder(float a, float b)
{
	float mod = fmodf(a, b);

	if (mod != 0 && (b < 0) != (mod < 0))
		mod += b;
	return mod;
}

/*
 * SLEEF's powf_u10 as PyTorch's AVX2 Vectorized<float>::pow runs it (one
 * lane): log|x| and exp in double-float (pairs hi + lo), with fused
 * multiply-adds where the AVX2 build of SLEEF fuses them (df.h's FMA
 * forms).  Used for the lanes PyTorch computes with vectors; its scalar
 * tail calls std::pow instead.
 */
struct df {
	float x, y;
};

static float
f_of(uint32_t u)
{
	union fbits b;

	b.u = u;
	return b.f;
}

static uint32_t
u_of(float f)
{
	union fbits b;

	b.f = f;
	return b.u;
}

/* _mm256_cvtps_epi32: nearest, ties to even; out of range gives INT_MIN */
static int32_t
rint_i(float f)
{
	float r = nearbyintf(f);

	return r >= -2147483648.0f && r < 2147483648.0f ? (int32_t)r : INT32_MIN;
}

static struct df
df_add2_ff(float x, float y)	/* dfadd2_vf2_vf_vf */
{
	struct df r;
	float v;

	r.x = x + y;
	v = r.x - x;
	r.y = (x - (r.x - v)) + (y - v);
	return r;
}

static struct df
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

static struct df
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

static struct df
df_add_dfdf(struct df x, struct df y)	/* dfadd_vf2_vf2_vf2 */
{
	struct df r;

	r.x = x.x + y.x;
	r.y = (((x.x - r.x) + y.x) + x.y) + y.y;
	return r;
}

static struct df
df_add_f_df(float x, struct df y)	/* dfadd_vf2_vf_vf2 */
{
	struct df r;

	r.x = x + y.x;
	r.y = ((x - r.x) + y.x) + y.y;
	return r;
}

static struct df
df_mul_df_f(struct df x, float y)	/* dfmul_vf2_vf2_vf, FMA form */
{
	struct df r;

	r.x = x.x * y;
	r.y = fmaf(x.y, y, fmaf(x.x, y, -r.x));
	return r;
}

static struct df
df_mul_dfdf(struct df x, struct df y)	/* dfmul_vf2_vf2_vf2, FMA form */
{
	struct df r;

	r.x = x.x * y.x;
	r.y = fmaf(x.x, y.y, fmaf(x.y, y.x, fmaf(x.x, y.x, -r.x)));
	return r;
}

static struct df
df_squ(struct df x)	/* dfsqu_vf2_vf2, FMA form */
{
	struct df r;

	r.x = x.x * x.x;
	r.y = fmaf(x.x + x.x, x.y, fmaf(x.x, x.x, -r.x));
	return r;
}

static struct df
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

/* logkf: log(d) as a double-float, d > 0 */
static struct df
sleef_logk(float d)
{
	int o = d < 1.17549435e-38f;
	int32_t e;
	float m, t;
	struct df x, x2, c, s, l2;

	if (o)
		d = d * ((float)(1LL << 32) * (float)(1LL << 32));
	e = (int32_t)((u_of(d * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
	m = f_of(u_of(d) + (uint32_t)(-e) * (1u << 23));
	if (o)
		e -= 64;
	x = df_div(df_add2_ff(-1, m), df_add2_ff(1, m));
	x2 = df_squ(x);
	t = 0.240320354700088500976562f;
	t = fmaf(t, x2.x, 0.285112679004669189453125f);
	t = fmaf(t, x2.x, 0.400007992982864379882812f);
	c.x = 0.66666662693023681640625f;
	c.y = 3.69183861259614332084311e-09f;
	l2.x = 0.69314718246459960938f;
	l2.y = -1.904654323148236017e-09f;
	s = df_mul_df_f(l2, (float)e);
	x.x *= 2;	/* dfscale(x, 2) */
	x.y *= 2;
	s = df_add_dfdf(s, x);
	x.x *= 0.5f;
	x.y *= 0.5f;
	s = df_add_dfdf(s, df_mul_dfdf(df_mul_dfdf(x2, x), df_add2_dfdf(df_mul_df_f(x2, t), c)));
	return s;
}

/* vldexp_vf_vf_vi2: x * 2^q in steps that keep every product a float */
static float
ldexp_k(float x, int32_t q)
{
	/* 32-bit lanes wrap around: unsigned arithmetic, arithmetic shifts */
	int32_t m = q >> 31, n;
	float u;

	m = (int32_t)((uint32_t)m + (uint32_t)q) >> 6;
	m = (int32_t)(((uint32_t)m - (uint32_t)(q >> 31)) << 4);
	q = (int32_t)((uint32_t)q - ((uint32_t)m << 2));
	m = (int32_t)((uint32_t)m + 0x7f);
	m = m > 0 ? m : 0;
	n = m > 0xff ? -1 : 0;
	m = n ? 0xff : m;
	u = f_of((uint32_t)m << 23);
	x = x * u * u * u * u;
	u = f_of(((uint32_t)q + 0x7f) << 23);
	return x * u;
}

/* expkf: exp of a double-float */
static float
sleef_expk(struct df d)
{
	float u = (d.x + d.y) * 1.442695040888963407359924681001892137426645954152985934135449406931f;
	int32_t q = rint_i(u);
	struct df s, t;

	s = df_add2_df_f(d, (float)q * -0.693145751953125f);
	s = df_add2_df_f(s, (float)q * -1.428606765330187045e-06f);
	t.x = s.x + s.y;	/* dfnormalize */
	t.y = (s.x - t.x) + s.y;
	s = t;
	u = 0.00136324646882712841033936f;
	u = fmaf(u, s.x, 0.00836596917361021041870117f);
	u = fmaf(u, s.x, 0.0416710823774337768554688f);
	u = fmaf(u, s.x, 0.166665524244308471679688f);
	u = fmaf(u, s.x, 0.499999850988388061523438f);
	t = df_add_dfdf(s, df_mul_df_f(df_squ(s), u));
	t = df_add_f_df(1, t);
	u = ldexp_k(t.x + t.y, q);
	return d.x < -104 ? 0.0f : u;
}

float
tensor_sleef_powf(float x, float y)
{
	float ty = truncf(y), result, efx, ax = fabsf(x);
	int yisint = ty == y || fabsf(y) > (float)(1 << 24);
	int32_t ti = fabsf(y) < 2147483648.0f ? (int32_t)y : INT32_MIN;	/* _mm256_cvttps_epi32 */
	int yisodd = (ti & 1) == 1 && yisint && fabsf(y) < (float)(1 << 24);

	result = sleef_expk(df_mul_df_f(sleef_logk(ax), y));
	if (result != result)
		result = INFINITY;
	result = result * (x > 0 ? 1.0f : !yisint ? NAN : yisodd ? -1.0f : 1.0f);
	efx = f_of(u_of(ax - 1) ^ (u_of(y) & 0x80000000u));	/* vmulsign */
	if (isinf(y))
		result = efx < 0 ? 0.0f : efx == 0 ? 1.0f : INFINITY;
	if (isinf(x) || x == 0) {
		float sg = yisodd ? copysignf(1.0f, x) : 1.0f;
		float z = (x == 0 ? -y : y) < 0 ? 0.0f : INFINITY;

		result = sg * z;
	}
	if (x != x || y != y)
		result = NAN;
	if (y == 0 || x == 1)
		result = 1;
	return result;
}

/* pow with a scalar exponent (pow_tensor_scalar_kernel): the specialised exponents, else pow in double */
static float
pow_scalar(float x, double e)
{
	if (e == 2)
		return x * x;
	if (e == 3)
		return x * x * x;
	if (e == -2)
		return 1.0f / (x * x);
	if (e == 0.5)
		return sqrtf(x);
	if (e == -0.5)
		return 1 / sqrtf(x);
	if (e == -1)
		return 1.0f / x;
	return (float)pow((double)x, e);
}

static float
binop(int op, float a, float b)
{
	switch (op) {
	case TENSOR_ADD: return a + b;
	case TENSOR_SUB: return a - b;
	case TENSOR_MUL: return a * b;
	case TENSOR_DIV: return a / b;
	case TENSOR_FLOORDIV: return floor_div(a, b);
	case TENSOR_MOD: return py_remainder(a, b);
	case TENSOR_POW: return powf(a, b);
	case TENSOR_POW_SCALAR: return pow_scalar(a, b);
	case TENSOR_MAX: return a != a || b != b ? NAN : (a < b ? b : a);
	default: return 0;
	}
}

struct bin_ctx {
	float *out;
	const struct tensor_view *a, *b;
	size_t inner;
	int op;
	double scalar;		/* TENSOR_POW_SCALAR's exponent, exactly */
};

/* y = a op b for contiguous a and b, or b one scalar (sb 0): loops the compiler vectorises */
FMA_CLONES static int
fast_row(float *y, const float *a, const float *b, long long sb, size_t n, int op)
{
	size_t j;
	float z = b[0];

	if (sb == 0) {
		switch (op) {
		case TENSOR_ADD: for (j = 0; j < n; j++) y[j] = a[j] + z; return 1;
		case TENSOR_SUB: for (j = 0; j < n; j++) y[j] = a[j] - z; return 1;
		case TENSOR_MUL: for (j = 0; j < n; j++) y[j] = a[j] * z; return 1;
		case TENSOR_DIV: for (j = 0; j < n; j++) y[j] = a[j] / z; return 1;
		}
		return 0;
	}
	switch (op) {
	case TENSOR_ADD: for (j = 0; j < n; j++) y[j] = a[j] + b[j]; return 1;
	case TENSOR_SUB: for (j = 0; j < n; j++) y[j] = a[j] - b[j]; return 1;
	case TENSOR_MUL: for (j = 0; j < n; j++) y[j] = a[j] * b[j]; return 1;
	case TENSOR_DIV: for (j = 0; j < n; j++) y[j] = a[j] / b[j]; return 1;
	}
	return 0;
}

static void
bin_row(void *arg, size_t row, const long long *off)
{
	struct bin_ctx *c = arg;
	float *y = c->out + row * c->inner;
	const float *a = c->a->data + off[0], *b = c->b->data + off[1];
	int nd = c->a->ndim;
	long long sa = nd ? c->a->stride[nd - 1] : 0, sb = nd ? c->b->stride[nd - 1] : 0;
	size_t j, n = c->inner;

	if (sa == 1 && sb == 1 && c->op == TENSOR_MUL) {	/* the stages' kernels */
		tensor_mul(y, a, b, n);
		return;
	}
	if (sa == 1 && sb == 0 && (c->op == TENSOR_MUL || c->op == TENSOR_DIV)) {
		tensor_scale(y, a, n, b[0], c->op == TENSOR_DIV);
		return;
	}
	if (sa == 1 && (sb == 0 || sb == 1) && fast_row(y, a, b, sb, n, c->op))
		return;
	if (c->op == TENSOR_POW_SCALAR) {
		for (j = 0; j < n; j++)
			y[j] = pow_scalar(a[(long long)j * sa], c->scalar);
		return;
	}
	for (j = 0; j < n; j++)
		y[j] = binop(c->op, a[(long long)j * sa], b[(long long)j * sb]);
}

/*
 * pow where PyTorch's cpu_kernel_vec decides per element between SLEEF's
 * vector powf and the scalar std::pow: the iteration's dims merge where
 * the strides allow (TensorIterator's coalescing); along each merged inner
 * run whose operands are contiguous (or one of them a broadcast scalar)
 * vectorized_loop takes 16 elements at a time with vectors and leaves the
 * rest to the scalar function; other runs are all scalar.  Tensor **
 * number's scalar function is pow in double, tensor ** tensor's powf.
 */
static int
is_special_exponent(double e)
{
	return e == 2 || e == 3 || e == -2 || e == 0.5 || e == -0.5 || e == -1;
}

static void
pow_view(float *out, const struct tensor_view *a, const struct tensor_view *b, int scalar, double e)
{
	int nd = a->ndim, d, k, idx[TENSOR_MAXDIM];
	size_t run = 1, outer = 1, r, j, vec;
	long long sa, sb, oa, ob;
	int vectorized;

	/* merge the inner dims: out is contiguous; a and b (b unless scalar) must chain */
	for (k = nd - 1, d = -1; k >= 0; k--) {	/* d: the last merged dim of size > 1 */
		if (a->shape[k] != 1 && d >= 0) {
			int ok = a->stride[k] == a->stride[d] * a->shape[d];

			if (!scalar)
				ok &= b->stride[k] == b->stride[d] * b->shape[d];
			if (!ok)
				break;
		}
		if (a->shape[k] != 1)
			d = k;
		run *= (size_t)a->shape[k];
	}
	for (d = 0; d <= k; d++)
		outer *= (size_t)a->shape[d];
	sa = nd ? a->stride[nd - 1] : 1;
	sb = nd && !scalar ? b->stride[nd - 1] : 0;
	/* the run's step: the innermost dim that is not of size 1 */
	for (d = nd - 1; d > k && a->shape[d] == 1; d--)
		;
	if (d > k) {
		sa = a->stride[d];
		sb = scalar ? 0 : b->stride[d];
	}
	if (scalar)
		vectorized = sa == 1 || sa == 0;
	else
		vectorized = (sa == 1 && sb == 1) || (sa == 0 && sb == 1) || (sa == 1 && sb == 0);
	if (run <= 1)
		vectorized = 1;	/* a run of one: its one element is a tail either way */
	memset(idx, 0, sizeof idx);
	for (r = 0; r < outer; r++) {
		float *y = out + r * run;

		oa = ob = 0;
		for (d = 0; d <= k; d++) {
			oa += (long long)idx[d] * a->stride[d];
			ob += scalar ? 0 : (long long)idx[d] * b->stride[d];
		}
		vec = vectorized ? run / 16 * 16 : 0;
		for (j = 0; j < run; j++) {
			float x = a->data[oa + (long long)j * sa];

			if (scalar)
				y[j] = j < vec && !is_special_exponent(e) ? tensor_sleef_powf(x, (float)e) : pow_scalar(x, e);
			else
				y[j] = j < vec ? tensor_sleef_powf(x, b->data[ob + (long long)j * sb]) :
				    powf(x, b->data[ob + (long long)j * sb]);
		}
		for (d = k; d >= 0; d--) {
			if (++idx[d] < a->shape[d])
				break;
			idx[d] = 0;
		}
	}
}

void
tensor_binary_view(float *out, const struct tensor_view *a, const struct tensor_view *b, int op, double scalar)
{
	struct bin_ctx c = { out, a, b, a->ndim ? (size_t)a->shape[a->ndim - 1] : 1, op, scalar };
	const struct tensor_view *v[2] = { a, b };

	if ((op == TENSOR_POW_SCALAR && !is_special_exponent(scalar)) || op == TENSOR_POW) {
		pow_view(out, a, b, op == TENSOR_POW_SCALAR, scalar);
		return;
	}
	each_row(a->ndim, a->shape, v, 2, bin_row, &c);
}

struct cmp_ctx {
	unsigned char *out;
	const struct tensor_view *a, *b;
	size_t inner;
	int op;
};

static void
cmp_row(void *arg, size_t row, const long long *off)
{
	struct cmp_ctx *c = arg;
	unsigned char *y = c->out + row * c->inner;
	const float *a = c->a->data + off[0], *b = c->b->data + off[1];
	int nd = c->a->ndim;
	long long sa = nd ? c->a->stride[nd - 1] : 0, sb = nd ? c->b->stride[nd - 1] : 0;
	size_t j;

	for (j = 0; j < c->inner; j++) {
		float x = a[(long long)j * sa], z = b[(long long)j * sb];
		int r;

		switch (c->op) {
		case TENSOR_EQ: r = x == z; break;
		case TENSOR_NE: r = x != z; break;
		case TENSOR_LT: r = x < z; break;
		case TENSOR_LE: r = x <= z; break;
		case TENSOR_GT: r = x > z; break;
		default: r = x >= z; break;
		}
		y[j] = (unsigned char)r;
	}
}

void
tensor_compare_view(unsigned char *out, const struct tensor_view *a, const struct tensor_view *b, int op)
{
	struct cmp_ctx c = { out, a, b, a->ndim ? (size_t)a->shape[a->ndim - 1] : 1, op };
	const struct tensor_view *v[2] = { a, b };

	each_row(a->ndim, a->shape, v, 2, cmp_row, &c);
}

FMA_CLONES static void
unary_flat(float *y, size_t n, int op)
{
	size_t j;

	switch (op) {
	case TENSOR_SQRT:
		for (j = 0; j < n; j++)
			y[j] = sqrtf(y[j]);
		break;
	case TENSOR_ABS:
		for (j = 0; j < n; j++)
			y[j] = fabsf(y[j]);
		break;
	case TENSOR_NEG:
		for (j = 0; j < n; j++)
			y[j] = -y[j];
		break;
	case TENSOR_RECIP:
		for (j = 0; j < n; j++)
			y[j] = 1.0f / y[j];
		break;
	}
}

void
tensor_unary_view(float *out, const struct tensor_view *x, int op)
{
	size_t done, n = x->numel, step = (size_t)1 << 20;

	tensor_copy_view(out, x);
	if (op != TENSOR_EXP) {
		unary_flat(out, n, op);
		return;
	}
	for (done = 0; done < n; done += step)	/* exp_row takes an int count */
		exp_row(out + done, out + done, 0.0f, (int)(n - done < step ? n - done : step));
}

/*
 * softmax along a dim that is not the last (ATen's _vec_softmax): for
 * each of `outer` blocks of (n, inner) floats, 8 inner columns at a time
 * as vector lanes (max, SLEEF exp of x - max, sum, then division by the
 * sum); the columns left over, fewer than 8, one by one with libm's expf
 * and std::max, as the kernel's scalar tail does.
 */
void
tensor_softmax_dim(float *out, const float *in, size_t outer, size_t n, size_t inner)
{
	size_t o, j, d, l;

	for (o = 0; o < outer; o++) {
		const float *x = in + o * n * inner;
		float *y = out + o * n * inner;

		for (j = 0; j < inner;) {
			if (j + 8 <= inner) {
				float max[8], sum[8];

				for (l = 0; l < 8; l++)
					max[l] = x[j + l];
				for (d = 1; d < n; d++)
					for (l = 0; l < 8; l++) {
						float v = x[d * inner + j + l];

						max[l] = max[l] != max[l] || v != v ? NAN : (v > max[l] ? v : max[l]);
					}
				for (l = 0; l < 8; l++)
					sum[l] = 0;
				for (d = 0; d < n; d++)
					for (l = 0; l < 8; l++) {
						float e;

						exp_row(&e, &x[d * inner + j + l], max[l], 1);
						y[d * inner + j + l] = e;
						sum[l] += e;
					}
				for (d = 0; d < n; d++)
					for (l = 0; l < 8; l++)
						y[d * inner + j + l] /= sum[l];
				j += 8;
				continue;
			}
			for (; j < inner; j++) {
				float max = x[j], sum = 0;

				for (d = 1; d < n; d++)
					max = max < x[d * inner + j] ? x[d * inner + j] : max;
				for (d = 0; d < n; d++) {
					y[d * inner + j] = expf(x[d * inner + j] - max);
					sum += y[d * inner + j];
				}
				for (d = 0; d < n; d++)
					y[d * inner + j] /= sum;
			}
		}
	}
}
