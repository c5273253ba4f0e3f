file(REMOVE_RECURSE
  "CMakeFiles/test_patch.dir/tests/unit/test_patch.c.o"
  "CMakeFiles/test_patch.dir/tests/unit/test_patch.c.o.d"
  "test_patch"
  "test_patch.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_patch.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
