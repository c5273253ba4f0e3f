bash examples_deepspeed/ds_pretrain_gpt_1.3B.sh
