// Embedding and present mode in a real browser: examples/embed.html served
// from one origin drives a game served (under the page's policy) from
// another — events received, commands obeyed, hostile messages ignored,
// &origin= restricting both ways — the embedded layout at 640 × 480 for
// every game, the TypeScript declarations, and present mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, root, watchedPage, failOnProblems } from './harness.mjs';
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
async function hostPage(link, options = calm) {
  const context = await browser.newContext(options);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  await page.goto(`${host.url}embed.html?game=${encodeURIComponent(`${game.url}#${link}`)}`);
  const frame = page.frameLocator('#game');
  return { page, frame, problems, context };
}

const received = (page) => page.evaluate(() => window.received.map((d) => ({ ...d })));
const heightEvents = async (page) => (await received(page)).filter((d) => d.type === 'height').map((d) => d.px);
/** Waits until no height event has come for `ms`; returns the last figure. */
async function settledHeight(page, ms = 600) {
  let n = -1;
  for (let t = 0; t < 40; t++) {
    const now = (await heightEvents(page)).length;
    if (now === n) break;
    n = now;
    await page.waitForTimeout(ms);
  }
  return (await heightEvents(page)).at(-1);
}
const waitFor = (page, type, n = 1) =>
  page.waitForFunction(([t, k]) => window.received.filter((d) => d.type === t).length >= k, [type, n], { timeout: 10000 });
const frameApp = (page, f) =>
  page.frames().find((fr) => fr.url().startsWith(game.url)).evaluate((src) => new Function('g', `return (${src})(g)`)(window.clearboardPage), f.toString());

/**
 * The host page's Step button, and a wait until the framed game has handled
 * the message (a listener added after the game's sees it after the game).
 */
async function stepFromHost(page, frame) {
  await frame.evaluate(() => {
    window.messagesSeen = 0;
    addEventListener('message', () => {
      window.messagesSeen += 1;
    });
  });
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await frame.waitForFunction(() => window.messagesSeen >= 1);
}

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
    shown = await frameApp(page, (g) => g.hinted?.length > 0 && g.hinted.join() === Array.from(g.app.greedyCluster()).join());
    if (!shown) await page.waitForTimeout(50);
  }
  assert.equal(shown, true, 'Hint outlines greedy\'s next move');
  // A one-off: the setting is not changed (it is hidden in an embed), and the next move clears the outline.
  assert.equal(await frameApp(page, (g) => g.ref('show-next').checked), false);
  assert.match(await frame.getByRole('status').textContent(), /^Hint: Greedy removes the \d+ balls outlined next/);
  // Load: another game by link; a bad link changes nothing and says why.
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForFunction(() => window.received.some((d) => d.type === 'move' && d.game === 'mayan'));
  assert.equal(await frameApp(page, (g) => g.link()), 'game=mayan&level=3');
  const moves = async () => (await received(page)).filter((d) => d.type !== 'height' && d.type !== 'error').length;
  const count = await moves();
  await page.getByLabel('Link').fill('game=mayan&level=999');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await frame.locator('#message.error').waitFor();
  assert.match(await frame.locator('#message').textContent(), /levels 1 to 40/);
  assert.equal(await frameApp(page, (g) => g.link()), 'game=mayan&level=3', 'the game shown stays');
  // No move, no over: only the error, with what the frame said.
  assert.equal(await moves(), count, 'no move event for a refused link');
  await waitFor(page, 'error');
  assert.match((await received(page)).find((d) => d.type === 'error').message, /levels 1 to 40/);
  // The frame's own address keeps the page's parameters.
  assert.match(await frameApp(page, () => location.hash), /^#game=mayan&level=3&embed=1$/);
  assert.deepEqual(problems, []);
  await context.close();
});

/** A position of each game, embedded (Same Game's with a move made). */
const EMBEDDED = {
  samegame: 'game=samegame&board=RRG/GBB/GBR&moves=1.1&embed=1',
  mayan: 'game=mayan&level=12&embed=1',
  lianliankan: 'game=lianliankan&w=8&h=6&kinds=12&variant=left&seed=2&embed=1',
};
const movesNow = (page) => frameApp(page, (g) => g.app.moves());

for (const [id, link] of Object.entries(EMBEDDED)) {
  test(`${id}: hostile or malformed messages change nothing and each gets one error event`, async () => {
    const { page, problems, context } = await hostPage(link);
    await waitFor(page, 'ready');
    const before = await frameApp(page, (g) => g.link());
    const moves0 = await movesNow(page);
    const sent = await page.evaluate(() => {
      const w = document.getElementById('game').contentWindow;
      const hostile = ['undo', 'step', null, 42, [1, 2], ['step'], { type: 'nonsense' }, { type: 'step ' }, { type: 'STEP' }, { type: 'load', link: 42 }, { type: 'load', link: 'x'.repeat(200000) }, { type: 'load' }, { type: { toString: 'step' } }, { type: '__proto__' }, { type: 'constructor' }, { type: 'toString' }, {}];
      for (const m of hostile) w.postMessage(m, '*');
      // The frame's own events sent back (a host passing every message on to its frames): no error for them, so
      // that such a host and the frame do not trade errors for ever.
      w.postMessage({ source: 'clearboard', type: 'move', link: 'game=samegame' }, '*');
      w.postMessage({ source: 'clearboard', type: 'error', command: 'x', message: 'x' }, '*');
      return hostile.length;
    });
    assert.equal(sent, 17, 'every hostile message was posted');
    await page.waitForFunction(() => window.received.filter((d) => d.type === 'error').length >= 17, null, { timeout: 10000 });
    await page.waitForTimeout(300);
    assert.equal(await frameApp(page, (g) => g.link()), before);
    assert.equal(await movesNow(page), moves0);
    assert.equal((await received(page)).filter((d) => d.type === 'move').length, 0);
    // One error event each, in order, saying what came and what a command is; the game and the position shown.
    const errors = (await received(page)).filter((d) => d.type === 'error');
    assert.equal(errors.length, 17, JSON.stringify(errors.map((e) => e.message)));
    const example = 'a command is an object such as {type: "step"} or {type: "load", link: "game=samegame&seed=3"}';
    const said = errors.map((e) => e.message);
    assert.equal(said[0], `A message from the embedding page was not a command but the string 'undo': ${example}.`);
    assert.equal(said[2], `A message from the embedding page was not a command but null: ${example}.`);
    assert.equal(said[3], `A message from the embedding page was not a command but the number 42: ${example}.`);
    assert.equal(said[4], `A message from the embedding page was not a command but an array: ${example}.`);
    assert.equal(said[6], "'nonsense' is not a command: the commands are load, undo, redo, restart, step, hint (in lower case).");
    assert.equal(said[8], "'STEP' is not a command: the commands are load, undo, redo, restart, step, hint (in lower case).");
    assert.equal(said[9], 'load needs its link as a string (the part of an address after \'#\', such as "game=samegame&seed=3"), not the number 42.');
    assert.match(said[10], /^This link could not be opened \(it is 200,000 characters long/);
    assert.equal(said[11], 'load needs its link as a string (the part of an address after \'#\', such as "game=samegame&seed=3"), not nothing.');
    assert.equal(said[12], `A message from the embedding page had an object as its type: ${example}.`);
    assert.equal(said[16], `A message from the embedding page was an object without a type: ${example}.`);
    assert.deepEqual(errors.map((e) => e.command), [null, null, null, null, null, null, 'nonsense', 'step ', 'STEP', 'load', 'load', 'load', null, '__proto__', 'constructor', 'toString', null]);
    for (const e of errors) {
      assert.equal(e.source, 'clearboard');
      assert.equal(e.game, id);
      assert.equal(e.link, before);
    }
    // The player's status line is the game's: nothing of these is said there (the 200,000-character load was).
    const status = await frameApp(page, () => document.getElementById('message').textContent);
    assert.ok(!/embedding page|is not a command|needs its link/.test(status), status);
    // At most 20 such errors in 10 s (a host answering each event with its own message would trade with the frame
    // for ever): 16 of the 17 errors so far were such (one was the load refused), so ten more strings bring four
    // more errors, not ten.
    await page.evaluate(() => { for (let i = 0; i < 10; i++) document.getElementById('game').contentWindow.postMessage(`more ${i}`, '*'); });
    await page.waitForFunction(() => window.received.filter((d) => d.type === 'error').length >= 21, null, { timeout: 10000 });
    await page.waitForTimeout(500);
    assert.equal((await received(page)).filter((d) => d.type === 'error').length, 21);
    // The frame was listening all along: a good command after them is obeyed.
    await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'step' }, '*'));
    await waitFor(page, 'move');
    assert.equal(await movesNow(page), moves0 + 1);
    const move = (await received(page)).find((d) => d.type === 'move');
    assert.equal(move.game, id);
    assert.equal(move.movesMade, moves0 + 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`${id}: &origin= restricts whom the game obeys and writes to`, async () => {
    const { page, problems, context } = await hostPage(`${link}&origin=https://puzzles.example`);
    // Nothing is even tried towards this host (Chromium warns of every message to another origin).
    const warnings = [];
    page.on('console', (m) => {
      if (/postMessage/.test(m.text())) warnings.push(m.text());
    });
    await page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
    // The frame has sent its ready and height events (to its origin only)...
    const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
    await frame().waitForFunction(() => window.clearboard?.messenger?.started && window.clearboard.messenger.lastHeight > 0);
    await page.waitForTimeout(300);
    // ...and none of them reached this host.
    assert.equal((await received(page)).length, 0, 'events go to https://puzzles.example only');
    // A site owner who named the wrong origin is told so (the browser tells the frame its parent's origin).
    const hostOrigin = new URL(host.url).origin;
    const status = () => frame().evaluate(() => document.getElementById('message').textContent);
    assert.equal(await status(), `origin: https://puzzles.example is not the origin of the page embedding this one (${hostOrigin}): its messages are not obeyed and it gets no events.`);
    const moves0 = await movesNow(page);
    await stepFromHost(page, frame());
    assert.equal(await movesNow(page), moves0, 'a step from another origin is not obeyed');
    assert.equal(await status(), `A command from ${hostOrigin} was not obeyed: this game obeys only https://puzzles.example (origin= in its address).`);
    assert.equal((await received(page)).length, 0, 'still no event reached this host');
    assert.deepEqual(warnings, []);
    await context.close();
    // The host's own origin: obeyed.
    const ok = await hostPage(`${link}&origin=${new URL(host.url).origin}`);
    await waitFor(ok.page, 'ready');
    await ok.page.getByRole('button', { name: 'Step', exact: true }).click();
    await waitFor(ok.page, 'move');
    assert.equal(await movesNow(ok.page), moves0 + 1);
    assert.deepEqual(problems, []);
    assert.deepEqual(ok.problems, []);
    await ok.context.close();
  });
}

