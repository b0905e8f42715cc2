# --run prints as the script runs: 2 MB of lines, then a loop without end.
# Piped into `head -c 13`, the lines reach head at once and the write after
# head has gone ends the run (SIGPIPE), as python3's would; a run that held
# its output until the end would never print anything.
for i in range(20000):
    print("line", i, "..........................................................................................")
while True:
    pass
