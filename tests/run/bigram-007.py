import torch
import torch.nn as nn
from torch.nn import functional as F


class BigramLanguageModel(nn.Module):

    def __init__(self, vocab_size):
        super().__init__()
        # each token directly reads off the logits for the next token from a lookup table
        self.token_embedding_table = nn.Embedding(vocab_size, vocab_size)

    def forward(self, idx, targets=None):

        # idx and targets are both (B,T) tensor of integers
        logits = self.token_embedding_table(idx) # (B,T,C)

        if targets is None:
            loss = None
        else:
            B, T, C = logits.shape
            logits = logits.view(B*T, C)
            targets = targets.view(B*T)
            loss = F.cross_entropy(logits, targets)

        return logits, loss

    def generate(self, idx, max_new_tokens):
        # idx is (B, T) array of indices in the current context
        for _ in range(max_new_tokens):
            # get the predictions
            logits, loss = self(idx)
            # focus only on the last time step
            logits = logits[:, -1, :] # becomes (B, C)
            # apply softmax to get probabilities
            probs = F.softmax(logits, dim=-1) # (B, C)
            # sample from the distribution
            idx_next = torch.multinomial(probs, num_samples=1) # (B, 1)
            # append sampled index to the running sequence
            idx = torch.cat((idx, idx_next), dim=1) # (B, T+1)
        return idx


torch.manual_seed(42)
text = 'bGIrbBn?E-rE-nIv::BIGBBBFIvbv?Hv:vvn:HbnErbE-H:Ibvv--G-FHFHvFHv?Ibvn-bEv-IrBnIH--HHGvHGn--rBnEGIbn-nBb?GEHIrFnb:GbG-?vGrr:FHF?rBrE-b:Ib:-B?FIG:-b:vEIBF:FrEEBv?bbEB:?B--Gvnb:EGnBBb-n:BnbEnbb-bBbEIHbHbr?HrE:rBH:b?nGrHnv??EI?-rr-nEbnv:GHBGHvvBFI-:IbHB-b-FFFEBb-vrnHHv-IvErIbIG:FGHBE-G-:IGvG:b:BBGFvF:EGEvGIvBbnIFIvvn?r'
chars = sorted(list(set(text)))
vocab_size = len(chars)
print(''.join(chars))
print(vocab_size)
stoi = { ch:i for i,ch in enumerate(chars) }
itos = { i:ch for i,ch in enumerate(chars) }
def encode(s):
    return [stoi[c] for c in s]
def decode(l):
    return ''.join([itos[i] for i in l])
print(encode(text[:7]))
print(decode(encode(text[1:27])))
data = torch.tensor(encode(text), dtype=torch.long)
print(data.shape, data.dtype)
print(data[:7])
n = int(0.5*len(data))
train_data = data[:n]
val_data = data[n:]
block_size = 3
batch_size = 1
def get_batch(split):
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i+block_size] for i in ix])
    y = torch.stack([data[i+1:i+block_size+1] for i in ix])
    return x, y
xb, yb = get_batch('train')
print(xb)
print(yb)
m = BigramLanguageModel(vocab_size)
logits, loss = m(xb, yb)
print(logits.shape)
print(loss)
with torch.no_grad():
    out = m.generate(xb[:, -3:], 12)
print(out)
print(torch.randint(533350973163, 17980488270322, (1, 2)))
probs = torch.rand(43)
print(torch.multinomial(probs, num_samples=1))
x = torch.arange(10.).view(2, 5)
print(x[x != 1])
print(x[..., [-3]])
print(x[..., [-2, 3, 0]])
w = torch.randn(2, 3, requires_grad=True)
print(w[[1, 0]])
