"""Every method ns-train offers, registered one by one into a dict of full training configs (fixture)."""
from dataclasses import dataclass
from typing import Dict

import tyro


@dataclass
class TrainerConfig:
    method_name: str = "base"
    max_num_iterations: int = 1000000
    steps_per_save: int = 1000
    steps_per_eval_batch: int = 500
    mixed_precision: bool = False
    data: str = ""
    output_dir: str = "outputs"


method_configs: Dict[str, TrainerConfig] = {}
descriptions = {
    "nerfacto": "Recommended real-time model tuned for real captures.",
    "splatfacto": "Gaussian splatting.",
}

method_configs["nerfacto"] = TrainerConfig(
    method_name="nerfacto",
    steps_per_eval_batch=250,
    steps_per_save=2000,
    max_num_iterations=30000,
    mixed_precision=True,
)

method_configs["splatfacto"] = TrainerConfig(
    method_name="splatfacto",
    steps_per_eval_batch=100,
    steps_per_save=5000,
    max_num_iterations=15000,
    mixed_precision=False,
)

AnnotatedBaseConfigUnion = tyro.extras.subcommand_type_from_defaults(defaults=method_configs, descriptions=descriptions)
