# labels in display columns under a UTF-8 locale: accents (precomposed and
# combining), CJK (two columns each), an emoji ZWJ sequence (wcwidth: 2+0+2),
# Hebrew; long ones cut on a character boundary
unset COLUMNS
LC_ALL=C.UTF-8 $BIN --heatmap attn_scores tests/cli/heatmap-tokens.json
LC_ALL=C.UTF-8 COLUMNS=40 $BIN --heatmap attn_scores --numbers tests/cli/heatmap-tokens.json
LC_ALL=C.UTF-8 COLUMNS=30 $BIN --heatmap 'attn_scores[0:2, 2:5]' tests/cli/heatmap-tokens.json
