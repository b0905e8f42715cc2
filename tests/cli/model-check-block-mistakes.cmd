$BIN --model tests/model/tiny-f32 --text 'Your journey starts with one step' --layer 1 --check tests/model/theirs-block-mistakes.txt | grep -e '^  mistake:' -e ' match$'
