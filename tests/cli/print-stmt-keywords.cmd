# a top-level print call with keywords is the print statement: its own end, no None
$BIN --print 'print("a", end="")' --print 'print("b", "c", sep="-")' --print 'print(1, end="!\n")' data/your-journey.json
