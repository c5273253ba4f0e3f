"""The task base: options shared by every task, a YAML config whose keys are the options' names
(configargparse: the command line wins over the file), and the training loop set-up."""
import argparse

import configargparse
import torch
import yaml

from espnet2.train.trainer import Trainer


def str2bool(value):
    return str(value).lower() in ("true", "1", "yes")


class AbsTask:
    @classmethod
    def get_parser(cls):
        parser = configargparse.ArgumentParser(
            description="base parser",
            config_file_parser_class=configargparse.YAMLConfigFileParser,
        )
        parser.add_argument("--config", is_config_file=True, help="Give config file in yaml format")
        group = parser.add_argument_group("Common configuration")
        group.add_argument("--output_dir", type=str, default=None)
        group.add_argument("--ngpu", type=int, default=0, help="The number of gpus. 0 indicates CPU mode")
        group.add_argument("--seed", type=int, default=0)
        group.add_argument("--num_workers", type=int, default=1)
        group.add_argument("--multiprocessing_distributed", type=str2bool, default=False)
        group = parser.add_argument_group("Trainer related")
        group.add_argument("--max_epoch", type=int, default=40)
        group.add_argument("--patience", default=None)
        group.add_argument("--accum_grad", type=int, default=1)
        group.add_argument("--use_amp", type=str2bool, default=False, help="Enable Automatic Mixed Precision")
        group.add_argument("--resume", type=str2bool, default=False)
        group = parser.add_argument_group("BatchSampler related")
        group.add_argument("--batch_type", type=str, default="folded")
        group.add_argument("--batch_size", type=int, default=20)
        group.add_argument("--batch_bins", type=int, default=1000000)
        group = parser.add_argument_group("Optimizer related")
        group.add_argument("--optim", type=str, default="adadelta")
        group.add_argument("--optim_conf", type=yaml.safe_load, default=dict())
        group.add_argument("--scheduler", type=str, default=None)
        group.add_argument("--scheduler_conf", type=yaml.safe_load, default=dict())
        group = parser.add_argument_group("Data related")
        group.add_argument("--train_data_path_and_name_and_type", type=str, action="append", default=[])
        group.add_argument("--valid_data_path_and_name_and_type", type=str, action="append", default=[])
        cls.add_task_arguments(parser)
        return parser

    @classmethod
    def main(cls, cmd=None):
        args = cls.get_parser().parse_args(cmd)
        if args.multiprocessing_distributed and args.ngpu > 1:
            torch.multiprocessing.spawn(cls.main_worker, args=(args,), nprocs=args.ngpu)
        else:
            cls.main_worker(0, args)

    @classmethod
    def main_worker(cls, rank, args):
        model = cls.build_model(args)
        if args.ngpu > 1:
            torch.distributed.init_process_group("nccl", rank=rank, world_size=args.ngpu)
            model = torch.nn.parallel.DistributedDataParallel(model.cuda(rank), device_ids=[rank])
        optim = torch.optim.Adam(model.parameters(), **args.optim_conf)
        Trainer.run(model=model, optimizer=optim, args=args)
