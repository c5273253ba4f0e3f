from torch.distributed.fsdp import fully_shard


def shard_model(model, shard_conditions, *, cpu_offload=False, reshard_after_forward=True, dp_mesh=None):
    for n, m in reversed(list(model.named_modules())):
        if any(cond(n, m) for cond in shard_conditions):
            fully_shard(m, reshard_after_forward=reshard_after_forward, mesh=dp_mesh)
    fully_shard(model, reshard_after_forward=reshard_after_forward, mesh=dp_mesh)
