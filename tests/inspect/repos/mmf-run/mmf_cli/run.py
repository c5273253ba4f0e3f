#!/usr/bin/env python3 -u
import torch
from mmf.utils.configuration import Configuration
from mmf.utils.distributed import distributed_init, infer_init_method
from mmf.utils.flags import flags
from mmf.trainers.mmf_trainer import MMFTrainer


def main(configuration, init_distributed=False):
    config = configuration.get_config()
    if init_distributed:
        distributed_init(config)
    trainer = MMFTrainer(config)
    trainer.load()
    trainer.train()


def distributed_main(device_id, configuration):
    config = configuration.get_config()
    config.device_id = device_id
    if config.distributed.rank is None:
        config.distributed.rank = config.start_rank + device_id
    main(configuration, init_distributed=True)


def run(opts=None):
    if opts is None:
        parser = flags.get_parser()
        args = parser.parse_args()
    else:
        args = None
    configuration = Configuration(args)
    configuration.args = args
    config = configuration.get_config()
    config.start_rank = 0
    if config.distributed.init_method is None:
        infer_init_method(config)
    if config.distributed.world_size > 1:
        torch.multiprocessing.spawn(
            fn=distributed_main,
            args=(configuration,),
            nprocs=torch.cuda.device_count(),
        )
    else:
        config.device_id = 0
        main(configuration)


if __name__ == "__main__":
    run()
