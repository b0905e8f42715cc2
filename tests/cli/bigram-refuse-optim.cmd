$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
import torch.nn.functional as F
print("before")
w = torch.randn(3, requires_grad=True)
optimizer = torch.optim.AdamW([w], lr=1e-3)
EOF
