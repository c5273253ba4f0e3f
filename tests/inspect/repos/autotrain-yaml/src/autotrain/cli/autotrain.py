"""The autotrain command: subcommands, or a whole job from --config."""
import argparse

from autotrain.parser import AutoTrainConfigParser


def main():
    parser = argparse.ArgumentParser("AutoTrain advanced CLI", usage="autotrain <command> [<args>]")
    parser.add_argument("--version", "-v", help="Display AutoTrain version", action="store_true")
    parser.add_argument("--config", help="Optional configuration file", type=str)
    args = parser.parse_args()
    if args.config:
        cp = AutoTrainConfigParser(args.config)
        cp.run()
        return
    parser.print_help()


if __name__ == "__main__":
    main()
