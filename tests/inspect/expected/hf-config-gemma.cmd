torchrun --nproc_per_node 4 pretrain_gemma.py --micro_batch_size 8 --train_files data/a.bin data/b.bin
