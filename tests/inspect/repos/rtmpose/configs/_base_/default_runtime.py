default_scope = 'mmpose'
default_hooks = dict(
    timer=dict(type='IterTimerHook'),
    logger=dict(type='LoggerHook', interval=50),
    checkpoint=dict(type='CheckpointHook', interval=10))
env_cfg = dict(cudnn_benchmark=False, dist_cfg=dict(backend='nccl'))
log_level = 'INFO'
load_from = None
resume = False
