from setuptools import setup

setup(name="llm-foundry", version="0.10.0", packages=["llmfoundry"],
      install_requires=["mosaicml[libcloud,wandb,oci,gcs]>=0.23.4,<0.24", "omegaconf>=2.2.3,<3", "transformers>=4.43.2"])
