# defaults to use registries in mmpretrain
default_scope = 'mmpretrain'
default_hooks = dict(
    timer=dict(type='IterTimerHook'),
    logger=dict(type='LoggerHook', interval=100),
    checkpoint=dict(type='CheckpointHook', interval=1),
)
env_cfg = dict(cudnn_benchmark=False, dist_cfg=dict(backend='nccl'))
