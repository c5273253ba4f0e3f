from setuptools import setup, find_packages

setup(
    name='audiocraft',
    version='1.3.0',
    packages=[p for p in find_packages() if p.startswith('audiocraft')],
    install_requires=['dora-search', 'flashy>=0.0.1', 'hydra-core>=1.1', 'torch>=2.1.0'],
    include_package_data=True,
)
