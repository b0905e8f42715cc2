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
