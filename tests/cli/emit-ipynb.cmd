# the notebook's outline: nbformat 4, a code cell, markdown and code per stage, and the code cell of the heat map
$BIN --emit ipynb data/your-journey.json | grep -E '"(nbformat|nbformat_minor|cell_type)"' | sort | uniq -c
