$BIN /proc/self/mem
