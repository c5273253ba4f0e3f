# data.py - tokenises a text dataset into fixed-length blocks and serves them with a distributed sampler.
import torch
from torch.utils.data import DataLoader, DistributedSampler


def make_loader(dataset, tokenizer, seq_len, batch_size):
    ids = tokenizer("\n\n".join(dataset["text"]), return_tensors="pt").input_ids[0]
    blocks = ids[: len(ids) // seq_len * seq_len].view(-1, seq_len)
    rows = [{"input_ids": b, "labels": b.clone()} for b in blocks]
    return DataLoader(rows, batch_size=batch_size, sampler=DistributedSampler(rows),
                      collate_fn=lambda r: {k: torch.stack([x[k] for x in r]) for k in r[0]})
