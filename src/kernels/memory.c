/*
 * memory.c - where tensors live: tensor_new/free and views, the arena a
 * run fills, recycled blocks, mmap()ed huge-page memory for big tensors,
 * and a shape as text (tensor_shape_str, tensor_size_str).
 */
#define _GNU_SOURCE		/* MADV_HUGEPAGE, MADV_POPULATE_WRITE */
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

/* "(6, 2)"; a 1-d shape is "(6,)" as in Python. */
char *
tensor_shape_str(char *buf, size_t len, const struct tensor *t)
{
	return text_dims(buf, len, t->ndim, t->shape, "(", t->ndim == 1 ? ",)" : ")");
}

char *
tensor_size_str(char *buf, size_t len, const struct tensor *t)
{
	return text_dims(buf, len, t->ndim, t->shape, "torch.Size([", "])");
}

/* ix[0..ndim-1] = the index of element flat (row-major) of t */
void
tensor_unravel(const struct tensor *t, size_t flat, int *ix)
{
	int d;

	for (d = t->ndim - 1; d >= 0; d--) {
		ix[d] = (int)(flat % (size_t)t->shape[d]);
		flat /= (size_t)t->shape[d];
	}
}
