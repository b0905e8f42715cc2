import math
import logging
import torch
print(torch.tensor([1.0, 2.0]))
logger = logging.getLogger(__name__)
