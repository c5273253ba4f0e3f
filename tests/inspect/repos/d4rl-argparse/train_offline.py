import argparse

import d4rl
import gym
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--env_name", default="halfcheetah-expert-v2")
parser.add_argument("--seed", default=42, type=int)
parser.add_argument("--batch_size", default=256, type=int)
parser.add_argument("--max_steps", default=int(1e6), type=int)
parser.add_argument("--temperature", default=3.0, type=float)
args = parser.parse_args()

env = gym.make(args.env_name)
dataset = d4rl.qlearning_dataset(env)
policy = torch.nn.Sequential(torch.nn.Linear(17, 256), torch.nn.ReLU(), torch.nn.Linear(256, 6))
opt = torch.optim.Adam(policy.parameters(), lr=3e-4)
for step in range(args.max_steps):
    loss = policy(torch.zeros(args.batch_size, 17)).pow(2).mean()
    loss.backward()
    opt.step()
