#!/bin/sh
# run.sh - check mode against its corpus (tests/check/cases, made by
# tests/gen/check_cases.py with real PyTorch): for each case, the verdict,
# the stage taken and the mistake named of every tensor, the summary and
# the exit status.  Prints "ok check NAME" or "not ok check NAME" and what differs,
# indented.  Not a byte compare (a "*" stage, a set of mistakes), so not
# tests/run.sh's case_run.
BIN=${BIN:-./attn-explain}
dir=${CASES:-tests/check/cases}
tmp=${TMPDIR:-/tmp}/attn-check.$$
trap 'rm -f "$tmp".*' EXIT

for e in "$dir"/*.expect; do
	[ -f "$e" ] || continue
	base=${e%.expect}
	name=$(basename "$base")
	if [ -f "$base.txt" ]; then theirs=$base.txt; else theirs=$base.json; fi
	input=$(sed -n 's/^input //p' "$e")
	args=$(sed -n 's/^args //p' "$e")
	# shellcheck disable=SC2086
	"$BIN" --check "$theirs" $args "$input" > "$tmp.out" 2> "$tmp.err"
	st=$?
	awk -v st="$st" '
	/^(ok|differs|unmatched) / {
		v = $1; line = $0; sub(/^[a-z]+ +/, "", line)
		r = "-"
		if (v != "unmatched") {
			r = line
			if (index(r, "taken as ") > 0) r = substr(r, index(r, "taken as ") + 9)
			sub(/ \(.*/, "", r)
		}
		ids = "-"
		if (index(line, "mistake: ") > 0) {
			m = substr(line, index(line, "mistake: ") + 9)
			n = split(m, alt, /\) or /)
			ids = ""
			for (i = 1; i <= n; i++) { a = alt[i]; sub(/ \(.*/, "", a); ids = ids (i > 1 ? "|" : "") a }
		}
		print "line", v, r, ids
		next
	}
	/^[0-9]+ of [0-9]+ match$/ { print "summary", $0 }
	END { print "status", st }' "$tmp.out" > "$tmp.got"
	grep -v -e '^input ' -e '^args ' "$e" > "$tmp.want"
	if awk '
	NR == FNR { want[FNR] = $0; nw = FNR; next }
	{ got[FNR] = $0; ng = FNR }
	END {
		bad = 0
		if (nw != ng) { printf "  %d lines expected, %d got\n", nw, ng; bad = 1 }
		for (i = 1; i <= nw && i <= ng; i++) {
			split(want[i], w, " "); split(got[i], g, " ")
			if (w[1] != "line") { if (want[i] != got[i]) { printf "  want %s\n  got  %s\n", want[i], got[i]; bad = 1 }; continue }
			ok = w[2] == g[2] && (w[3] == "*" || w[3] == g[3])
			if (ok && w[4] == "-") ok = g[4] == "-"
			else if (ok) {
				if (g[4] == "-") ok = 0
				n = split(w[4], acc, "|"); delete set; for (k = 1; k <= n; k++) set[acc[k]] = 1
				m = split(g[4], named, "|"); for (k = 1; k <= m; k++) if (!(named[k] in set)) ok = 0
			}
			if (!ok) { printf "  line %d: want %s\n  line %d: got  %s\n", i, want[i], i, got[i]; bad = 1 }
		}
		exit bad
	}' "$tmp.want" "$tmp.got" > "$tmp.why" && [ ! -s "$tmp.err" ]; then
		echo "ok check $name"
	else
		echo "not ok check $name"
		sed 's/^ */    /' "$tmp.why"
		head -n 3 "$tmp.err" | sed 's/^/    /'
	fi
done
