import setuptools

setuptools.setup(name="yolox-mini", packages=setuptools.find_packages())
