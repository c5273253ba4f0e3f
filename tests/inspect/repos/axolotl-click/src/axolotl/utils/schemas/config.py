"""The config schema: every field can come from the YAML or from a command-line option."""
from typing import Optional

from pydantic import BaseModel


class AxolotlInputConfig(BaseModel):
    base_model: str
    datasets: Optional[list] = None
    sequence_len: int = 512
    micro_batch_size: int = 1
    gradient_accumulation_steps: int = 1
    num_epochs: float = 1.0
    learning_rate: float = 3e-5
    adapter: Optional[str] = None
    lora_r: Optional[int] = None
    bf16: Optional[str] = None
    fp16: Optional[bool] = None
    deepspeed: Optional[str] = None
    output_dir: str = "./model-out"
