from dataclasses import dataclass, field
from typing import List, Optional

from transformers import Seq2SeqTrainingArguments


@dataclass
class ModelArguments:
    model: Optional[str] = None
    torch_dtype: Optional[str] = None


@dataclass
class DataArguments:
    dataset: List[str] = field(default_factory=list)
    max_length: Optional[int] = None


@dataclass
class TrainArguments(Seq2SeqTrainingArguments, ModelArguments, DataArguments):
    train_type: str = 'lora'
    lora_rank: int = 8
    deepspeed: Optional[str] = None
