import torch.nn as nn
print("never printed")
class MyLinear(nn.Linear):
    pass