test('a malformed &origin= is refused, said, and stays refused after a reload; a trailing slash is forgiven', async () => {
  const link = 'game=samegame&board=RRG/GBB/GBR&embed=1&origin=notanorigin';
  const { page, problems, context } = await hostPage(link);
  await page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await frame().waitForFunction(() => window.clearboard?.messenger?.started);
  assert.match(await frame().evaluate(() => document.getElementById('message').textContent), /origin: 'notanorigin' is not an origin such as https:\/\/example\.com; messages are not obeyed\./);
  assert.match(await frame().evaluate(() => location.hash), /&origin=refused$/, 'the origin stays in the address, refused');
  const moves0 = await frameApp(page, (g) => g.app.moves());
  const obeyed = async () => {
    await stepFromHost(page, frame());
    return (await frameApp(page, (g) => g.app.moves())) !== moves0;
  };
  assert.equal(await obeyed(), false, 'refused');
  // Reloaded: a new document (without the mark this one gets) has started.
  await frame().evaluate(() => {
    window.beforeReload = true;
    location.reload();
  }).catch(() => {}); // the document may go before the call answers
  await expectEventually(async () => {
    const f = frame();
    return Boolean(f) && (await f.evaluate(() => !window.beforeReload && Boolean(window.clearboard?.messenger?.started)).catch(() => false));
  });
  assert.equal(await obeyed(), false, 'still refused after a reload');
  assert.equal((await received(page)).length, 0, 'and no event reached this host');
  await context.close();
  // HTTP://HOST:port/ names the origin http://host:port (a slash at the end, any case).
  const ok = await hostPage(`game=samegame&board=RRG/GBB/GBR&embed=1&origin=${new URL(host.url).origin.toUpperCase()}/`);
  await waitFor(ok.page, 'ready');
  await ok.page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitFor(ok.page, 'move');
  assert.deepEqual(problems, []);
  assert.deepEqual(ok.problems, []);
  await ok.context.close();
});

