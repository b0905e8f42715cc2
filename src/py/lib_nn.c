/*
 * lib_nn.c - torch.nn.Module's own parts: an instance's attributes
 * (__dict__, _parameters, _buffers, _modules in the order they were set),
 * the containers nn.ModuleList and nn.Sequential, super(), and the methods
 * every module has (parameters, named_parameters, buffers, children,
 * modules, train, eval, register_buffer, register_parameter, add_module;
 * ModuleList's append and extend) as rows of the library, their order and
 * messages those of torch/nn/modules/module.py (1.13).  Classes, the
 * attribute rules of __setattr__ and calls (user code) are pyclass.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

int
nn_is_module(const struct pyobj *o)
{
	return o->type == PY_MODULE || (o->type == PY_OBJ && o->u.obj.kind != OBJ_PLAIN);
}

const char *
nn_typename(const struct pyobj *o)
{
	if (o->type == PY_TENSOR && !o->u.t.parameter)
		return o->u.t.dtype == DT_FLOAT ? "torch.FloatTensor" : o->u.t.dtype == DT_INT64 ? "torch.LongTensor" :
		    "torch.BoolTensor";
	if (o->type == PY_TENSOR)
		return "torch.nn.parameter.Parameter";
	return py_type_name(o);
}

struct pyobj *
nn_obj_new(int kind, struct pyobj *cls)
{
	struct pyobj *o = py_new(PY_OBJ);

	o->u.obj.kind = kind;
	o->u.obj.cls = cls;
	py_incref(cls);
	o->u.obj.training = 1;
	o->u.obj.inited = kind != OBJ_USER;
	return o;
}

struct pyattr *
nn_attr_find(const struct pyobj *o, const char *name, int kind)
{
	int i;

	for (i = 0; i < o->u.obj.n; i++)
		if ((kind < 0 || o->u.obj.a[i].kind == kind) && strcmp(o->u.obj.a[i].name, name) == 0)
			return &o->u.obj.a[i];
	return NULL;
}

void
nn_attr_put(struct pyobj *o, const char *name, struct pyobj *v, int kind)
{
	struct pyattr *a = nn_attr_find(o, name, kind);

	py_incref(v);
	if (a != NULL) {
		py_decref(a->v);
		a->v = v;
		return;
	}
	if (o->u.obj.n == o->u.obj.cap) {
		o->u.obj.cap = o->u.obj.cap ? 2 * o->u.obj.cap : 8;
		o->u.obj.a = xrealloc(o->u.obj.a, (size_t)o->u.obj.cap * sizeof *o->u.obj.a);
	}
	a = &o->u.obj.a[o->u.obj.n++];
	a->name = xstrdup(name);
	a->v = v;
	a->kind = kind;
}

void
nn_attr_del(struct pyobj *o, const char *name)
{
	struct pyattr *a;

	while ((a = nn_attr_find(o, name, -1)) != NULL) {
		int i = (int)(a - o->u.obj.a);

		free(a->name);
		py_decref(a->v);
		memmove(a, a + 1, (size_t)(o->u.obj.n - i - 1) * sizeof *a);
		o->u.obj.n--;
	}
}

/* ---- containers ---- */

static int
count_kind(const struct pyobj *o, int kind)
{
	int i, n = 0;

	for (i = 0; i < o->u.obj.n; i++)
		n += o->u.obj.a[i].kind == kind;
	return n;
}

struct pyobj *
nn_children(const struct pyobj *o)
{
	struct pyobj *r;
	int i, k = 0;

	if (o->type != PY_OBJ || (o->u.obj.kind != OBJ_LIST && o->u.obj.kind != OBJ_SEQ))
		return NULL;
	r = py_seq(PY_TUPLE, count_kind(o, A_MODULE));
	for (i = 0; i < o->u.obj.n; i++)
		if (o->u.obj.a[i].kind == A_MODULE) {
			r->u.seq.v[k++] = o->u.obj.a[i].v;
			py_incref(o->u.obj.a[i].v);
		}
	return r;
}

