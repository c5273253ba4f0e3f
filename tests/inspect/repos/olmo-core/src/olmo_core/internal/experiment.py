"""The launch helper of the training scripts: `SCRIPT CMD RUN_NAME CLUSTER [--a.b=v ...]` builds the
experiment config from the script's builders, merges the dotted overrides over it, and trains."""
import sys
from dataclasses import dataclass

from olmo_core.train import prepare_training_environment, train


@dataclass
class CommonComponents:
    run_name: str
    save_folder: str
    tokenizer: object
    dataset: object


def main(*, global_batch_size, model_config_builder, train_module_config_builder, trainer_config_builder):
    cmd, run_name, cluster, *overrides = sys.argv[1:]
    common = CommonComponents(run_name=run_name, save_folder=f"/tmp/{run_name}", tokenizer=None,
                              dataset="gs://example-bucket/preprocessed/dolma2-tokenizer/olmo-mix-1124")
    config = {
        "model": model_config_builder(common),
        "train_module": train_module_config_builder(common),
        "trainer": trainer_config_builder(common),
        "data_loader": {"global_batch_size": global_batch_size},
    }
    for o in overrides:
        key, value = o.lstrip("-").split("=", 1)
        node = config
        *parents, last = key.split(".")
        for p in parents:
            node = node[p] if isinstance(node, dict) else getattr(node, p)
        setattr(node, last, value) if not isinstance(node, dict) else node.__setitem__(last, value)
    if cmd == "train":
        prepare_training_environment()
        train(config)
