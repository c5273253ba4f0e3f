# Common training settings of the lazy configs.
train = dict(
    output_dir="./output",
    init_checkpoint="",
    max_iter=90000,
    amp=dict(enabled=False),
    ddp=dict(broadcast_buffers=False, find_unused_parameters=False, fp16_compression=False),
    checkpointer=dict(period=5000, max_to_keep=100),
    eval_period=5000,
    log_period=20,
    device="cuda",
)
