"""The methods ns-train offers, each a full training config (fixture)."""
from dataclasses import dataclass, field


@dataclass
class TrainerConfig:
    method_name: str = "nerfacto"
    max_num_iterations: int = 30000
    steps_per_save: int = 2000
    mixed_precision: bool = True
    data: str = ""
    output_dir: str = "outputs"


method_configs = {
    "nerfacto": TrainerConfig(method_name="nerfacto", max_num_iterations=30000, mixed_precision=True),
    "instant-ngp": TrainerConfig(method_name="instant-ngp", max_num_iterations=30000, mixed_precision=True),
    "vanilla-nerf": TrainerConfig(method_name="vanilla-nerf", max_num_iterations=1000000, mixed_precision=False),
}
