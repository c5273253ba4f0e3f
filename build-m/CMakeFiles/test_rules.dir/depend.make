# Empty dependencies file for test_rules.
# This may be replaced when dependencies are built.
