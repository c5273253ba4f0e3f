accelerate launch --config_file=recipes/accelerate_configs/zero3.yaml src/open_r1/sft.py --config recipes/Qwen2.5-Math-7B/sft/config_demo.yaml --learning_rate 4.0e-05
