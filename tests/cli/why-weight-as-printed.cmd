# issue 24 item 7: why on a weight shows it as print(W_value[0, 0]) does (0.1300), not the JSON text (0.13)
$BIN --why 'W_value[0, 0]' tests/cli/why-sci.json
