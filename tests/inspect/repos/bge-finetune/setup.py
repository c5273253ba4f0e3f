from setuptools import find_packages, setup

setup(name="FlagEmbedding", version="1.2.10", packages=find_packages(),
      install_requires=['torch>=1.6.0', 'transformers>=4.33.0', 'datasets', 'accelerate>=0.20.1', 'sentence_transformers'])