test('an &origin= that cannot be read is refused, whatever else is wrong with the address', async () => {
  // [address, the origin obeyed ('null-origin-refused': none), how the address ends]
  const cases = [
    // Cut at 300 characters in the middle of an emoji.
    [`#game=samegame&seed=2&origin=${'a'.repeat(299)}😀`, 'null-origin-refused', /&origin=refused$/],
    // A malformed escape elsewhere: the page's own parameters still count.
    ['#game=samegame&seed=2&embed=1&origin=https://a.example&x=%zz', 'https://a.example', /&embed=1&origin=https:\/\/a\.example$/],
    // An escaped '=' or '&' is no separator: what it hides is refused, an origin most of all.
    ['#game=samegame&seed=2&origin%3Dhttps://a.example&x=%zz', 'null-origin-refused', /&origin=refused$/],
    ['#game=samegame&seed=2&x=%26origin%3Dhttps%3A%2F%2Fa.example', 'null-origin-refused', /&origin=refused$/],
    // An origin that does not decode, spelled plainly or escaped.
    ['#game=samegame&seed=2&origin=https://a.example%zz', 'null-origin-refused', /&origin=refused$/],
    ['#game=samegame&seed=2&%6Frigin=https://a.example%zz', 'null-origin-refused', /&origin=refused$/],
    // Two different origins: neither; the same one twice: a key given twice, refused too.
    ['#game=samegame&seed=2&origin=https://a.example&origin=https://b.example', 'null-origin-refused', /&origin=refused$/],
    ['#game=samegame&seed=2&origin=https://a.example&origin=https://a.example', 'null-origin-refused', /&origin=refused$/],
    // The key spelled otherwise is meant as an origin: refused, never ignored.
    ['#game=samegame&seed=2&ORIGIN=https://a.example', 'null-origin-refused', /&origin=refused$/],
    ['#game=samegame&seed=2&Origin=https://a.example&embed=1', 'null-origin-refused', /&embed=1&origin=refused$/],
    ['#game=samegame&seed=2&%20origin=https://a.example', 'null-origin-refused', /&origin=refused$/],
    ['#game=samegame&seed=2&origin%20=https://a.example&x=%zz', 'null-origin-refused', /&origin=refused$/],
    // The scheme's own port may be written.
    ['#game=samegame&seed=2&origin=https://a.example:443', 'https://a.example', /&origin=https:\/\/a\.example$/],
    ['#game=samegame&seed=2&origin=HTTP://127.0.0.1:80/', 'http://127.0.0.1', /&origin=http:\/\/127\.0\.0\.1$/],
    ['#game=samegame&seed=2&origin=https://a.example:80', 'https://a.example:80', /&origin=https:\/\/a\.example:80$/],
  ];
  for (const [hash, want, address] of cases) {
    const { page, problems, context } = await open(browser, `${game.url}${hash}`, calm);
    assert.equal(await page.evaluate(() => window.clearboard.messenger.origin), want, hash);
    assert.match(await page.evaluate(() => location.hash), address, hash);
    assert.equal(await page.evaluate(() => window.clearboardPage.constructor.id), 'samegame', hash);
    if ((hash.match(/&origin=/g) ?? []).length === 2) assert.equal(await page.getByRole('status').textContent(), 'origin: given twice; messages are not obeyed.', hash);
    if (/(^|&)(ORIGIN|Origin|%20origin)=/.test(hash)) {
      // The game opens; the message names the key.
      assert.equal(await page.evaluate(() => window.clearboardPage.link()), 'game=samegame&seed=2&w=15&h=10&colors=3', hash);
      assert.match(await page.getByRole('status').textContent(), /^origin: '\s?(ORIGIN|Origin|origin)' is not the key 'origin' \(lower case, no spaces\); messages are not obeyed\.$/, hash);
    }
    assert.deepEqual(problems, [], hash);
    await context.close();
  }
  // A switch with a value other than 1 is off, and said.
  {
    const { page, context } = await open(browser, `${game.url}#game=samegame&seed=2&present=2&embed=yes&log=1`, calm);
    assert.equal(await page.evaluate(() => window.clearboardPage.link()), 'game=samegame&seed=2&w=15&h=10&colors=3');
    assert.equal(await page.evaluate(() => [document.body.classList.contains('present'), document.body.classList.contains('embed')].join()), 'false,false');
    assert.equal(await page.getByRole('status').textContent(), "embed: 'yes' is not 1, so it is ignored. present: '2' is not 1, so it is ignored.");
    assert.match(await page.evaluate(() => location.hash), /&log=1$/);
    await context.close();
  }
  // A switch given twice is off, whatever its values, and said (as a game's key given twice is refused).
  {
    const { page, context } = await open(browser, `${game.url}#game=samegame&seed=2&present=2&present=1&log=1&log=1&embed=1`, calm);
    assert.equal(await page.evaluate(() => [document.body.classList.contains('present'), document.body.classList.contains('with-log'), document.body.classList.contains('embed')].join()), 'false,false,true');
    assert.equal(await page.getByRole('status').textContent(), 'log: given twice, so it is ignored. present: given twice, so it is ignored.');
    assert.match(await page.evaluate(() => location.hash), /seed=2&w=15&h=10&colors=3&embed=1$/);
    await context.close();
  }
  // An escaped separator does not switch a page parameter on either.
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=1%26present%3D1`, calm);
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), false);
  assert.match(await page.getByRole('status').textContent(), /escaped '&' or '='/);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Polls `check` (an async predicate) until it holds, for up to 10 s. */
async function expectEventually(check) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail('the condition did not come about in 10 s');
}

const OVER = [
  // 连连看: two pairs, cleared (10 a pair).
  { link: 'game=lianliankan&variant=none&board=AB/AB&embed=1', game: 'lianliankan', won: true, score: 20, status: /Solved! Score 20\./ },
  // 连连看 lost: ten shuffles (a game's all), then four pairs that leave no pair to join (found by a search
  // over this board's pairs; each shuffle costs 50 points). A link opening an over position sends an over
  // event after ready; then Undo, and Redo plays the last pair again: a second one.
  {
    link: 'game=lianliankan&variant=none&board=ABCA/BCAB/CABC&moves=s,s,s,s,s,s,s,s,s,s,0.0.2.0,2.1.3.1,3.0.2.2,1.0.3.2&embed=1',
    game: 'lianliankan', won: false, score: -460, status: /Game over\. Score -460\./, forward: 'Redo',
    frameSays: /No pair can be joined and no shuffle is left: the game is lost after 14 moves with -460 points\./,
  },
  // Same Game: greedy takes the two R and leaves G and B: over, not cleared, (2 − 2)² = 0 points.
  { link: 'game=samegame&board=RG/RB&embed=1', game: 'samegame', won: false, score: 0, status: /Game over\. Score 0\./ },
  // Mayan: level 1 played by its solution.
  { link: 'game=mayan&level=1&embed=1', game: 'mayan', won: true, score: null, status: /Solved!/ },
];

for (const want of OVER) {
  test(`${want.game}: the end of a game is an over event (won: ${want.won})`, async () => {
    const { page, frame, problems, context } = await hostPage(want.link);
    await waitFor(page, 'ready');
    const forward = want.forward ?? 'Step';
    const atOpen = forward === 'Redo' ? 1 : 0;
    if (atOpen) {
      await frame.locator('main canvas[data-ref="board"]').waitFor();
      assert.equal(await frameApp(page, (g) => g.app.isOver()), true, 'the link opens an over position');
      await waitFor(page, 'over');
      const types = (await received(page)).map((d) => d.type).filter((t) => t !== 'height');
      assert.deepEqual(types.slice(0, 2), ['ready', 'over'], 'ready, then over at once');
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await waitFor(page, 'move');
    }
    for (let i = 0; i < 6 && (await received(page)).filter((d) => d.type === 'over').length <= atOpen; i++) {
      await page.getByRole('button', { name: forward, exact: true }).click();
      await page.waitForTimeout(150);
    }
    await waitFor(page, 'over', 1 + atOpen);
    const overs = (await received(page)).filter((d) => d.type === 'over');
    assert.equal(overs.length, 1 + atOpen, 'one over event (after the one at opening)');
    const over = overs.at(-1);
    assert.equal(over.game, want.game);
    assert.equal(over.won, want.won);
    assert.equal(over.score, want.score);
    assert.equal(over.link, await frameApp(page, (g) => g.link()));
    assert.match(await page.getByRole('status').textContent(), want.status);
    // The frame's status line tells the player.
    if (want.frameSays) assert.match(await frame.locator('#message').textContent(), want.frameSays);
    // Undo makes it not over; playing to the end again is a second over event.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('button', { name: forward, exact: true }).click();
    await waitFor(page, 'over', 2 + atOpen);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the host snippet of docs/embedding.md, copied as it is into a page on another origin, gets the events and its command is obeyed', async () => {
  const doc = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const snippet = /Read the events on the host like this[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(snippet && /postMessage\(/.test(snippet), 'the docs show how to send a command');
  const html = `<!doctype html><title>host</title><link rel="icon" href="data:,"><iframe src="${game.url}#game=samegame&seed=3&embed=1" width="480" height="200"></iframe>
<script>window.seen = []; addEventListener('message', (e) => window.seen.push(e.data?.type));</script>
<script>${snippet}</script>`;
  // Served from a directory of its own on another origin (a page made up by the browser's routing is not on
  // the loopback network, and Chromium then refuses to frame a loopback game).
  const dir = mkdtempSync(join(tmpdir(), 'clearboard-snippet-'));
  writeFileSync(join(dir, 'snippet.html'), html);
  const site = await serveDir(dir, 0, '127.0.0.1', null);
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  await page.goto(`${site.url}snippet.html`);
  // The command the snippet sends (a step) made a move; the frame took the height the game asked for.
  await page.waitForFunction(() => window.seen.includes('ready') && window.seen.includes('move'), null, { timeout: 10000 });
  const frame = page.frames().find((f) => f.url().startsWith(game.url));
  assert.equal(await frame.evaluate(() => window.clearboardPage.app.moves()), 1);
  await page.waitForFunction(() => document.querySelector('iframe').height !== '200');
  await context.close();
  site.close();
});

test('load: an escaped link opens as in the address, an over position is news, a link refused is said in the frame and to the host (an error event)', async () => {
  const { page, frame, problems, context } = await hostPage('game=mayan&level=1&embed=1');
  await waitFor(page, 'ready');
  const load = async (link) => {
    await page.getByLabel('Link').fill(link);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
  };
  // Percent-escapes are read part by part, as in the address.
  await load('game=samegame&board=RRG%2FGBB%2FGBR');
  await expectEventually(async () => (await frameApp(page, (g) => g.link())) === 'game=samegame&board=RRG/GBB/GBR');
  // An over position, loaded after another over position: an over event each time.
  await load('game=samegame&board=R');
  await waitFor(page, 'over', 1);
  await load('game=mayan&n=1&board=A/A//A/&moves=3.0.-1');
  await load('game=samegame&board=G');
  await waitFor(page, 'over', 3);
  // …and the over position shown, loaded again: said again too (no move: the position did not change).
  await load('game=samegame&board=G');
  await waitFor(page, 'over', 4);
  const overs = (await received(page)).filter((d) => d.type === 'over').map((d) => d.link);
  assert.deepEqual(overs, ['game=samegame&board=R', 'game=mayan&n=1&board=A/A//A/&moves=3.0.-1', 'game=samegame&board=G', 'game=samegame&board=G']);
  // An escaped separator is refused, and so is a link over 100,000 characters: the frame says why.
  await load('game=samegame&seed=%33%26w%3D5');
  await expectEventually(async () => /escaped '&' or '='/.test(await frame.getByRole('status').textContent()));
  await load(`game=samegame&board=${'R'.repeat(100001)}`);
  await expectEventually(async () => /a link has at most 100,000/.test(await frame.getByRole('status').textContent()));
  assert.equal(await frameApp(page, (g) => g.link()), 'game=samegame&board=G');
  // The host hears each refusal too: what the frame said, and the position it still shows.
  const errors = async () => (await received(page)).filter((d) => d.type === 'error');
  await expectEventually(async () => (await errors()).length === 2);
  const [escaped, long] = await errors();
  assert.match(escaped.message, /^This link could not be opened \(.*escaped '&' or '='.*\)\.$/);
  assert.match(long.message, /^This link could not be opened \(it is 100,021 characters long; a link has at most 100,000\)\.$/);
  for (const e of [escaped, long]) assert.deepEqual([e.command, e.game, e.link], ['load', 'samegame', 'game=samegame&board=G']);
  assert.match(await page.getByRole('status').textContent(), /^Not loaded: This link could not be opened \(it is 100,021/);
  // `game=mayan` alone, from another game: the first level not solved yet in this browser (1 here).
  await load('game=mayan');
  await expectEventually(async () => (await frameApp(page, (g) => g.link())) === 'game=mayan&level=1');
  // A link whose move N cannot be played opens the position before it, as in the address: in the game shown
  // (a move off a Same Game board; a Mayan move past the level's n) and in another.
  for (const [link, shown, said] of [
    ['game=samegame&board=RRG/GBB/GBR&moves=1.1,9.9', 'game=samegame&board=RRG/GBB/GBR&moves=1.1', /^This link's move 2 at \(9,9\): .*; showing the position after move 1 instead\.$/],
    ['game=samegame&board=RRG/GBB/GBR&moves=1.1,1.1,1.1', 'game=samegame&board=RRG/GBB/GBR&moves=1.1', /^This link's move 2 at \(1,1\): .*; showing the position after move 1 instead\.$/],
    ['game=mayan&level=12&moves=2.0.1,3.0.-1,0.0.1', 'game=mayan&level=12&moves=2.0.1,3.0.-1', /^This link's move 3 \(0 0 1\) is past the level's 2 moves; showing the position after move 2 instead\.$/],
  ]) {
    const before = (await errors()).length;
    await load(link);
    await expectEventually(async () => said.test(await frame.getByRole('status').textContent()));
    assert.equal(await frameApp(page, (g) => g.link()), shown, link);
    await expectEventually(async () => (await errors()).length === before + 1);
    const error = (await errors()).at(-1);
    assert.match(error.message, said, link);
    assert.deepEqual([error.command, error.game, error.link], ['load', shown.slice(5, shown.indexOf('&')), shown]);
  }
  // A whole address where its link goes: what to send instead.
  {
    const before = (await errors()).length;
    await load(`${game.url}#game=mayan&level=3`);
    await expectEventually(async () => (await errors()).length === before + 1);
    assert.match((await errors()).at(-1).message, /^This link could not be opened \(link: 'http:\/\/127\.0\.0\.1:\d+\/?' is a whole address: its link is the part after '#' \('game=mayan&level=3'\)\)/);
  }
  // A link that opens says nothing of the kind.
  const count = (await errors()).length;
  await load('game=samegame&board=RG/GR');
  await expectEventually(async () => (await frameApp(page, (g) => g.link())) === 'game=samegame&board=RG/GR');
  await waitFor(page, 'height');
  assert.equal((await errors()).length, count);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an &origin= changed by the parent (the frame\'s hash) takes effect, and what the status said of the old one goes', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1&origin=zzz');
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
  await frame().waitForFunction(() => window.clearboard?.messenger?.started);
  const status = () => frame().evaluate(() => document.getElementById('message').textContent);
  assert.match(await status(), /messages are not obeyed/);
  const hostOrigin = new URL(host.url).origin;
  const setHash = (hash) => page.evaluate(([base, h]) => { document.getElementById('game').src = `${base}#${h}`; }, [game.url, hash]);
  await setHash(`game=samegame&board=RRG/GBB/GBR&embed=1&origin=${hostOrigin}`);
  await frame().waitForFunction((o) => window.clearboard.messenger.origin === o, hostOrigin);
  assert.doesNotMatch(await status(), /not obeyed/, 'the status no longer says messages are refused');
  // The host, which heard nothing before (its origin was not the one given), hears `ready` and the height now.
  await waitFor(page, 'ready');
  await waitFor(page, 'height');
  assert.deepEqual((await received(page)).find((d) => d.type === 'ready'), { source: 'clearboard', type: 'ready', game: 'samegame', link: 'game=samegame&board=RRG/GBB/GBR' });
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await waitFor(page, 'move');
  // The same origin again (with another position): no second `ready`.
  await setHash(`game=samegame&board=RG/GR&embed=1&origin=${hostOrigin}`);
  await waitFor(page, 'move', 2);
  assert.equal((await received(page)).filter((d) => d.type === 'ready').length, 1);
  // A hash without origin= keeps the one given, and the address says so (a reload obeys the same parent).
  await setHash('game=samegame&board=RRG/GBB/GBR&embed=1');
  await expectEventually(async () => (await frame().evaluate(() => location.hash)).endsWith(`&origin=${hostOrigin}`));
  assert.equal(await frame().evaluate(() => window.clearboard.messenger.origin), hostOrigin);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a frame that heard no origin= (its events to any parent) and then gets one through its address sends no second ready', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1');
  await waitFor(page, 'ready');
  const hostOrigin = new URL(host.url).origin;
  await page.evaluate(([base, h]) => { document.getElementById('game').src = `${base}#${h}`; }, [game.url, `game=samegame&seed=5&embed=1&origin=${hostOrigin}`]);
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await frame().waitForFunction((o) => window.clearboard.messenger.origin === o, hostOrigin);
  await waitFor(page, 'move');
  await page.waitForTimeout(300);
  assert.deepEqual((await received(page)).filter((d) => d.type !== 'height').map((d) => d.type), ['ready', 'move']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a page not framed: an &origin= that is refused on a hash change is kept as refused in the address, as on opening', async () => {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  await page.goto(`${game.url}#game=samegame&board=RRG/GBB/GBR`);
  await page.waitForFunction(() => window.clearboardPage?.app);
  await page.evaluate(() => { location.hash = 'game=samegame&board=RRG/GBB/GBR&origin=zzz'; });
  await page.waitForFunction(() => location.hash.endsWith('&origin=refused'));
  assert.match(await page.locator('#message').textContent(), /origin: 'zzz' is not an origin/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a page not framed follows its address: one typed without embed=1 or log=1 shows the whole page again; a frame keeps them', async () => {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  await page.goto(`${game.url}#game=mayan&level=3&embed=1&log=1`);
  await page.waitForFunction(() => window.clearboardPage?.app);
  assert.equal(await page.evaluate(() => document.body.classList.contains('embed')), true);
  // As typed into the address bar.
  await page.goto(`${game.url}#game=samegame&seed=9`);
  await page.waitForFunction(() => window.clearboardPage?.constructor.id === 'samegame' && location.hash === `#${window.clearboardPage.link()}`);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /embed|log=/);
  assert.deepEqual(await page.evaluate(() => [document.body.classList.contains('embed'), document.documentElement.classList.contains('embed'), document.body.classList.contains('with-log')]), [false, false, false]);
  await page.getByLabel('Game', { exact: true }).waitFor({ state: 'visible' });
  // Back to the embedded address: embedded again.
  await page.goBack();
  await page.waitForFunction(() => document.body.classList.contains('embed') && window.clearboardPage?.constructor.id === 'mayan');
  assert.deepEqual(problems, []);
  await context.close();

  // In a frame a parent's hash without embed=1 keeps the embed (and says so in the address).
  const host = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1');
  const frame = () => host.page.frames().find((fr) => fr.url().startsWith(game.url));
  await host.page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
  await host.page.evaluate((base) => { document.getElementById('game').src = `${base}#game=samegame&board=RRG/GBB/GRR`; }, game.url);
  await expectEventually(async () => (await frame().evaluate(() => location.hash)) === '#game=samegame&board=RRG/GBB/GRR&embed=1');
  assert.equal(await frame().evaluate(() => document.body.classList.contains('embed')), true);
  await host.context.close();
});

