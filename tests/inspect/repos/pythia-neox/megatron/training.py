import deepspeed


def pretrain(neox_args):
    model, optimizer, _, _ = deepspeed.initialize(model=None, args=neox_args)
    for it in range(neox_args.train_iters):
        model.train_batch()
