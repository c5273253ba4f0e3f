# Empty dependencies file for test_match.
# This may be replaced when dependencies are built.
