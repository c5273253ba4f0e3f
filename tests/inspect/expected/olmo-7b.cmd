torchrun --nproc_per_node=8 scripts/train.py configs/official/OLMo-7B.yaml --save_folder=/scratch/olmo7b