test('commands sent before ready (at the frame\'s load event) are obeyed once the game is shown', async () => {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  await page.goto(`${host.url}embed.html?game=${encodeURIComponent(`${game.url}#game=samegame&seed=3&embed=1`)}`);
  // A second frame whose parent posts at once, without waiting for ready.
  await page.evaluate((src) => {
    const f = document.createElement('iframe');
    f.id = 'eager';
    // What is not a command takes no place among the 100 kept (a hundred strings sent first).
    f.addEventListener('load', () => {
      for (let i = 0; i < 100; i++) f.contentWindow.postMessage('junk', '*');
      f.contentWindow.postMessage({ type: 'load', link: 'game=mayan&level=3' }, '*');
    });
    f.src = src;
    document.body.append(f);
  }, `${game.url}#game=samegame&seed=3&embed=1`);
  await expectEventually(async () => {
    const frames = page.frames().filter((fr) => fr.url().startsWith(game.url));
    const ids = await Promise.all(frames.map((fr) => fr.evaluate(() => window.clearboardPage?.constructor.id ?? null).catch(() => null)));
    return ids.includes('mayan');
  });
  assert.deepEqual(problems, []);
  await context.close();
});

for (const link of ['game=samegame&seed=1', 'game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2', 'game=mayan&level=9', 'game=mayan&level=1&moves=2.0.-1']) {
  test(`the height event does not follow the frame's height, and a frame of that height shows the whole board: ${link.split('&').slice(0, 2).join('&')}${link.includes('moves=') ? ' (over)' : ''}`, async () => {
    const { page, problems, context } = await hostPage(`${link}&embed=1`, { ...calm, viewport: { width: 700, height: 900 } });
    await waitFor(page, 'ready');
    const heights = () => heightEvents(page);
    const figure = await settledHeight(page);
    assert.equal(await page.locator('#game').getAttribute('height'), String(figure), 'the example host took the figure');
    // In a frame of that height the board is as large as the frame's width lets it be (the height it would take in any taller frame).
    const drawn = () => frameApp(page, (g) => ({ canvas: g.canvas.getBoundingClientRect().height, wanted: g.wantedBoardHeight }));
    let d = await drawn();
    assert.equal(d.canvas, d.wanted, `the whole board at its size: ${JSON.stringify(d)}`);
    // The frame made shorter or taller by the host does not change the figure (text does not scale with the frame's height).
    for (const h of [300, 1600]) {
      await page.evaluate((px) => { document.getElementById('game').height = String(px); }, h);
      await page.waitForTimeout(700);
      assert.equal(await frameApp(page, () => innerHeight), h);
      assert.equal((await heights()).at(-1), figure, `the figure after a ${h} px frame`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const width of [640, 420]) {
  test(`a Step's reason or a message that comes and goes with Undo does not shrink the frame: the height event keeps their room at that width (the host page jumped a line at every move), ${width} px`, async () => {
    const { page, problems, context } = await hostPage('game=samegame&seed=1&embed=1', { ...calm, viewport: { width, height: 900 } });
    await waitFor(page, 'ready');
    const settled = () => settledHeight(page, 500);
    const send = (type) => page.evaluate((t) => document.getElementById('game').contentWindow.postMessage({ type: t }, '*'), type);
    const start = await settled();
    const why = () => frameApp(page, (g) => g.ref('why').textContent);
    assert.equal(await why(), '', 'no reason before a Step');
    const figures = [];
    for (const type of ['step', 'undo', 'step', 'undo', 'redo', 'undo', 'step', 'step', 'step', 'undo', 'undo', 'undo', 'redo', 'hint', 'undo', 'undo']) {
      await send(type);
      figures.push([type, (await why()) !== '', await settled()]);
    }
    // The first Step's reason grows the frame; from then on the figure never shrinks, the reason or a message shown or not.
    assert.ok(figures[0][2] > start, `the reason took room: ${start} → ${JSON.stringify(figures)}`);
    for (let i = 1; i < figures.length; i++) assert.ok(figures[i][2] >= figures[i - 1][2], `no shrink at ${i}: ${JSON.stringify(figures)}`);
    assert.deepEqual(figures.slice(0, 6).map((f) => f[1]), [true, false, true, false, true, false]);
    // Another position opened measures afresh: the frame is back to the size it had.
    await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'load', link: 'game=samegame&seed=1' }, '*'));
    assert.equal(await settled(), start);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('an over position shown is said over once: an address emptied or set to its own link opens nothing, and sends no second over', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RG/GR&embed=1');
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await waitFor(page, 'over');
  const link = await frameApp(page, (g) => g.link());
  for (const hash of ['', `${link}&embed=1`]) {
    await frame().evaluate((h) => { location.hash = h; }, hash);
    await page.waitForTimeout(500);
  }
  assert.equal((await received(page)).filter((d) => d.type === 'over').length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the height event: a parent that sizes the frame from it gets the board at its full size at once, and a taller game is announced', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1&log=1');
  await waitFor(page, 'ready');
  await waitFor(page, 'height');
  const heights = () => heightEvents(page);
  const settled = () => settledHeight(page);
  // The board as the frame's width alone allows (Same Game: cells and labels).
  const board = () => frameApp(page, (g) => {
    const r = g.canvas.getBoundingClientRect();
    return { s: g.geom.s, bottom: r.bottom, inner: innerHeight, across: Math.floor(g.ref('wrap').clientWidth / (g.app.width() + 1.1)) };
  });
  const first = await settled();
  // The example host sets the frame's height from the event: one or two
  // steps, not a staircase (a figure that follows the frame's height made
  // the frame and the board shrink in turn down to 200 px, 23 px a step).
  assert.ok((await heights()).length <= 3, `height events: ${await heights()}`);
  assert.equal(await page.locator('#game').getAttribute('height'), String(first));
  let b = await board();
  assert.equal(b.s, b.across, `the board at the size the width allows: ${JSON.stringify(b)}`);
  assert.ok(b.bottom <= b.inner, `and in view: ${JSON.stringify(b)}`);
  // A board taller than that frame: the frame grows and shows it whole.
  await page.getByLabel('Link').fill('game=samegame&seed=3&w=30&h=40&colors=3');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForFunction((px) => window.received.some((d) => d.type === 'height' && d.px > px + 100), first, { timeout: 10000 });
  const tall = await settled();
  assert.equal(await page.locator('#game').getAttribute('height'), String(tall));
  b = await board();
  assert.equal(b.s, b.across, `the board at the size the width allows: ${JSON.stringify(b)}`);
  assert.ok(b.bottom <= b.inner, `the whole board in the grown frame: ${JSON.stringify(b)}`);
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

const PRESENT_TOOLS = [
  { link: 'game=samegame&seed=2&w=15&h=10&colors=3', tool: ['combobox', 'Strategy'] },
  { link: 'game=mayan&level=7', tool: ['button', 'Step'] },
  // 连连看's path query tool too (closed until opened), as in present mode outside a frame.
  { link: 'game=lianliankan&w=16&h=9&kinds=36&seed=4', tool: ['checkbox', 'Show search'], also: 'Path queries (mahjong and POJ 1101)' },
];

for (const { link, tool, also } of PRESENT_TOOLS) {
  test(`embedded in present mode the teacher's tools show with the board: ${link.split('&')[0]}`, async () => {
    const { page, problems, context } = await open(browser, `${game.url}#${link}&embed=1&present=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
    assert.deepEqual(await page.evaluate(() => ['embed', 'present'].map((c) => document.body.classList.contains(c))), [true, true]);
    const shown = page.getByRole(tool[0], { name: tool[1], exact: true });
    assert.equal(await shown.isVisible(), true, `${tool[1]} shown`);
    assert.equal(await page.getByLabel('Preset').isVisible(), false, 'settings stay hidden');
    const panel = also && page.locator('main summary', { hasText: also });
    const b = await page.locator('main canvas[data-ref="board"]').boundingBox();
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= 640.5 && b.y + b.height <= 480.5, `board in view at ${JSON.stringify(b)}`);
    assert.ok(b.height >= 150, `the board keeps its room: ${JSON.stringify(b)}`);
    if (tool[1] === 'Step') {
      // The Mayan step controls stay in view under the board, and Step steps.
      const r = await shown.boundingBox();
      assert.ok(r.y + r.height <= 480.5, `Step in view at ${JSON.stringify(r)}`);
      await shown.click();
      await page.waitForFunction(() => window.clearboardPage.app.moves() === 1);
    }
    if (also) {
      assert.equal(await panel.isVisible(), true, `${also} shown`);
      // Opened, it answers (a mahjong input: a 2 × 2 board, one query).
      await panel.click();
      await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('2 2\nX \n X\n1 1 2 2\n0 0 0 0\n');
      await page.getByRole('button', { name: 'Answer queries', exact: true }).click();
      assert.equal(await page.getByRole('log', { name: "Judge's output" }).textContent(), '2\n');
    }
    // Esc leaves present mode from the tool, which the embed then hides: the focus goes to the board.
    await shown.focus();
    await page.keyboard.press('Escape');
    assert.equal(await shown.isVisible(), false, 'hidden again out of present mode');
    if (also) assert.equal(await panel.isVisible(), false, `${also} hidden again out of present mode`);
    assert.equal(await page.evaluate(() => document.activeElement === window.clearboardPage.canvas), true, 'the focus on the board');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('连连看 embedded in present mode at 1280 × 720: the verdict, two lines of large text, stays on the screen', async () => {
  const { page, problems, context } = await open(browser, `${game.url}#game=lianliankan&w=16&h=9&kinds=36&seed=4&embed=1&present=1`, { reducedMotion: 'reduce', viewport: { width: 1280, height: 720 } });
  const verdict = page.locator('main [data-ref="verdict"]');
  await page.waitForFunction(() => /^Winnable:/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  await page.waitForTimeout(300);
  const box = await verdict.boundingBox();
  assert.ok(box.height > 40, `two lines here (${box.height} px)`);
  assert.ok(box.y + box.height <= 720.5, `the verdict ends at ${box.y + box.height}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an embedded Mayan game opened on a board being edited shows the editor, so Check and Play this can be reached', async () => {
  const { page, problems, context } = await open(browser, `${game.url}#game=mayan&level=3&edit=AB/BA/A//&edit-n=1&embed=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
  for (const name of ['Check', 'Play this']) assert.equal(await page.getByRole('button', { name, exact: true }).isVisible(), true, name);
  assert.equal(await page.getByRole('button', { name: 'Show solution', exact: true }).isVisible(), false, 'only the editor\'s panel');
  await page.getByRole('button', { name: 'Play this', exact: true }).click();
  await page.waitForFunction(() => !/&edit=/.test(window.clearboardPage.link()));
  assert.equal(await page.getByRole('button', { name: 'Check', exact: true }).isVisible(), false, 'hidden again once played');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a frame sandboxed without allow-same-origin: the games play, and what needs a worker says it cannot start one', async () => {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  const sandboxed = async (link) => {
    await page.setContent(`<iframe sandbox="allow-scripts" src="${game.url}#${link}" width="1000" height="850"></iframe>`);
    const f = () => page.frames().find((fr) => fr.url().startsWith(game.url));
    for (let t = 0; t < 100 && !(await f()?.evaluate(() => document.body.dataset.ready === 'true').catch(() => false)); t++) await page.waitForTimeout(100);
    return f();
  };
  let f = await sandboxed('game=samegame&board=RRG/GBB/GBR');
  await f.getByRole('button', { name: 'Step', exact: true }).click();
  assert.equal(await f.evaluate(() => window.clearboardPage.app.moves()), 1, 'the game plays');
  await f.getByLabel('Strategy').selectOption('solver');
  await f.getByRole('button', { name: 'Solve', exact: true }).click();
  assert.match(await f.locator('main [data-ref="solve-progress"]').textContent(), /^Solver failed: .*Worker/);
  f = await sandboxed('game=mayan&level=1');
  await f.locator('main [data-ref="noip-box"] summary').click();
  await f.getByLabel('NOIP input').fill('6\n1 2 1 0\n2 1 0\n1 2 0\n2 0\n0\n');
  await f.getByRole('button', { name: 'Load', exact: true }).click();
  assert.match(await f.locator('#message').textContent(), /n is above 5, and the judge cannot search in the background here \(.*\): Show solution searches on the page, with a smaller budget\.$/);
  await f.getByRole('button', { name: 'Show solution', exact: true }).click();
  assert.match(await f.getByRole('log', { name: "Judge's answer" }).textContent(), /\S/);
  assert.deepEqual(problems.filter((p) => p.startsWith('pageerror')), []);
  await context.close();
});

const LOGS = [
  { link: 'game=samegame&seed=2', log: 'Move log' },
  // The Mayan log is the judge's answer, shown with the solution.
  { link: 'game=mayan&level=5', log: "Judge's answer", first: 'Show solution' },
  { link: 'game=lianliankan&w=8&h=6&kinds=12&seed=2', log: 'Moves made' },
];

for (const { link, log, first } of LOGS) {
  test(`&log=1 shows the game's log in an embedded game: ${link.split('&')[0]}`, async () => {
    const { page, context } = await open(browser, `${game.url}#${link}&embed=1&log=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
    if (first) await page.getByRole('button', { name: first, exact: true }).click();
    await page.getByRole('button', { name: 'Step', exact: true }).first().click();
    await page.waitForFunction(() => window.clearboardPage.app.moves() === 1);
    const shown = page.getByRole('log', { name: log, exact: true });
    assert.equal(await shown.isVisible(), true);
    assert.match(await shown.textContent(), /\S/);
    // Only the log: no settings, no tools, and no other log.
    assert.equal(await page.getByRole('log').count(), 1);
    assert.equal(await page.getByLabel('Preset').isVisible().catch(() => false), false, 'settings stay hidden');
    await context.close();
  });
}

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
  // The teacher's tools stay: the strategy and the solver.
  for (const name of ['Strategy', 'Think for (seconds)']) assert.equal(await page.getByLabel(name).isVisible(), true, name);
  assert.equal(await page.getByRole('button', { name: 'Solve', exact: true }).isVisible(), true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 2);
  assert.notEqual(await page.locator('main [data-ref="why"]').textContent(), '', 'the strategy\'s reason stays in view');
  // The reason sits beside the board (in the side column) or under it, whichever leaves the board larger: on this
  // 1100 × 900 window (nearly 4 : 3) a wide board is larger with the side panels under it, the reason beside them
  // in one row. Both stay in view (the panels were a scroll away under the reason).
  assert.equal(await page.locator('main .game-side .present-lines [data-ref="why"]').count(), 1, 'under the board here, in the row with the panels');
  const why = await page.locator('main [data-ref="why"]').boundingBox();
  const board = await page.locator('main canvas[data-ref="board"]').boundingBox();
  assert.ok(why.y >= board.y + board.height && why.y + why.height <= 900.5, `under the board, in view: ${JSON.stringify([why, board])}`);
  for (const tool of [page.getByLabel('Strategy'), page.getByRole('button', { name: 'Solve', exact: true })]) {
    const r = await tool.boundingBox();
    assert.ok(r.y >= board.y + board.height && r.y + r.height <= 900.5 && r.x >= why.x + why.width, `a teacher's tool beside the reason, in view: ${JSON.stringify([r, why])}`);
  }
  assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight), 900, 'the page does not scroll');
  assert.ok(board.width >= 0.65 * 1100, `the board fills the width: ${JSON.stringify(board)}`);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
  // A clicker's Page Down / Page Up step and undo, from the board too (where the arrows move the cursor).
  await page.locator('main canvas[data-ref="board"]').focus();
  await page.keyboard.press('PageDown');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 2, 'Page Down on the board steps');
  await page.keyboard.press('PageUp');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1, 'Page Up on the board undoes');
  await page.locator('body').focus();
  // From a list the teacher just used, → and ← still step and undo (the list keeps its value) …
  const strategy = page.getByLabel('Strategy');
  await strategy.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 2, '→ from the Strategy list steps');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1, '← from the Strategy list undoes');
  assert.equal(await strategy.inputValue(), 'greedy', 'the list keeps its value');
  // … a number field keeps its arrows, and Esc leaves from any field.
  await page.getByLabel('Think for (seconds)').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1, 'a number field keeps →');
  // (A clicker's keys step from it all the same: a teacher who typed a time and pressed Enter had to leave it first.)
  await page.keyboard.press('PageDown');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 2, 'Page Down from a number field steps');
  await page.keyboard.press('PageUp');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1, 'Page Up from a number field undoes');
  const entries = await page.evaluate(() => history.length);
  await page.keyboard.press('Escape');
  assert.equal(await present.getAttribute('aria-pressed'), 'false');
  assert.doesNotMatch(new URL(page.url()).hash, /present/);
  // The same game, shown smaller: no new entry (Back went into present mode again).
  assert.equal(await page.evaluate(() => history.length), entries, 'leaving present mode with moves made is no new entry');
  assert.equal(await page.locator('main .game-main [data-ref="why"]').count(), 1, 'the reason back under the board');
  // The button, and the link.
  await present.click();
  assert.equal(await present.getAttribute('aria-pressed'), 'true');
  await present.click();
  const other = await open(browser, `${game.url}#game=mayan&level=4&present=1`, calm);
  assert.equal(await other.page.evaluate(() => document.body.classList.contains('present')), true);
  assert.equal(await other.page.getByRole('button', { name: 'Step', exact: true }).isVisible(), true, 'the Mayan step controls stay');
  await other.page.keyboard.press('ArrowRight');
  assert.equal(await other.page.evaluate(() => window.clearboardPage.app.moves()), 1);
  // A level picked from the list, then →: a step of that level, not the next level.
  const level = other.page.getByLabel('Level');
  await level.selectOption('5');
  await other.page.waitForFunction(() => window.clearboardPage.app.levelNumber() === 5);
  await level.focus();
  await other.page.keyboard.press('ArrowRight');
  assert.equal(await other.page.evaluate(() => window.clearboardPage.app.levelNumber()), 5, 'still level 5');
  assert.equal(await other.page.evaluate(() => window.clearboardPage.app.moves()), 1, '→ stepped');
  assert.deepEqual(other.problems, []);
  await other.context.close();
  // 连连看: its teaching views stay in present mode.
  const third = await open(browser, `${game.url}#game=lianliankan&w=8&h=6&kinds=12&seed=2&present=1`, calm);
  for (const name of ['Show all pairs', 'Show search']) assert.equal(await third.page.getByLabel(name).isVisible(), true, name);
  assert.equal(await third.page.getByLabel('Variant').isVisible(), false, 'its board settings hidden');
  assert.deepEqual(third.problems, []);
  await third.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode shows greedy\'s next move (issue 14): its outline, and the last step\'s reason with the next one; leaving puts the choice back', async () => {
  const { page, context } = await open(browser, `${game.url}#game=samegame&seed=3`, calm);
  const box = page.getByLabel('Show greedy\'s next move');
  // The colour's name the page adds after its letter ("color G (green)") left out.
  const why = async () => (await page.locator('main [data-ref="why"]').textContent()).replace(/(color [A-Z]) \([a-z ]+\)/g, '$1');
  const greedy = () => page.evaluate(() => window.clearboardPage.app.greedyReason());
  const outlined = () => page.evaluate(() => window.clearboardPage.next.length);
  assert.equal(await box.isChecked(), false, 'off by default when playing');
  assert.equal(await why(), '');
  assert.equal(await outlined(), 0);
  await page.locator('body').press('p');
  assert.equal(await box.isChecked(), true, 'on in present mode');
  assert.equal(await why(), await greedy(), 'the next move\'s reason');
  assert.ok(await outlined() >= 4, 'and its outline');
  // A Step: the reason for it, then the next move's.
  const reason = await greedy();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
  assert.equal(await why(), `Last step: ${reason} Next: ${await greedy()}`);
  await page.keyboard.press('Escape');
  assert.equal(await box.isChecked(), false, 'off again after present mode');
  assert.equal(await why(), `Last step: ${reason}`, 'the last step\'s reason alone');
  assert.equal(await page.evaluate(() => localStorage.getItem('clearboard.samegame.showNext')), null, 'present mode saved nothing');
  // Turned off by the teacher in present mode: it stays off; turned on before: it stays on after.
  await page.locator('body').press('p');
  await box.uncheck();
  await page.locator('body').press('p');
  assert.equal(await box.isChecked(), false);
  await box.check();
  await page.locator('body').press('p');
  await page.locator('body').press('p');
  assert.equal(await box.isChecked(), true, 'the player\'s own choice stays');
  // A game opened in present mode (here by a link to it from another game's present mode).
  const other = await open(browser, `${game.url}#game=mayan&level=4&present=1`, calm);
  await other.page.evaluate(() => {
    location.hash = '#game=samegame&seed=2&present=1';
  });
  await other.page.waitForFunction(() => window.clearboardPage?.app?.greedyReason);
  assert.equal(await other.page.getByLabel('Show greedy\'s next move').isChecked(), true);
  assert.ok(await other.page.evaluate(() => window.clearboardPage.next.length) >= 2);
  await other.context.close();
  await context.close();
});

test('present mode on a 1280 × 720 projector: a long explanation beside the board is set smaller and stays on the screen', async () => {
  const viewport = { width: 1280, height: 720 };
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=1&w=15&h=10&colors=3&present=1`, { ...calm, viewport });
  await page.keyboard.press('ArrowRight');
  const why = page.locator('main .game-side [data-ref="why"]');
  const size = () => why.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  const full = await size();
  assert.ok(full >= 24, `the greedy reason at ${full} px`);
  // As long as the solver's longest explanations (about 900 characters).
  const long = `Last step: Solver plan: move 3 of 41, ${'the line keeps colour B for its biggest move and removes eleven other clusters before it takes this one; '.repeat(8)}`;
  await why.evaluate((e, t) => { e.textContent = t; }, long);
  await page.waitForFunction(() => document.querySelector('main [data-ref="why"]').getBoundingClientRect().bottom <= innerHeight);
  const small = await size();
  assert.ok(small < full && small >= 14, `set smaller: ${full} → ${small} px`);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight), 'the page does not scroll');
  // A short one is at full size again.
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((f) => parseFloat(getComputedStyle(document.querySelector('main [data-ref="why"]')).fontSize) === f, full);
  // The solver's explanation, then Compare's boards above it in the side column: it is fitted again.
  await page.getByLabel('Think for (seconds)').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !window.clearboardPage.solver.running && window.clearboardPage.plan);
  await page.getByLabel('Strategy').selectOption('solver');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  assert.ok(await page.locator('main [data-ref="compare-view"]').isVisible());
  await page.waitForFunction(() => document.querySelector('main [data-ref="why"]').getBoundingClientRect().bottom <= innerHeight, null, { timeout: 5000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode at 1024 × 768: Compare\'s boards filling in above the explanation fit it again', async () => {
  const viewport = { width: 1024, height: 768 };
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=3&w=15&h=15&colors=5&present=1`, { ...calm, viewport });
  await page.getByLabel('Think for (seconds)').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !window.clearboardPage.solver.running && window.clearboardPage.plan);
  await page.getByLabel('Strategy').selectOption('solver');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.getByLabel("Show greedy's next move").check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.waitForFunction(() => /Score \d+/.test(document.querySelector('main [data-ref="compare-view"]').textContent));
  // Two frames for the boards' sizes to settle, then the explanation ends on the screen and the page does not scroll.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const geometry = () => page.evaluate(() => ({ why: document.querySelector('main [data-ref="why"]').getBoundingClientRect().bottom, page: document.scrollingElement.scrollHeight, view: innerHeight }));
  const g = await geometry();
  assert.ok(g.why <= g.view && g.page <= g.view, `the explanation ends at ${g.why}, the page is ${g.page} px, the screen ${g.view}`);
  // Not by shrinking the game's board: the long explanation (the step's and the next move's) keeps to three
  // lines' room, smaller or scrolling in its box (the board was once a 120 × 80 thumbnail here).
  const board = await page.locator('main canvas[data-ref="board"]').boundingBox();
  assert.ok(board.width >= 0.4 * viewport.width, `the board ${Math.round(board.width)} × ${Math.round(board.height)}`);
  // Leaving present mode, the comparison's boards fit the narrower column again: in view, side by side.
  await page.keyboard.press('Escape');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const boxes = await page.locator('main [data-ref="compare-view"] canvas').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().toJSON()));
  assert.equal(boxes.length, 2);
  assert.ok(boxes.every((b) => b.right <= viewport.width + 0.5) && boxes[0].right <= boxes[1].left, JSON.stringify(boxes));
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode at 1024 × 768 with the solver\'s plan: its long explanation of a step is shown whole and in view, at 16 px or more, and does not shrink the board', async () => {
  const viewport = { width: 1024, height: 768 };
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=3`, { ...calm, viewport });
  await page.getByLabel('Strategy').selectOption('solver');
  await page.getByLabel('Think for (seconds)').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !window.clearboardPage.solver.running && window.clearboardPage.plan);
  await page.locator('body').press('p');
  await page.evaluate(() => document.activeElement.blur());
  const measure = () => page.evaluate(() => {
    const b = document.querySelector('main canvas[data-ref="board"]').getBoundingClientRect();
    const why = document.querySelector('main [data-ref="why"]');
    return { w: b.width, h: b.height, whyBottom: why.getBoundingClientRect().bottom, why: why.textContent, whyFont: parseFloat(getComputedStyle(why).fontSize), scrolls: why.scrollHeight > why.clientHeight + 1, page: document.scrollingElement.scrollHeight };
  });
  const before = await measure();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await measure();
  assert.match(after.why, /^Last step: Solver plan: move 2 of \d+: .* Next: move 3 of/);
  assert.ok(after.w >= before.w - 1 && after.h >= before.h - 1, `the board ${JSON.stringify([before, after])}`);
  assert.ok(after.whyBottom <= viewport.height && after.page <= viewport.height, `the explanation ends at ${after.whyBottom} px, in view (the page ${after.page} px)`);
  // Whole: it was cut to three lines' box at 16 px under the board here, scrolling in it, with the screen's bottom empty.
  assert.equal(after.scrolls, false, `the explanation is shown whole: ${JSON.stringify(after)}`);
  assert.ok(after.whyFont >= 16, `the explanation at ${after.whyFont} px`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode on a 1280 × 720 projector: Compare\'s two boards take half the width, large enough for a class to follow', async () => {
  const viewport = { width: 1280, height: 720 };
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=5&w=15&h=10&colors=3&present=1`, { ...calm, viewport });
  await page.getByLabel('Think for (seconds)').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !window.clearboardPage.solver.running && window.clearboardPage.plan);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const widths = await page.locator('main [data-ref="compare-view"] canvas').evaluateAll((cs) => cs.map((c) => Math.round(c.getBoundingClientRect().width)));
  assert.equal(widths.length, 2);
  for (const w of widths) assert.ok(w >= 250, `boards of ${widths.join(' and ')} px`);
  // The game's board stays whole on the screen beside them, and the page does not scroll.
  const g = await page.evaluate(() => ({ board: document.querySelector('main canvas[data-ref="board"]').getBoundingClientRect().bottom, page: document.scrollingElement.scrollHeight, view: innerHeight }));
  assert.ok(g.board <= g.view && g.page <= g.view, JSON.stringify(g));
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode on a phone with the solver\'s long explanation: the board keeps its room, the explanation scrolls in its box', async () => {
  const viewport = { width: 390, height: 844 };
  const { page, problems, context } = await open(browser, `${game.url}#game=samegame&seed=3&w=15&h=15&colors=5&present=1`, { ...calm, viewport });
  await page.getByLabel('Think for (seconds)').fill('1');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => !window.clearboardPage.solver.running && window.clearboardPage.plan);
  await page.getByLabel('Strategy').selectOption('solver');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.getByRole('button', { name: 'Step', exact: true }).scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollTo(0, 0));
  const why = page.locator('main [data-ref="why"]');
  assert.match(await why.textContent(), /Solver plan: move 1 of \d+/);
  const inView = async (locator, what) => {
    const r = await locator.boundingBox();
    assert.ok(r && r.y >= 0 && r.y + r.height <= viewport.height + 0.5 && r.x + r.width <= viewport.width + 0.5, `${what} in view: ${JSON.stringify(r)}`);
    return r;
  };
  const board = await inView(page.locator('main canvas[data-ref="board"]'), 'the board');
  // 15 columns of at least 18 px: the board is not squeezed to make room for the explanation.
  assert.ok(board.width >= 15 * 18, `board ${Math.round(board.width)} px wide`);
  await inView(page.getByRole('button', { name: 'Step', exact: true }), 'Step');
  await inView(why, 'the explanation\'s box');
  // At a phone's present size, in a box of at most a third of the screen (it scrolls when longer).
  assert.ok(await why.evaluate((e) => parseFloat(getComputedStyle(e).fontSize) >= 18 && e.clientHeight <= innerHeight / 3 + 1 && getComputedStyle(e).overflowY === 'auto'), 'the explanation\'s box');
  assert.deepEqual(problems, []);
  await context.close();
});

