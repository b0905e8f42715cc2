#!/bin/sh
# run.sh - figures (src/teach/figure.c): tests/lessons writes sample figures,
# then the SVG is read with an XML parser (its labels, numbers, title and
# masked cells present), the PDF's header and trailer checked and, when
# poppler-utils is installed, opened by pdfinfo.  Prints "ok ..", "skip ..",
# or "FAIL .." lines.
LESSONS=${LESSONS:-tests/lessons}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if "$LESSONS" --samples "$tmp" 2> "$tmp/err"; then echo "ok samples written"; else echo "FAIL samples: $(cat "$tmp/err")"; exit 0; fi

if command -v xmllint >/dev/null 2>&1; then
	if xmllint --noout "$tmp/sample.svg" 2> "$tmp/err"; then echo "ok svg well-formed (xmllint)"; else echo "FAIL svg: $(head -n 3 "$tmp/err")"; fi
else
	echo "skip xmllint not installed"
fi
python3 - "$tmp/sample.svg" <<'PY'
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as e:
    print("FAIL svg does not parse:", e)
    sys.exit(0)
texts = [t.text for t in root.iter(ns + "text")]
def want(what, items):
    missing = [i for i in items if i not in texts]
    print(("FAIL svg %s missing: %r" % (what, missing)) if missing else "ok svg %s as text" % what)
want("row and column labels", ["Your", "journey", "<starts>", "\u65e5\u672c", "caf\u00e9"])
want("numbers as print(t) writes them", ["0.5000", "0.2500", "0.1250", "-0.7500", "1.5000", "0.0000"])
want("title", ["attn_weights[0]  (sample run, seed 123)"])
want("colour scale's range", ["1.5", "-0.75"])
want("masked legend", ["= masked (a future token: -inf before softmax, weight 0)"])
n = len(root.findall(ns + "circle"))
print("ok svg 2 masked cells and the legend's dot" if n == 3 else "FAIL svg %d dots, want 3" % n)
if root.tag != ns + "svg" or not root.get("width") or not root.get("height"):
    print("FAIL svg root", root.tag, root.attrib)
else:
    print("ok svg root with a size")
PY

if head -c 5 "$tmp/sample.pdf" | grep -q '^%PDF-' && tail -c 8 "$tmp/sample.pdf" | grep -q '%%EOF'; then
	echo "ok pdf header and trailer"
else
	echo "FAIL pdf: no %PDF- header or %%EOF trailer"
fi
if command -v pdfinfo >/dev/null 2>&1; then
	if pdfinfo "$tmp/sample.pdf" > "$tmp/info" 2>&1 && grep -q '^Pages: *1$' "$tmp/info"; then echo "ok pdfinfo opens it"; else echo "FAIL pdfinfo: $(head -n 3 "$tmp/info")"; fi
else
	echo "skip pdfinfo (poppler-utils) not installed"
fi
