# Thin front door over CMake: make, make test, make sanitize, make bench, make install PREFIX=...
PREFIX ?= /usr/local
BUILD ?= build
SANBUILD ?= build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all test sanitize bench install clean fuzz dist

all: $(BUILD)/Makefile
	@$(MAKE) --no-print-directory -C $(BUILD) -j$(JOBS)

$(BUILD)/Makefile: CMakeLists.txt
	@cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null

# Skipped tests (something they need is missing) are listed at the end with the reason and the fix.
# CMake runs again first: test packages installed after the first build (cmocka: the unit tests) count.
test:
	@cmake -S . -B $(BUILD) >/dev/null
	@$(MAKE) --no-print-directory all
	@rm -rf $(BUILD)/skips
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS); rc=$$?; \
		if [ -n "$$(ls skips 2>/dev/null)" ]; then echo "Skipped tests (what they need, and the fix):"; cat skips/*; fi; exit $$rc

sanitize:
	@cmake -S . -B $(SANBUILD) -DMAPLE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@$(MAKE) --no-print-directory -C $(SANBUILD) -j$(JOBS)
	@cd $(SANBUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --output-on-failure -j$(JOBS)

# libFuzzer harnesses (tests/fuzz/) under ASan+UBSan, FUZZ_TIME seconds each (FUZZ_HARNESS=fuzz_logs for
# one; FUZZ_JOBS=N parallel workers). Needs clang with libFuzzer (Debian: apt-get install clang); the
# normal build does not. Crashes are kept in tests/fuzz/regress/, which `make test` replays.
FUZZBUILD ?= build-fuzz
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
# only the harnesses run.sh runs (the fuzz tree's unit tests and replays are not needed: each is another
# link of the 66 MB instrumented core)
FUZZ_TARGETS = $(or $(FUZZ_HARNESS),$(notdir $(basename $(wildcard tests/fuzz/fuzz_*.c))))
fuzz:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { echo "make fuzz needs clang with libFuzzer: apt-get install clang (or FUZZ_CC=clang-NN)" >&2; exit 2; }
	@cmake -S . -B $(FUZZBUILD) -DCMAKE_C_COMPILER=$(FUZZ_CC) -DMAPLE_FUZZ=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@$(MAKE) --no-print-directory -C $(FUZZBUILD) -j$(JOBS) $(FUZZ_TARGETS)
	@bash tests/fuzz/run.sh $(FUZZBUILD) $(FUZZ_TIME) $(FUZZ_HARNESS)

bench: all
	@bash bench/run.sh $(BUILD)/maple

install: all
	@cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	@cmake --install $(BUILD) --prefix $(PREFIX)

# The source tarball of the committed tree (README: "or copy a release tarball").
VERSION := $(shell sed -n 's/^project.maple VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
dist:
	@git archive --format=tar.gz --prefix=maple-$(VERSION)/ -o maple-$(VERSION).tar.gz HEAD
	@echo "maple-$(VERSION).tar.gz"

clean:
	rm -rf $(BUILD) $(SANBUILD) $(FUZZBUILD)
