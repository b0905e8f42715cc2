$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
import torch.nn.functional as F
print("before")
x = torch.zeros(3)
x[[0, 2]] = 1.0
print(x)
EOF
