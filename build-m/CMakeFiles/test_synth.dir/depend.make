# Empty dependencies file for test_synth.
# This may be replaced when dependencies are built.
