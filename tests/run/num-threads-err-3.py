import torch
print(torch.get_num_threads() > 0)
torch.set_num_threads()
print("not reached")
