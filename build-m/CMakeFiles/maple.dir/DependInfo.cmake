
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/cmd/clusters.c" "CMakeFiles/maple.dir/src/cmd/clusters.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/clusters.c.o.d"
  "/work/main/src/cmd/common.c" "CMakeFiles/maple.dir/src/cmd/common.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/common.c.o.d"
  "/work/main/src/cmd/debug.c" "CMakeFiles/maple.dir/src/cmd/debug.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/debug.c.o.d"
  "/work/main/src/cmd/extract.c" "CMakeFiles/maple.dir/src/cmd/extract.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/extract.c.o.d"
  "/work/main/src/cmd/generate.c" "CMakeFiles/maple.dir/src/cmd/generate.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/generate.c.o.d"
  "/work/main/src/cmd/run.c" "CMakeFiles/maple.dir/src/cmd/run.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/run.c.o.d"
  "/work/main/src/cmd/templates.c" "CMakeFiles/maple.dir/src/cmd/templates.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/templates.c.o.d"
  "/work/main/src/cmd/verify.c" "CMakeFiles/maple.dir/src/cmd/verify.c.o" "gcc" "CMakeFiles/maple.dir/src/cmd/verify.c.o.d"
  "/work/main/src/main.c" "CMakeFiles/maple.dir/src/main.c.o" "gcc" "CMakeFiles/maple.dir/src/main.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build-m/CMakeFiles/maple_core.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
