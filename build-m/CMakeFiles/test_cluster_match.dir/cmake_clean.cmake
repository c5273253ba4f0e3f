file(REMOVE_RECURSE
  "CMakeFiles/test_cluster_match.dir/tests/unit/test_cluster_match.c.o"
  "CMakeFiles/test_cluster_match.dir/tests/unit/test_cluster_match.c.o.d"
  "test_cluster_match"
  "test_cluster_match.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_cluster_match.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