test('another site imports the engine as an ES module across origins (CORS), and without CORS it cannot', async () => {
  // examples/module.html on the host's origin imports clearboard.js from the game's server.
  const { page, problems, context } = await hostModule(game.url);
  assert.equal(await page.getByRole('status').textContent(), 'done', await page.getByRole('log').textContent());
  const r = await page.evaluate(() => window.results);
  assert.equal(r['samegame click'], true);
  assert.match(r.samegame.link, /^game=samegame&board=RRG\/GBB\/GBR&moves=/);
  assert.equal(r.samegame.over, true);
  assert.deepEqual(r.lianliankan, { pairs: 72, won: true, winnable: 'yes' });
  assert.equal(r.mayan.solved, true);
  assert.match(r['bad link'], /\S/, 'a bad link is an Error with a message');
  assert.notEqual(r['bad link'], 'accepted');
  assert.deepEqual(problems, []);
  await context.close();
  // The same bundle from a server that sends no Access-Control-Allow-Origin: the import is refused.
  const closed = await serveDir(join(root, 'dist'), 0, '127.0.0.1', null, false);
  try {
    const refused = await hostModule(closed.url, { expectProblems: true });
    assert.match(await refused.page.getByRole('status').textContent(), /could not be loaded/);
    assert.ok(refused.problems.some((p) => /CORS|Access-Control-Allow-Origin/.test(p)), refused.problems.join('\n'));
    await refused.context.close();
  } finally {
    closed.close();
  }
});

