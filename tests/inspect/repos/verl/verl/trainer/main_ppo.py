"""PPO entry point: the trainer config is composed by Hydra from config/ppo_trainer.yaml."""
import hydra
import ray

from verl.workers.fsdp_workers import ActorRolloutRefWorker


@hydra.main(config_path="config", config_name="ppo_trainer", version_base=None)
def main(config):
    if not ray.is_initialized():
        ray.init()
    run_ppo(config)


def run_ppo(config):
    from transformers import AutoTokenizer
    tokenizer = AutoTokenizer.from_pretrained(config.actor_rollout_ref.model.path)
    worker = ActorRolloutRefWorker(config.actor_rollout_ref, tokenizer)
    worker.fit(config.data.train_files, config.trainer.total_epochs)


if __name__ == "__main__":
    main()
