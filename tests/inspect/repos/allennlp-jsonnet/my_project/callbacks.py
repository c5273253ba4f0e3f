from allennlp.training.callbacks import TrainerCallback


@TrainerCallback.register("log_epoch")
class LogEpoch(TrainerCallback):
    def on_epoch(self, trainer, metrics, epoch, is_primary=True, **kwargs):
        print(epoch, metrics)
