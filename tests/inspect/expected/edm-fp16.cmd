torchrun --standalone --nproc_per_node=4 train.py --outdir=runs --data=datasets/ffhq-64x64.zip --cond=0 --arch=ncsnpp --batch=256 --fp16=1
