# Empty dependencies file for test_patch.
# This may be replaced when dependencies are built.