/** examples/module.html with the engine of `engineUrl`, once its status has settled. */
async function hostModule(engineUrl, { expectProblems = false } = {}) {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  if (!expectProblems) failOnProblems(context, problems);
  await page.goto(`${host.url}module.html?engine=${encodeURIComponent(engineUrl)}`);
  await page.waitForFunction(() => document.getElementById('status').textContent !== 'Loading the engine…', null, { timeout: 20000 });
  return { page, problems, context };
}

test('the bundle works from a sub-path of a site', async () => {
  // The whole repository served: the game lives under /dist/.
  const site = await serveDir(root);
  try {
    const { page, context } = await open(browser, `${site.url}dist/index.html#game=lianliankan&w=8&h=6&kinds=12&seed=3&embed=1`, calm);
    assert.equal(await page.evaluate(() => window.clearboardPage.link()), 'game=lianliankan&w=8&h=6&kinds=12&variant=none&seed=3');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
    await context.close();
  } finally {
    site.close();
  }
});

test('a third-party frame with storage blocked: every game plays, settings change, nothing is kept', async () => {
  const context = await browser.newContext(calm);
  const { page, problems } = await watchedPage(context);
  failOnProblems(context, problems);
  // Storage throws in the game's frame, as in a browser that blocks third-party storage.
  await page.addInitScript(() => {
    if (window === window.top) return;
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto(`${host.url}embed.html?game=${encodeURIComponent(`${game.url}#game=samegame&seed=2&w=6&h=5&colors=3&embed=1`)}`);
  await waitFor(page, 'ready');
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  assert.equal(await frame().evaluate(() => { try { localStorage.length; return 'readable'; } catch (e) { return e.name; } }), 'SecurityError');
  for (const [link, n] of [['game=samegame&board=RRG/GBB/GBR', 1], ['game=mayan&level=2', 2], ['game=lianliankan&w=8&h=6&kinds=12&variant=down&seed=4', 3]]) {
    await page.getByLabel('Link').fill(link);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await waitFor(page, 'move', 2 * n - 1);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await waitFor(page, 'move', 2 * n);
    assert.equal(await frame().evaluate(() => window.clearboardPage.app.moves()), 1, link);
  }
  // Settings still change for the visit (the page's own control, which an embed hides), and are not kept.
  const palette = () => frame().evaluate(async () => (await import(new URL('www/core/settings.js', document.baseURI).href)).paletteName());
  assert.equal(await palette(), 'okabe-ito');
  await frame().evaluate(() => {
    const s = document.getElementById('palette');
    s.value = 'vivid';
    s.dispatchEvent(new Event('change'));
  });
  assert.equal(await palette(), 'vivid', 'the page took the new palette');
  await page.reload();
  await waitFor(page, 'ready');
  assert.equal(await palette(), 'okabe-ito', 'nothing was kept');
  assert.deepEqual(problems, []);
  await context.close();
});

const PRESENT = [
  { link: 'game=samegame&seed=1', explain: 'why' },
  { link: 'game=mayan&level=9', explain: 'why' },
  { link: 'game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2', explain: 'why' },
];

for (const { link, explain } of PRESENT) {
  test(`present mode on a phone keeps the board, Step and the reason in one screen: ${link.split('&')[0]}`, async () => {
    const viewport = { width: 390, height: 844 };
    const { page, context } = await open(browser, `${game.url}#${link}&present=1`, { reducedMotion: 'reduce', viewport });
    const settled = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settled();
    const before = await page.locator('main canvas[data-ref="board"]').boundingBox();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
    // (The board is fitted a frame or two after a line changes.)
    await settled();
    // The explanation's room is kept from the start: the first step's reason does not shrink the board (Mayan's did).
    assert.deepEqual(await page.locator('main canvas[data-ref="board"]').boundingBox(), before, 'the board after the first step');
    const inView = async (locator, what) => {
      const r = await locator.boundingBox();
      assert.ok(r && r.y >= 0 && r.y + r.height <= viewport.height + 0.5 && r.x + r.width <= viewport.width + 0.5, `${what} in view: ${JSON.stringify(r)}`);
    };
    await inView(page.locator('main canvas[data-ref="board"]'), 'the board');
    await inView(page.getByRole('button', { name: 'Step', exact: true }).first(), 'Step');
    await inView(page.locator(`main [data-ref="${explain}"]`), 'the reason');
    // The board keeps the phone's width (the Mayan board was squeezed under its step panel, 183 of 390 px).
    const board = await page.locator('main canvas[data-ref="board"]').boundingBox();
    assert.ok(board.width >= 0.7 * viewport.width, `the board ${Math.round(board.width)} px wide`);
    await context.close();
  });

  test(`present mode on an 800 × 600 projector: the board, Step and the reason in the screen, steps move nothing: ${link.split('&')[0]}`, async () => {
    const viewport = { width: 800, height: 600 };
    // (A Mayan level of four moves: its result, after the last, is a longer message that may take another line.)
    const { page, context } = await open(browser, `${game.url}#${link.replace('level=9', 'level=25')}&present=1`, { reducedMotion: 'reduce', viewport });
    const board = page.locator('main canvas[data-ref="board"]');
    const settled = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settled();
    const before = await board.boundingBox();
    const inView = async (locator, what) => {
      const r = await locator.boundingBox();
      assert.ok(r && r.y >= 0 && r.y + r.height <= viewport.height + 0.5 && r.x + r.width <= viewport.width + 0.5, `${what} in view: ${JSON.stringify(r)}`);
      return r;
    };
    for (let n = 1; n <= 2; n++) {
      await page.getByRole('button', { name: 'Step', exact: true }).first().click();
      await page.waitForFunction((n) => window.clearboardPage.app.moves() === n, n);
      await settled();
      // Three lines of reason kept from the start (the first Step shrank each board by 10–15 %).
      assert.deepEqual(await board.boundingBox(), before, `the board after Step ${n}`);
    }
    await inView(board, 'the board');
    await inView(page.getByRole('button', { name: 'Step', exact: true }).first(), 'Step');
    await inView(page.locator(`main [data-ref="${explain}"]`), 'the reason');
    // The larger of the two layouts: the tall Mayan board with its solution's panel beside it (one column put the
    // panel under it and left the board 257 px wide), the wide boards over the whole width (beside the panels they
    // were 387 px wide).
    const b = await board.boundingBox();
    assert.ok(b.height >= 0.55 * viewport.height || b.width >= 0.6 * viewport.width, `board ${Math.round(b.width)} × ${Math.round(b.height)}`);
    await context.close();
  });

  test(`present mode entered with P shows the board as &present=1 opens it, at 1024 × 768 and 800 × 600: ${link.split('&')[0]}`, async () => {
    for (const viewport of [{ width: 1024, height: 768 }, { width: 800, height: 600 }]) {
      const board = async (page) => {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        return page.locator('main canvas[data-ref="board"]').boundingBox();
      };
      const opened = await open(browser, `${game.url}#${link}&present=1`, { reducedMotion: 'reduce', viewport });
      const want = await board(opened.page);
      await opened.context.close();
      const { page, context } = await open(browser, `${game.url}#${link}`, { reducedMotion: 'reduce', viewport });
      await page.keyboard.press('p');
      await page.waitForFunction(() => document.body.classList.contains('present'));
      // (The layouts tried on the way kept their rooms: 连连看's Classic board was 630 × 385 here, not 648 × 396.)
      assert.deepEqual(await board(page), want, `${viewport.width} × ${viewport.height}`);
      await context.close();
    }
  });

  test(`present mode entered with P after two Steps shows the board as its address opened with &present=1 does, at 1024 × 768: ${link.split('&')[0]}`, async () => {
    const viewport = { width: 1024, height: 768 };
    const board = async (page) => {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
      return page.locator('main canvas[data-ref="board"]').boundingBox();
    };
    const { page, context } = await open(browser, `${game.url}#${link}`, { reducedMotion: 'reduce', viewport });
    const step = page.getByRole('button', { name: 'Step', exact: true }).first();
    // (Outside present mode the Mayan answer's Step waits for Show solution.)
    if (await step.isDisabled()) await page.getByRole('button', { name: 'Show solution', exact: true }).click();
    for (let n = 1; n <= 2; n++) {
      await step.click();
      await page.waitForFunction((n) => window.clearboardPage.app.moves() === n, n);
    }
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    const entered = await board(page);
    await page.waitForFunction(() => location.hash === `#${window.clearboardPage.link()}&present=1`);
    const address = await page.evaluate(() => location.hash);
    await context.close();
    const opened = await open(browser, `${game.url}${address}`, { reducedMotion: 'reduce', viewport });
    // (连连看's Step reason, four lines in the row under the board, made that layout measure smaller: entered with P
    // after a Step, the board was 612 × 374 beside the panels, 648 × 396 under them as the address opens it.)
    assert.deepEqual(entered, await board(opened.page));
    await opened.context.close();
  });

  test(`present mode through a window resized from a projector to a phone's sizes and back shows the board as each size opens it, with no page error: ${link.split('&')[0]}`, async () => {
    const sizes = [[1024, 768], [844, 390], [1024, 768], [800, 600], [390, 844], [844, 390], [1024, 768]];
    const board = async (page) => {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
      return page.locator('main canvas[data-ref="board"]').boundingBox();
    };
    const want = {};
    for (const [width, height] of sizes) {
      const key = `${width} × ${height}`;
      if (want[key]) continue;
      const fresh = await open(browser, `${game.url}#${link}&present=1`, { reducedMotion: 'reduce', viewport: { width, height } });
      want[key] = await board(fresh.page);
      await fresh.context.close();
    }
    // (open fails the test on any page error when its context closes: 连连看's row of lines went with the row from
    // 1024 × 768 straight to 844 × 390, the readout lost — "Failed to set the 'ariaDescribedByElements' property" —
    // and the board kept the projector's size, running off the screen.)
    const { page, context } = await open(browser, `${game.url}#${link}`, { reducedMotion: 'reduce', viewport: { width: 1024, height: 768 } });
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      assert.deepEqual(await board(page), want[`${width} × ${height}`], `${width} × ${height}`);
      assert.equal(await page.locator('main [data-ref="readout"]').count(), 1, 'the readout is on the page');
    }
    await context.close();
  });

  // 1024 × 768: a 4 : 3 classroom projector, where a wide board fills more of the screen with the side panels under it.
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    test(`present mode fills the screen: ${link.split('&')[0]} at ${viewport.width} × ${viewport.height}`, async () => {
      const { page, context } = await open(browser, `${game.url}#${link}&present=1`, { reducedMotion: 'reduce', viewport });
      assert.equal(await page.evaluate(() => document.body.classList.contains('present')), true);
      assert.equal(await page.getByRole('button', { name: 'Present', exact: true }).getAttribute('aria-pressed'), 'true');
      const b = await page.locator('main canvas[data-ref="board"]').boundingBox();
      // The board is the screen's: at least 60 % of its height or 70 % of its width, and wholly in view — on a 4 : 3
      // projector half its height or three fifths of its width, the teacher's panels in view with it (below).
      const [tall, wide] = viewport.width / viewport.height < 1.4 ? [0.5, 0.6] : [0.6, 0.7];
      assert.ok(b.height >= tall * viewport.height || b.width >= wide * viewport.width, `board ${Math.round(b.width)} × ${Math.round(b.height)}`);
      // The teacher's panels (the step controls' panel, the strategy, the teaching views), whole in the screen.
      for (const panel of await page.locator('main .game-side .panel:visible').all()) {
        const r = await panel.boundingBox();
        assert.ok(r.y >= 0 && r.y + r.height <= viewport.height + 0.5, `a teacher's panel in view: ${JSON.stringify(r)}`);
      }
      assert.ok(await page.locator('main .game-side .panel:visible').count() >= 1, 'a teacher\'s panel shows');
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 && b.y + b.height <= viewport.height + 0.5, `board at ${JSON.stringify(b)}`);
      for (const name of ['Step', 'Undo']) {
        const r = await page.getByRole('button', { name, exact: true }).first().boundingBox();
        assert.ok(r && r.y + r.height <= viewport.height + 0.5, `${name} in view`);
      }
      // Large text: the score, and the explanation once a move is made (→ steps).
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 1);
      const size = (name) => page.locator(`main [data-ref="${name}"]`).evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      // (The page's text scales a little with the window: 27 px for the score at 1024 × 768.)
      const small = viewport.width < 1280 ? 2 : 0;
      assert.ok((await size('score')) >= 28 - small, `score ${await size('score')} px`);
      // The status message is read by the class too (it was the page's 15 px).
      const message = await page.locator('#message').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      assert.ok(message >= 19, `the status message at ${message} px`);
      assert.ok((await size(explain)) >= 24 - small, `${explain} ${await size(explain)} px`);
      // The strategy's reason for the move stays in view.
      const reason = page.locator(`main [data-ref="${explain}"]`);
      assert.match(await reason.textContent(), /\S/, 'a reason for the step');
      const rb = await reason.boundingBox();
      assert.ok(rb && rb.y + rb.height <= viewport.height + 0.5, `the reason in view: ${JSON.stringify(rb)}`);
      await page.keyboard.press('ArrowLeft');
      assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 0);
      // Back at the start no step has a reason: the other games say how to go on, Same Game (where
      // present mode shows greedy's next move) gives the next move's reason.
      if (link.startsWith('game=samegame')) assert.match(await reason.textContent(), /^Greedy takes \d+ balls/, 'no stale reason after ←');
      else assert.equal(await reason.textContent(), 'Back at the start: → steps.', 'no stale reason after ←');
      // On the board itself the arrows move the cursor, not the game.
      await page.evaluate(() => window.clearboardPage.focusBoard());
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => window.clearboardPage.app.moves()), 0, 'an arrow on the board does not step');
      await page.locator('body').focus();
      await page.evaluate(() => document.activeElement.blur());
      await page.keyboard.press('Escape');
      assert.equal(await page.evaluate(() => document.body.classList.contains('present')), false);
      assert.doesNotMatch(new URL(page.url()).hash, /present/);
      await context.close();
    });
  }
}

