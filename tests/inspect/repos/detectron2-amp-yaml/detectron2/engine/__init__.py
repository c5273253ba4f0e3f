from .defaults import DefaultTrainer, default_argument_parser, default_setup
from .launch import launch
