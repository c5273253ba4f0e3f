# Empty dependencies file for test_cluster_match.
# This may be replaced when dependencies are built.
