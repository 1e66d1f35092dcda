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

# compare NAME UNITS JUDGE SEED_FILE FIRST_LINE COMPILER GEN_ARGS...: builds the
# seed's program from the text after FIRST_LINE and times it beside the judge.
compare() {
    local name=$1 units=$2 judge=$3 seed_file=$4 first=$5 compiler=$6
    shift 6
    "$bin" gen "$judge" "$@" > "$out/$judge.in"
    if [ ! -f "$seeds/$seed_file" ]; then
        echo "$judge: ../shared/seeds not found; skipped the seed comparison"
        return
    fi
    sed -n "/^$first/,\$p" "$seeds/$seed_file" > "$out/seed-$judge.src"
    $compiler -O2 -x "$( [ "$compiler" = gcc ] && echo c || echo c++ )" -o "$out/seed-$judge" "$out/seed-$judge.src" 2>/dev/null
    run_seed() { "$out/seed-$judge" < "$out/$judge.in"; }
    # shellcheck disable=SC2086 # judge_args is a list of words
    run_ours() { "$bin" judge "$judge" $judge_args < "$out/$judge.in"; }
    local ts tc
    ts=$(best_of 5 run_seed)
    tc=$(best_of 5 run_ours)
    report "$name" "$units" "$ts" "$tc"
}

judge_args="--threads 1"
compare "samegame, 20000 games, 1 thread" 20000 samegame 001_fcb14cc378d24554.txt '#include <stdio.h>' gcc --games 20000 --seed 1
judge_args=""
compare "samegame, 20000 games, $(nproc) threads" 20000 samegame 001_fcb14cc378d24554.txt '#include <stdio.h>' gcc --games 20000 --seed 1
compare "mahjong, 20000 queries" 20000 mahjong 002_b7f1e991508ba0db.txt '#include<bits' g++ --size 75 --percent 33 --queries 20000 --seed 1
