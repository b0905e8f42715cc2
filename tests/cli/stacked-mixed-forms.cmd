# issue 24 item 11: stacked heads take each layer its form (W_query {"weight", "bias"},
# W_key a bare array), as the split layout does; the expected output is what
# real PyTorch printed running the --emit python script
$BIN --color never tests/cli/stacked-mixed-forms.json
