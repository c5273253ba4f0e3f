from . import train_opts
from .train_opts import add_train_args
