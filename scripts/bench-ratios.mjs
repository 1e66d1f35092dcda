// Prints clearboard-against-baseline ratios from criterion's saved estimates
// (target/criterion/<group>/<function>/new/estimates.json), one line per
// benchmark group that has both a `baseline` and a `clearboard` function.
// The ratio is of medians; the range beside it pairs the ends of the two
// 95 % confidence intervals (the least and the most favourable reading).
// Usage: node scripts/bench-ratios.mjs [criterion-dir]

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'target/criterion';
if (!existsSync(dir)) {
  console.error(`bench-ratios: ${dir} does not exist; run the criterion benchmarks first (make bench)`);
  process.exit(1);
}

function estimate(group, fn) {
  const file = join(dir, group, fn, 'new', 'estimates.json');
  if (!existsSync(file)) return null;
  const bench = JSON.parse(readFileSync(join(dir, group, fn, 'new', 'benchmark.json'), 'utf8'));
  const { median } = JSON.parse(readFileSync(file, 'utf8'));
  const per = bench.throughput?.Elements ?? 1;
  return {
    ns: median.point_estimate,
    lo: median.confidence_interval.lower_bound,
    hi: median.confidence_interval.upper_bound,
    per,
  };
}

function time(ns) {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}

let rows = 0;
for (const group of readdirSync(dir).sort()) {
  const base = estimate(group, 'baseline');
  const ours = estimate(group, 'clearboard');
  if (!base || !ours) continue;
  rows += 1;
  const ratio = base.ns / ours.ns;
  const low = base.lo / ours.hi;
  const high = base.hi / ours.lo;
  console.log(
    `${group}: baseline ${time(base.ns / base.per)}/item, clearboard ${time(ours.ns / ours.per)}/item, ` +
      `ratio ${ratio.toFixed(2)}× (${low.toFixed(2)}–${high.toFixed(2)}×)`,
  );
}
if (rows === 0) {
  console.error(`bench-ratios: no group in ${dir} has both a baseline and a clearboard estimate`);
  process.exit(1);
}
