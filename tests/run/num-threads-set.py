import torch
# PyTorch's numbers over more than 32768 elements depend on its thread count:
# one thread is what attn-explain computes (man page CAVEATS)
torch.set_num_threads(1)
print(torch.get_num_threads())
torch.manual_seed(5)
x = torch.rand(100003)
print(x.sum().item(), x.mean().item(), x.exp().sum().item(), (x ** 1.37).sum().item())
print(torch.set_num_threads(3), torch.get_num_threads())
torch.set_num_threads(True + 1)
print(torch.get_num_threads())
