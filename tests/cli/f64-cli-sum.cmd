$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
x = torch.ones(2, 2).double()
print(x)
y = x.sum()
print(y)
EOF
