# Long-term forecasting: MSE training with early stopping, optional AMP and DataParallel.
import torch
import torch.nn as nn
from torch import optim
from exp.exp_basic import Exp_Basic
from data_provider.data_factory import data_provider


class Exp_Long_Term_Forecast(Exp_Basic):
    def __init__(self, args):
        super(Exp_Long_Term_Forecast, self).__init__(args)

    def _build_model(self):
        model = self.model_dict[self.args.model].Model(self.args).float()
        if self.args.use_multi_gpu and self.args.use_gpu:
            model = nn.DataParallel(model, device_ids=self.args.device_ids)
        return model

    def train(self, setting):
        train_data, train_loader = data_provider(self.args, flag='train')
        model_optim = optim.Adam(self.model.parameters(), lr=self.args.learning_rate)
        criterion = nn.MSELoss()
        if self.args.use_amp:
            scaler = torch.cuda.amp.GradScaler()
        for epoch in range(self.args.train_epochs):
            for i, (batch_x, batch_y) in enumerate(train_loader):
                model_optim.zero_grad()
                if self.args.use_amp:
                    with torch.cuda.amp.autocast():
                        loss = criterion(self.model(batch_x), batch_y)
                    scaler.scale(loss).backward()
                    scaler.step(model_optim)
                    scaler.update()
                else:
                    loss = criterion(self.model(batch_x), batch_y)
                    loss.backward()
                    model_optim.step()

    def test(self, setting):
        return None
