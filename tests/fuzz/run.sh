#!/bin/sh
# run.sh - build the libFuzzer harnesses with clang and run each for
# FUZZ_SECONDS (default 60).  Crashes land in tests/fuzz/crashes/; turn each
# into a regression test (tests/errors/ or tests/cli/).  FUZZ_ONLY="config vocab"
# runs those harnesses only.
set -eu
cd "$(dirname "$0")/../.."
secs=${FUZZ_SECONDS:-60}
only=${FUZZ_ONLY:-}
command -v clang >/dev/null 2>&1 || { echo "fuzz: clang is needed (apt-get install clang)"; exit 1; }
b=tests/fuzz/build
mkdir -p "$b" tests/fuzz/crashes
flags="-g -O1 -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
objs=""
for c in src/*/*.c; do
	s=$(basename "$c" .c)
	extra=""
	case $c in src/kernels/*) extra=-ffp-contract=off ;; src/teach/figure.c) extra=$(pkg-config --cflags pangocairo) ;; esac
	clang $flags $extra -c -o "$b/$s.o" "$c"
	objs="$objs $b/$s.o"
done
for h in load expr repl readprint check safetensors bpe ipynb einsum config vocab modelinput; do
	[ -f "tests/fuzz/fuzz_$h.c" ] || continue
	case " $only " in "  " | *" $h "*) ;; *) continue ;; esac	# FUZZ_ONLY: one harness or a list
	clang $flags -fsanitize=fuzzer -o "$b/fuzz_$h" "tests/fuzz/fuzz_$h.c" $objs -lcjson -ledit -lm -lpcre2-8 -lcairo -lfontconfig -ldl
	mkdir -p "$b/corpus-$h"
	case $h in
	load) mkdir -p "$b/seeds-load"; cp data/*.json tests/golden/*.json tests/errors/*.json "$b/seeds-load/"
		rm -f "$b/seeds-load/mingpt.json"; seeds="$b/seeds-load" ;;
	expr) seeds="tests/fuzz/expr" ;;
	repl) seeds="tests/fuzz/repl" ;;
	readprint) seeds="tests/fuzz/readprint" ;;
	check) seeds="tests/fuzz/check" ;;
	safetensors) seeds="tests/fuzz/safetensors" ;;
	bpe) seeds="tests/fuzz/bpe" ;;
	ipynb) seeds="tests/fuzz/ipynb" ;;
	einsum) seeds="tests/fuzz/einsum" ;;
	config) seeds="tests/fuzz/config" ;;
	vocab) seeds="tests/fuzz/vocab" ;;
	modelinput) seeds="tests/fuzz/modelinput" ;;
	esac
	echo "fuzz_$h: $secs s"
	"$b/fuzz_$h" -max_total_time="$secs" -max_len=65536 -timeout=10 -close_fd_mask=2 -rss_limit_mb=4096 \
	    -artifact_prefix=tests/fuzz/crashes/ -print_final_stats=1 "$b/corpus-$h" $seeds 2>&1 |
	    grep -E '^(stat::number_of_executed_units|stat::peak_rss|==.*ERROR|SUMMARY|artifact_prefix|Test unit written)' || true
done
