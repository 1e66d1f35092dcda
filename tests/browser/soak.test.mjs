// Soak: each game on the page driven through 10,000 random inputs —
// clicks and taps on the board, keys, undo/redo, steps, hints, new games and
// links (good and bad) — with no page error, inputs that change the
// position, and memory that stops growing: the engine's wasm memory stays
// under 64 MiB and grows by at most 1 MiB between input 5,000 and input
// 10,000, and the JS heap, measured after garbage collection, by less than
// 8 MiB.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, writeMetrics } from './harness.mjs';

let server;
let browser;
const metrics = {};
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  writeMetrics({ soak: metrics });
});

const GAMES = {
  samegame: {
    start: 'game=samegame&seed=5&w=15&h=10&colors=3',
    links: ['game=samegame&seed=9&w=6&h=5&colors=3', 'game=samegame&board=RRG/GBB/GBR', 'game=samegame&w=64&h=64&colors=9&seed=2', 'game=samegame&w=-1', 'game=samegame&board=RZ'],
  },
  mayan: {
    start: 'game=mayan&level=20',
    links: ['game=mayan&level=3', 'game=mayan&level=40', 'game=mayan&n=2&board=AB/BA/A//', 'game=mayan&level=0', 'game=mayan&n=2&board=AAA////'],
  },
  lianliankan: {
    start: 'game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=3',
    links: ['game=lianliankan&w=8&h=6&kinds=12&variant=left&seed=4', 'game=lianliankan&w=24&h=12&kinds=48&variant=gather-vertical&seed=2', 'game=lianliankan&variant=none&board=AB/BA', 'game=lianliankan&w=3&h=3', 'game=lianliankan&board=A!'],
  },
};

/**
 * Runs `n` random inputs in the page (seeded), in batches of 100 with an
 * animation frame between batches (animations and timers get to run);
 * resolves with how many inputs changed the game's link and how many were
 * links tried (good and bad).
 */
async function drive(page, n, seed, links) {
  const done = { changed: 0, links: 0 };
  let s = seed;
  for (let i = 0; i < n; i += 100) {
    const batch = await page.evaluate(
      ([count, s0, linkList]) => {
        let s = s0;
        const rnd = (k) => {
          s = (s * 48271) % 2147483647;
          return s % k;
        };
        const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'u', 'r', 'h', 's', 'x', 'n', 'z', 'y'];
        let changed = 0;
        let loads = 0;
        for (let i = 0; i < count; i++) {
          const g = window.clearboardPage;
          const before = g.link();
          const r = rnd(100);
          if (r < 45) {
            const c = g.canvas.getBoundingClientRect();
            const x = c.left + rnd(Math.max(1, Math.floor(c.width)));
            const y = c.top + rnd(Math.max(1, Math.floor(c.height)));
            const opts = { bubbles: true, clientX: x, clientY: y, pointerId: 1, isPrimary: true, button: 0 };
            g.canvas.dispatchEvent(new PointerEvent('pointerdown', opts));
            g.canvas.dispatchEvent(new PointerEvent('pointerup', opts));
            g.canvas.dispatchEvent(new MouseEvent('click', opts));
          } else if (r < 80) {
            const key = keys[rnd(keys.length)];
            const target = rnd(2) ? g.canvas : document.body;
            const ctrl = (key === 'z' || key === 'y') && rnd(2) === 1;
            target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ctrlKey: ctrl }));
          } else if (r < 88) {
            g.undo();
          } else if (r < 93) {
            g.redo();
          } else if (r < 98) {
            g.step();
          } else {
            window.clearboard.load(linkList[rnd(linkList.length)]);
            loads += 1;
          }
          if (window.clearboardPage.link() !== before) changed += 1;
        }
        return new Promise((resolve) => requestAnimationFrame(() => resolve({ changed, loads, s })));
      },
      [Math.min(100, n - i), s, links],
    );
    s = batch.s;
    done.changed += batch.changed;
    done.links += batch.loads;
  }
  return done;
}

async function heap(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

for (const [id, { start, links }] of Object.entries(GAMES)) {
  test(`${id}: 10,000 random inputs, no page error, memory bounded`, async () => {
    const { page, problems, context } = await open(browser, `${server.url}#${start}`, { reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    const cdp = await context.newCDPSession(page);
    const first = await drive(page, 5000, 11, links);
    const heapMid = await heap(cdp);
    const wasmMid = await page.evaluate(() => window.__clearboardWasmBytes());
    const second = await drive(page, 5000, 23, links);
    const heapEnd = await heap(cdp);
    const wasm = await page.evaluate(() => window.__clearboardWasmBytes());
    metrics[id] = { heapMidBytes: heapMid, heapEndBytes: heapEnd, wasmMidBytes: wasmMid, wasmBytes: wasm, positionChanges: first.changed + second.changed, linkLoadsTried: first.links + second.links };
    // Bad links from `load` say so in the status line; nothing else is a problem.
    assert.deepEqual(problems, []);
    // The inputs did something: each half changed the position hundreds of times and loaded links.
    for (const half of [first, second]) {
      assert.ok(half.changed >= 300, `${half.changed} of 5,000 inputs changed the position`);
      assert.ok(half.links >= 25, `${half.links} links tried (good and bad)`);
    }
    // Memory stops growing: the wasm memory under 64 MiB and grown by at most
    // 1 MiB over the second half; the JS heap by less than 8 MiB.
    assert.ok(wasm <= 64 * 1024 * 1024, `wasm memory ${wasm} bytes`);
    assert.ok(wasm - wasmMid <= 1024 * 1024, `wasm memory ${wasmMid} → ${wasm} bytes over the second 5,000 inputs`);
    assert.ok(heapEnd - heapMid < 8 * 1024 * 1024, `JS heap ${heapMid} → ${heapEnd} bytes`);
    // The page still plays: the shown game answers and its link reopens.
    const link = await page.evaluate(() => window.clearboardPage.link());
    assert.match(link, /^game=/);
    await context.close();
  });
}
