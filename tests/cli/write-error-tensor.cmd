$BIN --tensor tests/tensor/shared-attention_pipeline-003.json > /dev/full
