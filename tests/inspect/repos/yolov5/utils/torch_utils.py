from torch.nn.parallel import DistributedDataParallel as DDP


def smart_DDP(model):
    return DDP(model, device_ids=[0], output_device=0)
