# Training settings as a dataclass; fire keywords overwrite its fields (fixture).
from dataclasses import dataclass


@dataclass
class train_config:
    model_name: str = "PATH/to/Model"
    enable_fsdp: bool = False
    run_validation: bool = True
    batch_size_training: int = 4
    gradient_accumulation_steps: int = 1
    num_epochs: int = 3
    max_train_step: int = 0
    num_workers_dataloader: int = 1
    lr: float = 1e-4
    weight_decay: float = 0.0
    gamma: float = 0.85
    seed: int = 42
    use_fp16: bool = False
    mixed_precision: bool = True
    dataset = "samsum_dataset"
    peft_method: str = "lora"
    use_peft: bool = False
    output_dir: str = "PATH/to/save/PEFT/model"
