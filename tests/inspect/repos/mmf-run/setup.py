from setuptools import find_packages, setup

setup(
    name="mmf",
    version="1.0.0rc12",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "mmf_run = mmf_cli.run:run",
            "mmf_predict = mmf_cli.predict:predict",
        ]
    },
)
