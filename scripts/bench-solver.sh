#!/usr/bin/env bash
# The Same Game solver on the 20 standard positions (../shared/data): per
# position scores, the total, the wall time and the peak memory, as a
# Markdown table. Usage: scripts/bench-solver.sh SECONDS THREADS [SEED]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-10}
threads=${2:-1}
seed=${3:-1}
data="$root/../shared/data/samegame-standard-20.txt"
[ -f "$data" ] || data="$root/crate/tests/data/samegame-standard-20.txt"
# CLEARBOARD_BIN: another build to measure (default: this tree's release build).
bin="${CLEARBOARD_BIN:-$root/target/release/clearboard}"
if [ -z "${CLEARBOARD_BIN:-}" ] && [ ! -x "$bin" ]; then
    (cd "$root" && cargo build --release -q)
fi
[ -x "$bin" ] || { echo "bench-solver.sh: no executable at $bin" >&2; exit 1; }
out=$(mktemp)
err=$(mktemp)
/usr/bin/time -v "$bin" solve samegame --seconds "$seconds" --threads "$threads" --seed "$seed" \
    < "$data" > "$out" 2> "$err"
echo "Command: \`clearboard solve samegame --seconds $seconds --threads $threads --seed $seed < samegame-standard-20.txt\`"
echo
echo "| position | score | cleared |"
echo "|---|---|---|"
sed -E 's/^\{"position": ([0-9]+), "score": (-?[0-9]+), "cleared": (true|false).*/| \1 | \2 | \3 |/' "$out"
total=$(sed -E 's/.*"score": (-?[0-9]+).*/\1/' "$out" | awk '{ t += $1 } END { print t }')
echo "| **total** | **$total** | |"
echo
wall=$(grep "Elapsed (wall clock)" "$err" | sed 's/.*: //')
rss=$(grep "Maximum resident set size" "$err" | sed 's/.*: //')
echo "Wall time $wall; peak memory $((rss / 1024)) MiB."
rm -f "$out" "$err"
