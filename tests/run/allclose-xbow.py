# the lecture's xbow two ways: allclose turns on the last bits of the matmul (False under the reference BLAS)
import torch
torch.manual_seed(1337)
B,T,C = 4,8,2
x = torch.randn(B,T,C)
xbow = torch.zeros((B,T,C))
for b in range(B):
    for t in range(T):
        xbow[b,t] = torch.mean(x[b,:t+1], 0)
wei = torch.tril(torch.ones(T, T))
wei = wei / wei.sum(1, keepdim=True)
xbow2 = wei @ x
bad = (xbow - xbow2).abs() > 1e-8 + 1e-5 * xbow2.abs()
print(torch.allclose(xbow, xbow2), bad.sum().item(), xbow[bad], (xbow - xbow2)[bad])
