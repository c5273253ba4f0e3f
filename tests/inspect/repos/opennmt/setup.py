from setuptools import find_packages, setup

setup(
    name="OpenNMT-mini",
    version="0.1",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "onmt_train=onmt.bin.train:main",
            "onmt_translate=onmt.bin.translate:main",
        ],
    },
)
