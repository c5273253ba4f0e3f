from setuptools import setup

setup(name='tinygrad', version='0.9.0', packages=['tinygrad', 'tinygrad.nn'], install_requires=['numpy'],
      extras_require={'testing': ['torch', 'pytest', 'tqdm']})
