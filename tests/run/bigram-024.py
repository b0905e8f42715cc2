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


torch.manual_seed(1337)
text = 'pktnzD oozDztyDdJyr?okkkz\nzDD\npkz-konzJn? yDJd t\nzprDrzyoJJzpddrnJdyDkJoy yd?o- -n?DzD-k\nz?D?\nkprpzppoozkdyprryJ\nnprJtt nn\nnDrkyDrD?DD JDrrp nyyJt?kz\n-?k-yD?D?y?ky  yn\n-kp?J\n\n? \nJk -dyJyyyt-ooJoonk-Jdo?d-tttJod?pdrprz?knDkkyDtnpd \n?DD kJry\nr'
chars = sorted(list(set(text)))
vocab_size = len(chars)
print(''.join(chars))
print(vocab_size)
stoi = { ch:i for i,ch in enumerate(chars) }
itos = { i:ch for i,ch in enumerate(chars) }
encode = lambda s: [stoi[c] for c in s] # encoder: take a string, output a list of integers
decode = lambda l: ''.join([itos[i] for i in l]) # decoder: take a list of integers, output a string
print(encode(text[:9]))
print(decode(encode(text[0:10])))
data = torch.tensor(encode(text), dtype=torch.long)
print(data.shape, data.dtype)
print(data[:24])
n = int(0.8*len(data))
train_data = data[:n]
val_data = data[n:]
block_size = 8
batch_size = 4
def get_batch(split):
    data = train_data if split == 'train' else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i+block_size] for i in ix])
    y = torch.stack([data[i+1:i+block_size+1] for i in ix])
    return x, y
xb, yb = get_batch('train')
print(xb)
print(yb)
for b in range(batch_size):
    for t in range(min(block_size, 3)):
        context = xb[b, :t+1]
        target = yb[b,t]
        print(f"when input is {context.tolist()} the target: {target}")
m = BigramLanguageModel(vocab_size)
logits, loss = m(xb, yb)
print(logits.shape)
print(loss)
logits, loss = m(xb)
print(loss, logits.shape)
x = torch.randn(1, 5, 5)
print(x[torch.tensor([[-1, 0], [0, -1]])])
x = torch.arange(45.).view(3, 3, 5)
print(x[[-3, -2, -1]])
print(x[[1, 1], 2:])
print(x[x != 0])
idx = torch.randint(0, 3, (3, 1))
print(x[idx])
print(torch.arange(6).view(2, 3)[[0, 2]])
