CMakeFiles/maple_core.dir/src/verify/checks_env.c.o: \
 /work/main/src/verify/checks_env.c /usr/include/stdc-predef.h \
 /work/main/src/verify/checks.h /work/main/src/verify/verify.h \
 /work/main/src/verify/../repo/repo.h \
 /work/main/src/verify/../repo/../util/arena.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/main/src/verify/../repo/../util/error.h \
 /work/main/src/verify/../repo/../util/strvec.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdbool.h \
 /work/main/src/verify/../request/extract_script.h \
 /work/main/src/verify/../request/../repo/repo.h \
 /work/main/src/verify/../request/../script/jobscript.h \
 /work/main/src/verify/../request/../script/../request/shword.h \
 /work/main/src/verify/../request/../script/../request/../util/strbuf.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stdarg.h \
 /work/main/src/verify/../request/../script/../util/error.h \
 /work/main/src/verify/../request/../script/../util/strvec.h \
 /work/main/src/verify/../request/../script/plan.h \
 /work/main/src/verify/../request/../script/../repo/repo.h \
 /work/main/src/verify/../request/../script/jobscript.h \
 /work/main/src/verify/../request/../util/strbuf.h \
 /work/main/src/verify/../request/request.h \
 /work/main/src/verify/../request/../util/strvec.h \
 /work/main/src/verify/../request/shword.h \
 /work/main/src/verify/../util/strbuf.h /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/strings.h
