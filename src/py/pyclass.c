/*
 * pyclass.c - classes of contract v3: `class NAME(nn.Module):` (or a
 * subclass of one), its instances and their attributes as
 * torch.nn.Module's __setattr__ and __getattr__ sort them (parameters,
 * buffers, submodules, plain values), bound methods, super(), and the
 * calls: a class makes an instance and runs its __init__, an instance runs
 * its forward (nn.Sequential: each module in turn).  A plain class
 * (`class NAME:`, as the lecture's LayerNorm1d) keeps every attribute as
 * Python does, and its instance called runs __call__; of the special
 * methods it may define only __init__ and __call__, which Python calls
 * here (any other, a __repr__ or __len__ that would be passed over, is
 * refused when the class is made).  The containers and
 * the methods every module has are lib_nn.c's; the script's functions run
 * through s->call_user (pystmt.c), so calls go one way.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

static int
is_module_base(const struct pyobj *b)
{
	return b->type == PY_FUNC && strcmp(b->u.fn.fn->name, "Module") == 0 &&
	    strcmp(lib_ns(b->u.fn.fn), "torch.nn") == 0;
}

/* a plain class defines no special method but __init__ and __call__ (Python would call the others) */
static int
plain_check(struct py_session *s, const struct stmt *st)
{
	const struct stmt *d;
	const char *m;

	for (d = st->body; d != NULL; d = d->next) {
		if (d->kind != S_DEF)
			continue;
		m = d->names[0];
		if (strncmp(m, "__", 2) == 0 && strlen(m) > 4 && strcmp(m + strlen(m) - 2, "__") == 0 &&
		    strcmp(m, "__init__") != 0 && strcmp(m, "__call__") != 0) {
			py_fail(s, "class %s: the special method %s is not supported (of a plain class's, "
			    "__init__ and __call__ are)", st->names[0], m);
			return -1;
		}
	}
	return 0;
}

struct pyobj *
cls_define(struct py_session *s, const struct stmt *st, struct pyobj *base, struct pyframe *body)
{
	struct pyobj *c;
	struct pyvar *v;
	const struct stmt *d;
	int n = 0, i;

	if (base != NULL && !is_module_base(base) && base->type != PY_CLASS)
		return py_fail(s, "class %s: a base other than nn.Module (%s) is not supported", st->names[0],
		    py_type_name(base));
	if ((base == NULL || (base->type == PY_CLASS && base->u.obj.kind == OBJ_PLAIN)) && plain_check(s, st) != 0)
		return NULL;
	c = py_new(PY_CLASS);
	c->u.obj.name = xstrdup(st->names[0]);
	c->u.obj.kind = base == NULL ? OBJ_PLAIN : base->type == PY_CLASS ? base->u.obj.kind : OBJ_USER;
	if (base != NULL && base->type == PY_CLASS) {
		c->u.obj.cls = base;
		py_incref(base);
	}
	for (v = body->vars; v != NULL; v = v->next)
		n++;
	for (i = n - 1; i >= 0; i--) {	/* the frame lists them newest first */
		int k;

		for (k = 0, v = body->vars; k < i; k++)
			v = v->next;
		nn_attr_put(c, v->name, v->v, A_DICT);
	}
	for (d = st->body; d != NULL; d = d->next) {	/* methods defined here: "Class.name" in messages */
		struct pyattr *a = d->kind == S_DEF ? nn_attr_find(c, d->names[0], A_DICT) : NULL;

		if (a != NULL && a->v->type == PY_UFUNC && a->v->u.uf.def == d && a->v->u.uf.qualname == NULL) {
			struct sbuf b = { 0 };

			sbuf_addf(&b, "%s.%s", st->names[0], d->names[0]);
			a->v->u.uf.qualname = sbuf_take(&b);
		}
	}
	return c;
}

