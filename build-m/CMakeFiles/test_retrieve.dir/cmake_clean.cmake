file(REMOVE_RECURSE
  "CMakeFiles/test_retrieve.dir/tests/unit/test_retrieve.c.o"
  "CMakeFiles/test_retrieve.dir/tests/unit/test_retrieve.c.o.d"
  "test_retrieve"
  "test_retrieve.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_retrieve.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
