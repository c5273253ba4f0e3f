file(REMOVE_RECURSE
  "CMakeFiles/maple.dir/src/cmd/clusters.c.o"
  "CMakeFiles/maple.dir/src/cmd/clusters.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/common.c.o"
  "CMakeFiles/maple.dir/src/cmd/common.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/debug.c.o"
  "CMakeFiles/maple.dir/src/cmd/debug.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/extract.c.o"
  "CMakeFiles/maple.dir/src/cmd/extract.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/generate.c.o"
  "CMakeFiles/maple.dir/src/cmd/generate.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/run.c.o"
  "CMakeFiles/maple.dir/src/cmd/run.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/templates.c.o"
  "CMakeFiles/maple.dir/src/cmd/templates.c.o.d"
  "CMakeFiles/maple.dir/src/cmd/verify.c.o"
  "CMakeFiles/maple.dir/src/cmd/verify.c.o.d"
  "CMakeFiles/maple.dir/src/main.c.o"
  "CMakeFiles/maple.dir/src/main.c.o.d"
  "maple"
  "maple.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/maple.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
