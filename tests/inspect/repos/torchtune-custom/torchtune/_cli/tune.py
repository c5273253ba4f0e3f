"""The `tune` command: download, ls, cp, run, validate."""
import argparse

from torchtune._cli.run import Run


def main():
    parser = argparse.ArgumentParser(prog="tune")
    sub = parser.add_subparsers(title="subcommands")
    Run(sub)
    args = parser.parse_args()
    args.func(args)
