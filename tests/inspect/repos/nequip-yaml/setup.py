from setuptools import find_packages, setup

setup(
    name="nequip",
    packages=find_packages(include=["nequip", "nequip.*"]),
    entry_points={
        "console_scripts": [
            "nequip-train = nequip.scripts.train:main",
            "nequip-evaluate = nequip.scripts.evaluate:main",
        ]
    },
    install_requires=["numpy", "ase", "torch>=1.11", "e3nn>=0.4.4", "pyyaml"],
)
