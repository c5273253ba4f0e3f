file(REMOVE_RECURSE
  "CMakeFiles/test_docs.dir/tests/unit/test_docs.c.o"
  "CMakeFiles/test_docs.dir/tests/unit/test_docs.c.o.d"
  "test_docs"
  "test_docs.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_docs.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
