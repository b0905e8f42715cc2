# expected: by hand (the line and the column within it of a syntax error deep in a script)
$BIN --run /dev/stdin <<'EOF'
y = 2 if
z = 3
EOF
