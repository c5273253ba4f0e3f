from setuptools import find_packages, setup

setup(
    name="autotrain-advanced",
    version="0.8.36",
    package_dir={"": "src"},
    packages=find_packages("src"),
    entry_points={"console_scripts": ["autotrain=autotrain.cli.autotrain:main"]},
    install_requires=["torch", "transformers", "accelerate", "peft", "trl", "datasets"],
)
