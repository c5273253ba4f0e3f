from .argument import TrainArguments
from .train import sft_main
