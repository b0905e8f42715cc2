/* test_expr.c - expressions on a run small enough to work out by hand. */
#include <stdlib.h>
#include <string.h>

#include "../src/py/expr.h"
#include "../src/pipeline/json.h"
#include "../src/pipeline/stage.h"
#include "test.h"

static void
want(const struct run *r, const char *e, const char *expect)
{
	struct value v;
	struct print_opts po;
	char err[256];
	char *s;

	print_opts_default(&po);
	if (expr_eval(e, r, &v, err, sizeof err) != 0) {
		CHECK(0, "%s: unexpected error: %s", e, err);
		return;
	}
	s = value_str(&v, &po);
	CHECK(strcmp(s, expect) == 0, "%s:\n--- want\n%s\n--- got\n%s", e, expect, s);
	free(s);
	value_free(&v);
}

static void
want_err(const struct run *r, const char *e, const char *expect)
{
	struct value v;
	char err[256];

	if (expr_eval(e, r, &v, err, sizeof err) == 0) {
		CHECK(0, "%s: expected the error \"%s\"", e, expect);
		value_free(&v);
		return;
	}
	CHECK(strcmp(err, expect) == 0, "%s: want error \"%s\", got \"%s\"", e, expect, err);
}

void
test_expr(void)
{
	/* simple mode: scores = x @ x.T = [[1, 2], [2, 5]] for x = [[1, 0], [2, 1]] */
	static const char text[] = "{\"inputs\": [[1, 0], [2, 1]]}";
	struct input in;
	struct run r;
	char err[256];

	if (json_load_text(&in, "t.json", text, sizeof text - 1) != 0 ||
	    stage_run(&r, &in, STAGE_KEEP_ALL, err, sizeof err) != 0) {
		CHECK(0, "test input does not load");
		return;
	}
	want(&r, "attn_scores", "tensor([[1., 2.],\n        [2., 5.]])");
	want(&r, "attn_scores[1]", "tensor([2., 5.])");
	want(&r, "attn_scores[-1, 0]", "tensor(2.)");
	want(&r, "attn_scores[:, 1]", "tensor([2., 5.])");
	want(&r, "attn_scores[0:1]", "tensor([[1., 2.]])");
	want(&r, "attn_scores[5:9]", "tensor([], size=(0, 2))");
	want(&r, "inputs.T", "tensor([[1., 2.],\n        [0., 1.]])");
	want(&r, "inputs.transpose(0, -1)", "tensor([[1., 2.],\n        [0., 1.]])");
	want(&r, "attn_scores.sum()", "tensor(10.)");
	want(&r, "attn_scores.sum(dim=1)", "tensor([3., 7.])");
	want(&r, "attn_scores.sum(dim=-1, keepdim=True)", "tensor([[3.],\n        [7.]])");
	want(&r, "attn_scores.sum(0)", "tensor([3., 7.])");
	want(&r, "attn_scores.mean()", "tensor(2.5000)");
	/* var of 1, 2, 2, 5: mean 2.5, squares 2.25+0.25+0.25+6.25 = 9, / 3 */
	want(&r, "attn_scores.var()", "tensor(3.)");
	want(&r, "attn_weights[0].sum()", "tensor(1.)");
	want(&r, "keys.shape", "torch.Size([2, 2])");
	want(&r, "attn_scores[0].shape", "torch.Size([2])");
	want(&r, "attn_scores.sum().shape", "torch.Size([])");
	want(&r, "keys.shape[-1]", "2");
	want(&r, " print( attn_scores[1] ) ", "tensor([2., 5.])");
	want_err(&r, "", "empty expression: give a stage name such as attn_weights");
	want_err(&r, "atn_weights", "name 'atn_weights' is not defined. Did you mean: 'attn_weights'?");
	want_err(&r, "mask", "mask: not computed: causal is false");
	want_err(&r, "attn_scores[2]", "index 2 is out of bounds for dimension 0 with size 2");
	want_err(&r, "attn_scores[0, 0, 0]", "too many indices for tensor of dimension 2");
	want_err(&r, "attn_scores[0", "'[' was never closed");
	want_err(&r, "attn_scores.sum(dim=2)", "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
	/* contract v2: anything PyTorch takes */
	want(&r, "attn_scores.T", "tensor([[1., 2.],\n        [2., 5.]])");
	want(&r, "attn_scores.max()", "tensor(5.)");
	want(&r, "attn_scores.max(dim=1)", "torch.return_types.max(\nvalues=tensor([2., 5.]),\nindices=tensor([1, 1]))");
	want(&r, "(attn_scores > 1.5) & (attn_scores < 4)", "tensor([[False,  True],\n        [ True, False]])");
	want(&r, "attn_scores[attn_scores > 1]", "tensor([2., 2., 5.])");
	want(&r, "inputs @ inputs.T", "tensor([[1., 2.],\n        [2., 5.]])");
	want(&r, "keys.shape[-1]**0.5", "1.4142135623730951");
	want(&r, "len(inputs), inputs.dim()", "(2, 2)");
	want(&r, "attn_scores.argmax()", "tensor(3)");
	want(&r, "torch.tensor([1, 2]) * 2", "tensor([2, 4])");
	want_err(&r, "attn_scores[0, :, 1]", "too many indices for tensor of dimension 2");
	want_err(&r, "inputs @ torch.ones(3)", "size mismatch, got 2, 2x2,3");
	want_err(&r, "x = 1", "expected one expression, not statements (assignments, del, import, ';')");
	/* contract v3: comprehensions (PyTorch prints the list of rows) */
	want(&r, "[x for x in inputs]", "[tensor([1., 0.]), tensor([2., 1.])]");
	want_err(&r, "{x for x in inputs}", "set displays and set comprehensions ({x, ...}) are not supported");
	want_err(&r, "W_query", "W_query: not computed: simple mode has no weights");
	stage_free(&r);
	input_free(&in);

	/*
	 * Regression (found by fuzz_load): json_load_text reads exactly len
	 * bytes, never up to a NUL; here the bytes after len are not JSON.
	 */
	{
		static const char buf[] = "{\"inputs\": [[1, 2]]}, garbage";

		CHECK(json_load_text(&in, "t.json", buf, 20) == 0, "json_load_text stops at len");
		input_free(&in);
		CHECK(json_load_text(&in, "t.json", buf, 3) != 0, "json_load_text of a prefix fails");
		input_free(&in);
	}
}
