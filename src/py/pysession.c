/*
 * pysession.c - the session the REPL keeps between lines: its variables,
 * the run's names (stages, weights, heads) as objects made on first use
 * over the run's memory, and copy-on-write of that memory: the first write
 * into a stage copies it and leaves the written object as a variable of
 * the stage's name.  Calls the tensor helpers (pytensor.c), the values
 * (pyval.c) and the lists of variables (pyframe.c) only.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

/* the name of a run's name id: a stage or a weight */
static const char *
named_name(int id)
{
	return id < ST_COUNT ? stage_defs[id].name : input_layer_names[id - NAME_LAYER0];
}

/* ---- variables ---- */

static unsigned
hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % PY_NVAR_BUCKETS;
}

struct pyvar *
var_find(const struct py_session *s, const char *name)
{
	return varlist_find(s->vars[hash(name)], name);
}

/* name = o (a new reference is taken) */
void
var_set(struct py_session *s, const char *name, struct pyobj *o)
{
	int created;
	struct pyvar *v = varlist_set(&s->vars[hash(name)], name, o, &created);

	if (created) {
		v->seq = s->nextseq++;
		s->nvars++;
	}
}

int
var_del(struct py_session *s, const char *name)
{
	if (varlist_del(&s->vars[hash(name)], name) != 0)
		return -1;
	s->nvars--;
	return 0;
}

/* ---- the run's names ---- */

static struct pystorage *
borrow(struct py_session *s, const struct tensor *t, int origin)
{
	struct pystorage *st = xcalloc(1, sizeof *st);

	st->refs = 1;
	st->dtype = DT_FLOAT;
	st->n = t->numel;
	st->data = t->data;
	st->borrowed = 1;
	st->origin = origin;
	st->s = s;
	st->next = s->borrowed;
	if (s->borrowed != NULL)
		s->borrowed->prev = st;
	s->borrowed = st;
	return st;
}

static struct pyobj *
borrowed_tensor(struct py_session *s, const struct tensor *t, int origin)
{
	long long stride[TENSOR_MAXDIM];
	struct pyobj *o;

	pyt_contiguous_strides(stride, t->ndim, t->shape);
	o = pyt_new(borrow(s, t, origin), t->ndim, t->shape, stride, 0);
	o->u.t.grad_fn = t->grad_fn;
	o->u.t.requires_grad = t->requires_grad;
	o->u.t.parameter = t->parameter;
	o->deps = NAME_BIT(origin);
	return o;
}

/*
 * queries_heads as PyTorch holds it: queries.view(..., T, H, hd).transpose(-3,
 * -2), a view of queries' memory, not a copy; its strides decide the order
 * of every sum over it.
 */
static struct pyobj *
heads_view(struct py_session *s, int id)
{
	const struct run *r = s->r;
	const struct tensor *h = r->st[id];
	int base_id = ST_QUERIES + (id - ST_QUERIES_HEADS), nd = h->ndim, d;
	long long stride[TENSOR_MAXDIM];
	struct pyobj *base, *o;

	/* (..., T, d_out) viewed (..., T, H, hd): strides (..., d_out, hd, 1); then T and H swap */
	for (d = 0; d < nd - 3; d++)
		stride[d] = (long long)r->T * r->d_out;
	stride[nd - 3] = r->hd;
	stride[nd - 2] = r->d_out;
	stride[nd - 1] = 1;
	/* the base as the session holds it: written in place (shadowed) or the run's */
	if (r->st[base_id] != NULL && ((base = s->shadowed[base_id]) != NULL || (base = session_named(s, base_id)) != NULL)) {
		o = op_view_as(s, base, nd, h->shape, stride, 0, "TransposeBackward0");
		o->u.t.grad_fn = h->grad_fn;
		o->u.t.requires_grad = h->requires_grad;
		o->deps |= NAME_BIT(id);
		return o;
	}
	/* the base was not kept: its memory rebuilt from the heads, in the base's order */
	{
		struct pystorage *st = storage_new(DT_FLOAT, h->numel);
		size_t i;

		if (st == NULL)
			return NULL;
		for (i = 0; i < h->numel; i++) {	/* element i of (..., H, T, hd) */
			size_t k = i % (size_t)r->hd, t = i / (size_t)r->hd % (size_t)r->T;
			size_t hh = i / ((size_t)r->hd * r->T) % (size_t)r->H, b = i / ((size_t)r->hd * r->T * r->H);

			((float *)st->data)[((b * r->T + t) * r->H + hh) * r->hd + k] = h->data[i];
		}
		o = pyt_new(st, nd, h->shape, stride, 0);
		o->u.t.grad_fn = h->grad_fn;
		o->deps = NAME_BIT(id);
		return o;
	}
}