test('embedded, the lines under the board changing raise no error on the window (no ResizeObserver loop), and a result box shown again after Undo and Redo is brought into view', async () => {
  // The harness records errors reported on the window: closing the context checks there were none.
  const { page, context } = await open(browser, `${game.url}#game=mayan&level=3&embed=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
  await page.locator('main canvas[data-ref="board"]').focus();
  const overlayBottom = () => page.locator('main [data-ref="overlay"]').evaluate((o) => (o.hidden ? null : o.getBoundingClientRect().bottom));
  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  for (const key of ['h', 's', 'u', 'r']) {
    await page.keyboard.press(key);
    await page.waitForFunction(() => !window.clearboardPage.anim);
    await settle();
    const bottom = await overlayBottom();
    if (key === 'u') assert.equal(bottom, null, 'no box after Undo');
    if (key === 's' || key === 'r') assert.ok(bottom !== null && bottom <= 480.5, `after ${key}: the box's bottom at ${bottom} in a 480 px frame`);
  }
  await context.close();
});

for (const link of ['game=lianliankan&w=8&h=6&kinds=12&seed=2', 'game=lianliankan&w=16&h=9&kinds=36&seed=4', 'game=samegame&seed=2&w=15&h=10&colors=3', 'game=mayan&level=7']) {
  test(`embedded, a frame resized and set back shows the board as the same frame opened afresh: ${link.split('&').slice(0, 2).join('&')}`, async () => {
    for (const [w, h] of [[480, 360], [320, 400]]) {
      const { page, context } = await open(browser, `${game.url}#${link}&embed=1`, { reducedMotion: 'reduce', viewport: { width: w, height: h } });
      const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
      // 连连看's verdict comes a moment after the board: the size is read once it is shown.
      await page.waitForFunction(() => !/checking/.test(document.querySelector('main [data-ref="verdict"]')?.textContent ?? ''));
      await settle();
      const state = () => page.evaluate(() => ({ s: window.clearboardPage.geom.s, overflow: document.scrollingElement.scrollHeight - innerHeight }));
      const fresh = await state();
      assert.ok(fresh.overflow <= 0, `${w} × ${h}: nothing below the frame's edge when opened: ${JSON.stringify(fresh)}`);
      await page.setViewportSize({ width: w, height: h + 1 });
      await settle();
      await page.setViewportSize({ width: w, height: h });
      await settle();
      const back = await state();
      assert.deepEqual(back, fresh, `${w} × ${h}: resized to ${h + 1} px and back`);
      await context.close();
    }
  });
}

