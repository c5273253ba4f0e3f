from setuptools import find_packages, setup

setup(
    name="metaseq",
    version="0.0.1",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "metaseq-train = metaseq_cli.train:cli_main",
            "metaseq-validate = metaseq_cli.validate:cli_main",
        ],
    },
)