struct pyobj *
session_named(struct py_session *s, int id)
{
	const struct run *r = s->r;
	struct pyobj *o;

	if (s->named[id] != NULL)
		return s->named[id];
	if (id < ST_COUNT) {
		if (r->st[id] == NULL)
			return NULL;
		if (id >= ST_QUERIES_HEADS && id <= ST_VALUES_HEADS)
			o = heads_view(s, id);
		else
			o = borrowed_tensor(s, r->st[id], id);
	} else {
		const struct layer *L = &r->layer[id - NAME_LAYER0];

		if (!L->present)
			return NULL;
		if (!L->linear) {
			o = borrowed_tensor(s, L->w, id);
		} else {
			o = py_new(PY_MODULE);
			o->u.m.kind = MOD_LINEAR;
			o->u.m.weight = borrowed_tensor(s, L->w, id);
			o->u.m.bias = L->b ? borrowed_tensor(s, L->b, id) : NULL;
			o->u.m.out = L->w->shape[0];
			o->u.m.in = L->w->shape[1];
			o->deps = NAME_BIT(id);
		}
	}
	s->named[id] = o;
	return o;
}

void
session_shadow(struct py_session *s, int origin)
{
	struct pyobj *o = s->named[origin];

	if (o == NULL)
		return;
	if (var_find(s, named_name(origin)) == NULL)
		var_set(s, named_name(origin), o);
	s->named[origin] = NULL;
	py_decref(s->shadowed[origin]);
	s->shadowed[origin] = o;	/* the reference named[] held: queries_heads made later still views it */
}

/* heads[h]: head h's layers with head_layout "stacked" */
struct pyobj *
head_layer(struct py_session *s, int h, int l)
{
	const struct run *r = s->r;
	const struct layer *L = &r->layer[l];
	int hd = r->hd, d_in = r->d_in, shape[2], i, j;
	struct pyobj *w;

	if (!L->linear) {	/* (d_in, d_out): columns h*hd.. */
		shape[0] = d_in;
		shape[1] = hd;
		w = pyt_empty(DT_FLOAT, 2, shape);
		for (i = 0; i < d_in; i++)
			for (j = 0; j < hd; j++)
				pyt_data(&w->u.t)[i * hd + j] = L->w->data[(size_t)i * r->d_out + (size_t)h * hd + j];
		w->u.t.parameter = L->w->parameter;
		w->u.t.requires_grad = L->w->requires_grad;
		w->deps = NAME_BIT(NAME_LAYER0 + l);
		return w;
	}
	{
		struct pyobj *m = py_new(PY_MODULE);

		shape[0] = hd;
		shape[1] = d_in;
		m->u.m.kind = MOD_LINEAR;
		m->u.m.in = d_in;
		m->u.m.out = hd;
		m->u.m.weight = w = pyt_empty(DT_FLOAT, 2, shape);
		memcpy(pyt_data(&w->u.t), L->w->data + (size_t)h * hd * d_in, (size_t)hd * d_in * sizeof(float));
		w->u.t.parameter = w->u.t.requires_grad = 1;
		if (L->b != NULL) {
			m->u.m.bias = pyt_empty(DT_FLOAT, 1, &hd);
			memcpy(pyt_data(&m->u.m.bias->u.t), L->b->data + (size_t)h * hd, (size_t)hd * sizeof(float));
			m->u.m.bias->u.t.parameter = m->u.m.bias->u.t.requires_grad = 1;
		}
		m->deps = NAME_BIT(NAME_LAYER0 + l);
		return m;
	}
}

int
has_heads(const struct run *r)
{
	return r->stacked && !r->simple && r->layer[LAYER_QUERY].present;
}

struct pyobj *
heads_list(struct py_session *s)
{
	struct pyobj *l = py_seq(PY_LIST, s->r->H);
	int h;

	for (h = 0; h < s->r->H; h++) {
		struct pyobj *m = py_new(PY_MODULE);

		m->u.m.kind = MOD_HEAD;
		m->u.m.dim = h;
		/* what its repr shows: the book's CausalAttention, its layers and its dropout */
		m->u.m.in = s->r->d_in;
		m->u.m.out = s->r->hd;
		m->u.m.p = s->r->dropout;
		m->u.m.head_linear = s->r->layer[LAYER_QUERY].linear;
		m->u.m.head_bias = (s->r->layer[0].b != NULL) | (s->r->layer[1].b != NULL) << 1 |
		    (s->r->layer[2].b != NULL) << 2;
		l->u.seq.v[h] = m;
	}
	return l;
}

