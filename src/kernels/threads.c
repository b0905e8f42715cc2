/*
 * threads.c - the second thread (a worker woken for halves of jobs and
 * faulting in the arena meanwhile), tensor_parallel's row split, and the
 * clock and counters behind ATTN_EXPLAIN_TIMING.  The kernels split work
 * through two_threads() (kern.h); nothing else here knows a kernel.
 */
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
#include "kern.h"

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
			/* bad: pages fault in as used; Ctrl-C: the run is dropped, nothing more to fault in */
			worker.left = bad || interrupt_pending ? 0 : worker.left - len;
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

void
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
void
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
void
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
