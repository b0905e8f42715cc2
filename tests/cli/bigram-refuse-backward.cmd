$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
import torch.nn.functional as F
print("before")
w = torch.randn(3, requires_grad=True)
loss = (w * 2).sum()
loss.backward()
EOF
