# a tuple nested 300,000 deep: compared, printed (Python's RecursionError), freed, never a stack overflow
{ echo 'x = 0'; yes 'x = (x,)' | head -n 300000; echo 'x == x'; echo 'x'; echo 'y = x'; echo 'del x'; echo 'y = 0'; echo 'print(1)'; } | $BIN -i data/your-journey.json 2>&1 | tail -n 6
