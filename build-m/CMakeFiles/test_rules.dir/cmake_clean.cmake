file(REMOVE_RECURSE
  "CMakeFiles/test_rules.dir/tests/unit/test_rules.c.o"
  "CMakeFiles/test_rules.dir/tests/unit/test_rules.c.o.d"
  "test_rules"
  "test_rules.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_rules.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
