$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
x = torch.ones(2, 2).double()
print(x)
y = torch.randn(2, dtype=torch.float64)
print(y)
EOF
