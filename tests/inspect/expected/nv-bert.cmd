bash scripts/run_pretraining.sh 4096 6e-3 fp16 8
