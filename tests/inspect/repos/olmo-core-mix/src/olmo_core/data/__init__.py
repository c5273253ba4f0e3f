"""Data mixes by name: each names a list of tokenized .npy paths under a base directory (fixture)."""
from enum import Enum


class DataMix(str, Enum):
    OLMoE_mix_0824 = "OLMoE-mix-0824"
    dolma17 = "dolma17"


class NumpyDatasetConfig:
    def __init__(self, paths=None, sequence_length=2048, tokenizer=None, work_dir=None):
        self.paths = paths or []
        self.sequence_length = sequence_length

    @classmethod
    def from_data_mix(cls, mix, *, tokenizer, mix_base_dir, sequence_length, work_dir=None):
        return cls(paths=[f"{mix_base_dir}/{mix.value}"], sequence_length=sequence_length, tokenizer=tokenizer)
