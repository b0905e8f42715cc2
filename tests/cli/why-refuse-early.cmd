# issue 24 item 22: --why counts the elements it would explain before it writes any step, so -v
# at T = 3000 refuses in a fraction of a CPU second (it wrote 5,000 steps of 3,000 terms first: 12 s)
# valgrind: skip (T = 3000: all its stages take minutes under valgrind; the sanitizer run covers it)
ulimit -t 4
$BIN -v --why 'context_vecs[-1, 0]' --depth 2 tests/cli/why-depth-T3000.json
