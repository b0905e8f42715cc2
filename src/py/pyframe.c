/*
 * pyframe.c - the locals of one call of a script function: a short list
 * of names (a function has few), searched before the session's globals;
 * and that list of variables itself, which each bucket of the session's
 * globals (pysession.c) is too.
 */
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

/* ---- a list of variables: a frame's locals, one bucket of the session's globals ---- */

struct pyvar *
varlist_find(struct pyvar *head, const char *name)
{
	struct pyvar *v;

	for (v = head; v != NULL; v = v->next)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

struct pyvar *
varlist_set(struct pyvar **head, const char *name, struct pyobj *o, int *created)
{
	struct pyvar *v = varlist_find(*head, name);

	py_incref(o);
	*created = v == NULL;
	if (v != NULL) {
		py_decref(v->v);
		v->v = o;
		v->stale = 0;
		return v;
	}
	v = xcalloc(1, sizeof *v);
	v->name = xstrdup(name);
	v->v = o;
	v->next = *head;
	*head = v;
	return v;
}

int
varlist_del(struct pyvar **head, const char *name)
{
	struct pyvar **pp, *v;

	for (pp = head; (v = *pp) != NULL; pp = &v->next)
		if (strcmp(v->name, name) == 0) {
			*pp = v->next;
			py_decref(v->v);
			free(v->name);
			free(v);
			return 0;
		}
	return -1;
}

/* ---- a frame ---- */

struct pyvar *
frame_find(const struct pyframe *f, const char *name)
{
	return varlist_find(f->vars, name);
}

void
frame_set(struct pyframe *f, const char *name, struct pyobj *o)
{
	int created;

	varlist_set(&f->vars, name, o, &created);
}

int
frame_del(struct pyframe *f, const char *name)
{
	return varlist_del(&f->vars, name);
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
