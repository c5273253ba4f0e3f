# The project's own settings, beside Transformers' TrainingArguments.
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class CustomizedArguments:
    """
    Arguments of our own.
    """
    max_seq_length: int = field(metadata={"help": "the longest input"})
    train_file: str = field(metadata={"help": "the training set, a jsonl file of conversations"})
    model_name_or_path: str = field(metadata={"help": "the pre-trained weights"})
    template_name: str = field(default="", metadata={"help": "the chat template"})
    eval_file: Optional[str] = field(default="", metadata={"help": "the evaluation set"})
    max_prompt_length: int = field(default=512, metadata={"help": "longest prompt in dpo"})
    beta: Optional[float] = field(default=0.1, metadata={"help": "dpo beta"})
    tokenize_num_workers: int = field(default=10, metadata={"help": ""})
    task_type: str = field(default="sft", metadata={"help": "pretrain, sft or dpo"})
    train_mode: str = field(default="qlora", metadata={"help": "full, lora or qlora"})
    lora_rank: Optional[int] = field(default=64, metadata={"help": "lora rank"})
    lora_alpha: Optional[int] = field(default=16, metadata={"help": "lora alpha"})
    lora_dropout: Optional[float] = field(default=0.05, metadata={"help": "lora dropout"})
    use_unsloth: Optional[bool] = field(default=False, metadata={"help": "use unsloth"})
