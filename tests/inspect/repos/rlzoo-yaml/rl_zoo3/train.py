import argparse

import torch

from rl_zoo3.exp_manager import ExperimentManager


def train() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--algo", help="RL Algorithm", default="ppo", type=str, required=False,
                        choices=["a2c", "ddpg", "dqn", "ppo", "sac", "td3"])
    parser.add_argument("--env", type=str, default="CartPole-v1", help="environment ID")
    parser.add_argument("-n", "--n-timesteps", help="Overwrite the number of timesteps", default=-1, type=int)
    parser.add_argument("--num-threads", help="Number of threads for PyTorch (-1 to use default)", default=-1, type=int)
    parser.add_argument("-f", "--log-folder", help="Log folder", type=str, default="logs")
    parser.add_argument("--seed", help="Random generator seed", type=int, default=-1)
    parser.add_argument("--device", help="PyTorch device to be use (ex: cpu, cuda...)", default="auto", type=str)
    parser.add_argument("-conf", "--conf-file", type=str, default=None,
                        help="Custom yaml file or python package from which the hyperparameters will be loaded.")
    args = parser.parse_args()
    if args.num_threads > 0:
        torch.set_num_threads(args.num_threads)
    exp_manager = ExperimentManager(args, args.algo, args.env, args.log_folder, n_timesteps=args.n_timesteps,
                                    seed=args.seed, device=args.device, config=args.conf_file)
    results = exp_manager.setup_experiment()
    if results is not None:
        model, saved_hyperparams = results
        exp_manager.learn(model)
        exp_manager.save_trained_model(model)
