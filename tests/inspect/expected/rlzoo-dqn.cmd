python train.py --algo dqn --env CartPole-v1 --seed 7
