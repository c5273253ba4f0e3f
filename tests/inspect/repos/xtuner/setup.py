from setuptools import find_packages, setup

setup(name='xtuner-mini', packages=find_packages(), entry_points={'console_scripts': ['xtuner = xtuner:cli']})
