file(REMOVE_RECURSE
  "CMakeFiles/test_repo.dir/tests/unit/test_repo.c.o"
  "CMakeFiles/test_repo.dir/tests/unit/test_repo.c.o.d"
  "test_repo"
  "test_repo.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_repo.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
