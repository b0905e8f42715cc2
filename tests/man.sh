#!/bin/sh
# man.sh - the manual is lint-clean, its EXAMPLES run, and it names every
# long option of --help and every command of the REPL's help.
BIN=${BIN:-./attn-explain}
page=man/attn-explain.1
status=0

if command -v mandoc >/dev/null 2>&1; then
	lint=$(mandoc -Tlint "$page" 2>&1)
	[ -z "$lint" ] || { echo "mandoc -Tlint: $lint"; status=1; }
else
	echo "mandoc missing (make deps installs it)"; status=1
fi

# groff (what man uses on most systems) and mandoc render the same words: a
# macro argument that groff reads otherwise (".T" is groff's device name, a
# ")" alone is punctuation) shows up as a difference here
words() { col -b | sed "s/\`/'/g" | tr -s ' \t\n' '\n\n\n' | sed 's/^--$/-/' | grep -v -x -e '' -e BSD -e Debian |
    awk '/[a-z]-$/ { sub(/-$/, ""); printf "%s", $0; next } { print }'; }
if command -v groff >/dev/null 2>&1 && command -v mandoc >/dev/null 2>&1; then
	mandoc -Tascii -O width=1000 "$page" | words > /tmp/attn-man-mandoc.$$
	groff -mandoc -Tascii -rLL=1000n "$page" 2>/dev/null | words > /tmp/attn-man-groff.$$
	if ! diff /tmp/attn-man-mandoc.$$ /tmp/attn-man-groff.$$ > /tmp/attn-man-diff.$$; then
		echo "groff and mandoc render the manual differently:"; head -n 20 /tmp/attn-man-diff.$$; status=1
	fi
	warn=$(groff -mandoc -Tutf8 -ww -z "$page" 2>&1)
	[ -z "$warn" ] || { echo "groff -ww: $warn"; status=1; }
	rm -f /tmp/attn-man-mandoc.$$ /tmp/attn-man-groff.$$ /tmp/attn-man-diff.$$
else
	echo "skip: groff or mandoc missing: the manual's two renderings were not compared"
fi

# every ".Dl $ attn-explain ..." line in EXAMPLES, run from the project root
sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$page" | sed -n 's/^\.Dl \$ //p' |
    sed -e 's/\\(dq/"/g' -e 's/\\e/\\/g' -e 's/\\-/-/g' > /tmp/attn-man-examples.$$
n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	run=$(printf '%s' "$cmd" | sed "s#attn-explain#$BIN#g")
	if ! out=$(sh -c "$run" 2>&1 < /dev/null) || [ -z "$out" ]; then
		echo "example failed: $cmd"; echo "$out" | head -n 5; status=1
	fi
done < /tmp/attn-man-examples.$$
rm -f /tmp/attn-man-examples.$$
[ "$n" -ge 5 ] || { echo "only $n examples found"; status=1; }

for o in $("$BIN" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
	grep -q -- "Fl Fl ${o#--}" "$page" || { echo "option $o is not in the man page"; status=1; }
done
for c in $(echo help | "$BIN" -i data/your-journey.json 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\).*/\1/p' | sort -u); do
	grep -q "^\.It Ic $c" "$page" || grep -q "^\.It Ic .*$c" "$page" || { echo "REPL command $c is not in the man page"; status=1; }
done
exit $status
