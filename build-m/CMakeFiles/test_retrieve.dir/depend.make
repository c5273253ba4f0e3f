# Empty dependencies file for test_retrieve.
# This may be replaced when dependencies are built.
