# case.sh - the cli kind (tests/run.sh's case_run): NAME.cmd, a shell
# command line naming attn-explain $BIN; NAME.out holds stdout (where it
# exists), NAME.err stderr then "status N".
sh "$CASE.cmd"
echo "status $?" >&2
