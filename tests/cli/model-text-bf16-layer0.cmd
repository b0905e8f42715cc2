$BIN --model tests/model/tiny-bf16 --text 'Your journey starts with one step' --layer 0 --head 0 --heatmap
