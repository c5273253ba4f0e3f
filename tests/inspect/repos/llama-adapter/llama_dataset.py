import json

from torch.utils.data import Dataset


class InstructionDataset(Dataset):
    def __init__(self, data_path, model_path, max_words=30):
        self.ann = json.load(open(data_path))
