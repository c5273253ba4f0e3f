bash scripts/autoregressive/train_c2i.sh --cloud-save-path /ckpt/llamagen --code-path /data/imagenet_code_c2i_flip_ten_crop --image-size 384 --gpt-model GPT-B
