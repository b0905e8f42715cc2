# a dict error as Python raises it
import torch
d = {[1]: 2}