/* name in a class or its bases (NULL: none) */
static struct pyattr *
class_find(const struct pyobj *c, const char *name)
{
	for (; c != NULL; c = c->u.obj.cls) {
		struct pyattr *a = nn_attr_find(c, name, A_DICT);

		if (a != NULL)
			return a;
	}
	return NULL;
}

/* a class's value as an instance's attribute: a function becomes a bound method */
static struct pyobj *
bind(struct pyobj *v, struct pyobj *self)
{
	struct pyobj *m;

	if (v->type != PY_UFUNC) {
		py_incref(v);
		return v;
	}
	m = py_new(PY_METHOD);
	m->u.obj.cls = v;
	m->u.obj.self = self;
	py_incref(v);
	py_incref(self);
	return m;
}

struct pyobj *
cls_getattr(struct py_session *s, struct pyobj *o, const char *name)
{
	struct pyattr *a;
	struct pyobj *r;

	switch (o->type) {
	case PY_CLASS:
		if (strcmp(name, "__name__") == 0)
			return py_str(o->u.obj.name, strlen(o->u.obj.name));
		if ((a = class_find(o, name)) != NULL) {
			py_incref(a->v);
			return a->v;
		}
		return py_fail(s, "type object '%s' has no attribute '%s'", o->u.obj.name, name);
	case PY_SUPER:	/* the classes after the method's, then nn.Module's methods */
		if ((a = class_find(o->u.obj.cls->u.obj.cls, name)) != NULL)
			return bind(a->v, o->u.obj.self);
		if (o->u.obj.cls->u.obj.kind == OBJ_PLAIN && strcmp(name, "__init__") == 0)	/* object's */
			return py_func(lib_find_hook("object", "__init__"), NULL);
		if (o->u.obj.cls->u.obj.kind == OBJ_PLAIN)
			return py_fail(s, "super().%s in a class without nn.Module as its base is not supported", name);
		if ((r = nn_method(s, o->u.obj.self, name)) != NULL || s->failed)
			return r;
		return py_fail(s, "'super' object has no attribute '%s'", name);
	case PY_METHOD:
		if (strcmp(name, "__self__") == 0) {
			py_incref(o->u.obj.self);
			return o->u.obj.self;
		}
		return py_fail(s, "'method' object has no attribute '%s'", name);
	}
	if (strcmp(name, "__class__") == 0 && o->u.obj.cls != NULL) {
		py_incref(o->u.obj.cls);
		return o->u.obj.cls;
	}
	if (strcmp(name, "training") == 0 && o->u.obj.inited && o->u.obj.kind != OBJ_PLAIN)
		return py_bool(o->u.obj.training);
	if ((a = nn_attr_find(o, name, A_DICT)) != NULL) {
		py_incref(a->v);
		return a->v;
	}
	if ((a = class_find(o->u.obj.cls, name)) != NULL)
		return bind(a->v, o);
	if (o->u.obj.kind == OBJ_PLAIN)
		return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(o), name);
	if ((r = nn_method(s, o, name)) != NULL || s->failed)
		return r;
	if (o->u.obj.inited && (a = nn_attr_find(o, name, -1)) != NULL) {	/* __getattr__: parameters, buffers, modules */
		py_incref(a->v);
		return a->v;
	}
	return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(o), name);
}

