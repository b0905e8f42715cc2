/* test_tensor.c - the tensor type: shapes, limits, copies, kernels by hand arithmetic. */
#include <math.h>
#include <string.h>

#include "../src/tensor.h"
#include "test.h"

void
test_tensor(void)
{
	int shape[4] = { 2, 3, 4, 5 }, big[3] = { 1 << 20, 1 << 20, 4 }, neg = -1;
	struct tensor *t = tensor_new(4, shape), *c;
	char buf[64];
	float a[6] = { 1, 2, 3, 4, 5, 6 }, bt[4] = { 1, 0, 0.5f, 0.25f };
	float out[6], in[3] = { 0, 0, -INFINITY }, sm[3];

	CHECK(t != NULL && t->numel == 120 && t->ndim == 4, "tensor_new(2,3,4,5)");
	CHECK(t->data[0] == 0 && t->data[119] == 0, "tensor_new zero-fills");
	CHECK(strcmp(tensor_shape_str(buf, sizeof buf, t), "(2, 3, 4, 5)") == 0, "shape str: %s", buf);
	CHECK(strcmp(tensor_size_str(buf, sizeof buf, t), "torch.Size([2, 3, 4, 5])") == 0, "size str: %s", buf);
	t->data[7] = 3.5f;
	t->grad_fn = "MmBackward0";
	c = tensor_copy(t);
	CHECK(c->data[7] == 3.5f && c->grad_fn == t->grad_fn && tensor_same_shape(c, t), "tensor_copy");
	tensor_free(c);
	tensor_free(t);
	tensor_free(NULL);
	CHECK(tensor_new(3, big) == NULL, "tensor_new refuses 2^42 elements");
	CHECK(tensor_new(1, &neg) == NULL, "tensor_new refuses a negative size");
	t = tensor_new(0, NULL);
	CHECK(t != NULL && t->numel == 1 && t->ndim == 0, "0-d tensor has one element");
	CHECK(strcmp(tensor_size_str(buf, sizeof buf, t), "torch.Size([])") == 0, "0-d size: %s", buf);
	tensor_free(t);
	shape[0] = 0;
	t = tensor_new(2, shape);
	CHECK(t != NULL && t->numel == 0, "empty tensor");
	tensor_free(t);

	/* (3, 2) @ (2, 2).T by hand: rows [1,2],[3,4],[5,6]; bt rows [1,0],[0.5,0.25] */
	tensor_mm_nt(out, a, bt, 3, 2, 2);
	CHECK(out[0] == 1 && out[1] == 1 && out[2] == 3 && out[3] == 2.5f && out[4] == 5 && out[5] == 4,
	    "mm_nt by hand: %g %g %g %g %g %g", out[0], out[1], out[2], out[3], out[4], out[5]);
	tensor_transpose2(out, a, 2, 3);
	CHECK(out[0] == 1 && out[1] == 4 && out[2] == 2 && out[5] == 6, "transpose2");
	/* softmax([0, 0, -inf]) = [0.5, 0.5, 0] exactly */
	tensor_softmax_rows(sm, in, 1, 3);
	CHECK(sm[0] == 0.5f && sm[1] == 0.5f && sm[2] == 0, "softmax with -inf: %g %g %g", sm[0], sm[1], sm[2]);
	in[2] = NAN;
	tensor_softmax_rows(sm, in, 1, 3);
	CHECK(isnan(sm[0]) && isnan(sm[2]), "softmax of a row with NaN is NaN");
}
