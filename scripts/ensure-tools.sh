#!/usr/bin/env bash
# Installs what `make serve` and `make test` need and is missing; does nothing
# for what is already there. `build` = the wasm toolchain (target, Trunk,
# wasm-bindgen CLI); `browser` = Debian's Chromium and the browser suite's
# node modules; `fuzz` = cargo-fuzz (for `make fuzz` only). Versions are
# pinned (see ../shared/TOOLCHAIN.md).
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PATH"
root=$(cd "$(dirname "$0")/.." && pwd)

say() { echo "ensure-tools: $*" >&2; }

build_tools() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
    if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
        say "installing trunk $TRUNK_VERSION (about 11 minutes on 2 cores)"
        cargo install --locked "trunk@$TRUNK_VERSION"
    fi
    if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
        say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 5 minutes)"
        # Not --locked: its lock file names a crate version the mirror lacks.
        cargo install "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
    fi
}

browser_tools() {
    if ! command -v chromium >/dev/null 2>&1; then
        say "installing Debian's chromium"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y chromium >/dev/null 2>&1 || {
            apt-get update >/dev/null
            apt-get install -y chromium >/dev/null
        }
    fi
    # A font with Chinese glyphs, so that the page's "连连看" is drawn as
    # such in this Chromium (Debian installs none with it: it showed as
    # three boxes); checked by the browser suite.
    if ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1 && ! { command -v fc-list >/dev/null && fc-list :lang=zh | grep -q .; }; then
        say "installing a Chinese font (fonts-wqy-microhei)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y fonts-wqy-microhei >/dev/null 2>&1 || {
            apt-get update >/dev/null
            apt-get install -y fonts-wqy-microhei >/dev/null
        }
    fi
    if [ ! -d "$root/tests/browser/node_modules/playwright-core" ] || [ ! -d "$root/tests/browser/node_modules/typescript" ]; then
        say "installing the browser suite's node modules"
        (cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

fuzz_tools() {
    if ! cargo fuzz --version >/dev/null 2>&1; then
        say "installing cargo-fuzz (about 4 minutes)"
        cargo install --locked cargo-fuzz
    fi
}

for what in "$@"; do
    case "$what" in
        build) build_tools ;;
        browser) browser_tools ;;
        fuzz) fuzz_tools ;;
        *) say "unknown set '$what' (build, browser, fuzz)"; exit 2 ;;
    esac
done
