fairseq-hydra-train --config-dir examples/roberta/config/pretraining --config-name base task.data=/data/wikitext-103-bin dataset.batch_size=32 optimization.max_update=50000
