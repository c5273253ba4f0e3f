file(REMOVE_RECURSE
  "CMakeFiles/test_match.dir/tests/unit/test_match.c.o"
  "CMakeFiles/test_match.dir/tests/unit/test_match.c.o.d"
  "test_match"
  "test_match.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_match.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
