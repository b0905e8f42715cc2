$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
x = torch.ones(2, 2).double()
print(x)
x[0, 0] = 2.0
print(x)
EOF
