# Training entry of a protein structure model: positional data directories, a config preset, and
# Lightning's Trainer with DeepSpeed when a DeepSpeed config is given.
import argparse

import pytorch_lightning as pl
from pytorch_lightning.strategies import DeepSpeedStrategy, DDPStrategy

from openfold.config import model_config


class OpenFoldWrapper(pl.LightningModule):
    def __init__(self, config):
        super().__init__()
        self.config = config


def main(args):
    config = model_config(args.config_preset, train=True, low_prec=(str(args.precision) == "16"))
    model_module = OpenFoldWrapper(config)
    if args.deepspeed_config_path is not None:
        strategy = DeepSpeedStrategy(config=args.deepspeed_config_path)
    elif args.gpus is not None and args.gpus > 1 or args.num_nodes > 1:
        strategy = DDPStrategy(find_unused_parameters=False)
    else:
        strategy = None
    trainer = pl.Trainer(devices=args.gpus, num_nodes=args.num_nodes, precision=args.precision,
                         strategy=strategy, max_epochs=args.max_epochs)
    trainer.fit(model_module)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("train_data_dir", type=str, help="Directory containing training mmCIF files")
    parser.add_argument("train_alignment_dir", type=str, help="Directory containing precomputed training alignments")
    parser.add_argument("template_mmcif_dir", type=str, help="Directory containing mmCIF files to search for templates")
    parser.add_argument("output_dir", type=str, help="Directory in which to output checkpoints, logs, etc.")
    parser.add_argument("max_template_date", type=str, help="Cutoff for all templates")
    parser.add_argument("--config_preset", type=str, default="initial_training")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--deepspeed_config_path", type=str, default=None)
    parser.add_argument("--gpus", type=int, default=None)
    parser.add_argument("--num_nodes", type=int, default=1)
    parser.add_argument("--precision", type=str, default="32")
    parser.add_argument("--max_epochs", type=int, default=1000)
    parser.add_argument("--replace_sampler_ddp", type=bool_type if False else str, default="True")
    args = parser.parse_args()
    main(args)
