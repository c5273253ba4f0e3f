# meldataset.py - wave/text pairs to mel batches
from torch.utils.data import DataLoader, Dataset


class FilePathDataset(Dataset):
    def __init__(self, data_list, root_path, sr=24000, OOD_data="Data/OOD_texts.txt", min_length=50):
        self.data_list = data_list
        self.root_path = root_path


def build_dataloader(path_list, root_path, validation=False, OOD_data="Data/OOD_texts.txt", min_length=50,
                     batch_size=4, num_workers=1, device='cpu', collate_config={}, dataset_config={}):
    dataset = FilePathDataset(path_list, root_path, OOD_data=OOD_data, min_length=min_length, **dataset_config)
    return DataLoader(dataset, batch_size=batch_size, shuffle=(not validation), num_workers=num_workers, drop_last=True)
