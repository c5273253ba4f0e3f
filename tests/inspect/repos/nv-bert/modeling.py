"""BERT model."""
import json

import torch.nn as nn


class BertConfig:
    @classmethod
    def from_json_file(cls, path):
        with open(path) as f:
            return json.load(f)


class BertForPreTraining(nn.Module):
    def __init__(self, config):
        super().__init__()
