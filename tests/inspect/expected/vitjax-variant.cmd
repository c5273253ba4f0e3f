python -m vit_jax.main --workdir=/tmp/vit-1 --config=vit_jax/configs/vit.py:b16,cifar10 --config.pretrained_dir='gs://vit_models/imagenet21k' --config.accum_steps=16
