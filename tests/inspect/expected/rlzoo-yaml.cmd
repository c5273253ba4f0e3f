python train.py --algo ppo --env CartPole-v1
