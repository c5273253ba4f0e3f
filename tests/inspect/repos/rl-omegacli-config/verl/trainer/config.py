# verl/trainer/config.py - the PPO run's settings as nested dataclasses (defaults)
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class DataConfig:
    train_files: str = ""
    val_files: str = ""
    max_prompt_length: int = 512
    max_response_length: int = 512
    rollout_batch_size: int = 512
    seed: int = 1


@dataclass
class OptimConfig:
    lr: float = 1e-6
    weight_decay: float = 1e-2


@dataclass
class FSDPConfig:
    enable_full_shard: bool = True
    torch_dtype: Optional[str] = None


@dataclass
class ModelConfig:
    model_path: Optional[str] = None
    enable_gradient_checkpointing: bool = True


@dataclass
class ActorConfig:
    global_batch_size: int = 256
    micro_batch_size_per_device_for_update: int = 4
    ppo_epochs: int = 1
    optim: OptimConfig = field(default_factory=OptimConfig)
    fsdp: FSDPConfig = field(default_factory=FSDPConfig)
    model: ModelConfig = field(default_factory=ModelConfig)


@dataclass
class WorkerConfig:
    actor: ActorConfig = field(default_factory=ActorConfig)


@dataclass
class TrainerConfig:
    total_epochs: int = 10
    max_steps: Optional[int] = None
    nnodes: int = 1
    n_gpus_per_node: int = 8
    save_checkpoint_path: Optional[str] = None


@dataclass
class PPOConfig:
    data: DataConfig = field(default_factory=DataConfig)
    worker: WorkerConfig = field(default_factory=WorkerConfig)
    trainer: TrainerConfig = field(default_factory=TrainerConfig)
