"""Streaming C4 for masked language modeling."""
from streaming import StreamingDataset
from torch.utils.data import DataLoader
import transformers


def build_text_dataloader(cfg, tokenizer, device_batch_size):
    dataset = StreamingDataset(local=cfg.dataset.local, remote=cfg.dataset.remote, split=cfg.dataset.split,
                               shuffle=cfg.dataset.get('shuffle', False))
    collate_fn = transformers.DataCollatorForLanguageModeling(tokenizer=tokenizer, mlm=True,
                                                              mlm_probability=cfg.dataset.mlm_probability)
    return DataLoader(dataset, collate_fn=collate_fn, batch_size=device_batch_size, drop_last=cfg.drop_last,
                      num_workers=cfg.num_workers)
