# The training pipeline's settings: nested dataclasses filled by draccus from --a.b=v flags (fixture).
from dataclasses import dataclass, field

from lerobot.configs.default import DatasetConfig
from lerobot.configs.policies import PreTrainedConfig


@dataclass
class TrainPipelineConfig:
    dataset: DatasetConfig
    policy: PreTrainedConfig | None = None
    output_dir: str | None = None
    seed: int | None = 1000
    num_workers: int = 4
    batch_size: int = 8
    steps: int = 100_000
    eval_freq: int = 20_000
    log_freq: int = 200
    save_checkpoint: bool = True
    use_policy_training_preset: bool = True
