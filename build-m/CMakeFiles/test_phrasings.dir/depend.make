# Empty dependencies file for test_phrasings.
# This may be replaced when dependencies are built.
