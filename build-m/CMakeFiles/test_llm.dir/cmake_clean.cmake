file(REMOVE_RECURSE
  "CMakeFiles/test_llm.dir/tests/unit/test_llm.c.o"
  "CMakeFiles/test_llm.dir/tests/unit/test_llm.c.o.d"
  "test_llm"
  "test_llm.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_llm.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
