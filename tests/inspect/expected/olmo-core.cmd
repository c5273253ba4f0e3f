torchrun --nproc-per-node=8 src/scripts/train/OLMo2-1B.py train olmo2-1b-run01 local --train_module.optim.lr=2e-4
