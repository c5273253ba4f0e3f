"""Packaging with console scripts (learned from facebookresearch/fairseq setup.py)."""
from setuptools import setup, find_packages

setup(
    name="fairseq-mini",
    version="0.1",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "fairseq-train = fairseq_cli.train:cli_main",
            "fairseq-hydra-train = fairseq_cli.hydra_train:cli_main",
        ],
    },
)
