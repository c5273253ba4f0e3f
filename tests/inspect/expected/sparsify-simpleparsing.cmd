torchrun --nproc_per_node 8 -m sparsify meta-llama/Meta-Llama-3-8B --batch_size 1 --layer_stride 2 --grad_acc_steps 8 --ctx_len 2048 --k 192 --load_in_8bit --micro_acc_steps 2
