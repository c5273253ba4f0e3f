file(REMOVE_RECURSE
  "CMakeFiles/test_jobscript.dir/tests/unit/test_jobscript.c.o"
  "CMakeFiles/test_jobscript.dir/tests/unit/test_jobscript.c.o.d"
  "test_jobscript"
  "test_jobscript.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_jobscript.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
