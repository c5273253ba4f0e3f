# Thin front door over CMake: make, make test, make sanitize, make bench, make install PREFIX=...
PREFIX ?= /usr/local
BUILD ?= build
SANBUILD ?= build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all test sanitize bench install clean

all: $(BUILD)/Makefile
	@$(MAKE) --no-print-directory -C $(BUILD) -j$(JOBS)

$(BUILD)/Makefile: CMakeLists.txt
	@cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null

test: all
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

sanitize:
	@cmake -S . -B $(SANBUILD) -DMAPLE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@$(MAKE) --no-print-directory -C $(SANBUILD) -j$(JOBS)
	@cd $(SANBUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --output-on-failure -j$(JOBS)

bench: all
	@bash bench/run.sh $(BUILD)/maple

install: all
	@cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	@cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(SANBUILD)
