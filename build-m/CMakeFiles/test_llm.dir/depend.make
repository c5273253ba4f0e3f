# Empty dependencies file for test_llm.
# This may be replaced when dependencies are built.
