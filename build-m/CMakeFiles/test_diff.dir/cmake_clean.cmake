file(REMOVE_RECURSE
  "CMakeFiles/test_diff.dir/tests/unit/test_diff.c.o"
  "CMakeFiles/test_diff.dir/tests/unit/test_diff.c.o.d"
  "test_diff"
  "test_diff.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_diff.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
