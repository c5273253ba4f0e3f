"""The trainer's dataclasses: the model, the data and the training arguments."""
from dataclasses import dataclass, field
from typing import Optional

from transformers import Seq2SeqTrainingArguments


@dataclass
class ModelArguments:
    model_name_or_path: str = field(metadata={"help": "Path to pretrained model or model identifier from huggingface.co/models"})
    config_name: Optional[str] = field(default=None)
    feature_extractor_name: Optional[str] = field(default=None)
    description_tokenizer_name: Optional[str] = field(default=None)
    prompt_tokenizer_name: Optional[str] = field(default=None)
    freeze_text_encoder: bool = field(default=False)


@dataclass
class DataTrainingArguments:
    train_dataset_name: str = field(
        default=None,
        metadata={"help": "The name of the training dataset to use (via the datasets library). Load and combine "
                          "multiple datasets by separating dataset ids by a '+' symbol."},
    )
    train_dataset_config_name: Optional[str] = field(default=None)
    train_split_name: str = field(default="train")
    train_metadata_dataset_name: str = field(default=None)
    eval_dataset_name: str = field(default=None)
    eval_split_name: str = field(default="test")
    max_duration_in_seconds: float = field(default=35.0)
    min_duration_in_seconds: float = field(default=0.0)
    max_text_length: int = field(default=500)
    preprocessing_num_workers: Optional[int] = field(default=None)
    save_to_disk: str = field(default=None)
    temporary_save_to_disk: str = field(default=None)


@dataclass
class ParlerTTSTrainingArguments(Seq2SeqTrainingArguments):
    dtype: Optional[str] = field(
        default="float32",
        metadata={"help": "The data type (dtype) in which to run training. One of `float32` (full-precision), "
                          "`float16` or `bfloat16` (both half-precision)."},
    )
    audio_encoder_per_device_batch_size: int = field(default=8)
