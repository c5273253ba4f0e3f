default_scope = 'mmseg'
env_cfg = dict(cudnn_benchmark=True, dist_cfg=dict(backend='nccl'))
log_level = 'INFO'
load_from = None
resume = False
