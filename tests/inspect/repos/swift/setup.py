from setuptools import find_packages, setup

setup(
    name="ms-swift-mini",
    packages=find_packages(),
    entry_points={"console_scripts": ["swift=swift.cli.main:cli_main"]},
)
