# float64 type promotion (issue 23): float32 += float64, bool/int64 with float64, 0-dim float64 with
# float32 and int64, max/min of signed zeros, empty sums, int64 += float64 refused as PyTorch
import torch
torch.manual_seed(2)
a = torch.randn(3)
b = torch.randn(3, dtype=torch.float64)
a += b
print(a, a.tolist())
m = torch.tensor([True, False, True])
print(m + b, (m * 1.5).dtype, m.double() * b)
print(torch.tensor([1, 2]) * torch.tensor(0.1, dtype=torch.float64))
print((torch.tensor(2.5, dtype=torch.float64) * 3).tolist(), torch.tensor(2.5, dtype=torch.float64) + torch.tensor(1.0))
print(b.max(), b.min(), torch.tensor([0.0, -0.0, 0.0, -0.0, 0.0], dtype=torch.float64).max(), torch.tensor([-0.0, 0.0], dtype=torch.float64).min())
print(b.sum(0, keepdim=True), torch.zeros(0, dtype=torch.float64).sum(), torch.zeros(2, 0, dtype=torch.float64).mean(1))
i = torch.tensor([1, 2, 3])
i += b