/* add_module(str(len), m) as ModuleList.append and Sequential(*args) do */
static int
append_module(struct py_session *s, struct pyobj *o, struct pyobj *m)
{
	char key[32];

	if (m->type != PY_NONE && !nn_is_module(m)) {
		py_fail(s, "%s is not a Module subclass", nn_typename(m));
		return -1;
	}
	snprintf(key, sizeof key, "%d", count_kind(o, A_MODULE));
	nn_attr_put(o, key, m, A_MODULE);
	return 0;
}

static int
extend(struct py_session *s, const char *fn, struct pyobj *o, struct pyobj *items)
{
	struct pyobj *own = nn_children(items);
	const struct pyobj *seq = own != NULL ? own : items;
	int i;

	if (own == NULL && items->type != PY_LIST && items->type != PY_TUPLE) {
		py_fail(s, "%s should be called with an iterable, but got %s", fn, py_type_name(items));
		return -1;
	}
	for (i = 0; i < seq->u.seq.n; i++)
		if (append_module(s, o, seq->u.seq.v[i]) != 0)
			break;
	py_decref(own);
	return i < seq->u.seq.n ? -1 : 0;
}

static struct pyobj *
nn_modulelist(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *o = nn_obj_new(OBJ_LIST, NULL);

	(void)b, (void)self;
	if (a[0] != NULL && a[0]->type != PY_NONE && extend(s, "ModuleList.extend", o, a[0]) != 0) {
		py_decref(o);
		return NULL;
	}
	return o;
}

static struct pyobj *
nn_sequential(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *o = nn_obj_new(OBJ_SEQ, NULL);
	int i;

	(void)b, (void)self;
	for (i = 0; i < a[0]->u.seq.n; i++)
		if (append_module(s, o, a[0]->u.seq.v[i]) != 0) {
			py_decref(o);
			return NULL;
		}
	return o;
}

static struct pyobj *
nn_module(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)s, (void)b, (void)self, (void)a;
	return nn_obj_new(OBJ_MODULE, NULL);
}

struct pyobj *
nn_getitem(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	long long i, n;
	int k;

	if (o->u.obj.kind != OBJ_LIST && o->u.obj.kind != OBJ_SEQ)
		return py_fail(s, "'%s' object is not subscriptable", py_type_name(o));
	if (!py_is_int(idx))
		return py_fail(s, "%s indices must be integers here, not %s (slices are not supported)",
		    py_type_name(o), py_type_name(idx));
	n = count_kind(o, A_MODULE);
	i = idx->u.i;
	if (i < -n || i >= n)
		return py_fail(s, "index %lld is out of range", i);
	if (i < 0)
		i += n;
	for (k = 0; k < o->u.obj.n; k++)
		if (o->u.obj.a[k].kind == A_MODULE && i-- == 0) {
			py_incref(o->u.obj.a[k].v);
			return o->u.obj.a[k].v;
		}
	return py_none();
}

/* ---- walks: named_modules, named_parameters, named_buffers ---- */

struct walk {
	struct pyobj **seen;	/* modules and members already listed (PyTorch drops duplicates) */
	int nseen;
	struct pyobj *out;	/* a list */
	int named;
};

static int
seen(struct walk *w, struct pyobj *o)
{
	int i;

	for (i = 0; i < w->nseen; i++)
		if (w->seen[i] == o)
			return 1;
	w->seen = xrealloc(w->seen, (size_t)(w->nseen + 1) * sizeof *w->seen);
	w->seen[w->nseen++] = o;
	return 0;
}

static void
emit(struct walk *w, const char *prefix, const char *name, struct pyobj *v)
{
	struct pyobj *item = v;
	int n = w->out->u.seq.n;

	if (w->named) {
		struct sbuf b = { 0 };

		sbuf_addf(&b, "%s%s%s", prefix, *prefix && *name ? "." : "", name);
		item = py_seq(PY_TUPLE, 2);
		item->u.seq.v[0] = py_str(b.s ? b.s : "", b.len);
		item->u.seq.v[1] = v;
		free(b.s);
	}
	py_incref(v);
	w->out->u.seq.v = xrealloc(w->out->u.seq.v, (size_t)(n + 1) * sizeof *w->out->u.seq.v);
	w->out->u.seq.v[n] = item;
	w->out->u.seq.n = n + 1;
}

