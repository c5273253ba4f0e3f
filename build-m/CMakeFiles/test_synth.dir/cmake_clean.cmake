file(REMOVE_RECURSE
  "CMakeFiles/test_synth.dir/tests/unit/test_synth.c.o"
  "CMakeFiles/test_synth.dir/tests/unit/test_synth.c.o.d"
  "test_synth"
  "test_synth.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/test_synth.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
