$BIN --model tests/model/tiny-wide-f16 --text 'Your journey starts with one step' --layer 0 --check tests/model/theirs-eps-layer0.txt | grep -e '^  mistake:' -e ' match$'
