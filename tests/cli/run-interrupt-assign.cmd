# valgrind: skip
# one statement interrupted inside the kernels: Python says KeyboardInterrupt
timeout -s INT 3 $BIN --run tests/cli/run-interrupt-assign.py 2>&1
echo "timeout status $?"
