from setuptools import find_packages, setup

setup(name="alignment-handbook", version="0.4.0", package_dir={"": "src"}, packages=find_packages("src"),
      install_requires=["accelerate>=1.2.1", "datasets>=3.2.0", "deepspeed==0.15.4", "transformers>=4.49.0", "trl>=0.16.0"])
