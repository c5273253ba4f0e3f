python training/train.py -c configs/sam2.1_training/sam2.1_hiera_b+_MOSE_finetune.yaml --use-cluster 0 --num-gpus 8
