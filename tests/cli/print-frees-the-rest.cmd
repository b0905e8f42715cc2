# --print keeps only the stages it names; every other one is freed after its
# last use and its memory recycled (expected output: tests/gen/reference.py)
$BIN --print 'output[0, 255, :4]' --print 'dropped_weights[0, 3, 255].sum()' --print 'values_heads.shape' tests/golden/big-heads8-T256.json
