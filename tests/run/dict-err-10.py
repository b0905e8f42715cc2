# a dict error as Python raises it
import torch
print({}.get())
