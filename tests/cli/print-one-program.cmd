# the --print expressions are one program: the generator goes on from one to the next, and
# print() inside one shows its text first (PyTorch: torch.manual_seed(0); print(torch.rand(2)) twice;
# print(print(1, 2)))
$BIN --print 'torch.rand(2)' --print 'torch.rand(2)' --print 'print(1, 2)' data/your-journey.json
