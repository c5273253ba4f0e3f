# data_utils.py - (text, mel) pairs read from a file list
import torch.utils.data


class TextMelLoader(torch.utils.data.Dataset):
    def __init__(self, audiopaths_and_text, hparams):
        with open(audiopaths_and_text) as f:
            self.items = [line.strip().split("|") for line in f]
