# Package setup (fixture).
from setuptools import setup

setup(name="improved-diffusion", py_modules=["improved_diffusion"], install_requires=["blobfile", "torch", "tqdm"])
