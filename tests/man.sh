#!/bin/sh
# man.sh - the manual is lint-clean, its EXAMPLES run, and it names every
# long option of --help and every command of the REPL's help.  Prints
# "ok man WHAT" or "not ok man WHAT" (the reason indented) per check, and
# exits 1 when one failed.
BIN=${BIN:-./attn-explain}
page=man/attn-explain.1
status=0

ok() { printf 'ok man %s\n' "$1"; }
# not_ok WHAT [REASON]: REASON's lines indented
not_ok() {
	printf 'not ok man %s\n' "$1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/    /'
	status=1
}

if command -v mandoc >/dev/null 2>&1; then
	lint=$(mandoc -Tlint "$page" 2>&1)
	if [ -z "$lint" ]; then ok "mandoc -Tlint"; else not_ok "mandoc -Tlint" "$lint"; fi
else
	not_ok "mandoc -Tlint" "mandoc missing (make deps installs it)"
fi

# groff (what man uses on most systems) and mandoc render the same words: a
# macro argument that groff reads otherwise (".T" is groff's device name, a
# ")" alone is punctuation) shows up as a difference here
words() { col -b | sed "s/\`/'/g" | tr -s ' \t\n' '\n\n\n' | sed 's/^--$/-/' | grep -v -x -e '' -e BSD -e Debian |
    awk '/[a-z]-$/ { sub(/-$/, ""); printf "%s", $0; next } { print }'; }
if command -v groff >/dev/null 2>&1 && command -v mandoc >/dev/null 2>&1; then
	mandoc -Tascii -O width=1000 "$page" | words > /tmp/attn-man-mandoc.$$
	groff -mandoc -Tascii -rLL=1000n "$page" 2>/dev/null | words > /tmp/attn-man-groff.$$
	if diff /tmp/attn-man-mandoc.$$ /tmp/attn-man-groff.$$ > /tmp/attn-man-diff.$$; then
		ok "groff and mandoc render the same words"
	else
		not_ok "groff and mandoc render the manual differently" "$(head -n 20 /tmp/attn-man-diff.$$)"
	fi
	warn=$(groff -mandoc -Tutf8 -ww -z "$page" 2>&1)
	if [ -z "$warn" ]; then ok "groff -ww"; else not_ok "groff -ww" "$warn"; fi
	rm -f /tmp/attn-man-mandoc.$$ /tmp/attn-man-groff.$$ /tmp/attn-man-diff.$$
	# issue 24 item 14: quotes inside macro arguments render as written, in both
	for r in "mandoc -Tascii -O width=1000" "groff -mandoc -Tascii -rLL=1000n"; do
		text=$($r "$page" 2>/dev/null | col -b | tr -s '`\n' "' " | tr -s ' ')
		miss=
		for want in '{"weight": (out, in), "bias": (out)}' '["W_query", "W_key", "W_value"]' \
		    '{"W_query", "W_key", "W_value"}' '"data": [flat, row-major]' \
		    "('b', 'q', 's')" "('torch.Size([6, 2])', '0.20980000495910645', 'True')" \
		    "('attn_weights', 'out')"; do
			case $text in *"$want"*) ;; *) miss="$miss$want
";; esac
		done
		if [ -z "$miss" ]; then ok "${r%% *} renders the quoted strings"; else not_ok "${r%% *} renders the quoted strings" "$miss"; fi
	done
else
	echo "skip man: groff or mandoc missing: the manual's two renderings were not compared"
fi

# every ".Dl $ attn-explain ..." line in EXAMPLES, run from the project root
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$page" | sed -n 's/^\.Dl \$ //p' |
    sed -e 's/\\(dq/"/g' -e 's/\\e/\\/g' -e 's/\\-/-/g' > /tmp/attn-man-examples.$$
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	run=$(printf '%s' "$cmd" | sed "s#attn-explain#$BIN#g")
	if ! out=$(sh -c "$run" 2>&1 < /dev/null) || [ -z "$out" ]; then
		not_ok "example: $cmd" "$(echo "$out" | head -n 5)"
	else
		ok "example: $cmd"
	fi
done < /tmp/attn-man-examples.$$
rm -f /tmp/attn-man-examples.$$
if [ "$n" -ge 5 ]; then ok "$n examples"; else not_ok "only $n examples found"; fi

missing=""
for o in $("$BIN" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
	grep -q -- "Fl Fl ${o#--}" "$page" || missing="$missing $o"
done
if [ -z "$missing" ]; then ok "names every option of --help"; else not_ok "options not in the man page:$missing"; fi
missing=""
for c in $(echo help | "$BIN" -i data/your-journey.json 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\).*/\1/p' | sort -u); do
	grep -q "^\.It Ic $c" "$page" || grep -q "^\.It Ic .*$c" "$page" || missing="$missing $c"
done
if [ -z "$missing" ]; then ok "names every command of the REPL"; else not_ok "REPL commands not in the man page:$missing"; fi
exit $status
