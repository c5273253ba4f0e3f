# Empty dependencies file for test_repo.
# This may be replaced when dependencies are built.
