accelerate launch train.py --config configs/config_flowers_swin.json --name flowers_demo_001 --evaluate-every 0 --batch-size 32 --sample-n 36 --mixed-precision bf16
