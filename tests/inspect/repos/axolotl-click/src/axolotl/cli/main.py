"""`axolotl train CONFIG [--field-name VALUE ...]`: every field of the config schema is also an option;
the command launches the training module under accelerate."""
import subprocess
import sys

import click

from axolotl.cli.utils import add_options_from_config, build_command
from axolotl.utils.schemas.config import AxolotlInputConfig


@click.group()
def cli():
    pass


@cli.command()
@click.argument("config", type=click.Path(exists=True, path_type=str))
@click.option("--launcher", type=click.Choice(["accelerate", "torchrun", "python"]), default="accelerate")
@add_options_from_config(AxolotlInputConfig)
def train(config: str, launcher: str, **kwargs):
    if launcher == "accelerate":
        base = ["accelerate", "launch", "-m", "axolotl.cli.train"]
    elif launcher == "torchrun":
        base = ["torchrun", "-m", "axolotl.cli.train"]
    else:
        base = [sys.executable, "-m", "axolotl.cli.train"]
    subprocess.run(build_command(base, config, kwargs), check=True)


def main():
    cli()


if __name__ == "__main__":
    main()
