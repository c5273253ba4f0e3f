# Empty dependencies file for maple_core.
# This may be replaced when dependencies are built.
