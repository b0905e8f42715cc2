# expected: by hand (the line and the column within it of a syntax error deep in a script)
$BIN --run /dev/stdin <<'EOF'
x = 1
y = (2,
     lambda: 1 + return)
EOF
