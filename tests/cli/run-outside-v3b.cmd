for f in tests/cli/outside-v3b/*.py; do $BIN --run "$f"; echo "status $?" >&2; done
