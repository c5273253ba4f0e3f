file(REMOVE_RECURSE
  "CMakeFiles/test_strbuf.dir/tests/unit/test_strbuf.c.o"
  "CMakeFiles/test_strbuf.dir/tests/unit/test_strbuf.c.o.d"
  "test_strbuf"
  "test_strbuf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_strbuf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