/* x.requires_grad = v, as THPVariable_set_requires_grad: a bool, on a leaf, of a float tensor to turn it on */
static int
set_requires_grad(struct py_session *s, struct pyobj *x, struct pyobj *v)
{
	if (v->type != PY_BOOL)
		py_fail(s, "RuntimeError: requires_grad must be a bool");
	else if (x->u.t.grad_fn != NULL)
		py_fail(s, v->u.i ? "RuntimeError: you can only change requires_grad flags of leaf variables." :
		    "RuntimeError: you can only change requires_grad flags of leaf variables. If you want to use a computed "
		    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
	else if (v->u.i && x->u.t.dtype != DT_FLOAT && x->u.t.dtype != DT_DOUBLE)
		py_fail(s, "RuntimeError: only Tensors of floating point and complex dtype can require gradients");
	else
		x->u.t.requires_grad = (int)v->u.i;
	return s->failed ? -1 : 0;
}

/* o.name = v: torch.nn.Module.__setattr__ (a Parameter, a Module, or a value for a name already one of
 * those), a plain object's, or a tensor's requires_grad */
int
cls_setattr(struct py_session *s, struct pyobj *o, const char *name, struct pyobj *v)
{
	struct pyattr *a;
	int isparam = v->type == PY_TENSOR && v->u.t.parameter;

	if (o->type == PY_TENSOR && strcmp(name, "requires_grad") == 0)
		return set_requires_grad(s, o, v);
	if (o->type != PY_OBJ) {
		py_fail(s, o->type == PY_CLASS ? "setting a class's attribute (%s = ...) is not supported" :
		    "assigning to an attribute (%s = ...) is not supported", name);
		return -1;
	}
	if (o->u.obj.kind == OBJ_PLAIN) {	/* object.__setattr__ */
		nn_attr_put(o, name, v, A_DICT);
		return 0;
	}
	if (strcmp(name, "training") == 0 && v->type == PY_BOOL) {
		o->u.obj.training = (int)v->u.i;
		return 0;
	}
	a = nn_attr_find(o, name, -1);
	if (isparam || nn_is_module(v)) {
		if (!o->u.obj.inited) {
			py_fail(s, "cannot assign %s before Module.__init__() call", isparam ? "parameters" : "module");
			return -1;
		}
		if (a != NULL && a->kind != (isparam ? A_PARAM : A_MODULE))
			nn_attr_del(o, name);
		nn_attr_put(o, name, v, isparam ? A_PARAM : A_MODULE);
		return 0;
	}
	if (a != NULL && a->kind != A_DICT && v->type != PY_NONE && (a->kind != A_BUFFER || v->type != PY_TENSOR)) {
		py_fail(s, a->kind == A_PARAM ? "cannot assign '%s' as parameter '%s' (torch.nn.Parameter or None expected)" :
		    a->kind == A_MODULE ? "cannot assign '%s' as child module '%s' (torch.nn.Module or None expected)" :
		    "cannot assign '%s' as buffer '%s' (torch.Tensor or None expected)", nn_typename(v), name);
		return -1;
	}
	nn_attr_put(o, name, v, a != NULL ? a->kind : A_DICT);
	return 0;
}

/* f(self, args...) for a script function */
static struct pyobj *
call_bound(struct py_session *s, struct pyobj *f, struct pyobj *self, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw)
{
	struct pyobj *all[65];

	if (nargs > 63)
		return py_fail(s, "too many arguments (more than 64)");
	all[0] = self;
	memcpy(all + 1, args, (size_t)nargs * sizeof *args);
	return s->call_user(s, f, all, nargs + 1, kwnames, kwargs, nkw);
}

/* a module called: its forward (the calls of a Linear, Dropout, Softmax are pylib.c's) */
static struct pyobj *
call_module(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	struct pyattr *a;
	int i;

	if (m->type == PY_MODULE)
		return lib_call_module(s, m, args, nargs, kwnames, kwargs, nkw);
	if (!m->u.obj.inited)
		return py_fail(s, "'%s' object has no attribute '_backward_hooks'", py_type_name(m));
	if (m->u.obj.kind == OBJ_LAYER)
		return m->u.obj.layer->call(s, m, args, nargs, kwnames, kwargs, nkw);
	if (m->u.obj.kind == OBJ_SEQ) {	/* for module in self: input = module(input) */
		struct pyobj *x;

		if (nkw > 0)
			return py_fail(s, "Sequential.forward() got an unexpected keyword argument '%s'", kwnames[0]);
		if (nargs != 1)
			return py_fail(s, nargs == 0 ? "Sequential.forward() missing 1 required positional argument: 'input'" :
			    "Sequential.forward() takes 2 positional arguments but %d were given", nargs + 1);
		if (s->calls + 2 > PY_MAX_CALLS)	/* Module.__call__, then Sequential.forward: two of Python's frames */
			return py_fail(s, "RecursionError: maximum recursion depth exceeded");
		x = args[0];
		py_incref(x);
		s->calls += 2;
		for (i = 0; i < m->u.obj.n && x != NULL; i++) {
			struct pyobj *y;

			if (m->u.obj.a[i].kind != A_MODULE)
				continue;
			if (m->u.obj.a[i].v->type == PY_NONE) {
				py_decref(x);
				s->calls -= 2;
				return py_fail(s, "'NoneType' object is not callable");
			}
			y = call_module(s, m->u.obj.a[i].v, &x, 1, NULL, NULL, 0);
			py_decref(x);
			x = y;
		}
		s->calls -= 2;
		return x;
	}
	if ((a = class_find(m->u.obj.cls, "forward")) == NULL)
		return py_fail(s, "NotImplementedError: Module [%s] is missing the required \"forward\" function",
		    py_type_name(m));
	if (a->v->type != PY_UFUNC)
		return py_fail(s, "forward: only a function defined in the class is supported");
	return call_bound(s, a->v, m, args, nargs, kwnames, kwargs, nkw);
}

/* Class(args): a new instance, its __init__ run (nn.Module's takes nothing) */
static struct pyobj *
instantiate(struct py_session *s, struct pyobj *c, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	struct pyobj *o = nn_obj_new(c->u.obj.kind, c), *r;
	struct pyattr *a = class_find(c, "__init__");

	if (a == NULL && c->u.obj.kind == OBJ_PLAIN) {	/* object.__init__ */
		r = nargs > 0 || nkw > 0 ? py_fail(s, "TypeError: %s() takes no arguments", c->u.obj.name) : py_none();
	} else if (a == NULL) {
		if (nkw > 0)
			r = py_fail(s, "Module.__init__() got an unexpected keyword argument '%s'", kwnames[0]);
		else if (nargs > 0)
			r = py_fail(s, "Module.__init__() takes 1 positional argument but %d were given", nargs + 1);
		else
			r = py_none();
		o->u.obj.inited = 1;
	} else if (a->v->type != PY_UFUNC) {
		r = py_fail(s, "__init__: only a function defined in the class is supported");
	} else {
		r = call_bound(s, a->v, o, args, nargs, kwnames, kwargs, nkw);
	}
	if (r != NULL && r->type != PY_NONE)
		py_fail(s, "__init__() should return None, not '%s'", py_type_name(r));
	if (r == NULL || r->type != PY_NONE) {
		py_decref(r);
		py_decref(o);
		return NULL;
	}
	py_decref(r);
	return o;
}

struct pyobj *
cls_call(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	switch (f->type) {
	case PY_CLASS:
		return instantiate(s, f, args, nargs, kwnames, kwargs, nkw);
	case PY_METHOD:
		return call_bound(s, f->u.obj.cls, f->u.obj.self, args, nargs, kwnames, kwargs, nkw);
	default:
		if (f->u.obj.kind == OBJ_PLAIN) {
			struct pyattr *a = class_find(f->u.obj.cls, "__call__");

			if (a == NULL)
				return py_fail(s, "TypeError: '%s' object is not callable", py_type_name(f));
			if (a->v->type != PY_UFUNC)
				return py_fail(s, "__call__: only a function defined in the class is supported");
			return call_bound(s, a->v, f, args, nargs, kwnames, kwargs, nkw);
		}
		if (f->u.obj.kind == OBJ_LIST || f->u.obj.kind == OBJ_MODULE)
			return py_fail(s, "NotImplementedError: Module [%s] is missing the required \"forward\" function",
			    py_type_name(f));
		return call_module(s, f, args, nargs, kwnames, kwargs, nkw);
	}
}
