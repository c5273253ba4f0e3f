# Empty dependencies file for test_jobscript.
# This may be replaced when dependencies are built.
