from .train_args import TrainArguments
