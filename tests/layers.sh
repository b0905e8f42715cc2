#!/bin/sh
# layers.sh - the parts of src/ and the one way calls go between them.
# Parts, left to right: util kernels pipeline model py teach repl, then src/main.c.
#  1. includes: a file includes headers of its own folder, or the public
#     header of a part to its left (../kernels/kernels.h); never another
#     part's internal header, never a part to its right.
#  2. calls, read from the objects' symbols (nm): a file calls only files of
#     its own part or of parts to its left, and no two files call each other
#     round a cycle (tsort finds one).
#  3. the README's layout table names every file of src/ (a header: or its .c).
#  4. sizes: no function over 100 lines (from its name's line to its closing
#     brace in column 0), no case of eval_node (the evaluator's dispatch)
#     over 15 lines, no file over 1,500 lines.
# Prints "ok ..." or "not ok ..." lines; exits 1 when any is not ok.
cd "$(dirname "$0")/.." || exit 1
PARTS="util kernels pipeline model py teach repl"
rank() {
	i=0
	for p in $PARTS main; do
		[ "$p" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo 99
}
bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. includes
for f in src/*/*.[ch] src/main.c; do
	dir=$(dirname "$f"); part=${dir#src/}; [ "$dir" = src ] && part=main
	r=$(rank "$part")
	grep -n '^[ 	]*#[ 	]*include[ 	]*"' "$f" | sed 's/^\([0-9]*\):.*"\(.*\)".*/\1 \2/' |
	while read -r line h; do
		case $h in
		*/*)
			q=$(echo "$h" | sed 's,^\.\./,,; s,/.*,,')
			base=$(basename "$h" .h)
			if [ "$base" != "$q" ]; then
				echo "not ok $f:$line: includes $h, an internal header of part $q (use $q/$q.h)"
			elif [ "$(rank "$q")" -ge "$r" ]; then
				echo "not ok $f:$line: includes $h: part $q is not to the left of $part"
			fi ;;
		*)
			[ -f "$dir/$h" ] || echo "not ok $f:$line: includes $h, not a header of its own folder" ;;
		esac
	done
done > "$tmp/inc"
if [ -s "$tmp/inc" ]; then cat "$tmp/inc"; bad=1; else echo "ok includes go left to right"; fi

# 2. calls
objs=$(ls src/*/*.o src/main.o 2>/dev/null)
if [ -z "$objs" ]; then echo "not ok no objects: build first"; exit 1; fi
for o in $objs; do
	nm -g --defined-only "$o" | awk -v f="$o" 'NF == 3 && $2 ~ /[TDBRC]/ { print $3, f }'
done | sort > "$tmp/defs"
for o in $objs; do
	nm -u "$o" | awk -v f="$o" '{ print $NF, f }'
done | sort > "$tmp/uses"
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $3, $2 }' | sort -u > "$tmp/edges"   # callee caller
while read -r callee caller; do
	cp=$(dirname "$caller"); cp=${cp#src}; cp=${cp#/}; [ -z "$cp" ] && cp=main
	ep=$(dirname "$callee"); ep=${ep#src}; ep=${ep#/}; [ -z "$ep" ] && ep=main
	if [ "$(rank "$ep")" -gt "$(rank "$cp")" ]; then
		sym=$(join "$tmp/uses" "$tmp/defs" | awk -v a="$caller" -v b="$callee" '$2 == a && $3 == b { print $1; exit }')
		echo "not ok ${caller%.o}.c calls ${callee%.o}.c ($sym): part $ep is to the right of $cp"
	fi
done < "$tmp/edges" > "$tmp/dir"
if [ -s "$tmp/dir" ]; then cat "$tmp/dir"; bad=1; else echo "ok calls go left to right"; fi
if tsort "$tmp/edges" > /dev/null 2> "$tmp/loop"; then
	echo "ok no call cycle between files"
else
	echo "not ok call cycle between files: $(grep -v 'input contains a loop' "$tmp/loop" | sed 's/^tsort: //; s/\.o$/.c/' | tr '\n' ' ')"
	bad=1
fi

# 3. the README's layout table names every file: each .c (src/main.c too),
# and each header that is not the header of its .c's name (the README's rule)
for f in src/*.c src/*/*.c src/*/*.h; do
	grep -q "\`$(basename "$f")\`\|\`$f\`" README.md && continue
	case $f in *.h) [ -f "${f%.h}.c" ] && continue ;; esac
	echo "not ok README's layout table does not name $f"
done > "$tmp/readme"
if [ -s "$tmp/readme" ]; then cat "$tmp/readme"; bad=1; else echo "ok the README's layout table names every file of src/"; fi

# 4. sizes
for f in src/*.c src/*/*.c; do
	awk -v f="$f" '
	function eval_case(end) { if (c && end - c > 15) printf "not ok %s: eval_node'"'"'s case at line %d is %d lines (at most 15)\n", f, c, end - c }
	/^[A-Za-z_][A-Za-z_0-9]*\(/ { name = $0; sub(/\(.*/, "", name); start = FNR; c = 0 }
	name == "eval_node" && /^\t+(case .*:|default:)/ { eval_case(FNR); c = FNR }
	/^}/ && start { if (FNR - start + 1 > 100) printf "not ok %s: %s is %d lines (at most 100)\n", f, name, FNR - start + 1
		if (name == "eval_node") eval_case(FNR); start = 0; name = "" }
	END { if (FNR > 1500) printf "not ok %s is %d lines (at most 1,500)\n", f, FNR }' "$f"
done > "$tmp/size"
if [ -s "$tmp/size" ]; then cat "$tmp/size"; bad=1; else echo "ok no function over 100 lines, no case of eval_node over 15, no file over 1,500"; fi
exit $bad
