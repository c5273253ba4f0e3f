python main.py --base configs/latent-diffusion/lsun_churches-ldm-kl-8.yaml -t --gpus 0,1,2,3
