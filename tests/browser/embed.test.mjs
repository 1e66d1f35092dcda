// Embedding and present mode in a real browser: examples/embed.html served
// from one origin drives a game served (under the page's policy) from
// another — events received, commands obeyed, hostile messages ignored,
// &origin= restricting both ways — the embedded layout at 640 × 480 for
// every game, the TypeScript declarations, and present mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, open, root } from './harness.mjs';
import { serveDir } from '../../scripts/serve.mjs';

let game;
let host;
let browser;
before(async () => {
  game = await serve();
  host = await serveDir(join(root, 'examples'), 0, '127.0.0.1', null);
  // Another origin: the same loopback address on another port.
  assert.notEqual(new URL(game.url).origin, new URL(host.url).origin);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  game?.close();
  host?.close();
});

const calm = { reducedMotion: 'reduce', viewport: { width: 1100, height: 900 } };

/** Opens the example host page with the game at `link` in its frame. */
async function hostPage(link) {
  const context = await browser.newContext(calm);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${host.url}embed.html?game=${encodeURIComponent(`${game.url}#${link}`)}`);
  const frame = page.frameLocator('#game');
  return { page, frame, problems, context };
}

const received = (page) => page.evaluate(() => window.received.map((d) => ({ ...d })));
const waitFor = (page, type, n = 1) =>
  page.waitForFunction(([t, k]) => window.received.filter((d) => d.type === t).length >= k, [type, n], { timeout: 10000 });
const frameApp = (page, f) =>
  page.frames().find((fr) => fr.url().startsWith(game.url)).evaluate((src) => new Function('g', `return (${src})(g)`)(window.clearboardPage), f.toString());

test('a host page on another origin receives the events and its commands are obeyed', async () => {
  const { page, frame, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1');
  await waitFor(page, 'ready');
  let ev = await received(page);
  const ready = ev.find((d) => d.type === 'ready');
  assert.deepEqual(ready, { source: 'clearboard', type: 'ready', game: 'samegame', link: 'game=samegame&board=RRG/GBB/GBR' });
  await waitFor(page, 'height');
  assert.ok(ev.concat(await received(page)).some((d) => d.type === 'height' && d.px > 100));
  // A move in the frame: a move event with the score and the moves made.
  const canvas = frame.locator('main canvas[data-ref="board"]');
  await canvas.waitFor();
  const p = await frameApp(page, (g) => {
    const r = g.canvas.getBoundingClientRect();
    const c = g.cellCenter(0, 2);
    return { x: c.x - r.left, y: c.y - r.top };
  });
  await canvas.click({ position: p });
  await waitFor(page, 'move');
  ev = await received(page);
  let move = ev.filter((d) => d.type === 'move').at(-1);
  assert.equal(move.game, 'samegame');
  assert.equal(move.movesMade, 1);
  assert.equal(move.link, 'game=samegame&board=RRG/GBB/GBR&moves=3.1');
  assert.equal(typeof move.score, 'number');
  // Commands from the host's buttons.
  const command = async (name, n) => {
    await page.getByRole('button', { name, exact: true }).click();
    await waitFor(page, 'move', n);
    return (await received(page)).filter((d) => d.type === 'move').at(-1);
  };
  move = await command('Undo', 2);
  assert.equal(move.movesMade, 0);
  move = await command('Redo', 3);
  assert.equal(move.movesMade, 1);
  move = await command('Restart', 4);
  assert.equal(move.movesMade, 0);
  move = await command('Step', 5);
  assert.equal(move.movesMade, 1);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  // The command crosses to the frame by postMessage: poll until it lands (5 s at most).
  let shown = false;
  for (let t = 0; t < 100 && !shown; t++) {
    shown = await frameApp(page, (g) => g.ref('show-next').checked);
    if (!shown) await page.waitForTimeout(50);
  }
  assert.equal(shown, true, 'Hint shows greedy\'s next move');
  // Load: another game by link; a bad link changes nothing and says why.
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForFunction(() => window.received.some((d) => d.type === 'move' && d.game === 'mayan'));
  assert.equal(await frameApp(page, (g) => g.link()), 'game=mayan&level=3');
  const moves = async () => (await received(page)).filter((d) => d.type !== 'height').length;
  const count = await moves();
  await page.getByLabel('Link').fill('game=mayan&level=999');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await frame.locator('#message.error').waitFor();
  assert.match(await frame.locator('#message').textContent(), /levels 1 to 40/);
  assert.equal(await frameApp(page, (g) => g.link()), 'game=mayan&level=3', 'the game shown stays');
  assert.equal(await moves(), count, 'no event for a refused link');
  // The frame's own address keeps the page's parameters.
  assert.match(await frameApp(page, () => location.hash), /^#game=mayan&level=3&embed=1$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile or malformed messages are ignored: no exception, no change', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&moves=1.1&embed=1');
  await waitFor(page, 'ready');
  const before = await frameApp(page, (g) => g.link());
  const sent = await page.evaluate(() => {
    const w = document.getElementById('game').contentWindow;
    const hostile = ['undo', null, 42, [1, 2], { type: 'nonsense' }, { type: 'undo ' }, { type: 'load', link: 42 }, { type: 'load', link: 'x'.repeat(200000) }, { type: 'load' }, { type: { toString: 'undo' } }, { type: '__proto__' }, { type: 'constructor' }];
    for (const m of hostile) w.postMessage(m, '*');
    return hostile.length;
  });
  assert.equal(sent, 12, 'every hostile message was posted');
  await page.waitForTimeout(500);
  assert.equal(await frameApp(page, (g) => g.link()), before);
  assert.equal((await received(page)).filter((d) => d.type === 'move').length, 0);
  // The frame was listening all along: a good command after them is obeyed.
  await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'undo' }, '*'));
  await page.waitForFunction(() => window.received.some((d) => d.type === 'move'));
  assert.equal(await frameApp(page, (g) => g.app.moves()), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('&origin= restricts whom the game obeys and writes to', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&moves=1.1&embed=1&origin=https://puzzles.example');
  await page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
  // The frame has sent its ready and height events (to its origin only)...
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await frame().waitForFunction(() => window.clearboard?.messenger?.started && window.clearboard.messenger.lastHeight > 0);
  await page.waitForTimeout(300);
  // ...and none of them reached this host.
  assert.equal((await received(page)).length, 0, 'events go to https://puzzles.example only');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.waitForTimeout(300);
  assert.equal(await frameApp(page, (g) => g.app.moves()), 1, 'an undo from another origin is not obeyed');
  await context.close();
  // The host's own origin: obeyed.
  const ok = await hostPage(`game=samegame&board=RRG/GBB/GBR&moves=1.1&embed=1&origin=${new URL(host.url).origin}`);
  await waitFor(ok.page, 'ready');
  await ok.page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitFor(ok.page, 'move');
  assert.equal(await frameApp(ok.page, (g) => g.app.moves()), 0);
  assert.deepEqual(problems, []);
  assert.deepEqual(ok.problems, []);
  await ok.context.close();
});

test('the end of a game is an over event', async () => {
  const { page, problems, context } = await hostPage('game=lianliankan&variant=none&board=AB/AB&embed=1');
  await waitFor(page, 'ready');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitFor(page, 'over');
  const over = (await received(page)).find((d) => d.type === 'over');
  assert.equal(over.game, 'lianliankan');
  assert.equal(over.won, true);
  assert.equal(over.score, 20);
  assert.match(await page.getByRole('status').textContent(), /Solved! Score 20\./);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const link of ['game=samegame&seed=2&w=15&h=10&colors=3', 'game=mayan&level=7', 'game=lianliankan&w=16&h=9&kinds=36&seed=4']) {
  test(`embedded in a 640 × 480 frame the whole board and its controls show: ${link.split('&')[0]}`, async () => {
    const { page, problems, context } = await open(browser, `${game.url}#${link}&embed=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
    const b = await page.locator('main canvas[data-ref="board"]').boundingBox();
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= 640.5 && b.y + b.height <= 480.5, `board at ${JSON.stringify(b)}`);
    for (const name of ['Undo', 'Redo']) {
      const r = await page.getByRole('button', { name, exact: true }).first().boundingBox();
      assert.ok(r && r.y + r.height <= 480.5, `${name} in view`);
    }
    assert.equal(await page.locator('.top h1').isVisible(), false, 'no header title');
    assert.equal(await page.getByRole('combobox', { name: 'Game', exact: true }).isVisible(), false, 'no switcher');
    assert.equal(await page.locator('main .game-side').isVisible(), false, 'no side panels');
    assert.match(new URL(page.url()).hash, /&embed=1$/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('&log=1 shows the log in an embedded game', async () => {
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=2&embed=1&log=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
  await page.locator('body').press('s');
  assert.match(await page.getByRole('log', { name: 'Move log' }).textContent(), /\S/);
  assert.equal(await page.getByRole('log', { name: 'Move log' }).isVisible(), true);
  assert.equal(await page.getByLabel('Preset').isVisible(), false, 'settings stay hidden');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the bundle ships TypeScript declarations for the classes', () => {
  const dts = readFileSync(join(root, 'dist/clearboard.d.ts'), 'utf8');
  for (const name of ['class SameGameApp', 'class MayanApp', 'class LianliankanApp', 'class PathQueries', 'class SolverSession', 'tryPair(', 'export default function __wbg_init']) {
    assert.ok(dts.includes(name), `clearboard.d.ts declares ${name}`);
  }
});

test('present mode: P enters it, → steps and ← undoes, Esc leaves, &present=1 opens in it', async () => {
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=1`, calm);
  const present = page.getByRole('button', { name: 'Present', exact: true });
  const score0 = await page.locator('main [data-ref="score"]').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  await page.locator('body').press('p');
  assert.equal(await present.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), true);
  assert.match(new URL(page.url()).hash, /&present=1$/);
  const score1 = await page.locator('main [data-ref="score"]').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(score1 >= 1.5 * score0, `large score text: ${score0} → ${score1} px`);
  assert.equal(await page.getByRole('button', { name: 'Step', exact: true }).isVisible(), true);
  assert.equal(await page.getByLabel('Preset').isVisible(), false, 'settings hidden');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 2);
  assert.notEqual(await page.locator('main [data-ref="why"]').textContent(), '', 'the strategy\'s reason stays in view');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
  await page.keyboard.press('Escape');
  assert.equal(await present.getAttribute('aria-pressed'), 'false');
  assert.doesNotMatch(new URL(page.url()).hash, /present/);
  // The button, and the link.
  await present.click();
  assert.equal(await present.getAttribute('aria-pressed'), 'true');
  await present.click();
  const other = await open(browser, `${game.url}#game=mayan&level=4&present=1`, calm);
  assert.equal(await other.page.evaluate(() => document.body.classList.contains('present')), true);
  assert.equal(await other.page.getByRole('button', { name: 'Step', exact: true }).isVisible(), true, 'the Mayan step controls stay');
  await other.page.keyboard.press('ArrowRight');
  assert.equal(await other.page.evaluate(() => window.clearboardPage.app.moves()), 1);
  assert.deepEqual(other.problems, []);
  await other.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});
