from setuptools import find_packages, setup

setup(
    name="fairseq",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "fairseq-preprocess = fairseq_cli.preprocess:cli_main",
            "fairseq-train = fairseq_cli.train:cli_main",
        ],
    },
)
