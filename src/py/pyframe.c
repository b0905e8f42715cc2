/*
 * pyframe.c - the locals of one call of a script function: a short list
 * of names (a function has few), searched before the session's globals.
 */
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

struct pyvar *
frame_find(const struct pyframe *f, const char *name)
{
	struct pyvar *v;

	for (v = f->vars; v != NULL; v = v->next)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

void
frame_set(struct pyframe *f, const char *name, struct pyobj *o)
{
	struct pyvar *v = frame_find(f, name);

	py_incref(o);
	if (v != NULL) {
		py_decref(v->v);
		v->v = o;
		return;
	}
	v = xmalloc(sizeof *v);
	memset(v, 0, sizeof *v);
	v->name = xstrdup(name);
	v->v = o;
	v->next = f->vars;
	f->vars = v;
}

int
frame_del(struct pyframe *f, const char *name)
{
	struct pyvar **pp, *v;

	for (pp = &f->vars; (v = *pp) != NULL; pp = &v->next)
		if (strcmp(v->name, name) == 0) {
			*pp = v->next;
			py_decref(v->v);
			free(v->name);
			free(v);
			return 0;
		}
	return -1;
}

void
frame_clear(struct pyframe *f)
{
	struct pyvar *v, *next;

	for (v = f->vars; v != NULL; v = next) {
		next = v->next;
		py_decref(v->v);
		free(v->name);
		free(v);
	}
	f->vars = NULL;
}
