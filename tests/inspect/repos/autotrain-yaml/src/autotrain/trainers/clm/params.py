"""Parameters of the language-model trainers."""
from typing import Optional

from pydantic import BaseModel, Field


class LLMTrainingParams(BaseModel):
    model: str = Field("gpt2", title="Model name")
    project_name: str = Field("project-name", title="Output directory")
    data_path: str = Field("data", title="Data path")
    train_split: str = Field("train", title="Train data config")
    lr: float = Field(3e-5, title="Learning rate")
    epochs: int = Field(1, title="Number of training epochs")
    batch_size: int = Field(2, title="Training batch size")
    warmup_ratio: float = Field(0.1, title="Warmup proportion")
    gradient_accumulation: int = Field(4, title="Gradient accumulation steps")
    optimizer: str = Field("adamw_torch", title="Optimizer")
    scheduler: str = Field("linear", title="Scheduler")
    weight_decay: float = Field(0.0, title="Weight decay")
    max_grad_norm: float = Field(1.0, title="Max gradient norm")
    seed: int = Field(42, title="Seed")
    block_size: int = Field(-1, title="Block size")
    model_max_length: int = Field(2048, title="Model max length")
    mixed_precision: Optional[str] = Field(None, title="fp16, bf16, or None")
    peft: bool = Field(False, title="Use PEFT")
    quantization: Optional[str] = Field("int4", title="int4, int8, or None")
    target_modules: Optional[str] = Field("all-linear", title="Target modules")
    merge_adapter: bool = Field(False, title="Merge adapter")
    padding: Optional[str] = Field("right", title="Padding side")
