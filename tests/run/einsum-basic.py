# torch.einsum as the seed notebook (seed-001) writes attention, and the
# forms around it: implicit output, spaces, a list of operands, ellipsis,
# int64, grad_fn, the result's strides; large enough for the BLAS path.
import torch
torch.manual_seed(7)
B, T, C = 4, 33, 40
q = torch.randn(B, T, C)
k = torch.randn(B, T, C)
v = torch.randn(B, T, C)
attn = torch.einsum("b i h , b j h -> b i j", q, k) * C ** -0.5
print(attn.shape, attn[1, :3, :5])
print(torch.equal(attn, q @ k.transpose(-2, -1) * C ** -0.5))
out = torch.einsum("b t t, b t h -> b t h", attn, v)
print(out.shape, out[2, :4, :6])
print(out.sum().item(), attn.sum().item())
w = torch.randn(B, 3, T, 12)
print(torch.einsum("b h t d, b h i d -> b h t i", w, w)[0, 1, :2, :4])
print(torch.einsum("bij,bjk", attn, v).sum().item())
print(torch.einsum("ij,jk", [q[0], k[0].T]).tolist()[0][:5])
print(torch.einsum("...ij,...jk->...ik", (attn, v)).shape)
print(torch.einsum("ii", attn[0]), torch.einsum("ii->i", attn[0])[:5])
x = torch.arange(6).reshape(2, 3)
print(torch.einsum("ij,kj->ik", x, x), torch.einsum("ij->", x))
p = torch.ones(2, 3, requires_grad=True)
print(torch.einsum("ij->ji", p), torch.einsum("ij,jk", p, torch.ones(3, 2)))
print(torch.einsum("ij->j", p), torch.einsum("i,j->ij", p[0], p[1]))
print(torch.einsum("ij,jk", attn[0], v[0]).stride(), torch.einsum("ij->ji", x).stride())
print(torch.einsum("ij,jk->ki", attn[0], v[0]).is_contiguous())
