
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/debug/diff.c" "CMakeFiles/maple_core.dir/src/debug/diff.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/diff.c.o.d"
  "/work/main/src/debug/docs.c" "CMakeFiles/maple_core.dir/src/debug/docs.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/docs.c.o.d"
  "/work/main/src/debug/kb.c" "CMakeFiles/maple_core.dir/src/debug/kb.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/kb.c.o.d"
  "/work/main/src/debug/llm.c" "CMakeFiles/maple_core.dir/src/debug/llm.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/llm.c.o.d"
  "/work/main/src/debug/log.c" "CMakeFiles/maple_core.dir/src/debug/log.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/log.c.o.d"
  "/work/main/src/debug/match.c" "CMakeFiles/maple_core.dir/src/debug/match.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/match.c.o.d"
  "/work/main/src/debug/needle.c" "CMakeFiles/maple_core.dir/src/debug/needle.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/needle.c.o.d"
  "/work/main/src/debug/patch.c" "CMakeFiles/maple_core.dir/src/debug/patch.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/patch.c.o.d"
  "/work/main/src/debug/patchop.c" "CMakeFiles/maple_core.dir/src/debug/patchop.c.o" "gcc" "CMakeFiles/maple_core.dir/src/debug/patchop.c.o.d"
  "/work/main/src/repo/placeholder.c" "CMakeFiles/maple_core.dir/src/repo/placeholder.c.o" "gcc" "CMakeFiles/maple_core.dir/src/repo/placeholder.c.o.d"
  "/work/main/src/repo/repo.c" "CMakeFiles/maple_core.dir/src/repo/repo.c.o" "gcc" "CMakeFiles/maple_core.dir/src/repo/repo.c.o.d"
  "/work/main/src/repo/ydoc.c" "CMakeFiles/maple_core.dir/src/repo/ydoc.c.o" "gcc" "CMakeFiles/maple_core.dir/src/repo/ydoc.c.o.d"
  "/work/main/src/request/cluster_match.c" "CMakeFiles/maple_core.dir/src/request/cluster_match.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/cluster_match.c.o.d"
  "/work/main/src/request/extract_script.c" "CMakeFiles/maple_core.dir/src/request/extract_script.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/extract_script.c.o.d"
  "/work/main/src/request/extract_text.c" "CMakeFiles/maple_core.dir/src/request/extract_text.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/extract_text.c.o.d"
  "/work/main/src/request/lexicon.c" "CMakeFiles/maple_core.dir/src/request/lexicon.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/lexicon.c.o.d"
  "/work/main/src/request/port.c" "CMakeFiles/maple_core.dir/src/request/port.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/port.c.o.d"
  "/work/main/src/request/request.c" "CMakeFiles/maple_core.dir/src/request/request.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/request.c.o.d"
  "/work/main/src/request/rules.c" "CMakeFiles/maple_core.dir/src/request/rules.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/rules.c.o.d"
  "/work/main/src/request/shword.c" "CMakeFiles/maple_core.dir/src/request/shword.c.o" "gcc" "CMakeFiles/maple_core.dir/src/request/shword.c.o.d"
  "/work/main/src/retrieve/retrieve.c" "CMakeFiles/maple_core.dir/src/retrieve/retrieve.c.o" "gcc" "CMakeFiles/maple_core.dir/src/retrieve/retrieve.c.o.d"
  "/work/main/src/run/report.c" "CMakeFiles/maple_core.dir/src/run/report.c.o" "gcc" "CMakeFiles/maple_core.dir/src/run/report.c.o.d"
  "/work/main/src/run/runverify.c" "CMakeFiles/maple_core.dir/src/run/runverify.c.o" "gcc" "CMakeFiles/maple_core.dir/src/run/runverify.c.o.d"
  "/work/main/src/run/sched.c" "CMakeFiles/maple_core.dir/src/run/sched.c.o" "gcc" "CMakeFiles/maple_core.dir/src/run/sched.c.o.d"
  "/work/main/src/run/store.c" "CMakeFiles/maple_core.dir/src/run/store.c.o" "gcc" "CMakeFiles/maple_core.dir/src/run/store.c.o.d"
  "/work/main/src/run/vcopy.c" "CMakeFiles/maple_core.dir/src/run/vcopy.c.o" "gcc" "CMakeFiles/maple_core.dir/src/run/vcopy.c.o.d"
  "/work/main/src/script/directives.c" "CMakeFiles/maple_core.dir/src/script/directives.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/directives.c.o.d"
  "/work/main/src/script/infer.c" "CMakeFiles/maple_core.dir/src/script/infer.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/infer.c.o.d"
  "/work/main/src/script/jobscript.c" "CMakeFiles/maple_core.dir/src/script/jobscript.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/jobscript.c.o.d"
  "/work/main/src/script/launch.c" "CMakeFiles/maple_core.dir/src/script/launch.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/launch.c.o.d"
  "/work/main/src/script/plan.c" "CMakeFiles/maple_core.dir/src/script/plan.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/plan.c.o.d"
  "/work/main/src/script/shparse.c" "CMakeFiles/maple_core.dir/src/script/shparse.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/shparse.c.o.d"
  "/work/main/src/script/values.c" "CMakeFiles/maple_core.dir/src/script/values.c.o" "gcc" "CMakeFiles/maple_core.dir/src/script/values.c.o.d"
  "/work/main/src/synth/synth.c" "CMakeFiles/maple_core.dir/src/synth/synth.c.o" "gcc" "CMakeFiles/maple_core.dir/src/synth/synth.c.o.d"
  "/work/main/src/util/arena.c" "CMakeFiles/maple_core.dir/src/util/arena.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/arena.c.o.d"
  "/work/main/src/util/error.c" "CMakeFiles/maple_core.dir/src/util/error.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/error.c.o.d"
  "/work/main/src/util/fsutil.c" "CMakeFiles/maple_core.dir/src/util/fsutil.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/fsutil.c.o.d"
  "/work/main/src/util/proc.c" "CMakeFiles/maple_core.dir/src/util/proc.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/proc.c.o.d"
  "/work/main/src/util/strbuf.c" "CMakeFiles/maple_core.dir/src/util/strbuf.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/strbuf.c.o.d"
  "/work/main/src/util/strvec.c" "CMakeFiles/maple_core.dir/src/util/strvec.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/strvec.c.o.d"
  "/work/main/src/util/xalloc.c" "CMakeFiles/maple_core.dir/src/util/xalloc.c.o" "gcc" "CMakeFiles/maple_core.dir/src/util/xalloc.c.o.d"
  "/work/main/src/verify/checks_env.c" "CMakeFiles/maple_core.dir/src/verify/checks_env.c.o" "gcc" "CMakeFiles/maple_core.dir/src/verify/checks_env.c.o.d"
  "/work/main/src/verify/checks_header.c" "CMakeFiles/maple_core.dir/src/verify/checks_header.c.o" "gcc" "CMakeFiles/maple_core.dir/src/verify/checks_header.c.o.d"
  "/work/main/src/verify/checks_launch.c" "CMakeFiles/maple_core.dir/src/verify/checks_launch.c.o" "gcc" "CMakeFiles/maple_core.dir/src/verify/checks_launch.c.o.d"
  "/work/main/src/verify/checks_shell.c" "CMakeFiles/maple_core.dir/src/verify/checks_shell.c.o" "gcc" "CMakeFiles/maple_core.dir/src/verify/checks_shell.c.o.d"
  "/work/main/src/verify/verify.c" "CMakeFiles/maple_core.dir/src/verify/verify.c.o" "gcc" "CMakeFiles/maple_core.dir/src/verify/verify.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
