python -u -m torch.distributed.launch --nproc_per_node=8 main.py --distributed --num-gpus 8 --mode train --config-yml configs/s2ef/2M/gemnet/gemnet-oc.yml