for (const link of ['game=mayan&level=1', 'game=lianliankan&board=AA&variant=none', 'game=samegame&board=RRG/GBB/GBR&moves=1.1,1.2']) {
  test(`a game ending in a small frame brings its result into view in the frame without scrolling the host page: ${link.split('&')[0]}`, async () => {
    const { page, problems, context } = await hostPage(`${link}&embed=1`);
    await waitFor(page, 'ready');
    // A host with content above and below a frame of fixed size (it does not follow the height event).
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '#game { width: 320px !important; height: 400px !important; }';
      document.head.append(style);
      const spacer = (px) => Object.assign(document.createElement('div'), { style: `height: ${px}px` });
      const f = document.getElementById('game');
      f.before(spacer(500));
      f.after(spacer(1500));
      scrollTo(0, 0);
    });
    const frame = page.frames().find((fr) => fr.url().startsWith(game.url));
    await frame.waitForFunction(() => innerWidth === 320 && innerHeight === 400);
    await page.waitForTimeout(300);
    await page.evaluate(() => document.getElementById('game').contentWindow.postMessage({ type: 'step' }, '*'));
    await waitFor(page, 'over');
    // The frame brings the box into view a frame or two after it is shown.
    await frame.waitForFunction(() => {
      const o = document.querySelector('main [data-ref="overlay"]');
      return o && !o.hidden && o.getBoundingClientRect().bottom <= innerHeight + 0.5;
    });
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => scrollY), 0, 'the host page did not move');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const link of ['game=mayan&level=30', 'game=lianliankan&w=8&h=6&kinds=12&seed=5', 'game=lianliankan&w=16&h=9&kinds=36&seed=5']) {
  test(`embedded in a 640 × 480 frame, the result box put under the board shows whole without scrolling: ${link.split('&').slice(0, 2).join('&')}`, async () => {
    const { page, problems, context } = await open(browser, `${game.url}#${link}&embed=1`, { reducedMotion: 'reduce', viewport: { width: 640, height: 480 } });
    await page.locator('main canvas[data-ref="board"]').focus();
    for (let i = 0; i < 80 && !(await page.evaluate(() => window.clearboardPage.app.isOver?.() ?? window.clearboardPage.app.isWon())); i++) {
      await page.keyboard.press('s');
      await page.waitForFunction(() => !window.clearboardPage.anim);
    }
    const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
    // (连连看's box waits for the last pair's path, shown without motion for half a second.)
    await page.waitForFunction(() => !document.querySelector('main [data-ref="overlay"]').hidden, null, { timeout: 5000 }).catch(() => {});
    await settle();
    const at = await page.evaluate(() => {
      const o = document.querySelector('main [data-ref="overlay"]');
      return { shown: !o.hidden, outside: o.classList.contains('outside'), bottom: o.getBoundingClientRect().bottom, scrollY, overflow: document.scrollingElement.scrollHeight - innerHeight, status: document.getElementById('message').getBoundingClientRect().top };
    });
    assert.ok(at.shown, 'the game is over');
    assert.ok(at.bottom <= 480.5 && at.scrollY === 0 && at.overflow <= 0 && at.status >= 0, `the box whole and the page unscrolled: ${JSON.stringify(at)}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a command refused from the wrong origin is said, and what was said goes when the parent gives its own origin', async () => {
  const { page, problems, context } = await hostPage('game=samegame&board=RRG/GBB/GBR&embed=1&origin=https://puzzles.example');
  const frame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
  await page.frameLocator('#game').locator('main canvas[data-ref="board"]').waitFor();
  await frame().waitForFunction(() => window.clearboard?.messenger?.started);
  const status = () => frame().evaluate(() => document.getElementById('message').textContent);
  await stepFromHost(page, frame());
  assert.match(await status(), /^A command from http:\/\/127\.0\.0\.1:\d+ was not obeyed: this game obeys only https:\/\/puzzles\.example/);
  const hostOrigin = new URL(host.url).origin;
  await page.evaluate(([base, h]) => { document.getElementById('game').src = `${base}#${h}`; }, [game.url, `game=samegame&board=RRG/GBB/GBR&embed=1&origin=${hostOrigin}`]);
  await frame().waitForFunction((o) => window.clearboard.messenger.origin === o, hostOrigin);
  assert.doesNotMatch(await status(), /not obeyed|not the origin/, 'the status no longer says commands are refused');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a frame out of view sends the height of a position loaded there at once; keys that scroll never move the host page; embed=1 given twice is off in a frame too', async () => {
  // Out of view (a long host page), a frame of another origin gets no rendering steps from Chromium: its resize
  // observer and the board's fit waited until it was scrolled to, and the frame then grew under the reader's eyes.
  {
    const { page, problems, context } = await hostPage('game=samegame&seed=3&embed=1');
    await waitFor(page, 'ready');
    const first = await settledHeight(page);
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      document.getElementById('game').before(spacer);
      scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    assert.ok(await page.evaluate(() => document.getElementById('game').getBoundingClientRect().top > innerHeight), 'the frame is out of view');
    const n = (await heightEvents(page)).length;
    await page.evaluate((origin) => document.getElementById('game').contentWindow.postMessage({ type: 'load', link: 'game=mayan&level=12' }, origin), new URL(game.url).origin);
    await page.waitForFunction(([k, px]) => window.received.filter((d) => d.type === 'height').length > k && window.received.at(-1).px > px + 100, [n, first], { timeout: 3000 });
    assert.ok(await page.evaluate(() => document.getElementById('game').getBoundingClientRect().top > innerHeight), 'still out of view');
    // 连连看's verdict comes after the move (a lost one with its rescue button, two lines taller): its height is sent
    // out of view too, so the frame does not grow when it is scrolled to.
    const lost = 'game=lianliankan&w=16&h=9&kinds=36&variant=none&seed=3&moves=2.0.7.0,2.5.2.6,4.6.4.7,10.8.15.8,6.0.8.0,10.1.11.1,10.0.10.2,2.1.6.1,14.0.2.2,15.1.15.7,15.3.14.7,14.3.13.7,7.4.8.4,6.4.8.5,5.4.9.5,0.8.11.8,3.7.3.8,11.7.14.8,11.0.2.3,5.0.11.2,0.0.11.3,3.1.2.4,1.1.1.4,0.4.1.5,12.3.11.4,1.0.2.7,15.0.2.8,0.1.15.2,1.3.5.7,0.5.6.7,12.2.11.5,9.0.13.2,13.3.10.5';
    const send = (msg) => page.evaluate(([m, origin]) => document.getElementById('game').contentWindow.postMessage(m, origin), [msg, new URL(game.url).origin]);
    const inFrame = () => page.frames().find((fr) => fr.url().startsWith(game.url));
    await send({ type: 'load', link: lost });
    // (Polled by time: a frame out of view gets no animation frames.)
    await inFrame().waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]')?.textContent ?? ''), null, { polling: 100 });
    await send({ type: 'undo' });
    await inFrame().waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { polling: 100 });
    await page.waitForTimeout(500);
    const winnable = (await heightEvents(page)).at(-1);
    await send({ type: 'redo' });
    await inFrame().waitForFunction(() => /^Lost.*:$/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { polling: 100 });
    await page.waitForTimeout(500);
    const out = (await heightEvents(page)).at(-1);
    assert.ok(out > winnable, `the lost verdict's height sent out of view: ${winnable} → ${out}`);
    await page.evaluate(() => document.getElementById('game').scrollIntoView());
    await page.waitForTimeout(800);
    assert.equal((await heightEvents(page)).at(-1), out, 'nothing new once in view');
    assert.deepEqual(problems, []);
    await context.close();
  }
  // Page Down, End, Home and Page Up on a focused board, and the arrows and Space with nothing focused, scroll the
  // frame at most: the browser passed a scroll the frame could not make on to its host.
  for (const link of ['game=samegame&seed=3&embed=1', 'game=lianliankan&w=8&h=6&kinds=12&seed=3&embed=1', 'game=mayan&level=12&embed=1']) {
    const { page, problems, context } = await hostPage(link);
    await waitFor(page, 'ready');
    await settledHeight(page);
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      document.body.append(spacer);
      scrollTo(0, 100);
    });
    const inFrame = page.frames().find((fr) => fr.url().startsWith(game.url));
    await inFrame.evaluate(() => window.clearboardPage.focusBoard());
    for (const key of ['PageDown', 'End', 'Home', 'PageUp']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(100);
      assert.equal(await page.evaluate(() => scrollY), 100, `${link}: ${key} on the board`);
    }
    // A frame whose own page is longer than it (more put under its game here) scrolls that page, and only that.
    await inFrame.evaluate(() => {
      const more = document.createElement('div');
      more.style.height = '2000px';
      document.body.append(more);
    });
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(100);
    assert.ok(await inFrame.evaluate(() => scrollY) > 0, `${link}: Page Down scrolls the frame's page`);
    await page.keyboard.press('End');
    await page.waitForTimeout(100);
    assert.ok(await inFrame.evaluate(() => scrollY + innerHeight >= document.documentElement.scrollHeight - 1), `${link}: End goes to its end`);
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(100);
    assert.equal(await page.evaluate(() => scrollY), 100, `${link}: at its end, the host page does not scroll`);
    await page.keyboard.press('Home');
    await page.waitForTimeout(100);
    assert.equal(await inFrame.evaluate(() => scrollY), 0, `${link}: Home`);
    await inFrame.evaluate(() => window.clearboardPage.focusBoard());
    await inFrame.evaluate(() => document.activeElement.blur());
    for (const key of ['PageDown', 'End', 'ArrowDown', 'Space', 'Home']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(100);
      assert.equal(await page.evaluate(() => scrollY), 100, `${link}: ${key} with nothing focused`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  // embed=1 given twice is ignored, as the status line says: the whole page, in a frame too.
  {
    const { page, problems, context } = await hostPage('game=samegame&seed=3&embed=1&embed=1');
    await waitFor(page, 'ready');
    const inFrame = page.frames().find((fr) => fr.url().startsWith(game.url));
    assert.equal(await inFrame.evaluate(() => document.getElementById('message').textContent), 'embed: given twice, so it is ignored.');
    assert.equal(await inFrame.evaluate(() => [document.documentElement.classList.contains('embed'), document.body.classList.contains('embed')].join()), 'false,false');
    assert.deepEqual(problems, []);
    await context.close();
  }
});