/* kind A_MODULE: the modules (self first, depth first); A_PARAM/A_BUFFER: each module's members */
static void
walk(struct walk *w, struct pyobj *m, const char *prefix, int kind, int recurse)
{
	int i;

	if (kind == A_MODULE) {
		if (seen(w, m))
			return;
		emit(w, "", prefix, m);
	}
	if (m->type == PY_MODULE) {
		if (kind == A_PARAM && (m->u.m.kind == MOD_LINEAR || m->u.m.kind == MOD_EMBED)) {
			if (!seen(w, m->u.m.weight))
				emit(w, prefix, "weight", m->u.m.weight);
			if (m->u.m.bias != NULL && !seen(w, m->u.m.bias))
				emit(w, prefix, "bias", m->u.m.bias);
		}
		return;
	}
	for (i = 0; kind != A_MODULE && i < m->u.obj.n; i++) {
		struct pyattr *a = &m->u.obj.a[i];

		if (a->kind == kind && a->v->type != PY_NONE && !seen(w, a->v))
			emit(w, prefix, a->name, a->v);
	}
	for (i = 0; recurse && i < m->u.obj.n; i++) {
		struct pyattr *a = &m->u.obj.a[i];
		struct sbuf b = { 0 };

		if (a->kind != A_MODULE || a->v->type == PY_NONE)
			continue;
		sbuf_addf(&b, "%s%s%s", prefix, *prefix ? "." : "", a->name);
		walk(w, a->v, b.s, kind, recurse);
		free(b.s);
	}
}

/* parameters(), named_parameters(), buffers(), named_buffers(), modules(), named_modules(): op = kind | named << 4 */
static struct pyobj *
m_members(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct walk w = { 0 };
	int kind = b->op & 15, recurse = 1, named = b->op >> 4;
	const char *prefix = "";

	if (named && kind != A_MODULE && a[0] != NULL) {
		if (a[0]->type != PY_STR)
			return py_fail(s, "named_parameters(): prefix must be a str");
		prefix = a[0]->u.str.s;
	}
	if (kind != A_MODULE && a[named] != NULL && op_truth(s, a[named], &recurse) != 0)
		return NULL;
	w.named = named;
	w.out = py_seq(PY_LIST, 0);
	walk(&w, self, prefix, kind, recurse);
	free(w.seen);
	return w.out;
}

/* children(), named_children(): the direct submodules (None ones skipped) */
static struct pyobj *
m_children(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct walk w = { 0 };
	int i;

	(void)s, (void)a;
	w.named = b->op;
	w.out = py_seq(PY_LIST, 0);
	for (i = 0; self->type == PY_OBJ && i < self->u.obj.n; i++) {
		struct pyattr *at = &self->u.obj.a[i];

		if (at->kind == A_MODULE && at->v->type != PY_NONE && !seen(&w, at->v))
			emit(&w, "", at->name, at->v);
	}
	free(w.seen);
	return w.out;
}

static void
set_training(struct pyobj *m, int mode)
{
	int i;

	if (m->type == PY_MODULE) {
		m->u.m.eval = !mode;
		return;
	}
	m->u.obj.training = mode;
	for (i = 0; i < m->u.obj.n; i++)
		if (m->u.obj.a[i].kind == A_MODULE && m->u.obj.a[i].v->type != PY_NONE)
			set_training(m->u.obj.a[i].v, mode);
}

/* train(mode=True), eval() (op 1): every module below in that mode; self returned */
static struct pyobj *
m_train(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int mode = 0;

	if (b->op == 0) {
		if (a[0] != NULL && a[0]->type != PY_BOOL)
			return py_fail(s, "ValueError: training mode is expected to be boolean");
		mode = a[0] == NULL || a[0]->u.i;
	}
	set_training(self, mode);
	py_incref(self);
	return self;
}

