"""espnet: end-to-end speech processing toolkit (fixture of our own writing)."""
from setuptools import find_packages, setup

setup(name="espnet", version="202412", packages=find_packages(include=["espnet2*"]),
      install_requires=["torch>=2.1", "configargparse", "pyyaml", "typeguard"])
