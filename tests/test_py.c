/* test_py.c - the session API the REPL calls (py.h), on a run small enough to work out by hand. */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "../src/pipeline/json.h"
#include "../src/py/py.h"
#include "../src/pipeline/stage.h"
#include "../src/py/pyint.h"
#include "../src/py/lib.h"
#include "test.h"

/* the line's output, or its error after "error: " */
static char *
run_line(struct py_session *s, const char *line)
{
	struct print_opts po;
	struct sbuf out = { 0 };
	char err[256];

	print_opts_default(&po);
	if (py_exec(s, line, &po, &out, err, sizeof err) != 0) {
		free(out.s);
		out.s = NULL;
		out.len = out.cap = 0;
		sbuf_addf(&out, "error: %s", err);
	}
	return sbuf_take(&out);
}

static void
want_line(struct py_session *s, const char *line, const char *expect)
{
	char *got = run_line(s, line);

	CHECK(strcmp(got, expect) == 0, "%s:\n--- want\n%s--- got\n%s", line, expect, got);
	free(got);
}

static int
has(char **list, const char *name)
{
	int i;

	for (i = 0; list != NULL && list[i] != NULL; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

static void
free_list(char **list)
{
	int i;

	for (i = 0; list != NULL && list[i] != NULL; i++)
		free(list[i]);
	free(list);
}

void
test_py(void)
{
	/* simple mode: scores = x @ x.T = [[1, 2], [2, 5]] for x = [[1, 0], [2, 1]] */
	static const char text[] = "{\"inputs\": [[1, 0], [2, 1]]}";
	struct input in;
	struct run r;
	struct py_session *s;
	struct sbuf b = { 0 };
	char err[256], **list, *out;
	size_t start;

	if (json_load_text(&in, "t.json", text, sizeof text - 1) != 0 ||
	    stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		CHECK(0, "test input does not load");
		return;
	}
	s = py_session_new(&r);

	/* issue 24 item 23: a number is its header and the number, not a tensor's room (tolist: 200 bytes a float) */
	{
		struct value v;

		if (expr_eval_in(s, "[torch.ones(2).tolist()[0], 3, True]", &v, err, sizeof err) == 0) {
			const struct pyobj *l = v.obj;
			int k;

			for (k = 0; k < 3; k++)
				CHECK(malloc_usable_size(l->u.seq.v[k]) < 64, "number %d takes %zu bytes", k,
				    malloc_usable_size(l->u.seq.v[k]));
			value_free(&v);
		} else {
			CHECK(0, "tolist: %s", err);
		}
	}

	/* the REPL's questions */
	CHECK(py_needs_more("torch.tensor([[1, 2],") == 1, "an open bracket needs more");
	CHECK(py_needs_more("x = (1 +") == 1, "an open parenthesis needs more");
	CHECK(py_needs_more("x = 1") == 0, "a whole line needs nothing more");
	CHECK(py_needs_more("x = ')'") == 0, "brackets in strings do not count");
	CHECK(py_needs_more("x = 1 + \\") == 1, "a backslash continues the line");
	CHECK(py_is_statement("b = 3") == 1, "an assignment is a statement");
	CHECK(py_is_statement("n += 1") == 1, "+= is a statement");
	CHECK(py_is_statement("del x") == 1, "del is a statement");
	CHECK(py_is_statement("import torch") == 1, "import is a statement");
	CHECK(py_is_statement("print(attn_weights)") == 1, "print() is Python's");
	CHECK(py_is_statement("b") == 0, "a bare name is not (it may be a command)");
	CHECK(py_is_statement("next") == 0, "a command name is not");
	CHECK(py_has_name(s, "attn_scores") == 1, "a stage is a name");
	CHECK(py_has_name(s, "mask") == 0, "a stage the run does not compute is not");
	CHECK(py_has_name(s, "b") == 0, "no variable b yet");

	/* statements and what they print */
	want_line(s, "b = attn_scores[1]", "");
	CHECK(py_has_name(s, "b") == 1, "b is a variable now");
	want_line(s, "b", "tensor([2., 5.])\n");
	want_line(s, "b.sum().item(); None", "7.0\n");	/* each expression statement shows, as in Python's REPL */
	want_line(s, "b.sum().item()", "7.0\n");
	want_line(s, "n = len(b); n, n * 2.5", "(2, 5.0)\n");
	want_line(s, "print('n:', n, b.shape)", "n: 2 torch.Size([2])\n");
	want_line(s, "attn_scores = 1; attn_scores", "1\n");
	want_line(s, "del attn_scores; attn_scores.T", "tensor([[1., 2.],\n        [2., 5.]])\n");
	want_line(s, "del attn_scores", "error: attn_scores is the run's, not a variable: del removes variables only");
	want_line(s, "x = 1; y = nothing; z = 2", "error: name 'nothing' is not defined");
	CHECK(py_has_name(s, "x") == 1 && py_has_name(s, "z") == 0, "statements before the error took effect, not after");
	want_line(s, "torch.tensor([[1, 2],\n  [3, 4]]).sum(dim=0)", "tensor([4, 6])\n");

	/* --print's face */
	{
		struct print_opts po;

		print_opts_default(&po);
		if (py_print_expr(s, "b * 2", &po, &out, err, sizeof err) == 0) {
			CHECK(strcmp(out, "tensor([ 4., 10.])") == 0, "py_print_expr: %s", out);
			free(out);
		} else {
			CHECK(0, "py_print_expr failed: %s", err);
		}
		CHECK(py_print_expr(s, "b = 2", &po, &out, err, sizeof err) != 0, "py_print_expr takes no statement");
	}

	/* vars and completion */
	py_vars(s, &b);
	CHECK(strstr(b.s, "b                Tensor (2,) torch.float32\n") != NULL, "vars lists b: %s", b.s);
	CHECK(strstr(b.s, "n                int 2\n") != NULL, "vars lists n: %s", b.s);
	free(b.s);
	list = py_complete(s, "print(attn_w", &start);
	CHECK(has(list, "attn_weights") && start == 6, "completes a stage name");
	free_list(list);
	list = py_complete(s, "x = torch.sof", &start);
	CHECK(has(list, "softmax") && start == 10, "completes torch.");
	free_list(list);
	list = py_complete(s, "b.su", &start);
	CHECK(has(list, "sum") && !has(list, "softmax"), "completes a tensor's methods");
	free_list(list);
	list = py_complete(s, "F.", &start);
	CHECK(has(list, "softmax") && has(list, "linear"), "completes F.");
	free_list(list);
	want_line(s, "class Lin:\n    scale = 2\n    def __init__(self):\n        self.weight = 1\n\n"
	    "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.head = 3\n\n"
	    "lin = Lin(); net = Net(); g = torch.Generator()", "");
	list = py_complete(s, "lin.", &start);
	CHECK(has(list, "weight") && has(list, "scale") && has(list, "__init__") && !has(list, "parameters") &&
	    start == 4, "completes a plain instance's attributes and its class's");
	free_list(list);
	list = py_complete(s, "net.pa", &start);
	CHECK(has(list, "parameters") && !has(list, "weight"), "completes a module's methods");
	free_list(list);
	list = py_complete(s, "net.he", &start);
	CHECK(has(list, "head"), "completes a module's attributes");
	free_list(list);
	list = py_complete(s, "g.ma", &start);
	CHECK(has(list, "manual_seed") && !has(list, "initial_seed"), "completes a Generator's methods");
	free_list(list);
	list = py_complete(s, "Lin.sc", &start);
	CHECK(has(list, "scale"), "completes a class's attributes");
	free_list(list);
	list = py_complete(s, "zzz", &start);
	CHECK(list == NULL, "nothing to complete");
	free_list(list);

	py_session_free(s);
	stage_free(&r);
	input_free(&in);
}

/*
 * Every row of the library binds as lib_bind reads it: a self_first row
 * (torch.f(x, ...)) does not name "input" (lib_bind adds it), no row names
 * a parameter twice.  A bad row made here must be caught.
 */
void
test_bind_rows(void)
{
	static const struct builtin bad[] = { LIB_NS("torch"), { "norm", NULL, 0, "input, p='fro', dim=None",
	    LIB_SELF_FIRST }, LIB_END };
	static const struct builtin twice[] = { LIB_NS("Tensor"), { "sum", NULL, 0, "dim=None, dim=None", 0 }, LIB_END };
	const struct builtin *b;
	char why[160];
	int n = 0;

	for (b = lib_rows_next(NULL); b != NULL; b = lib_rows_next(b), n++)
		CHECK(lib_row_check(b, why, sizeof why) == 0, "%s", why);
	CHECK(n > 150, "only %d rows walked", n);
	CHECK(lib_row_check(&bad[1], why, sizeof why) != 0, "a self_first row naming input passed");
	CHECK(lib_row_check(&twice[1], why, sizeof why) != 0, "a row naming dim twice passed");
}
