from setuptools import find_packages, setup

setup(name="open-r1", version="0.1.0", package_dir={"": "src"}, packages=find_packages("src"),
      install_requires=["accelerate", "deepspeed", "trl", "transformers"])
