# expected: by hand (the line and the column within it of a syntax error deep in a script)
$BIN --run /dev/stdin <<'EOF'
x = 1
if x:
    y = = 2
EOF