/* ---- the session ---- */

struct py_session *
py_session_new(const struct run *r)
{
	struct py_session *s = xcalloc(1, sizeof *s);

#if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
	/*
	 * A session makes and drops results of the same sizes again and
	 * again.  glibc would give each freed one back to the kernel, which
	 * zeroes every page of it (a 2 MiB huge page at a time) when it is
	 * taken again: 60% of a minGPT product's time.  Keep it instead.
	 */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
	tensor_threads_lazy(1);	/* the first product big enough for two threads starts a worker that stays */
	tensor_set_intraop_threads(0);	/* PyTorch's default until torch.set_num_threads */
	s->r = r;
	s->rng = r->rng_end;
	return s;
}

/* name = a float32 copy of t, or (ints != NULL) an int64 tensor of t's shape holding ints */
int
py_session_bind(struct py_session *s, const char *name, const struct tensor *t, const long long *ints)
{
	struct pyobj *o = pyt_empty_uninit(ints != NULL ? DT_INT64 : DT_FLOAT, t->ndim, t->shape);

	if (o == NULL)
		return -1;
	memcpy(o->u.t.st->data, ints != NULL ? (const void *)ints : (const void *)t->data,
	    t->numel * (ints != NULL ? sizeof *ints : sizeof *t->data));
	var_set(s, name, o);
	py_decref(o);
	return 0;
}

/* the session's memory of the run it is leaving: copied, so that variables outlive it */
static void
detach_run(struct py_session *s)
{
	int i;

	while (s->borrowed != NULL)
		storage_own(s->borrowed);
	for (i = 0; i < NAME_COUNT; i++) {
		py_decref(s->named[i]);
		s->named[i] = NULL;
		py_decref(s->shadowed[i]);
		s->shadowed[i] = NULL;
	}
}

/* 1 when stage or weight id holds other values in r than in old */
static int
changed(const struct run *old, const struct run *r, int id)
{
	const struct tensor *a, *b;

	if (id < ST_COUNT) {
		a = old->st[id];
		b = r->st[id];
	} else {
		const struct layer *la = &old->layer[id - NAME_LAYER0], *lb = &r->layer[id - NAME_LAYER0];

		if (la->present != lb->present || la->linear != lb->linear || (la->b == NULL) != (lb->b == NULL))
			return 1;
		if (la->b != NULL && (!tensor_same_shape(la->b, lb->b) ||
		    memcmp(la->b->data, lb->b->data, la->b->numel * sizeof(float)) != 0))
			return 1;
		a = la->w;
		b = lb->w;
	}
	if (a == NULL || b == NULL)
		return a != b;
	return !tensor_same_shape(a, b) || memcmp(a->data, b->data, a->numel * sizeof(float)) != 0;
}

void
py_session_rerun(struct py_session *s, const struct run *r)
{
	unsigned moved = 0;
	int i;

	for (i = 0; i < NAME_COUNT; i++)
		if (changed(s->r, r, i))
			moved |= NAME_BIT(i);
	detach_run(s);
	for (i = 0; i < PY_NVAR_BUCKETS; i++) {
		struct pyvar *v;

		for (v = s->vars[i]; v != NULL; v = v->next)
			if (v->v->deps & moved)
				v->stale = 1;
	}
	s->r = r;
}

void
py_session_free(struct py_session *s)
{
	int i;

	if (s == NULL)
		return;
	tensor_threads_lazy(0);
	tensor_set_intraop_threads(0);
	for (i = 0; i < PY_NVAR_BUCKETS; i++)
		while (s->vars[i] != NULL)
			var_del(s, s->vars[i]->name);
	for (i = 0; i < NAME_COUNT; i++) {
		py_decref(s->named[i]);
		py_decref(s->shadowed[i]);
	}
	/* storages still borrowed (held by a caller's value) leave the list; they stay on the run */
	while (s->borrowed != NULL)
		storage_unlink(s->borrowed);
	free(s);
}

/* s's variables into t, a session of another run (diff's run before the set): new references, staleness kept */
void
session_share_vars(struct py_session *t, const struct py_session *s)
{
	struct pyvar *v;
	int i;

	for (i = 0; i < PY_NVAR_BUCKETS; i++)
		for (v = s->vars[i]; v != NULL; v = v->next) {
			var_set(t, v->name, v->v);
			var_find(t, v->name)->stale = v->stale;
		}
}

