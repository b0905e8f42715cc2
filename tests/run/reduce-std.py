import torch
for seed in range(12):
    torch.manual_seed(seed)
    t = torch.randn(3 + seed % 4, 2 + seed % 7) * (seed + 1)
    print(t.std(), t.std(dim=0), t.std(1, keepdim=True), t.std(unbiased=False), torch.std(t, dim=-1), t.T.std(0), t[:, 1:].std())
w = torch.rand(2, 3, requires_grad=True)
print(w.std(), w.std(0), torch.ones(1).std())
