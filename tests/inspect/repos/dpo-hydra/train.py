# Preference-optimisation training entry: Hydra composes config/config.yaml; the trainer class is
# chosen by the name in config.trainer; one process per GPU is spawned for FSDP.
import hydra
import torch.multiprocessing as mp
import transformers
from omegaconf import DictConfig

import trainers


def worker_main(rank, world_size, config, policy):
    TrainerClass = getattr(trainers, config.trainer)
    trainer = TrainerClass(policy, config)
    return trainer


@hydra.main(version_base=None, config_path="config", config_name="config")
def main(config: DictConfig):
    policy = transformers.AutoModelForCausalLM.from_pretrained(config.model.name_or_path)
    if "FSDP" in config.trainer:
        world_size = 8
        mp.spawn(worker_main, nprocs=world_size, args=(world_size, config, policy), join=True)
    else:
        worker_main(0, 1, config, policy)


if __name__ == "__main__":
    main()
