#!/usr/bin/env python3
from setuptools import setup, find_packages

setup(
    name='parlai',
    version='1.7.2',
    description='Unified platform for dialogue research.',
    packages=find_packages(exclude=('data', 'docs', 'tests', 'parlai_internal*')),
    install_requires=['torch', 'numpy'],
    entry_points={"console_scripts": ["parlai=parlai.__main__:main"]},
)
