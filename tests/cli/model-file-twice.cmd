# a key given twice in the input file: the last one, as Python's json takes it (leaked the first before: tests/fuzz/fuzz_modelinput.c)
$BIN tests/model/run-twice.json --print token_ids --print attn_weights.shape
