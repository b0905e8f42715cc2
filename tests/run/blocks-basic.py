import torch
def softmax_naive(x):
    return torch.exp(x) / torch.exp(x).sum(dim=0)

inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64]])
query = inputs[1]
attn_scores_2 = torch.empty(inputs.shape[0])
for i, x_i in enumerate(inputs):
    attn_scores_2[i] = torch.dot(x_i, query)
print(attn_scores_2)
print(softmax_naive(attn_scores_2))
total = 0
for k in range(10):
    if k % 2 == 0:
        continue
    elif k == 7:
        break
    else:
        total += k
print(total)
n = 0
while n < 5:
    n += 1
print(n)
def fact(n, acc=1):
    if n <= 1:
        return acc
    return fact(n - 1, acc=acc * n)
print(fact(10))
print(sum([1, 2, 3]), max(3, 9, 2), min([4, 1]), round(2.5), round(3.14159, 2))
for a, b in zip([1, 2], [3, 4]):
    print(a, b)
assert n == 5
with torch.no_grad():
    print(query * 2)
