from setuptools import setup, find_packages

setup(
    name='stable-audio-tools',
    version='0.0.16',
    packages=find_packages(),
    install_requires=['prefigure==0.0.9', 'pytorch_lightning==2.1.0', 'torch>=2.0.1'],
)
