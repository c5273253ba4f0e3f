import argparse

import torch

from models.tts.vits.vits_trainer import VITSTrainer
from utils.util import load_config


def build_trainer(args, cfg):
    supported_trainer = {
        "VITS": VITSTrainer,
    }
    trainer_class = supported_trainer[cfg.model_type]
    trainer = trainer_class(args, cfg)
    return trainer


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config", default="config.json", help="json files for configurations.", required=True)
    parser.add_argument("--exp_name", type=str, default="exp_name", help="A specific name to note the experiment",
                        required=True)
    parser.add_argument("--resume", action="store_true", help="The model name to restore")
    parser.add_argument("--log_level", default="warning", help="logging level (debug, info, warning)")
    parser.add_argument("--resume_type", type=str, default="resume")
    args = parser.parse_args()
    cfg = load_config(args.config)

    if torch.cuda.is_available():
        torch.backends.cudnn.benchmark = True
    trainer = build_trainer(args, cfg)
    trainer.train_loop()


if __name__ == "__main__":
    main()
