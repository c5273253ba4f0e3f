file(REMOVE_RECURSE
  "CMakeFiles/test_kb.dir/tests/unit/test_kb.c.o"
  "CMakeFiles/test_kb.dir/tests/unit/test_kb.c.o.d"
  "test_kb"
  "test_kb.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_kb.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
