/*
 * expr.c - one expression for --print, the heatmap and the REPL's diff:
 * the interpreter (py.h) evaluates it in a session of its own, and the
 * value comes back as the struct value these callers know; and
 * py_print_expr (py.h), one expression's printed text for the REPL's print
 * and --model's --print.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "expr.h"
#include "pyint.h"

unsigned
expr_stages(const char *text)
{
	unsigned set = 0;
	const char *p = text;
	char name[32];

	while (*p != '\0') {
		size_t n = 0;
		int id;

		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
			n++;
		if (n < sizeof name) {
			memcpy(name, p, n);
			name[n] = '\0';
			if ((id = stage_lookup(name)) >= 0) {
				set |= STAGE_BIT(id);
				/* queries_heads is a view of queries' memory, as in PyTorch */
				if (id >= ST_QUERIES_HEADS && id <= ST_VALUES_HEADS)
					set |= STAGE_BIT(ST_QUERIES + (id - ST_QUERIES_HEADS));
			}
		}
		p += n;
	}
	return set;
}

int
expr_eval(const char *text, const struct run *r, struct value *out, char *err, size_t errlen)
{
	struct py_session *s = py_session_new(r);
	int rc = expr_eval_in(s, text, out, err, errlen);

	py_session_free(s);
	return rc;
}

int
expr_eval_on(struct py_session *s, const struct run *r, const char *text, struct value *out, char *err,
    size_t errlen)
{
	struct py_session *t = py_session_new(r);
	int rc;

	session_share_vars(t, s);
	t->rng = s->rng;
	rc = expr_eval_in(t, text, out, err, errlen);
	py_session_free(t);
	return rc;
}

int
expr_eval_in(struct py_session *s, const char *text, struct value *out, char *err, size_t errlen)
{
	struct sbuf printed = { 0 };
	struct print_opts po;
	struct pyobj *v;
	int d;

	memset(out, 0, sizeof *out);
	print_opts_default(&po);
	stmt_hooks(s);
	v = py_eval_expr(s, text, &po, &printed, err, errlen);
	out->printed = sbuf_take(&printed);
	out->stmt = s->print_stmt;
	if (v == NULL) {
		free(out->printed);
		out->printed = NULL;
		return -1;
	}
	switch (v->type) {
	case PY_TENSOR:
		if ((out->t = pyt_export(&v->u.t)) == NULL) {
			snprintf(err, errlen, "the result is too large");
			py_decref(v);
			return -1;
		}
		out->kind = VAL_TENSOR;
		out->dtype = v->u.t.dtype;
		break;
	case PY_SIZE:
		out->kind = VAL_SIZE;
		out->ndim = v->u.seq.n;
		for (d = 0; d < out->ndim; d++)
			out->shape[d] = (int)v->u.seq.v[d]->u.i;
		break;
	case PY_INT:
		out->kind = VAL_INT;
		out->i = v->u.i;
		break;
	default:
		out->kind = VAL_OTHER;
	}
	out->obj = v;
	return 0;
}

char *
value_str(const struct value *v, const struct print_opts *po)
{
	struct sbuf b = { 0 };

	if (v->printed != NULL)
		sbuf_add(&b, v->printed);	/* print(print(a, b)) shows "a b" first, as Python does */
	if (v->stmt)
		return sbuf_take(&b);
	if (v->obj != NULL) {
		py_str_of(&b, v->obj, po);
		return sbuf_take(&b);
	}
	if (v->kind == VAL_TENSOR && v->t != NULL)
		return print_tensor_str(v->t, po);
	if (v->kind == VAL_SIZE) {
		int d;

		sbuf_add(&b, "torch.Size([");
		for (d = 0; d < v->ndim; d++)
			sbuf_addf(&b, "%s%d", d ? ", " : "", v->shape[d]);
		sbuf_add(&b, "])");
		return sbuf_take(&b);
	}
	sbuf_addf(&b, "%lld", v->i);
	return sbuf_take(&b);
}

const char *
value_type(const struct value *v)
{
	return v->obj != NULL ? py_type_name(v->obj) : v->kind == VAL_TENSOR ? "Tensor" : "int";
}

void
value_free(struct value *v)
{
	tensor_free(v->t);
	v->t = NULL;
	py_decref(v->obj);
	v->obj = NULL;
	free(v->printed);
	v->printed = NULL;
}

/* py.h: one expression as print() shows it */
int
py_print_expr(struct py_session *s, const char *text, const struct print_opts *po, char **out, char *err,
    size_t errlen)
{
	struct sbuf b = { 0 }, printed = { 0 };
	struct pyobj *v;

	stmt_hooks(s);
	if ((v = py_eval_expr(s, text, po, &printed, err, errlen)) == NULL) {
		free(printed.s);
		return -1;
	}
	if (printed.len > 0)
		sbuf_add(&b, printed.s);	/* print(print(a, b)): "a b", then None, as Python */
	free(printed.s);
	py_str_of(&b, v, po);
	py_decref(v);
	*out = sbuf_take(&b);
	return 0;
}