/* param.data = param.to(dt) for a float tensor (Module._apply): the same object, its data converted */
static int
cast_tensor(struct py_session *s, struct pyobj *p, int dt)
{
	struct pystorage *old;
	struct pyobj *c;

	if (p == NULL || p->type != PY_TENSOR || p->u.t.dtype == dt ||
	    (p->u.t.dtype != DT_FLOAT && p->u.t.dtype != DT_DOUBLE))
		return 0;
	if ((c = op_to(s, p, dt)) == NULL)
		return -1;
	old = p->u.t.st;
	p->u.t.st = c->u.t.st;
	p->u.t.st->refs++;
	p->u.t.dtype = dt;
	memcpy(p->u.t.stride, c->u.t.stride, sizeof p->u.t.stride);
	p->u.t.offset = c->u.t.offset;
	storage_decref(old);
	py_decref(c);
	return 0;
}

/* Module._apply(fn) of .double()/.float(): the children, then the parameters in place, then new buffers */
static int
cast_module(struct py_session *s, struct pyobj *m, int dt)
{
	struct pyobj *c;
	int i;

	if (m->type == PY_MODULE)
		return cast_tensor(s, m->u.m.weight, dt) != 0 || cast_tensor(s, m->u.m.bias, dt) != 0 ? -1 : 0;
	for (i = 0; i < m->u.obj.n; i++) {
		struct pyattr *a = &m->u.obj.a[i];

		if (a->v->type != PY_NONE && ((a->kind == A_MODULE && cast_module(s, a->v, dt) != 0) ||
		    (a->kind == A_PARAM && cast_tensor(s, a->v, dt) != 0)))
			return -1;
	}
	for (i = 0; i < m->u.obj.n; i++) {
		struct pyattr *a = &m->u.obj.a[i];

		if (a->kind != A_BUFFER || a->v->type != PY_TENSOR ||
		    (a->v->u.t.dtype != DT_FLOAT && a->v->u.t.dtype != DT_DOUBLE))
			continue;
		if ((c = op_to(s, a->v, dt)) == NULL)
			return -1;
		py_decref(a->v);
		a->v = c;
	}
	return 0;
}

/* double() (op DT_DOUBLE), float() (op DT_FLOAT): every floating parameter and buffer below; self returned */
static struct pyobj *
m_cast(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)a;
	if (cast_module(s, self, b->op) != 0)
		return NULL;
	py_incref(self);
	return self;
}

/* one argument of Module.to: a dtype (*dt), a tensor (its dtype), a device 'cpu'; 0 or -1 */
static int
to_arg(struct py_session *s, const struct pyobj *v, int *dt)
{
	if (v->type == PY_DTYPE) {
		*dt = (int)v->u.i;
		if (*dt != DT_FLOAT && *dt != DT_DOUBLE)
			return py_fail(s, "TypeError: nn.Module.to only accepts floating point or complex dtypes, but got "
			    "desired dtype=%s", dtype_name(*dt)), -1;
		return 0;
	}
	if (v->type == PY_TENSOR) {
		*dt = v->u.t.dtype;
		return 0;
	}
	if (v->type == PY_STR && strcmp(v->u.str.s, "cpu") == 0)
		return 0;
	if (v->type == PY_NONE)
		return 0;
	if ((v->type == PY_STR && strncmp(v->u.str.s, "cuda", 4) == 0) || py_is_int(v))
		return py_fail(s, "AssertionError: Torch not compiled with CUDA enabled"), -1;
	return py_fail(s, "Module.to(%s): only a dtype, a tensor or 'cpu' is supported", py_type_name(v)), -1;
}

