python train.py --outdir=~/training-runs --cfg=stylegan3-t --data=~/datasets/afhqv2-512x512.zip --gpus=8 --batch=32 --gamma=8.2 --mirror=1
