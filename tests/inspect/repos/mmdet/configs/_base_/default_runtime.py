default_scope = 'mmdet'
default_hooks = dict(timer=dict(type='IterTimerHook'), logger=dict(type='LoggerHook', interval=50))
env_cfg = dict(cudnn_benchmark=False, dist_cfg=dict(backend='nccl'))
log_level = 'INFO'
load_from = None
resume = False
