file(REMOVE_RECURSE
  "CMakeFiles/test_phrasings.dir/tests/unit/test_phrasings.c.o"
  "CMakeFiles/test_phrasings.dir/tests/unit/test_phrasings.c.o.d"
  "test_phrasings"
  "test_phrasings.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_phrasings.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
