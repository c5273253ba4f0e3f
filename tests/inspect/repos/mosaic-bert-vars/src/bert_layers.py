"""MosaicBERT layers."""
import torch.nn as nn
from transformers import BertPreTrainedModel


class BertForMaskedLM(BertPreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embeddings = nn.Embedding(config.vocab_size, config.hidden_size)
