# Empty dependencies file for test_diff.
# This may be replaced when dependencies are built.
