import os

import yaml
from stable_baselines3 import A2C, DDPG, DQN, PPO, SAC, TD3

ALGOS = {"a2c": A2C, "ddpg": DDPG, "dqn": DQN, "ppo": PPO, "sac": SAC, "td3": TD3}


class ExperimentManager:
    def __init__(self, args, algo, env_id, log_folder, n_timesteps=0, seed=0, device="auto", config=None):
        self.algo = algo
        self.env_name = env_id
        self.config = config or os.path.join("hyperparams", f"{self.algo}.yml")
        self.n_timesteps = n_timesteps
        self.seed = seed
        self.device = device

    def read_hyperparameters(self):
        with open(self.config) as f:
            hyperparams_dict = yaml.safe_load(f)
        if self.env_name in hyperparams_dict:
            return hyperparams_dict[self.env_name]
        raise ValueError(f"Hyperparameters not found for {self.algo}-{self.env_name} in {self.config}")

    def setup_experiment(self):
        hyperparams = self.read_hyperparameters()
        n_timesteps = hyperparams.pop("n_timesteps")
        if self.n_timesteps > 0:
            n_timesteps = self.n_timesteps
        self.total = int(n_timesteps)
        policy = hyperparams.pop("policy")
        hyperparams.pop("n_envs", None)
        model = ALGOS[self.algo](policy, self.env_name, seed=self.seed, device=self.device, **hyperparams)
        return model, hyperparams

    def learn(self, model):
        model.learn(self.total)

    def save_trained_model(self, model):
        model.save(f"{self.algo}_{self.env_name}")
