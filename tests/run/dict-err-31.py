# a dict error as Python raises it
import torch
d = {'a': {'b': [1, 2]}}
d['a']['b'] += [3]
d['a']['c'] = d.get('z', 0)
print(d)
d['a']['q']
