# Empty dependencies file for test_kb.
# This may be replaced when dependencies are built.
