# Empty dependencies file for maple.
# This may be replaced when dependencies are built.
