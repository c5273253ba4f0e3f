"""Builds the training parser from the registered dataclass configs."""
import argparse

from metaseq.dataclass.configs import (
    CheckpointConfig,
    CommonConfig,
    DatasetConfig,
    DistributedTrainingConfig,
    OptimizationConfig,
)
from metaseq.dataclass.utils import gen_parser_from_dataclass
from metaseq.models import ARCH_MODEL_REGISTRY, ARCH_CONFIG_REGISTRY
from metaseq.tasks import TASK_REGISTRY


def get_training_parser(default_task="streaming_language_modeling"):
    parser = argparse.ArgumentParser(allow_abbrev=False)
    gen_parser_from_dataclass(parser, CommonConfig())
    parser.add_argument("--task", default=default_task, choices=TASK_REGISTRY.keys())
    group = parser.add_argument_group("dataset_data_loading")
    gen_parser_from_dataclass(group, DatasetConfig())
    group = parser.add_argument_group("distributed_training")
    gen_parser_from_dataclass(group, DistributedTrainingConfig())
    group = parser.add_argument_group("optimization")
    gen_parser_from_dataclass(group, OptimizationConfig())
    group = parser.add_argument_group("checkpoint")
    gen_parser_from_dataclass(group, CheckpointConfig())
    group = parser.add_argument_group("Model configuration")
    group.add_argument("--arch", "-a", metavar="ARCH", choices=ARCH_MODEL_REGISTRY.keys())
    return parser


def parse_args_and_arch(parser, input_args=None):
    args, _ = parser.parse_known_args(input_args)
    if hasattr(args, "arch"):
        model_specific_group = parser.add_argument_group("Model-specific configuration")
        ARCH_MODEL_REGISTRY[args.arch].add_args(model_specific_group)
    if hasattr(args, "task"):
        TASK_REGISTRY[args.task].add_args(parser)
    args = parser.parse_args(input_args)
    if hasattr(args, "arch") and args.arch in ARCH_CONFIG_REGISTRY:
        ARCH_CONFIG_REGISTRY[args.arch](args)
    return args
