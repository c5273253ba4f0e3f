# Stage-2 fine-tuning (fixture: --cfg-path YAML, DDP runner).
import argparse

from torch.nn.parallel import DistributedDataParallel as DDP

from minigpt4.common.config import Config


def parse_args():
    parser = argparse.ArgumentParser(description="Training")
    parser.add_argument("--cfg-path", required=True, help="path to configuration file.")
    parser.add_argument("--options", nargs="+", help="override some settings in the used config")
    return parser.parse_args()


def main():
    cfg = Config(parse_args())
    return DDP(cfg)


if __name__ == "__main__":
    main()
