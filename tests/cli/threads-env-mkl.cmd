# expected: real PyTorch 1.13 run with the same environment (its default thread count from OMP_NUM_THREADS, MKL_NUM_THREADS first)
MKL_NUM_THREADS=2 OMP_NUM_THREADS=5 $BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
torch.manual_seed(0)
print(torch.get_num_threads())
x = torch.rand(100003)
print(x.sum().item(), x.mean().item(), (x ** 1.7).sum().item())
EOF
