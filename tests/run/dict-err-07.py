# a dict error as Python raises it
import torch
dict(1)
