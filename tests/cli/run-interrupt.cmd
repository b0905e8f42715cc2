# valgrind: skip
timeout -s INT 3 $BIN --run tests/cli/run-interrupt.py 2>&1
echo "timeout status $?"
