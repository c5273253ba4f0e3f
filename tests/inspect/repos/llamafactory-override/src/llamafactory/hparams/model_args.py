from dataclasses import dataclass, field
from typing import Optional


@dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = field(default=None, metadata={"help": "Path or identifier of the model."})
    use_fast_tokenizer: bool = field(default=True)
    flash_attn: str = field(default="auto")
