# Model and data settings (fixture).
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier"})
    pre_seq_len: Optional[int] = field(default=None)
    prefix_projection: bool = field(default=False)
    quantization_bit: Optional[int] = field(default=None)


@dataclass
class DataTrainingArguments:
    train_file: Optional[str] = field(default=None, metadata={"help": "The input training data file (a jsonlines or csv file)."})
    validation_file: Optional[str] = field(default=None)
    prompt_column: Optional[str] = field(default=None)
    response_column: Optional[str] = field(default=None)
    max_source_length: Optional[int] = field(default=1024)
    max_target_length: Optional[int] = field(default=128)
