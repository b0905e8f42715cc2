# issue 24 item 22: the depth suggested is one that fits, not the one given
# valgrind: skip (T = 3000: all its stages take minutes under valgrind; the sanitizer run covers it)
$BIN --why 'context_vecs[-1, 0]' --depth 2 tests/cli/why-depth-T3000.json
