"""Data preparation; its command line only runs when this file is the program."""
import argparse

import torch


class Task:
    @staticmethod
    def iter_batches(batch_size, max_seq_len, vocab_size, device):
        yield torch.zeros(batch_size, max_seq_len)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("stage", type=str, choices=["download", "pretokenize"])
    parser.add_argument("--vocab_size", type=int, default=0, help="0 = the Llama 2 tokenizer")
    parser.add_argument("--batch_size", type=int, default=1)
    args = parser.parse_args()