int
py_has_var(const struct py_session *s, const char *name)
{
	return var_find(s, name) != NULL;
}

int
py_has_name(const struct py_session *s, const char *name)
{
	int id, l;

	if (var_find(s, name) != NULL)
		return 1;
	if ((id = stage_lookup(name)) >= 0)
		return s->r->st[id] != NULL;
	for (l = 0; l < NLAYER; l++)
		if (strcmp(name, input_layer_names[l]) == 0)
			return s->r->layer[l].present;
	return 0;
}

static int
cmp_vars(const void *a, const void *b)
{
	return strcmp((*(struct pyvar *const *)a)->name, (*(struct pyvar *const *)b)->name);
}

void
py_vars(const struct py_session *s, struct sbuf *out)
{
	struct pyvar **all = xmalloc(((size_t)s->nvars + 1) * sizeof *all);
	int n = 0, i;

	for (i = 0; i < PY_NVAR_BUCKETS; i++) {
		struct pyvar *v;

		for (v = s->vars[i]; v != NULL; v = v->next)
			all[n++] = v;
	}
	qsort(all, (size_t)n, sizeof *all, cmp_vars);
	if (n == 0)
		sbuf_add(out, "no variables yet (x = ... makes one)\n");
	for (i = 0; i < n; i++) {
		const struct pyobj *o = all[i]->v;

		sbuf_addf(out, "%-16s ", all[i]->name);
		if (o->type == PY_TENSOR) {
			char buf[160];
			int d, k = 0;

			k += snprintf(buf + k, sizeof buf - (size_t)k, "(");
			for (d = 0; d < o->u.t.ndim && k < 120; d++)
				k += snprintf(buf + k, sizeof buf - (size_t)k, "%s%d", d ? ", " : "", o->u.t.shape[d]);
			snprintf(buf + k, sizeof buf - (size_t)k, o->u.t.ndim == 1 ? ",)" : ")");
			sbuf_addf(out, "%s %s %s", o->u.t.parameter ? "Parameter" : "Tensor", buf, dtype_name(o->u.t.dtype));
		} else if (o->type == PY_MODULE || o->type == PY_NS || o->type == PY_FUNC || o->type == PY_SIZE ||
		    py_is_number(o) || o->type == PY_NONE || o->type == PY_DTYPE) {
			struct print_opts po;

			print_opts_default(&po);
			sbuf_addf(out, "%s ", o->type == PY_SIZE ? "Size" : py_type_name(o));
			py_repr(out, o, &po);
		} else if (o->type == PY_STR) {
			sbuf_addf(out, "str of %zu characters", o->u.str.len);
		} else if (o->type == PY_TUPLE || o->type == PY_LIST || o->type == PY_RETURNS || o->type == PY_DVIEW) {
			sbuf_addf(out, "%s of %d", py_type_name(o), o->u.seq.n);
		} else if (o->type == PY_DICT) {
			sbuf_addf(out, "dict of %d", o->u.dict.n);
		} else if (o->type == PY_RANGE || o->type == PY_CLASS) {	/* range(0, 3), <class '__main__.A'> */
			struct print_opts po;

			print_opts_default(&po);
			py_repr(out, o, &po);
		} else {	/* an instance, a function, a generator: its type */
			sbuf_add(out, py_type_name(o));
		}
		if (all[i]->stale)
			sbuf_add(out, "  (stale: computed before the last set)");
		sbuf_addc(out, '\n');
	}
	free(all);
}

/* ---- copy-on-write ---- */

/* a write is coming: the run's memory behind x is copied, and the stage it held becomes a variable */
int
pyt_writable(struct py_session *s, struct pyobj *x)
{
	struct pystorage *st = x->u.t.st;
	int origin = st->origin;

	if (!st->borrowed)
		return 0;
	storage_own(st);
	if (origin >= 0)
		session_shadow(s, origin);
	return 0;
}

/* an in-place operation written into x (pyint.h) */
struct pyobj *
pyt_inplace_result(struct py_session *s, struct pyobj *x, struct pyobj *y, const char *grad, int requires)
{
	if (pyt_check_inplace(s, x) != 0 || pyt_writable(s, x) != 0) {
		py_decref(y);
		return NULL;
	}
	pyt_write(&x->u.t, &y->u.t);
	py_decref(y);
	pyt_mark_inplace(x, grad, requires);
	py_incref(x);
	return x;
}