/* to(device=None, dtype=None, non_blocking=False), to(dtype), to(tensor): a raw row; in place, self returned */
static struct pyobj *
m_to(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int dt = -1, i;

	(void)b;
	for (i = 0; i < a[0]->u.seq.n; i++)
		if (to_arg(s, a[0]->u.seq.v[i], &dt) != 0)
			return NULL;
	for (i = 0; i < a[1]->u.dict.n; i++) {
		const struct pyobj *k = a[1]->u.dict.kv[2 * i];

		if (strcmp(k->u.str.s, "non_blocking") == 0)
			continue;
		if (strcmp(k->u.str.s, "dtype") != 0 && strcmp(k->u.str.s, "device") != 0)
			return py_fail(s, "to() received an invalid combination of arguments - got an unexpected keyword "
			    "argument '%s'", k->u.str.s);
		if (to_arg(s, a[1]->u.dict.kv[2 * i + 1], &dt) != 0)
			return NULL;
	}
	if (dt >= 0 && cast_module(s, self, dt) != 0)
		return NULL;
	py_incref(self);
	return self;
}

/* an attribute, method or member of that name exists (hasattr), for register_*'s KeyError */
static int
has_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	struct pyobj *c;
	struct pyattr *a = nn_attr_find(o, name, -1);

	if (a != NULL || strcmp(name, "training") == 0)
		return 1;
	for (c = o->u.obj.cls; c != NULL; c = c->u.obj.cls)
		if (nn_attr_find(c, name, -1) != NULL)
			return 1;
	if ((c = nn_method(s, o, name)) != NULL) {
		py_decref(c);
		return 1;
	}
	return 0;
}

/* register_buffer(name, tensor, persistent=True) (op A_BUFFER), register_parameter(name, param)
 * (op A_PARAM), add_module(name, module) (op A_MODULE) */
static struct pyobj *
m_register(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	static const char *const what[] = { "", "parameter", "buffer", "module" };
	const char *w = what[b->op], *name;
	struct pyattr *at;

	if (self->type != PY_OBJ)
		return py_fail(s, "%s() on a %s is not supported", b->name, py_type_name(self));
	if (!self->u.obj.inited)
		return py_fail(s, "cannot assign %s before Module.__init__() call", b->op == A_PARAM ? "parameter" : w);
	if (a[0]->type != PY_STR)
		return py_fail(s, "%s name should be a string. Got %s", b->op == A_MODULE ? "module" : w,
		    nn_typename(a[0]));
	name = a[0]->u.str.s;
	at = nn_attr_find(self, name, b->op);
	if (strchr(name, '.') != NULL)
		return py_fail(s, "KeyError: '%s name can\\'t contain \".\"'", w);
	if (*name == '\0')
		return py_fail(s, "KeyError: '%s name can\\'t be empty string \"\"'", w);
	if (at == NULL && has_attr(s, self, name))
		return py_fail(s, "KeyError: \"attribute '%s' already exists\"", name);
	if (b->op == A_BUFFER && a[1]->type != PY_NONE && a[1]->type != PY_TENSOR)
		return py_fail(s, "cannot assign '%s' object to buffer '%s' (torch Tensor or None required)",
		    nn_typename(a[1]), name);
	if (b->op == A_PARAM && a[1]->type != PY_NONE && !(a[1]->type == PY_TENSOR && a[1]->u.t.parameter))
		return py_fail(s, "cannot assign '%s' object to parameter '%s' (torch.nn.Parameter or None required)",
		    nn_typename(a[1]), name);
	if (b->op == A_MODULE && a[1]->type != PY_NONE && !nn_is_module(a[1]))
		return py_fail(s, "%s is not a Module subclass", nn_typename(a[1]));
	nn_attr_put(self, name, a[1], b->op);
	return py_none();
}

/* ModuleList.append(module) (op 0), extend(modules) (op 1); Sequential.append */
static struct pyobj *
m_append(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	if (b->op == 0 ? append_module(s, self, a[0]) : extend(s, "ModuleList.extend", self, a[0]))
		return NULL;
	py_incref(self);
	return self;
}

