torchrun --standalone --nnodes=1 --nproc_per_node=2 cleanrl/ppo_atari_multigpu.py --env-id PongNoFrameskip-v4 --total-timesteps 20000000 --num-envs 16 --learning-rate 3e-4
