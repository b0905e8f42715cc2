import torch
print(torch.get_num_threads() > 0)
torch.get_num_threads(1)
print("not reached")
