# a dict error as Python raises it
import torch
{}.update(1)
