# dicts: displays, d[k], d[k] = v, del, in, len, iteration, views, methods, comprehensions, dict(), **d in calls
import torch
GPT_CONFIG_124M = {
    "vocab_size": 50257,
    "context_length": 1024,
    "emb_dim": 768,
    "n_heads": 12,
    "n_layers": 12,
    "drop_rate": 0.1,
    "qkv_bias": False
}
cfg = GPT_CONFIG_124M
print(cfg["emb_dim"], len(cfg), "n_heads" in cfg, "x" in cfg)
print(cfg)
d = {}
d['a'] = torch.tensor([[1., 2.], [3., 4.]])
d[1] = 2; d[1.0] = 3; d[True] = 4
d[(1, 'x')] = 'n'
print(d)
print(d.keys(), d.values())
print(d.items())
for k in d: print(k)
for k, v in d.items(): print(k, type(v))
print({k: v * 2 for k, v in [('a', 1), ('b', 2)]})
print(dict(a=1, b=2), dict([(1, 2)]), dict({'x': 1}, y=2))
print(d.get('zz'), d.get('zz', 5), d.get('a').shape)
e = {'a': 1}
e.update({'b': 2}, c=3); e.update([('d', 4)])
print(e, e.pop('a'), e, e.setdefault('q', 9), e)
del e['b']
print(e, list(e), sorted(e) if False else 0, e == {'c': 3, 'd': 4, 'q': 9}, {} == {}, bool({}), bool(e))
print(str(e), repr(e), f"{e}")
print(type(e), isinstance(e, dict), len(e.keys()))
e['c'] += 10
print(e, e.copy())
def f(a, b=2):
    return a + b
print(f(**{'a': 1}), f(1, **{'b': 5}), f(*[3], **dict(b=4)))
print(*[1, 2], **{'sep': '-'})
x = torch.ones(2, 3)
print(x.view(**{'size': (3, 2)}).shape if False else x.sum(**{'dim': 0}))
