# Named model shapes (fixture).
from dataclasses import dataclass


@dataclass
class Config:
    name: str = ""
    block_size: int = 2048
    vocab_size: int = 32000
    n_layer: int = 22
    n_head: int = 32
    n_embd: int = 2048
    n_query_groups: int = 4
    intermediate_size: int = 5632

    @classmethod
    def from_name(cls, name):
        return cls(**{c["name"]: c for c in configs}[name])


configs = [
    dict(name="tiny_LLaMA_1b", block_size=2048, vocab_size=32000, n_layer=22, n_head=32, n_embd=2048, n_query_groups=4, intermediate_size=5632),
    dict(name="tiny_LLaMA_120M", block_size=2048, vocab_size=32000, n_layer=12, n_head=12, n_embd=768, n_query_groups=1, intermediate_size=2048),
]
