# Empty dependencies file for test_shword.
# This may be replaced when dependencies are built.
