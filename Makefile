# clearboard: `make serve` serves the game on http://127.0.0.1:8080,
# `make test` runs every test. Both install what is missing first.

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo

.PHONY: serve test build dist rust-test rust-test-debug lint browser-test bench bench-browser fuzz tools-build tools-browser tools-fuzz clean

# Builds dist/ and serves it on 127.0.0.1:8080 with the page's
# Content-Security-Policy (scripts/serve.mjs).
serve: dist
	node scripts/serve.mjs

test: lint rust-test rust-test-debug browser-test

tools-build:
	./scripts/ensure-tools.sh build

tools-browser:
	./scripts/ensure-tools.sh browser

lint: tools-build
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --all-targets -- -D warnings
	$(CARGO) clippy --release --target wasm32-unknown-unknown --no-default-features --lib -- -D warnings

rust-test:
	$(CARGO) test --release

# The unit, rule and property tests again in debug: overflow checks and
# debug_assert! run there.
rust-test-debug:
	$(CARGO) test --lib --test samegame_rules --test samegame_props --test samegame_boards --test mayan --test history --test connect

build:
	$(CARGO) build --release

# The static bundle in dist/.
dist: tools-build
	trunk build --release --offline

# The real-browser suite: Debian's Chromium driven by playwright-core on the
# built dist/ served on 127.0.0.1 (it compares the page with the CLI judge).
browser-test: dist build tools-browser
	cd tests/browser && node --test

# Benchmarks: criterion runs each engine beside its baseline (same
# repetitions, same statistics) and the ratios are read from its estimates;
# then the 连连看 deal/solver figures and whole processes.
bench: build
	$(CARGO) bench --bench samegame --bench connect --bench mayan --bench playouts
	node scripts/bench-ratios.mjs
	$(CARGO) bench --bench lianliankan
	./scripts/bench-judges.sh
	@echo "Mayan levels: the whole built-in set regenerated"
	time ./target/release/clearboard gen mayan-levels > /dev/null 2>&1

# The page's solver on the 20 standard positions in headless Chromium
# (BENCH_SECONDS a position, BENCH_SEED); about 20 × BENCH_SECONDS.
BENCH_SECONDS ?= 60
BENCH_SEED ?= 1
bench-browser: dist tools-browser
	node scripts/bench-browser.mjs $(BENCH_SECONDS) $(BENCH_SEED)

# Fuzzing (cargo fuzz, libFuzzer; stable Rust with RUSTC_BOOTSTRAP=1 for
# the sanitizer flags): every target for FUZZ_SECONDS each, two at a time,
# growing fuzz/corpus/. `make test` replays the committed corpus.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS = judge_samegame judge_connect judge_mayan links solve_inputs
fuzz: tools-fuzz
	mkdir -p target
	cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz build
	cd fuzz && printf '%s\n' $(FUZZ_TARGETS) | xargs -P 2 -I{} sh -c 'RUSTC_BOOTSTRAP=1 cargo fuzz run {} corpus/{} -- -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -max_len=8192 > ../target/fuzz-{}.log 2>&1 && echo "fuzz {}: ok" || { echo "fuzz {}: FAILED (target/fuzz-{}.log)"; exit 1; }'

tools-fuzz:
	./scripts/ensure-tools.sh fuzz

clean:
	$(CARGO) clean
	rm -rf dist
