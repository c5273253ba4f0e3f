# Empty dependencies file for test_docs.
# This may be replaced when dependencies are built.
