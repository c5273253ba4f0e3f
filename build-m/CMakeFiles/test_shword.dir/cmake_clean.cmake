file(REMOVE_RECURSE
  "CMakeFiles/test_shword.dir/tests/unit/test_shword.c.o"
  "CMakeFiles/test_shword.dir/tests/unit/test_shword.c.o.d"
  "test_shword"
  "test_shword.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_shword.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
