#!/bin/sh
# run.sh - issue 25 from the command line: --heatmap EXPR --output FILE writes
# an SVG (read by an XML parser: labels, numbers, title, grid titles), PNG and
# PDF; refusals exit 2 and leave nothing; an existing file is kept without -f;
# --emit npz and safetensors write every stage, compared with real PyTorch's
# (tests/cli25/exports.py; without torch, with PyTorch's committed hashes).
# Prints ok / not ok lines.
BIN=$(cd "$(dirname "${BIN:-./attn-explain}")" && pwd)/$(basename "${BIN:-./attn-explain}")
TOP=$(pwd)
TORCHPY=${TORCH_PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok cli25 $*"; }
nok() { echo "not ok cli25 $*"; }
expect() {	# WANT-STATUS WHAT CMD...
	want=$1; what=$2; shift 2
	"$@" > "$tmp/o/out" 2> "$tmp/o/err"; st=$?
	if [ "$st" -eq "$want" ]; then ok "$what (exit $st)"; else nok "$what: exit $st, want $want: $(head -c 300 "$tmp/o/err")"; fi
}
cp "$TOP/data/book-causal-dropout.json" "$tmp/causal.json"
cp "$TOP/data/batched-multihead.json" "$tmp/mh.json"
mkdir "$tmp/o" && cd "$tmp" || exit 1

expect 0 "svg written" "$BIN" --heatmap attn_weights --numbers --output map.svg causal.json
python3 - map.svg <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
texts = [t.text for t in root.iter(ns + "text")]
def want(what, items):
    miss = [i for i in items if i not in texts]
    print(("not ok cli25 svg %s missing %r" % (what, miss)) if miss else "ok cli25 svg %s" % what)
want("token labels on both axes", ["Your", "journey", "starts", "with", "one", "step"])
print("ok cli25 svg each token twice" if all(texts.count(t) >= 2 for t in ["Your", "step"]) else "not ok cli25 svg labels once")
want("title names the tensor and the run's file only", ["attn_weights  (causal.json, seed 789)"])
want("numbers (--numbers), as print writes them", ["1.0000", "0.5517", "0.1529"])
n = len(root.findall(ns + "circle"))
print("ok cli25 svg 15 masked cells and the legend's dot" if n == 16 else "not ok cli25 svg %d dots, want 16" % n)
PY
expect 0 "grid of heads for attn_weights[0] of (B, H, T, T)" "$BIN" --heatmap 'attn_weights[0]' -o grid.svg mh.json
if grep -q '>head 0<' grid.svg && grep -q '>head 1<' grid.svg; then ok "grid titles head 0, head 1"; else nok "grid titles missing"; fi
expect 0 "png written" "$BIN" --heatmap attn_weights --output map.png causal.json
if head -c 8 map.png | od -An -c | grep -q 'P   N   G'; then ok "png signature"; else nok "png: no PNG signature"; fi
expect 0 "pdf written" "$BIN" --heatmap attn_weights --output map.PDF causal.json
if head -c 5 map.PDF | grep -q '^%PDF-'; then ok "pdf header"; else nok "pdf header"; fi

cp map.svg keep.svg
expect 2 "existing file refused without -f" "$BIN" --heatmap attn_weights --output map.svg mh.json
if cmp -s map.svg keep.svg; then ok "existing file kept"; else nok "existing file changed"; fi
expect 0 "-f overwrites" "$BIN" -f --heatmap 'attn_weights[1]' --output map.svg mh.json
if cmp -s map.svg keep.svg; then nok "-f did not overwrite"; else ok "-f replaced the file"; fi
expect 2 "unknown extension" "$BIN" --heatmap attn_weights --output map.gif causal.json
expect 2 "a 4-d tensor without a grid reading" "$BIN" --heatmap attn_weights --output four.svg mh.json
expect 2 "a 1-d tensor" "$BIN" --heatmap 'attn_weights[0, 0, 0]' --output one.svg mh.json
expect 2 "too big (600 x 600)" "$BIN" --heatmap 'torch.zeros(600, 600)' --output big.svg causal.json
expect 1 "unwritable folder" "$BIN" --heatmap attn_weights --output no/such/dir.svg causal.json
expect 2 "--output without --heatmap or --emit" "$BIN" --output x.svg causal.json
expect 2 "--emit python with --output" "$BIN" --emit python --output x.py causal.json
left=$(ls -A | grep -v -x -e causal.json -e mh.json -e map.svg -e keep.svg -e grid.svg -e map.png -e map.PDF -e o | tr '\n' ' ')
if [ -z "$left" ]; then ok "nothing half-written left behind"; else nok "left behind: $left"; fi

# more bad input, each one line naming the file (WANT in it), exit 1 or 2, nothing half-written left behind
expect1() {	# WANT-STATUS WHAT WANT CMD...
	w=$1; what=$2; pat=$3; shift 3
	expect "$w" "$what" "$@"
	n=$(wc -l < "$tmp/o/err")
	if [ "$n" -eq 1 ] && grep -q -e "$pat" "$tmp/o/err"; then ok "$what: one line"; else nok "$what: $n lines, want 1 with \"$pat\": $(head -c 300 "$tmp/o/err")"; fi
}
mkdir bad && cp causal.json bad/ && cd bad || exit 1
# a full disk: writes beyond `ulimit -f 2` (1 KB) fail (SIGXFSZ ignored, as a full disk's ENOSPC would)
for f in full.svg full.png full.pdf; do
	expect1 1 "a full disk ($f)" "$f: File too large" sh -c 'trap "" XFSZ; ulimit -f 2; exec "$@"' sh \
	    "$BIN" --heatmap attn_weights --numbers -o "$f" causal.json
done
expect1 1 "a full disk (npz)" "full.npz: File too large" sh -c 'trap "" XFSZ; ulimit -f 2; exec "$@"' sh \
    "$BIN" --emit npz -o full.npz causal.json
expect1 1 "a full disk (safetensors)" "full.st: File too large" sh -c 'trap "" XFSZ; ulimit -f 2; exec "$@"' sh \
    "$BIN" --emit safetensors -o full.st causal.json
if [ -c /dev/full ]; then
	expect1 2 "/dev/full without -f: it exists" "/dev/full: the file exists" "$BIN" --emit npz -o /dev/full causal.json
	expect1 1 "-f -o /dev/full: written in place, the disk is full" "/dev/full: No space left on device" \
	    "$BIN" -f --emit safetensors -o /dev/full causal.json
	if [ -c /dev/full ]; then ok "/dev/full is still the device"; else nok "/dev/full was replaced by a file"; fi
else
	echo "skip cli25 /dev/full: no such device"
fi
mkdir folder.svg
expect1 1 "a folder as the figure" "folder.svg: a folder, not a file" "$BIN" -f --heatmap attn_weights -o folder.svg causal.json
if [ -d /proc/self ]; then
	expect1 1 "an unwritable folder (/proc)" "/proc/attn.svg: " "$BIN" --heatmap attn_weights -o /proc/attn.svg causal.json
fi
expect1 2 "a 0-d tensor" "0-d" "$BIN" --heatmap 'attn_weights.sum()' -o zero.svg causal.json
expect1 2 "257 maps: above the documented 256" "at most 256 maps" "$BIN" --heatmap 'torch.zeros(257, 2, 2)' -o maps.svg causal.json
expect1 2 "513 columns: above the documented 512" "too big" "$BIN" --heatmap 'torch.zeros(2, 513)' -o wide.png causal.json
left=$(ls -A | grep -v -x -e causal.json -e folder.svg | tr '\n' ' ')
if [ -z "$left" ] && [ -z "$(ls -A folder.svg)" ]; then ok "bad input: nothing half-written left behind"; else nok "bad input left: $left"; fi
cd .. || exit 1

# the REPL: hm EXPR > FILE.svg, -f, save --figure
mkdir repl && cp causal.json repl/ && (cd repl && printf 'hm -n attn_weights > r.svg\nhm attn_weights > r.svg\nhm -f attn_weights[2:4] > r.svg\nsave --figure s.PDF\nhm attn_weights > r.gif\n' |
	"$BIN" -i causal.json > out 2>&1)
if grep -q '>attn_weights\[2:4\]  (causal.json, seed 789)<' repl/r.svg 2>/dev/null; then ok "repl hm EXPR > FILE.svg, -f replaced it by rows 2:4"; else nok "repl hm > FILE.svg: $(tail -c 300 repl/out)"; fi
if grep -q 'r.svg: the file exists' repl/out; then ok "repl hm keeps an existing figure without -f"; else nok "repl hm overwrote without -f"; fi
if head -c 5 repl/s.PDF 2>/dev/null | grep -q '^%PDF-'; then ok "repl save --figure s.PDF"; else nok "repl save --figure: $(tail -c 300 repl/out)"; fi
rm -rf repl

# --emit npz | safetensors
expect 0 "--emit npz, default name" "$BIN" --emit npz causal.json
if [ -f causal.npz ]; then ok "default name causal.npz"; else nok "no causal.npz"; fi
expect 2 "--emit npz again: the file exists" "$BIN" --emit npz causal.json
expect 0 "--emit npz -f" "$BIN" --emit npz -f causal.json
expect 0 "--emit safetensors --output" "$BIN" --emit safetensors --output mh.st mh.json
mv mh.st mh.safetensors
expect 0 "--emit safetensors, default name" "$BIN" --emit safetensors causal.json
expect 0 "--emit npz --output" "$BIN" --emit npz -o mh.npz mh.json
py=python3
"$TORCHPY" -c 'import torch' 2>/dev/null && py=$TORCHPY
for f in causal.npz:causal.json causal.safetensors:causal.json mh.npz:mh.json mh.safetensors:mh.json; do
	(cd "$TOP" && "$py" tests/cli25/exports.py check "$tmp/${f%%:*}" "$tmp/${f#*:}" tests/cli25/export-hashes.txt)
done
