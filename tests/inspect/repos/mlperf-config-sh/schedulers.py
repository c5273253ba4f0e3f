import torch
class PolyWarmUpScheduler:
    def __init__(self, optimizer, warmup, total_steps):
        self.optimizer = optimizer
    def step(self):
        pass
