#!/usr/bin/env bash
# Whole-process benchmarks of the judges against the seeds' own programs,
# compiled here from ../shared/seeds at run time (their code is not part of
# this repository). Prints the best of several runs for each and the ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seeds="$root/../shared/seeds"
out="$root/target/bench"
mkdir -p "$out"
bin="$root/target/release/clearboard"
[ -x "$bin" ] || (cd "$root" && cargo build --release -q)

# best_of N CMD...: the best wall time of N runs, in seconds.
best_of() {
    local n=$1; shift
    local best=
    for _ in $(seq "$n"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >/dev/null
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 $best" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
    done
    echo "$best"
}

report() { # name units t_seed t_ours
    awk -v name="$1" -v n="$2" -v a="$3" -v b="$4" 'BEGIN {
        printf "%-28s seed %8.1f ms (%6.2f us/item)   clearboard %7.1f ms (%6.2f us/item)   %5.1fx\n",
               name, a*1000, a*1e6/n, b*1000, b*1e6/n, a/b }'
}

# --- POJ 1027 (seed 001, C) ---
"$bin" gen samegame --games 20000 --seed 1 > "$out/samegame.in"
if [ -f "$seeds/001_fcb14cc378d24554.txt" ]; then
    sed -n '/^#include <stdio.h>/,$p' "$seeds/001_fcb14cc378d24554.txt" > "$out/seed-poj1027.c"
    gcc -O2 -o "$out/seed-poj1027" "$out/seed-poj1027.c" 2>/dev/null
    judge_samegame() { "$bin" judge samegame < "$out/samegame.in"; }
    seed_samegame() { "$out/seed-poj1027" < "$out/samegame.in"; }
    ts=$(best_of 5 seed_samegame)
    tc=$(best_of 5 judge_samegame)
    report "samegame, 20000 games" 20000 "$ts" "$tc"
else
    echo "samegame: ../shared/seeds not found; skipped the seed comparison"
fi

# --- mahjong (seed 002, C++) ---
"$bin" gen mahjong --size 75 --percent 33 --queries 20000 --seed 1 > "$out/mahjong.in"
if [ -f "$seeds/002_b7f1e991508ba0db.txt" ]; then
    sed -n '/^#include<bits/,$p' "$seeds/002_b7f1e991508ba0db.txt" > "$out/seed-mahjong.cpp"
    g++ -O2 -o "$out/seed-mahjong" "$out/seed-mahjong.cpp" 2>/dev/null
    judge_mahjong() { "$bin" judge mahjong < "$out/mahjong.in"; }
    seed_mahjong() { "$out/seed-mahjong" < "$out/mahjong.in"; }
    ts=$(best_of 3 seed_mahjong)
    tc=$(best_of 5 judge_mahjong)
    report "mahjong, 20000 queries" 20000 "$ts" "$tc"
else
    echo "mahjong: ../shared/seeds not found; skipped the seed comparison"
fi
