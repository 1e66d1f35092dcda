// The page's Same Game solver on the 20 standard positions, in headless
// Chromium on the built dist/: for each position the page's Solve thinks for
// SECONDS on its workers (as many as the browser reports cores, at most 4),
// then its best line is replayed in a fresh SameGameApp in the page and must
// score what the solver claimed and end the game. Prints a Markdown table
// and the total. Not part of `make test` (20 × SECONDS per seed).
// Usage: node scripts/bench-browser.mjs [SECONDS=60] [SEED=1] [FIRST-LAST]
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { serve, launch, open } from '../tests/browser/harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.argv[2] ?? 60);
const seed = Number(process.argv[3] ?? 1);
const [first, last] = (process.argv[4] ?? '1-20').split('-').map(Number);
if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600 || !Number.isInteger(seed) || seed < 0 || !(first >= 1 && last <= 20 && first <= last)) {
  console.error('usage: node scripts/bench-browser.mjs [SECONDS 1..600] [SEED] [FIRST-LAST within 1-20]');
  process.exit(2);
}
let data = join(root, '../shared/data/samegame-standard-20.txt');
if (!existsSync(data)) data = join(root, 'crate/tests/data/samegame-standard-20.txt');
const positions = readFileSync(data, 'utf8')
  .split(/\n\s*\n/)
  .filter((p) => p.trim())
  .map((p) => p.trim().split('\n').map((row) => row.trim().split(/\s+/).map((d) => 'RGBYV'[Number(d)]).join('')).join('/'));
if (positions.length !== 20) throw new Error(`${data}: ${positions.length} positions, not 20`);

const server = await serve();
const browser = await launch();
let total = 0;
let maxMemory = 0;
console.log(`Page solver, ${seconds} s a position, seed ${seed} (\`node scripts/bench-browser.mjs ${seconds} ${seed}\`)\n`);
console.log('| position | score | cleared | workers | positions searched | largest worker wasm memory |');
console.log('|---|---|---|---|---|---|');
try {
  for (let i = first; i <= last; i++) {
    const link = `game=samegame&board=${positions[i - 1]}`;
    const { page, problems, context } = await open(browser, `${server.url}#${link}`);
    await page.evaluate((s) => { window.clearboardPage.solveSeed = s; }, seed);
    await page.getByLabel('Think for (seconds)').fill(String(seconds));
    await page.getByRole('button', { name: 'Solve' }).click();
    await page.waitForFunction(() => /\((done[^)]*)\)$/.test(document.querySelector('[data-ref="solve-progress"]').textContent), null, { timeout: (seconds + 60) * 1000, polling: 500 });
    const r = await page.evaluate((link) => {
      const run = window.clearboardPage.lastSolve;
      const app = new window.wasmBindings.SameGameApp();
      app.openLink(link);
      const m = run.best.moves;
      for (let k = 0; k < m.length; k += 2) app.click(m[k], m[k + 1]);
      const replay = { score: app.score(), over: app.isOver(), cleared: app.isOver() && app.cells().every((c) => c === 0) };
      app.free();
      return { best: run.best, workers: run.workers, nodes: run.nodes.reduce((a, b) => a + b, 0), errors: run.errors, memory: run.memory, replay };
    }, link);
    if (r.replay.score !== r.best.score || !r.replay.over || r.replay.cleared !== r.best.cleared) {
      throw new Error(`position ${i}: the line claims ${r.best.score} but replays to ${JSON.stringify(r.replay)}`);
    }
    if (r.errors.length || problems.length) throw new Error(`position ${i}: ${[...r.errors, ...problems].join('; ')}`);
    total += r.best.score;
    console.log(`| ${i} | ${r.best.score} | ${r.best.cleared} | ${r.workers} | ${r.nodes.toLocaleString('en-US')} | ${(r.memory / 2 ** 20).toFixed(0)} MiB |`);
    maxMemory = Math.max(maxMemory, r.memory);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`| **total** | **${total}** | | | | ${(maxMemory / 2 ** 20).toFixed(0)} MiB at most |`);
