"""Fixture (detectron2 LazyConfig look-alike): a Python config file and key=value overrides."""
from detectron2.config import LazyConfig, instantiate
from detectron2.engine import default_argument_parser, default_setup, launch
from detectron2.engine.defaults import create_ddp_model


def do_train(args, cfg):
    model = instantiate(cfg.model)
    model = create_ddp_model(model, **cfg.train.ddp)
    cfg.optimizer.params.model = model
    optim = instantiate(cfg.optimizer)
    train_loader = instantiate(cfg.dataloader.train)


def main(args):
    cfg = LazyConfig.load(args.config_file)
    cfg = LazyConfig.apply_overrides(cfg, args.opts)
    default_setup(cfg, args)
    do_train(args, cfg)


if __name__ == "__main__":
    args = default_argument_parser().parse_args()
    launch(main, args.num_gpus, num_machines=args.num_machines, machine_rank=args.machine_rank, args=(args,))
