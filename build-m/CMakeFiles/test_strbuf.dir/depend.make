# Empty dependencies file for test_strbuf.
# This may be replaced when dependencies are built.
