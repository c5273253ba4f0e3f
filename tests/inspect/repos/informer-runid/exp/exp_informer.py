# Training of the forecaster, with AMP only when asked.
import torch
import torch.nn as nn
from torch import optim


class Exp_Informer(object):
    def __init__(self, args):
        self.args = args
        self.model = nn.Linear(args.seq_len, args.d_model)

    def train(self, setting):
        model_optim = optim.Adam(self.model.parameters(), lr=self.args.learning_rate)
        if self.args.use_amp:
            scaler = torch.cuda.amp.GradScaler()
        for epoch in range(self.args.train_epochs):
            if self.args.use_amp:
                with torch.cuda.amp.autocast():
                    loss = self.model(torch.zeros(1)).mean()
                scaler.scale(loss).backward()
            else:
                loss = self.model(torch.zeros(1)).mean()
                loss.backward()
            model_optim.step()
