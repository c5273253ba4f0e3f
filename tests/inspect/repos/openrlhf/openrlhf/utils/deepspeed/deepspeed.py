import deepspeed

from .deepspeed_utils import get_train_ds_config


class DeepspeedStrategy:
    def __init__(self, seed=42, max_norm=0.0, micro_train_batch_size=1, train_batch_size=1, zero_stage=2,
                 bf16=True, args=None):
        self.stage = zero_stage
        self.bf16 = bf16
        self.micro_train_batch_size = micro_train_batch_size
        self.train_batch_size = train_batch_size
        self.adam_offload = getattr(args, "adam_offload", False)

    def get_ds_train_config(self, is_actor):
        ds_config = get_train_ds_config(offload=False, adam_offload=self.adam_offload, stage=self.stage, bf16=self.bf16)
        ds_config["train_micro_batch_size_per_gpu"] = self.micro_train_batch_size
        ds_config["train_batch_size"] = self.train_batch_size
        return ds_config

    def prepare(self, model, optim, scheduler):
        engine, optim, _, scheduler = deepspeed.initialize(model=model, optimizer=optim, lr_scheduler=scheduler,
                                                           config=self.get_ds_train_config(True))
        return engine, optim, scheduler
