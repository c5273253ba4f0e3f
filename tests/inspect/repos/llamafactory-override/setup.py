from setuptools import find_packages, setup

setup(
    name="llamafactory",
    version="0.9.1",
    package_dir={"": "src"},
    packages=find_packages("src"),
    install_requires=["transformers>=4.41.2", "datasets>=2.16.0", "accelerate>=0.30.1", "peft>=0.11.1", "pyyaml"],
    entry_points={"console_scripts": ["llamafactory-cli = llamafactory.cli:main", "lmf = llamafactory.cli:main"]},
)
