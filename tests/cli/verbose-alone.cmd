# --verbose in a plain run did nothing, silently: it goes with --why or --check
$BIN -v data/your-journey.json
