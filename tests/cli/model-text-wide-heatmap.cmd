$BIN --model tests/model/tiny-wide-f16 --text 'Your journey starts with one step' --layer 1 --heatmap