/* Module.__init__(self): no arguments; its attributes' dicts made (here: inited) */
static struct pyobj *
m_init(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b;
	if (a[0]->u.seq.n > 0)
		return py_fail(s, "Module.__init__() takes 1 positional argument but %d were given", a[0]->u.seq.n + 1);
	if (self->type == PY_OBJ) {
		self->u.obj.inited = 1;
		self->u.obj.training = 1;
	}
	return py_none();
}

/* super(): the running method's class (the one of self's classes holding it) and self */
static struct pyobj *
py_super(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyframe *f = s->frame;
	struct pyvar *v;
	struct pyobj *c, *r;

	(void)b, (void)self;
	if (a[0] != NULL)
		return py_fail(s, "super() with arguments is not supported here; write super()");
	if (f == NULL || f->fn == NULL || f->fn->u.uf.def->nnames == 0)
		return py_fail(s, "RuntimeError: super(): no arguments");
	v = frame_find(f, f->fn->u.uf.def->binds[0]);
	if (v == NULL || v->v->type != PY_OBJ)
		return py_fail(s, "RuntimeError: super(): __class__ cell not found");
	for (c = v->v->u.obj.cls; c != NULL; c = c->u.obj.cls) {
		struct pyattr *at = nn_attr_find(c, f->fn->u.uf.def->names[0], -1);

		if (at != NULL && at->v == f->fn)
			break;
	}
	if (c == NULL)
		return py_fail(s, "RuntimeError: super(): __class__ cell not found");
	r = py_new(PY_SUPER);
	r->u.obj.cls = c;
	r->u.obj.self = v->v;
	py_incref(c);
	py_incref(v->v);
	return r;
}

const struct builtin lib_nn_rows[] = {
	LIB_NS("torch.nn"),
	{ "Module", nn_module, 0, "", 0 },
	{ "ModuleList", nn_modulelist, 0, "modules=None", 0 },
	{ "Sequential", nn_sequential, 0, "*args", 0 },
	LIB_NS(""),
	{ "super", py_super, 0, "type=None, obj=None", 0 },
	LIB_NS("Module"),
	{ "__init__", m_init, 0, "*args", 0 },
	{ "parameters", m_members, A_PARAM, "recurse=True", 0 },
	{ "named_parameters", m_members, A_PARAM | 16, "prefix='', recurse=True", 0 },
	{ "buffers", m_members, A_BUFFER, "recurse=True", 0 },
	{ "named_buffers", m_members, A_BUFFER | 16, "prefix='', recurse=True", 0 },
	{ "modules", m_members, A_MODULE, "", 0 },
	{ "named_modules", m_members, A_MODULE | 16, "", 0 },
	{ "children", m_children, 0, "", 0 },
	{ "named_children", m_children, 1, "", 0 },
	{ "train", m_train, 0, "mode=True", 0 },
	{ "eval", m_train, 1, "", 0 },
	{ "double", m_cast, DT_DOUBLE, "", 0 },
	{ "float", m_cast, DT_FLOAT, "", 0 },
	{ "to", m_to, 0, NULL, 0 },
	{ "register_buffer", m_register, A_BUFFER, "name, tensor, persistent=True", 0 },
	{ "register_parameter", m_register, A_PARAM, "name, param", 0 },
	{ "add_module", m_register, A_MODULE, "name, module", 0 },
	LIB_NS("ModuleList"),
	{ "append", m_append, 0, "module", 0 },
	{ "extend", m_append, 1, "modules", 0 },
	LIB_END
};

struct pyobj *
nn_method(struct py_session *s, struct pyobj *m, const char *name)
{
	const struct builtin *b = lib_find_hook("Module", name);

	(void)s;
	if (b == NULL && (b = lib_find_hook("ModuleList", name)) != NULL && !(m->type == PY_OBJ &&
	    (m->u.obj.kind == OBJ_LIST || (m->u.obj.kind == OBJ_SEQ && b->op == 0))))
		b = NULL;	/* a Sequential extends nothing */
	return b != NULL ? py_func(b, m) : NULL;
}
