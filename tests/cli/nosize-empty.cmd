$BIN --seed 0 --run /dev/stdin <<'EOF'
import torch
print('before')
x = torch.empty()
EOF
