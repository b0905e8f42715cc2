for f in tests/cli/outside-v3/*.py; do $BIN --run "$f"; echo "status $?" >&2; done
