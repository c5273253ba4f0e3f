# Data sets named in the --train_dataset expression ("N @ Class(...)" keeps N samples per epoch).
from torch.utils.data import DataLoader
from .co3d import Co3d


def get_data_loader(dataset, batch_size, num_workers=8, shuffle=True, drop_last=True, pin_mem=True):
    if isinstance(dataset, str):
        dataset = eval(dataset)
    return DataLoader(dataset, batch_size=batch_size, num_workers=num_workers, pin_memory=pin_mem, drop_last=drop_last)
