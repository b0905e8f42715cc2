# --numbers without --heatmap (and --verbose without --why or --check) did nothing, silently:
# a usage error, as --depth without --why is
$BIN --numbers data/your-journey.json
