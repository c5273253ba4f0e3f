NPROC_PER_NODE=8 mytool train my_recipe --deepspeed deepspeed_zero2
