# issue 24 item 6: a value printed in scientific notation stands in a step
# without the print's padding (PyTorch prints tensor( 4.3000e+05) for
# values[0, 1]), and no note compares two equal numbers
$BIN --sci-mode true --why 'values[0, 1]' tests/cli/why-sci.json
