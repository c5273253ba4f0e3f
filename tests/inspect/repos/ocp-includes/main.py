import logging

from ocpmodels.common import distutils
from ocpmodels.common.flags import flags
from ocpmodels.common.utils import build_config, setup_logging
from ocpmodels.trainers.forces_trainer import ForcesTrainer


def run(config):
    trainer = ForcesTrainer(
        task=config["task"], model=config["model"], dataset=config["dataset"],
        optimizer=config["optim"], identifier=config["identifier"],
        is_debug=config.get("is_debug", False), amp=config["amp"],
    )
    if config["mode"] == "train":
        trainer.train()


if __name__ == "__main__":
    setup_logging()
    parser = flags.get_parser()
    args, override_args = parser.parse_known_args()
    config = build_config(args, override_args)
    if args.distributed:
        distutils.setup(config)
    logging.info("starting")
    run(config)
