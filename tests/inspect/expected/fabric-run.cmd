fabric run --accelerator=cuda --devices=4 --strategy=fsdp --precision=bf16-mixed pretrain.py --model EleutherAI/pythia-410m --batch_size 4 --max_steps 20000
