// 连连看 in a real browser: Classic deals in every variant played to the end
// by Hint alone (clicking the hinted tiles), a stuck board offered Shuffle
// and winnable after it, undo/redo and links that reopen the position, the
// keyboard, the LianliankanApp interface, the path query tool against the
// command-line judges, random input, and the page's figures.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, launch, open, root, settledLink, writeMetrics } from './harness.mjs';

const CLI = join(root, 'target/release/clearboard');
const VARIANTS = ['none', 'down', 'up', 'left', 'right', 'split-vertical', 'split-horizontal', 'gather-vertical', 'gather-horizontal'];

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
  writeMetrics(metrics);
});

const calm = { reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } };
const ref = (page, name) => page.locator(`main [data-ref="${name}"]`);
const button = (page, name) => page.getByRole('button', { name, exact: true });
const app = (page, f, arg) => page.evaluate(([src, a]) => new Function('app', 'a', `return (${src})(app, a)`)(window.clearboardPage.app, a), [f.toString(), arg]);
const at = (page, x, y) => page.evaluate(([a, b]) => window.clearboardPage.cellCenter(a, b), [x, y]);
const cells = (page) => app(page, (a) => Array.from(a.cells()));
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
/** How long ten tasks queued one after another each waited to run (ms): the page's slices of search between them. */
const eventLoopLags = (page) =>
  page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      out.push(performance.now() - t);
    }
    return out;
  });

async function clickCell(page, x, y) {
  const p = await at(page, x, y);
  await page.mouse.click(p.x, p.y);
}

test('a Classic deal in every variant is played to the end by Hint alone', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&seed=11`, calm);
  for (const variant of VARIANTS) {
    await page.evaluate((v) => {
      location.hash = `#game=lianliankan&w=16&h=9&kinds=36&variant=${v}&seed=11`;
    }, variant);
    await page.waitForFunction((v) => window.clearboardPage.app.variant() === v, variant);
    assert.equal(await app(page, (a) => a.tiles()), 144);
    for (let pair = 0; pair < 72; pair++) {
      await button(page, 'Hint').click();
      const hint = await page.evaluate(() => window.clearboardPage.hintPair);
      assert.ok(hint, `${variant}: a hint at pair ${pair + 1}`);
      await clickCell(page, hint[0], hint[1]);
      await clickCell(page, hint[2], hint[3]);
      assert.equal(await app(page, (a) => a.tiles()), 144 - 2 * (pair + 1), `${variant}: pair ${pair + 1} removed`);
    }
    assert.equal(await app(page, (a) => a.isWon()), true, variant);
    await page.locator('main [data-ref="overlay"]:not([hidden])').waitFor();
    assert.match(await ref(page, 'overlay-text').textContent(), /^Cleared! Score 720 in \d\d:\d\d\./);
    await page.waitForFunction(() => /^Won/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a stuck board offers Shuffle; after it the game is winnable and scored', async () => {
  // A B / B A: each kind on a diagonal of a full 2 × 2 board joins only in four segments.
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=ABC/BAC`, calm);
  assert.equal(await app(page, (a) => a.isStuck()), false, 'the C pair joins');
  await clickCell(page, 2, 0);
  await clickCell(page, 2, 1);
  assert.equal(await app(page, (a) => a.isStuck()), true);
  assert.match(await page.getByRole('status').first().textContent(), /No pair can be joined: Shuffle/);
  assert.equal(await ref(page, 'shuffle').evaluate((b) => b.classList.contains('offer')), true);
  // The offer does not look like the keyboard's focus (the board has it): a filled button, no focus ring;
  // focused, it has the ring as well.
  const look = () => ref(page, 'shuffle').evaluate((b) => {
    const c = getComputedStyle(b);
    return { ring: c.outlineStyle !== 'none' && parseFloat(c.outlineWidth) > 0, fill: c.backgroundColor };
  });
  const offered = await look();
  assert.equal(offered.ring, false, 'no focus ring on an offer that is not focused');
  assert.notEqual(offered.fill, await ref(page, 'undo').evaluate((b) => getComputedStyle(b).backgroundColor), 'filled, unlike the other buttons');
  await ref(page, 'shuffle').evaluate((b) => b.focus({ focusVisible: true }));
  assert.equal((await look()).ring, true, 'focused: the ring too');
  await page.locator('main canvas[data-ref="board"]').focus();
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  const before = (await cells(page)).filter(Boolean).sort();
  await button(page, 'Shuffle').click();
  const after = await cells(page);
  assert.deepEqual(after.filter(Boolean).sort(), before, 'the same tiles');
  assert.equal(after[2], 0, 'on the same cells');
  assert.equal(await app(page, (a) => a.isStuck()), false);
  assert.equal(await app(page, (a) => a.winnable()), 'yes');
  assert.equal(await app(page, (a) => a.score()), 10 - 50);
  await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.match(await settledLink(page), /&moves=2\.0\.2\.1,s$/);
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * Found with the engine: a small winnable deal under `down` and a first
 * pair that loses it ({ seed, pair, link of the lost position }), or null.
 */
function losingFirstPair(page) {
  return page.evaluate(() => {
    const a = new window.wasmBindings.LianliankanApp();
    try {
      for (let seed = 1; seed < 300; seed++) {
        a.newGame(4, 4, 8, 'down', seed);
        const pairs = Array.from(a.allPairs());
        for (let i = 0; i < pairs.length; i += 4) {
          a.tryPair(pairs[i], pairs[i + 1], pairs[i + 2], pairs[i + 3]);
          const v = a.winnable();
          const link = a.link();
          a.undo();
          if (v === 'no') return { seed, pair: pairs.slice(i, i + 4), link };
        }
      }
      return null;
    } finally {
      a.free();
    }
  });
}

test('a phone held sideways (640 × 360): the rescue offered beside the board is scrolled into view, and once used the side column is back at its top, the controls in view', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, { ...calm, viewport: { width: 640, height: 360 }, hasTouch: true, isMobile: true });
  const found = await losingFirstPair(page);
  assert.ok(found, 'a deal with a losing first pair');
  await page.evaluate((link) => { location.hash = `#${link}`; }, found.link);
  const rescue = button(page, 'Undo to the last winnable position');
  await rescue.waitFor();
  const side = page.locator('main .game-side');
  const inView = async (loc) => {
    const [r, s] = await Promise.all([loc.boundingBox(), side.boundingBox()]);
    return r.y >= s.y - 0.5 && r.y + r.height <= s.y + s.height + 0.5;
  };
  assert.equal(await rescue.evaluate((b) => b.closest('.game-side') !== null), true, 'offered beside the board');
  assert.ok(await inView(rescue), 'the rescue button in view');
  assert.ok((await side.evaluate((el) => el.scrollTop)) > 0, 'the side column scrolled to it');
  await rescue.tap();
  await page.waitForFunction(() => window.clearboardPage.app.moves() === 0);
  assert.equal(await side.evaluate((el) => el.scrollTop), 0);
  assert.ok(await inView(button(page, 'New game')), 'the controls in view again');
  // A message given while the side column is scrolled down to a panel shows at its top.
  await side.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.evaluate(() => window.clearboard.message('Not a pair: the two tiles are of different kinds.', true));
  assert.ok((await side.evaluate((el) => el.scrollTop)) > 100, 'still scrolled down');
  assert.ok(await inView(page.locator('#message')), 'the message in view');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a lost position says so and one click undoes to the last winnable one', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, calm);
  const found = await losingFirstPair(page);
  assert.ok(found, 'a deal with a losing first pair');
  await page.evaluate((seed) => {
    location.hash = `#game=lianliankan&w=4&h=4&kinds=8&variant=down&seed=${seed}`;
  }, found.seed);
  await page.waitForFunction((seed) => window.clearboardPage.app.seed() === seed, found.seed);
  const start = await cells(page);
  await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  await clickCell(page, found.pair[0], found.pair[1]);
  await clickCell(page, found.pair[2], found.pair[3]);
  // Not stuck, but lost: Shuffle (offered at any time, with 10 left) is said as the way on besides Undo.
  await page.waitForFunction(() => /^Lost as the tiles lie — no order of removals clears them\. Shuffle rearranges them into a winnable board \(−50 points\), or undo/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  // A screen reader hears the move, then the verdict (said on its own, after the move).
  // The line's colon points at its button, which is not read with it: said, the button's place is.
  await page.waitForFunction(() => document.getElementById('live').textContent === 'Lost as the tiles lie — no order of removals clears them. Shuffle rearranges them into a winnable board (−50 points), or undo to the last winnable position (1 move back) with the button after it.', null, { timeout: 3000 });
  assert.equal(await ref(page, 'shuffle').evaluate((b) => b.classList.contains('offer')), true, 'Shuffle highlighted as the verdict offers it');
  // Hint offers the same two ways on.
  await button(page, 'Hint').click();
  assert.match(await ref(page, 'why').textContent(), /^No order of removals clears this board any more: undo to the last winnable position, or Shuffle into a winnable board \(−50 points\)\.$/);
  await button(page, 'Undo to the last winnable position').click();
  assert.equal(await app(page, (a) => a.moves()), 0);
  await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.equal(await ref(page, 'shuffle').evaluate((b) => b.classList.contains('offer')), false, 'winnable again: no highlight');
  // Said once: by the status, the live region adding only the tiles left.
  assert.equal(await page.locator('#message').textContent(), 'Undid 1 move (back at the start): this position can be won.');
  assert.match(await page.locator('#live').textContent(), /^\d+ tiles left\.$/);
  assert.deepEqual(await cells(page), start);
  await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('undo, redo and the address: a link reopens exactly the position shown', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&variant=left&seed=5`, calm);
  const start = await cells(page);
  const moves = [];
  for (let i = 0; i < 3; i++) {
    const h = await app(page, (a) => Array.from(a.hint()));
    moves.push(h);
    await clickCell(page, h[0], h[1]);
    await clickCell(page, h[2], h[3]);
  }
  const third = await cells(page);
  const link = await settledLink(page);
  assert.match(link, /^game=lianliankan&w=8&h=6&kinds=12&variant=left&seed=5&moves=(\d+\.\d+\.\d+\.\d+,){2}\d+\.\d+\.\d+\.\d+$/);
  await page.keyboard.press('Control+z');
  await button(page, 'Undo').click();
  await button(page, 'Undo').click();
  assert.deepEqual(await cells(page), start);
  assert.equal(await button(page, 'Undo').isDisabled(), true);
  await page.keyboard.press('Control+y');
  await button(page, 'Redo').click();
  await button(page, 'Redo').click();
  assert.deepEqual(await cells(page), third);
  assert.equal(await button(page, 'Redo').isDisabled(), true);
  // Step's reason comes back with redo, but the same pair taken by hand is the player's move, not Step's.
  const why = () => ref(page, 'why').textContent();
  await button(page, 'Step').click();
  assert.match(await why(), /^Step: the pair of /);
  const path = await app(page, (a) => Array.from(a.lastPath()));
  await button(page, 'Undo').click();
  assert.equal(await why(), '');
  await button(page, 'Redo').click();
  assert.match(await why(), /^Step: the pair of /, 'redo shows the reason again');
  await button(page, 'Undo').click();
  await clickCell(page, path[0], path[1]);
  await clickCell(page, path.at(-2), path.at(-1));
  assert.equal(await app(page, (a) => a.moves()), 4);
  assert.equal(await why(), '', 'no Step reason for a move made by hand');
  await button(page, 'Undo').click();
  // A fresh page at the link shows the same tiles.
  const other = await open(browser, `${server.url}#${link}`, calm);
  assert.deepEqual(await cells(other.page), third);
  assert.equal(await app(other.page, (a) => a.moves()), 3);
  assert.deepEqual(other.problems, []);
  await other.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('picking: a second click on the selected tile deselects, a wrong pair says why, the keyboard picks', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AFFA/CDDC/BEEB`, calm);
  await clickCell(page, 0, 0);
  assert.equal(await page.evaluate(() => JSON.stringify(window.clearboardPage.selected)), '{"x":0,"y":0}');
  await clickCell(page, 0, 0);
  assert.equal(await page.evaluate(() => window.clearboardPage.selected), null);
  await clickCell(page, 0, 0);
  await clickCell(page, 1, 0);
  assert.match(await page.getByRole('status').first().textContent(), /Not a pair: the two tiles are of different kinds\./);
  // C at (0,1) and (3,1): D D between, no path of two turns inside; round
  // the ring it needs four segments.
  await clickCell(page, 0, 1);
  await clickCell(page, 3, 1);
  assert.match(await page.getByRole('status').first().textContent(), /Not a pair: no path with at most two turns/);
  assert.equal(await app(page, (a) => a.tiles()), 12);
  // The next action of another kind takes the old "Not a pair" away.
  await page.getByLabel('Show all pairs').check();
  assert.equal(await page.locator('#message').textContent(), '');
  // Which pairs, in words (a screen reader gets what the cyan outlines show).
  const pairs = await app(page, (a) => Array.from(a.allPairs()));
  const named = [];
  for (let i = 0; i < pairs.length; i += 4) named.push(`at column ${pairs[i] + 1}, row ${pairs[i + 1] + 1} and column ${pairs[i + 2] + 1}, row ${pairs[i + 3] + 1}`);
  const listed = await ref(page, 'why').textContent();
  assert.match(listed, /^\d+ pairs? can be removed now \(outlined in cyan\): /);
  for (const n of named) assert.ok(listed.includes(n), `${n} in ${listed}`);
  // Said with each kind's case and look (on screen, the letter drawn).
  const said = await page.locator('#live').textContent();
  for (const n of named) assert.ok(said.includes(n), `${n} said in ${said}`);
  assert.match(said, /: [A-Za-z0-9] \((capital|small|digit) [^)]+\) at column /);
  assert.doesNotMatch(listed, /\((capital|small)/);
  await page.getByLabel('Show all pairs').uncheck();
  // (3, 1) is selected now: a second click deselects it. Then the keyboard:
  // from (3, 1) up to (3, 0), Enter, left to (0, 0), Space.
  await clickCell(page, 3, 1);
  assert.equal(await page.evaluate(() => window.clearboardPage.selected), null);
  await page.locator('main canvas[data-ref="board"]').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const selected = await page.locator('#live').textContent();
  // Said with the letter's case, the colour and the shape (kind 1: vermilion circle in the default palette).
  assert.equal(selected, 'Selected column 4, row 1: tile A (capital A, vermilion circle).');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  // The readout follows the cursor and still names the selected tile.
  assert.match(await ref(page, 'readout').textContent(), / · selected: .*A \(capital A, vermilion circle\)$/);
  assert.notEqual(await ref(page, 'readout').textContent(), `${selected.slice('Selected '.length, -1)} — selected`);
  await page.keyboard.press(' ');
  assert.equal(await app(page, (a) => a.tiles()), 10, 'A at (3, 0) and (0, 0) join round the ring');
  assert.match(await page.locator('#live').textContent(), /Removed a pair of A \(capital A, vermilion circle\) at column 4, row 1 and column 1, row 1\. 10 tiles left\./);
  await page.keyboard.press('u');
  assert.match(await page.locator('#live').textContent(), /^Undid 1 move: back at the start\. 12 tiles left\./);
  await page.keyboard.press('r');
  assert.match(await page.locator('#live').textContent(), /^Removed a pair of A \(capital A, vermilion circle\) at column 4, row 1 and column 1, row 1\. 10 tiles left\./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the win\'s box waits for the last pair\'s path to be drawn; a press during it shows the box at once', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AA/BB`, { reducedMotion: 'no-preference' });
  await page.locator('main canvas[data-ref="board"]').focus();
  // The A pair, then the B pair: the last pair wins.
  const drawn = await page.evaluate(() => {
    const g = window.clearboardPage;
    g.pick({ x: 0, y: 0 });
    g.pick({ x: 1, y: 0 });
    g.animator.finish();
    g.pick({ x: 0, y: 1 });
    g.pick({ x: 1, y: 1 });
    return { won: g.app.isWon(), boxed: !g.ref('overlay').hidden, drawing: Boolean(g.animator.current) };
  });
  assert.deepEqual(drawn, { won: true, boxed: false, drawing: true });
  await page.waitForFunction(() => !window.clearboardPage.ref('overlay').hidden, null, { timeout: 3000 });
  assert.equal(await page.evaluate(() => window.clearboardPage.animator.current), null, 'shown once the path has been drawn');
  // Again, with a press during the path: the box at once.
  await page.keyboard.press('u');
  assert.equal(await page.evaluate(() => window.clearboardPage.app.tiles()), 2);
  await page.evaluate(() => window.clearboardPage.pick({ x: 0, y: 1 }));
  await page.evaluate(() => window.clearboardPage.pick({ x: 1, y: 1 }));
  assert.equal(await page.evaluate(() => window.clearboardPage.ref('overlay').hidden), true);
  await page.evaluate(() => window.clearboardPage.animator.finish());
  assert.equal(await page.evaluate(() => window.clearboardPage.ref('overlay').hidden), false);
  assert.deepEqual(problems, []);
  await context.close();
  // Under reduced motion the path is shown without motion for a moment: the box waits for that too.
  const calmer = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AA/BB&moves=0.0.1.0`, calm);
  const shown = await calmer.page.evaluate(() => {
    const g = window.clearboardPage;
    g.pick({ x: 0, y: 1 });
    g.pick({ x: 1, y: 1 });
    return { won: g.app.isWon(), boxed: !g.ref('overlay').hidden, flashing: Boolean(g.flash) };
  });
  assert.deepEqual(shown, { won: true, boxed: false, flashing: true });
  await calmer.page.waitForFunction(() => !window.clearboardPage.ref('overlay').hidden, null, { timeout: 3000 });
  assert.deepEqual(calmer.problems, []);
  await calmer.context.close();
});

test('a removal that slides tiles says how many slid which way, and what the cursor\'s cell holds now', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&board=BC/AC/AD/DB&variant=down`, calm);
  await page.locator('main canvas[data-ref="board"]').focus();
  // The cursor from column 1, row 2 (A) to column 1, row 3 (A): the pair goes, and B above slides down into the
  // cursor's cell.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.clearboardPage.app.tiles() === 6);
  const said = await page.locator('#live').textContent();
  assert.match(said, /^Removed a pair of A \(capital A, [a-z ]+\) at column 1, row 2 and column 1, row 3\. 1 tile slid down\. Under the cursor now: column 1, row 3: tile B \(capital B, [a-z ]+\)\. 6 tiles left\./);
  // A removal that slides nothing says nothing of slides (D at column 2, row 3 and column 1, row 4: nothing above
  // them in column 2 but C, which does slide; so C and C instead, at the top of column 2).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.clearboardPage.app.tiles() === 4);
  const second = await page.locator('#live').textContent();
  assert.match(second, /^Removed a pair of C \(capital C, [a-z ]+\) at column 2, row 1 and column 2, row 2\. 4 tiles left\./);
  assert.doesNotMatch(second, /slid/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('tiles are said by letter case, colour and shape: C and c, which speech says alike, are told apart', async () => {
  // Kind 3 is C, kind 29 is c; 1 is A and 27 is a, 54 is the digit 1.
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=Cc/Cc/Aa/aA/11`, calm);
  const board = page.locator('main canvas[data-ref="board"]');
  await board.focus();
  await page.keyboard.press('ArrowRight');
  const said = [];
  for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft']) {
    await page.keyboard.press(key);
    said.push(await page.locator('#live').textContent());
  }
  assert.deepEqual(said, [
    'column 1, row 1: tile C (capital C, blue diamond)',
    'column 2, row 1: tile c (small c, pink circle)',
    'column 2, row 2: tile c (small c, pink circle)',
    'column 2, row 3: tile a (small a, blue hexagon)',
    'column 2, row 4: tile A (capital A, vermilion circle)',
    'column 2, row 5: tile 1 (digit 1, sky blue triangle)',
    'column 1, row 5: tile 1 (digit 1, sky blue triangle)',
  ]);
  assert.equal(await ref(page, 'readout').textContent(), said.at(-1), 'the readout says the same');
  // The names follow the palette the tiles are drawn in.
  await page.getByLabel('Palette').selectOption('vivid');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#live').textContent(), 'column 2, row 5: tile 1 (digit 1, cyan triangle)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a drawn path runs from tile edge to tile edge: the hinted tiles\' letters stay readable', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=A..A`, calm);
  await button(page, 'Hint').click();
  const seen = await page.evaluate(() => {
    const g = window.clearboardPage;
    const [x1, y1, x2, y2] = g.hintPair;
    const r = g.canvas.getBoundingClientRect();
    const ctx = g.canvas.getContext('2d');
    const yellow = (cx, cy) => {
      const d = ctx.getImageData(Math.round((cx - r.left) * devicePixelRatio), Math.round((cy - r.top) * devicePixelRatio), 1, 1).data;
      return d[0] === 0xff && d[1] === 0xd4 && d[2] === 0;
    };
    const a = g.cellCenter(x1, y1);
    const b = g.cellCenter(x2, y2);
    // Between the two tiles the path is drawn; at their centres (the letters) it is not.
    const between = [];
    // One straight segment along the row.
    for (let t = 0.2; t < 0.85; t += 0.05) between.push(yellow(a.x + (b.x - a.x) * t, a.y));
    return { pair: [x1, y1, x2, y2], centres: [yellow(a.x, a.y), yellow(b.x, b.y)], drawn: between.some(Boolean) };
  });
  assert.equal(seen.centres.some(Boolean), false, `no path over the letters: ${JSON.stringify(seen)}`);
  assert.equal(seen.drawn, true, `the path is drawn: ${JSON.stringify(seen)}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('under reduced motion a pair\'s path is shown over the pair itself, then the tiles go and the others slide', async () => {
  // Down: the two A go and the B above each falls into its cell.
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=down&board=B.B./A.A.`, calm);
  const pixel = (x, y) => page.evaluate(([cx, cy]) => {
    const g = window.clearboardPage;
    const p = g.cellCenter(cx, cy);
    const r = g.canvas.getBoundingClientRect();
    // The middle half of the cell (its symbol and letter; a path runs along its edges), as a checksum.
    const k = devicePixelRatio;
    const s = g.geom.s;
    const d = g.canvas.getContext('2d').getImageData(Math.round((p.x - r.left - s / 4) * k), Math.round((p.y - r.top - s / 4) * k), Math.round((s / 2) * k), Math.round((s / 2) * k)).data;
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum = (sum * 31 + d[i]) % 1000000007;
    return sum;
  }, [x, y]);
  const a = await pixel(0, 1);
  const b = await pixel(0, 0);
  assert.notEqual(a, b, 'A and B look different');
  await clickCell(page, 0, 1);
  await clickCell(page, 2, 1);
  assert.deepEqual(await cells(page), [0, 0, 0, 0, 2, 0, 2, 0], 'the engine has removed the pair and slid the B');
  // For a moment the board is drawn as it was: the A still where it stood, under the path.
  assert.equal(await pixel(0, 1), a, 'the A is drawn while its path shows');
  assert.equal(await page.evaluate(() => Boolean(window.clearboardPage.flash)), true);
  await page.waitForFunction(() => !window.clearboardPage.flash, null, { timeout: 2000 });
  assert.notEqual(await pixel(0, 1), a, 'then the A is gone (the B that slid down stands there)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('LianliankanApp as the README documents it', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=down&board=AB/BA/CC`, calm);
  const r = await page.evaluate(() => {
    const a = new window.wasmBindings.LianliankanApp();
    const out = {};
    out.classic = [a.width(), a.height(), a.cells().length, a.variant()];
    a.openLink('game=lianliankan&variant=down&board=AB/BA/CC');
    out.size = [a.width(), a.height()];
    out.cells = Array.from(a.cells());
    out.refused = a.tryPair(0, 0, 1, 1);
    out.same = Array.from(a.cells()).join() === out.cells.join();
    out.hint = Array.from(a.hint() ?? []);
    out.winnable = a.winnable();
    out.decided = a.decide(0);
    out.path = Array.from(a.tryPair(0, 2, 1, 2));
    out.after = Array.from(a.cells());
    out.won = a.isWon();
    try {
      a.openLink('game=lianliankan&w=3&h=3');
    } catch (e) {
      out.error = [e instanceof Error, e.message];
    }
    try {
      a.tryPair(0, 0, 9, 9);
    } catch (e) {
      out.off = e.message;
    }
    out.undo = a.undo();
    out.back = Array.from(a.cells());
    out.redo = a.redo();
    out.link = a.link();
    a.free();
    return out;
  });
  assert.deepEqual(r.classic, [16, 9, 144, 'none']);
  assert.deepEqual(r.size, [2, 3]);
  assert.deepEqual(r.cells, [1, 2, 2, 1, 3, 3]);
  assert.equal(r.refused, null, 'a pair that does not join gives null');
  assert.equal(r.same, true, 'and changes nothing');
  assert.deepEqual(r.hint, [], 'no hint: only C C joins, and then A B / B A is stuck');
  assert.equal(r.winnable, 'no');
  assert.equal(r.decided, 'no', 'decide answers at once when the verdict is known');
  assert.deepEqual(r.path, [0, 2, 1, 2]);
  assert.deepEqual(r.after, [0, 0, 1, 2, 2, 1], 'the columns fell');
  assert.equal(r.won, false);
  assert.deepEqual(r.error, [true, 'link: a board of 3 × 3 has an odd number of cells (9): tiles come in pairs']);
  assert.match(r.off, /outside the 2 × 3 board/);
  assert.equal(r.undo, true);
  assert.deepEqual(r.back, r.cells);
  assert.equal(r.redo, true);
  assert.equal(r.link, 'game=lianliankan&variant=down&board=AB/BA/CC&moves=0.2.1.2');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the class checks what JavaScript passes it: whole numbers, strings, null for a refused pair, arrays', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, calm);
  const r = await page.evaluate(() => {
    const a = new window.wasmBindings.LianliankanApp();
    const err = (f) => {
      try {
        f();
        return 'no error';
      } catch (e) {
        return e instanceof Error ? e.message : `not an Error: ${String(e)}`;
      }
    };
    const out = {};
    a.openLink('game=lianliankan&variant=none&board=AAB/CCB');
    const start = Array.from(a.cells()).join();
    out.bad = [
      err(() => a.tryPair(1.5, 0, 2, 0)),
      err(() => a.tryPair(NaN, 0, 1, 0)),
      err(() => a.tryPair(0, Infinity, 1, 0)),
      err(() => a.tryPair('0', 0, 1, 0)),
      err(() => a.tryPair(4294967296, 0, 1, 0)),
      err(() => a.tryPair(0, 0, 1e300, 0)),
      err(() => a.tryPair()),
      err(() => a.newGame(8.5, 6, 12, 'none', 1)),
      err(() => a.newGame(4294967304, 6, 12, 'none', 1)),
      err(() => a.newGame(-1, 6, 12, 'none', 1)),
      err(() => a.newGame(8, 6, 12, 'none', 0.5)),
      err(() => a.newGame(8, 6, 12, 7, 1)),
      err(() => a.openLink(5)),
      err(() => a.openLink({})),
      err(() => a.openLink()),
      err(() => a.openLink(null)),
      err(() => a.openLink('game=lianliankan&w=8&h=6&kinds=12', '7')),
      err(() => a.describeCell(0.5, 0)),
      err(() => a.reach(0, -1)),
      err(() => new window.wasmBindings.PathQueries(42)),
      err(() => a.decide(-1)),
      err(() => a.decide(1001)),
      err(() => a.decide(NaN)),
      err(() => a.decide('5')),
      err(() => a.decide()),
      err(() => a.searchBack(-1)),
      err(() => a.searchBack(1001)),
      err(() => a.searchBack('8')),
      err(() => a.searchBack()),
    ];
    out.unchanged = Array.from(a.cells()).join() === start && a.link() === 'game=lianliankan&variant=none&board=AAB/CCB';
    out.refused = a.tryPair(0, 0, 2, 0);
    out.pathBetween = a.pathBetween(2, 0, 2, 1);
    out.noPath = a.pathBetween(0, 0, 0, 1);
    const hint = a.hint();
    out.hint = [Array.isArray(hint), hint];
    const path = a.tryPair(0, 0, 1, 0);
    out.path = [Array.isArray(path), path];
    out.max = window.wasmBindings.LianliankanApp.maxShuffles();
    // A whole number of any size that names no kind is "", as the declaration says (2 ** 53 threw).
    out.letters = [1, 62, 63, 0, -5, 2 ** 53, -(2 ** 60), 1e300].map((k) => window.wasmBindings.LianliankanApp.letter(k));
    out.letterBad = [1.5, NaN, Infinity, '1'].map((k) => err(() => window.wasmBindings.LianliankanApp.letter(k)));
    const pq = new window.wasmBindings.PathQueries('0 0\n');
    out.zero = [pq.boards(), err(() => pq.width(0)), err(() => pq.path(0, 0, 0, 1, 0))];
    pq.free();
    a.free();
    return out;
  });
  assert.deepEqual(r.bad, [
    'x1: a whole number is needed, not 1.5',
    'x1: a whole number is needed, not NaN',
    'y1: a whole number is needed, not Infinity',
    "x1: a whole number is needed, not the string '0'",
    'cell (x 4294967296, y 0) is outside the 3 × 2 board',
    'x2: 1e+300 is not from -9007199254740991 to 9007199254740991',
    'x1: a whole number is needed, not undefined',
    'width: a whole number is needed, not 8.5',
    'width: 4294967304 is not from 1 to 32',
    'width: -1 is not from 1 to 32',
    'seed: a whole number is needed, not 0.5',
    'variant: a string is needed, not 7',
    'link: a string is needed, not 5',
    'link: a string is needed, not an object',
    'link: a string is needed, not undefined',
    'link: a string is needed, not null',
    "fresh: a whole number is needed, not the string '7'",
    'x: a whole number is needed, not 0.5',
    'cell (x 0, y -1) is outside the 3 × 2 board',
    'path queries: a string is needed, not 42',
    'milliseconds: a number from 0 to 1000 is needed, not -1',
    'milliseconds: a number from 0 to 1000 is needed, not 1001',
    'milliseconds: a number from 0 to 1000 is needed, not NaN',
    "milliseconds: a number from 0 to 1000 is needed, not the string '5'",
    'milliseconds: a number from 0 to 1000 is needed, not undefined',
    'milliseconds: a number from 0 to 1000 is needed, not -1',
    'milliseconds: a number from 0 to 1000 is needed, not 1001',
    "milliseconds: a number from 0 to 1000 is needed, not the string '8'",
    'milliseconds: a number from 0 to 1000 is needed, not undefined',
  ]);
  assert.equal(r.unchanged, true, 'nothing changed');
  assert.equal(r.refused, null);
  assert.deepEqual(Array.from(r.pathBetween), [2, 0, 2, 1]);
  assert.deepEqual(Array.from(r.noPath), []);
  assert.deepEqual(r.hint, [true, [0, 0, 1, 0]]);
  assert.deepEqual(r.path, [true, [0, 0, 1, 0]]);
  assert.equal(r.max, 10);
  assert.deepEqual(r.letters, ['A', '9', '', '', '', '', '', '']);
  assert.deepEqual(r.letterBad, [
    'kind: a whole number is needed, not 1.5',
    'kind: a whole number is needed, not NaN',
    'kind: a whole number is needed, not Infinity',
    "kind: a whole number is needed, not the string '1'",
  ]);
  assert.deepEqual(r.zero, [0, 'the input has no board', 'the input has no board']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game lost for good (stuck, no shuffle left) gets a result box with Undo, as a win does', async () => {
  const link = 'game=lianliankan&w=16&h=9&kinds=36&variant=none&seed=1&moves=s,s,s,s,s,s,s,s,s,s,6.0.14.0,0.0.6.1,1.0.0.1,9.0.12.0,3.0.12.1,7.0.9.1,15.0.15.7,1.1.0.6,15.3.15.4,12.4.12.5,14.4.15.6,2.8.4.8,4.7.3.8,4.6.15.8,15.1.14.8,5.0.15.2,4.5.2.7,4.4.13.8,14.7.6.8,13.0.13.7,8.0.13.1,8.1.14.1';
  const { page, problems, context } = await open(browser, `${server.url}#${link}`, calm);
  await page.waitForFunction(() => window.clearboardPage?.app?.isStuck());
  assert.equal(await app(page, (a) => a.shuffles()), 10);
  const box = ref(page, 'overlay');
  assert.equal(await box.isVisible(), true, 'the box shows');
  assert.match(await ref(page, 'overlay-text').textContent(), /\(A game allows 10 shuffles\.\) Undo to play on\.$/);
  // Its Undo plays on: the box goes.
  await ref(page, 'overlay-undo').click();
  assert.equal(await app(page, (a) => a.isStuck()), false);
  assert.equal(await box.isVisible(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game allows ten shuffles, and a link with more is refused', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=ABCD/CDAB/ABCD/CDAB`, calm);
  const shuffle = button(page, 'Shuffle');
  for (let i = 1; i <= 10; i++) {
    assert.equal(await shuffle.isDisabled(), false, `shuffle ${i} offered`);
    await shuffle.click();
    assert.equal(await app(page, (a) => a.shuffles()), i);
  }
  assert.equal(await shuffle.isDisabled(), true, 'no eleventh');
  assert.match(await shuffle.getAttribute('title'), /No shuffle left: a game allows 10/);
  // X (the key for Shuffle) says so in a sentence.
  await page.evaluate(() => window.clearboardPage.focusBoard());
  await page.keyboard.press('x');
  assert.equal(await page.getByRole('status').textContent(), 'No shuffle is left: a game allows 10.');
  assert.equal(await app(page, (a) => a.score()), -500);
  assert.match(await app(page, (a) => { try { a.shuffle(); return 'shuffled'; } catch (e) { return e.message; } }), /no shuffle is left: a game allows 10/);
  // The link of the position shown opens it; one more shuffle in a link is refused.
  const link = await settledLink(page);
  assert.match(link, /&moves=s,s,s,s,s,s,s,s,s,s$/);
  await page.evaluate((l) => { location.hash = `#${l},s`; }, link);
  await page.waitForFunction(() => /could not be opened/.test(document.querySelector('[role="status"]').textContent));
  assert.match(await page.getByRole('status').textContent(), /moves: more than 10 shuffles \(a game allows 10\)/);
  assert.equal(await page.evaluate(() => window.clearboardPage.constructor.id), 'lianliankan', 'a bad 连连看 link opens a 连连看 game');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the little things a player meets: Restart resets the clock, leaving with the board focused, a stuck link, the keyboard', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AABC/DDCB`, calm);
  // Restart: the clock goes back to 00:00 and waits for the first pair.
  await clickCell(page, 0, 0);
  await clickCell(page, 1, 0);
  await page.waitForTimeout(1200);
  assert.ok(await page.evaluate(() => window.clearboardPage.elapsed()) >= 1000, 'the clock runs');
  await button(page, 'Restart').click();
  await page.waitForTimeout(1200);
  assert.equal(await page.evaluate(() => window.clearboardPage.elapsed()), 0, 'and waits for the first pair after Restart');
  assert.match(await ref(page, 'score').textContent(), /Time 00:00/);
  // Show search: the picture's words follow the selected tile, and the path found is drawn.
  await page.getByLabel('Show search').check();
  assert.match(await ref(page, 'why').textContent(), /select a tile/);
  await clickCell(page, 0, 1);
  assert.match(await ref(page, 'why').textContent(), /^Show search from column 1, row 2: .* 1 tile D reached \(D \(capital D, [a-z ]+\): column 2, row 2\), each with the path found/);
  // ... and are said with the selection.
  assert.match(await page.locator('#live').textContent(), /^Selected column 1, row 2: .*\. Show search from column 1, row 2: .* 1 tile D reached/);
  assert.match(await ref(page, 'why').textContent(), /: cells reached with 1 segment \(blue\), 2 \(green\) and 3 \(orange\);/);
  // A tile with tiles on its four sides reaches no cell: the words do not name layers that are not drawn.
  await page.evaluate(() => { location.hash = '#game=lianliankan&variant=none&board=ABCD/BEFC/DFEA'; });
  await page.waitForFunction(() => window.clearboardPage.app?.width() === 4);
  await clickCell(page, 1, 1);
  assert.equal(await ref(page, 'why').textContent(), 'Show search from column 2, row 2: no cell reached, as every side of it is a tile; no other E is reached.');
  await page.getByLabel('Show search').uncheck();
  // Hint names its pair's kind, as Step does.
  await page.evaluate(() => { location.hash = '#game=lianliankan&variant=none&board=BAAB'; });
  await page.waitForFunction(() => window.clearboardPage.app?.height() === 1);
  await button(page, 'Hint').click();
  assert.match(await ref(page, 'why').textContent(), /^Hint: the pair of [AB] \(capital [AB], [a-z ]+\) at column \d, row 1 and column \d, row 1 — removing them keeps the game winnable\.$/);
  // Leaving the game with its board focused (the board hears the blur after it is gone).
  await ref(page, 'board').focus();
  await page.evaluate(() => { location.hash = '#game=samegame&seed=2'; });
  await page.waitForFunction(() => window.clearboardPage.constructor.id === 'samegame');
  await page.evaluate(() => { location.hash = '#game=lianliankan&variant=none&board=AB/BA'; });
  await page.waitForFunction(() => window.clearboardPage.constructor.id === 'lianliankan');
  await ref(page, 'board').focus();
  await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption('samegame');
  await page.waitForFunction(() => window.clearboardPage.constructor.id === 'samegame');
  // A link that opens on a stuck board says so.
  await page.evaluate(() => { location.hash = '#game=lianliankan&variant=down&board=ABCD/BADC/CDAB/DCBA'; });
  await page.waitForFunction(() => window.clearboardPage.constructor.id === 'lianliankan');
  assert.match(await page.getByRole('status').textContent(), /No pair can be joined: Shuffle rearranges the tiles left/);
  // Once: the explanation under the board does not repeat it (a phone's screen showed it twice).
  assert.doesNotMatch(await ref(page, 'why').textContent(), /No pair can be joined/);
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  // Lost only as the tiles lie: a shuffle deals them winnable (said so, not "lost" and "shuffle" side by side).
  assert.equal(await ref(page, 'verdict').textContent(), 'Lost as the tiles lie — no order of removals clears them, and it is where this game starts. Shuffle rearranges the tiles left into a winnable board (−50 points).');
  assert.equal(await ref(page, 'undo-to-winnable').isHidden(), true);
  // A seed typed, then a preset or a variant chosen: that seed is dealt; the next choice takes a fresh one.
  await ref(page, 'seed').fill('77');
  await ref(page, 'variant').selectOption('up');
  assert.match(await page.evaluate(() => location.hash), /&variant=up&seed=77$/);
  await ref(page, 'preset').selectOption('small');
  assert.match(await page.evaluate(() => location.hash), /^#game=lianliankan&w=8&h=6&.*&variant=up&seed=\d+$/);
  assert.equal(await ref(page, 'seed').inputValue(), String(await page.evaluate(() => window.clearboardPage.app.seed())));
  await ref(page, 'seed').fill('78');
  await ref(page, 'preset').selectOption('classic');
  assert.match(await page.evaluate(() => location.hash), /^#game=lianliankan&w=16&h=9&kinds=36&variant=up&seed=78$/);
  // The path query tool by keyboard, and an input of no boards.
  await page.locator('main [data-ref="pq-box"] summary').click();
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('0 0\n');
  await button(page, 'Answer queries').click();
  assert.equal(await ref(page, 'pq-result').textContent(), 'POJ 1101 input: 0 boards.');
  await button(page, 'Show path').click();
  assert.match(await ref(page, 'pq-result').textContent(), /^No board to show a path on/);
  // A bad input after a good one leaves nothing of the good one to pick.
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('3 2\nX X\nX X\n1 1 3 1\n0 0 0 0\n0 0\n');
  await button(page, 'Answer queries').click();
  assert.ok((await ref(page, 'pq-query').locator('option').count()) > 0);
  assert.equal(await ref(page, 'pq-query').isEnabled(), true);
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('garbage');
  await button(page, 'Answer queries').click();
  assert.equal(await ref(page, 'pq-query').locator('option').count(), 0);
  // Empty lists are disabled: nothing to pick, no stop for Tab.
  assert.equal(await ref(page, 'pq-query').isDisabled(), true);
  assert.equal(await ref(page, 'pq-board-no').isDisabled(), true);
  // A huge bad line is quoted shortly, and the page does not grow sideways.
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('z'.repeat(100000));
  await button(page, 'Answer queries').click();
  const said = await page.getByRole('status').textContent();
  assert.match(said, /^Path queries: .*line 1: .*'z{40}…'/);
  assert.ok(said.length < 300, `${said.length} characters`);
  assert.ok((await ref(page, 'pq-result').textContent()).length < 300);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
  assert.equal(await ref(page, 'pq-board-no').locator('option').count(), 0);
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('3 2\nX X\nX X\n1 1 3 1\n0 0 0 0\n0 0\n');
  await button(page, 'Answer queries').click();
  const board = ref(page, 'pq-canvas');
  await board.focus();
  await board.press('Enter');
  assert.equal(await ref(page, 'pq-result').textContent(), 'From (1, 1): pick the second cell.');
  await board.press('ArrowRight');
  await board.press('ArrowRight');
  await board.press(' ');
  assert.match(await ref(page, 'pq-result').textContent(), /^\(1, 1\) to \(3, 1\): \d+ segments?\.$/);
  assert.equal(await page.locator('#live').textContent(), await ref(page, 'pq-result').textContent(), 'the answer is said');
  assert.equal(await board.getAttribute('role'), 'application', 'a screen reader passes the arrow keys to the board');
  assert.deepEqual(problems, []);
  await context.close();
});

test('phone: a finger that scrolls the page from the board picks nothing; a tap picks', async () => {
  const phone = { reducedMotion: 'reduce', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&variant=none&seed=3`, phone);
  const cdp = await context.newCDPSession(page);
  const swipe = async (p) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: p.x, y: p.y }] });
    for (let i = 1; i <= 8; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y - 25 * i }] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(100);
  };
  const pair = await app(page, (a) => Array.from(a.hint()));
  await swipe(await at(page, pair[0], pair[1]));
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollHeight > innerHeight), 'the page scrolls on a phone');
  await swipe(await at(page, pair[2], pair[3]));
  assert.equal(await page.evaluate(() => window.clearboardPage.selected), null, 'nothing selected');
  assert.equal(await app(page, (a) => a.moves()), 0, 'nothing removed');
  const a = await at(page, pair[0], pair[1]);
  await page.touchscreen.tap(a.x, a.y);
  assert.deepEqual(await page.evaluate(() => window.clearboardPage.selected), { x: pair[0], y: pair[1] });
  const b = await at(page, pair[2], pair[3]);
  await page.touchscreen.tap(b.x, b.y);
  assert.equal(await app(page, (a) => a.moves()), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Undo to the last winnable position by keyboard leaves the focus on the board', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, calm);
  const found = await losingFirstPair(page);
  assert.ok(found, 'a lost position one pair in');
  await page.evaluate((l) => { location.hash = `#${l}`; }, found.link);
  await page.waitForFunction(() => !document.querySelector('main [data-ref="undo-to-winnable"]').hidden);
  const rescue = button(page, 'Undo to the last winnable position');
  await rescue.focus();
  await rescue.press('Enter');
  assert.equal(await app(page, (a) => a.moves()), 0);
  assert.equal(await page.evaluate(() => document.activeElement === window.clearboardPage.canvas), true, 'the board has the focus');
  assert.deepEqual(problems, []);
  await context.close();
});

/** A POJ 1101 input of `boards` random boards (the CLI makes mahjong ones). */
function pojInput(boards, seed) {
  let s = seed;
  const rnd = (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  let text = '';
  for (let b = 0; b < boards; b++) {
    const w = 3 + rnd(10);
    const h = 3 + rnd(8);
    text += `${w} ${h}\n`;
    for (let y = 0; y < h; y++) {
      let row = '';
      for (let x = 0; x < w; x++) row += rnd(100) < 40 ? 'X' : ' ';
      text += `${row}\n`;
    }
    for (let q = 0; q < 6; q++) {
      const [x1, y1, x2, y2] = [1 + rnd(w), 1 + rnd(h), 1 + rnd(w), 1 + rnd(h)];
      if (x1 !== x2 || y1 !== y2) text += `${x1} ${y1} ${x2} ${y2}\n`;
    }
    text += '0 0 0 0\n';
  }
  return `${text}0 0\n`;
}

test('the path query tool prints what the command-line judges print, and draws paths', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, calm);
  await page.locator('main [data-ref="pq-box"] summary').click();
  const box = page.getByLabel('Path queries (mahjong or POJ 1101 input)');
  const inputs = [];
  for (const seed of [1, 2, 3]) {
    const gen = spawnSync(CLI, ['gen', 'mahjong', '--size', String(6 + seed * 5), '--queries', '25', '--seed', String(seed)], { encoding: 'utf8' });
    assert.equal(gen.status, 0, gen.stderr);
    inputs.push(['mahjong', gen.stdout]);
    inputs.push(['poj1101', pojInput(2 + seed, seed)]);
  }
  // The final zeros written otherwise: only POJ 1101 reads it (the last line is not literally '0 0').
  inputs.push(['poj1101', '3 1\nX X\n1 1 3 1\n0 0 0 0\n00 00\n']);
  for (const [judge, input] of inputs) {
    const want = spawnSync(CLI, ['judge', judge], { input, encoding: 'utf8' });
    assert.equal(want.status, 0, `${judge}: ${want.stderr}`);
    await box.fill(input);
    await button(page, 'Answer queries').click();
    const log = page.getByRole('log', { name: "Judge's output" });
    assert.equal(await log.textContent(), want.stdout, `${judge} log`);
  }
  // The last input is POJ: show a query's path, then ask an ad-hoc one by clicking.
  await button(page, 'Show path').click();
  assert.match(await ref(page, 'pq-result').textContent(), /: (\d+ segments?|impossible)\.$/);
  const canvas = ref(page, 'pq-canvas');
  const s = await page.evaluate(() => window.clearboardPage.pqCell);
  await canvas.click({ position: { x: 1.5 * s, y: 1.5 * s } });
  assert.match(await ref(page, 'pq-result').textContent(), /^From \(1, 1\): pick the second cell\.$/);
  await canvas.click({ position: { x: 2.5 * s, y: 1.5 * s } });
  assert.match(await ref(page, 'pq-result').textContent(), /^\(1, 1\) to \(2, 1\): 1 segment\.$/);
  // The game's letters on this board would act on the game's board: said, not done.
  const before = await page.evaluate(() => window.clearboardPage.app.link());
  for (const key of ['s', 'u', 'n', 'x', 'h']) {
    await canvas.press(key);
    assert.match(await page.locator('#message').textContent(), new RegExp(`^${key.toUpperCase()} acts on the game's board, not on this path query board`), key);
  }
  assert.equal(await page.evaluate(() => window.clearboardPage.app.link()), before, 'the game is as it was');
  // Bad input: one clear error naming the line; the tool and page stay usable.
  await box.fill('3 3\nXXX\nX!X\n');
  await button(page, 'Answer queries').click();
  assert.match(await ref(page, 'pq-result').textContent(), /^Mahjong input, line 3: /);
  // Something after POJ 1101's final '0 0': its error, on the line that holds it (mahjong would stop earlier).
  await box.fill('3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n3 1\nXXX\n');
  await button(page, 'Answer queries').click();
  assert.equal(await ref(page, 'pq-result').textContent(), "POJ 1101 input, line 6: unexpected '3' after the final '0 0'");
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode stacked (a 4 : 3 projector): Step, Hint, Show all pairs and Show search move nothing of the board, and the page does not scroll', async () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1100, height: 900 }]) {
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&seed=5&present=1`, { ...calm, viewport });
    assert.equal(await page.evaluate(() => document.body.classList.contains('present-stacked')), true, 'the layout this checks');
    const state = () => page.evaluate(() => [JSON.stringify(document.querySelector('main canvas[data-ref="board"]').getBoundingClientRect()), document.scrollingElement.scrollHeight]);
    const first = await state();
    const seen = [];
    const after = async (what, act) => {
      await act();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      seen.push([what, ...(await state())]);
    };
    await after('→', () => page.keyboard.press('ArrowRight'));
    await after('Show all pairs', () => page.getByLabel('Show all pairs').check());
    await after('H', () => page.keyboard.press('h'));
    await after('Show all pairs off', () => page.getByLabel('Show all pairs').uncheck());
    await after('a tile picked', () => page.locator('main canvas[data-ref="board"]').press('Enter'));
    await after('Show search', () => page.getByLabel('Show search').check());
    await after('←', () => page.keyboard.press('ArrowLeft'));
    assert.deepEqual(seen.map((s) => s.slice(1)), seen.map(() => [first[0], viewport.height]), `${viewport.width}: ${JSON.stringify(seen)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a verdict that grows to two lines near the window\'s bottom fits the board again: opened in present mode on a small projector (1024 × 600) the page does not scroll, and the board is the size any later fit gives', async () => {
  const viewport = { width: 1024, height: 600 };
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&seed=5&present=1`, { ...calm, viewport });
  await page.waitForFunction(() => /^Winnable:/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await frames();
  const state = () => page.evaluate(() => [JSON.stringify(document.querySelector('main canvas[data-ref="board"]').getBoundingClientRect()), document.scrollingElement.scrollHeight]);
  const fresh = await state();
  assert.equal(fresh[1], viewport.height, `the page does not scroll: ${fresh}`);
  // The layout chosen again (as a panel opened and closed does): the same board.
  await page.evaluate(() => window.clearboardPage.placeExplanation(true));
  await frames();
  assert.deepEqual(await state(), fresh);
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode entered with the board focused: a Step taken after the focus left it does not shrink the board (the readout\'s help, two lines in the large text, was not counted where the cursor\'s cell took one)', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&variant=down&seed=3`, calm);
  await button(page, 'Step').click();
  await ref(page, 'board').focus();
  await page.keyboard.press('p');
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await frames();
  const box = () => ref(page, 'board').boundingBox();
  const before = await box();
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.clearboardPage.app.moves() === 2);
  await frames();
  assert.match(await ref(page, 'readout').textContent(), /^Pick two tiles/, 'the help shows (the layout this checks)');
  assert.deepEqual(await box(), before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('present mode keeps the path query tool (POJ 1101 shown to a class): closed at first, in the screen, and opened it answers as the judge does', async () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 1024, height: 768 }]) {
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&seed=5&present=1`, { ...calm, viewport });
    const summary = page.locator('main [data-ref="pq-box"] summary');
    const r = await summary.boundingBox();
    assert.ok(r && r.y >= 0 && r.y + r.height <= viewport.height + 0.5, `${viewport.width}: the tool's heading in the screen: ${JSON.stringify(r)}`);
    assert.equal(await page.locator('main [data-ref="pq-box"]').getAttribute('open'), null, 'closed at first');
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight), viewport.height, 'the page does not scroll');
    const board = () => page.locator('main canvas[data-ref="board"]').boundingBox();
    const first = await board();
    await summary.click();
    const input = pojInput(3, 5);
    const want = spawnSync(CLI, ['judge', 'poj1101'], { input, encoding: 'utf8' });
    await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill(input);
    await button(page, 'Answer queries').click();
    assert.equal(await page.getByRole('log', { name: "Judge's output" }).textContent(), want.stdout);
    await button(page, 'Show path').click();
    assert.match(await ref(page, 'pq-result').textContent(), /: (\d+ segments?|impossible)\.$/);
    assert.equal(await page.evaluate(() => document.body.classList.contains('present')), true, 'still presenting');
    // Opened and answered, the tool scrolls in the side column beside the board (at 1024 × 768 the row under the
    // board gave way to it: the board was 216 × 132, and the page scrolled); closed, the board is as it opened.
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight), viewport.height, `${viewport.width}: the page does not scroll with the tool answered`);
    const opened = await board();
    assert.ok(opened.width >= first.width * 0.9, `${viewport.width}: the board keeps its size with the tool open: ${opened.width} against ${first.width}`);
    await summary.click();
    // (The layout is chosen again on the panel's toggle event, which comes after the click.)
    await page.waitForFunction((w) => Math.abs(document.querySelector('main canvas[data-ref="board"]').getBoundingClientRect().width - w) < 1, first.width, { timeout: 5000 }).catch(() => {});
    const closed = await board();
    assert.ok(Math.abs(closed.width - first.width) < 1 && Math.abs(closed.height - first.height) < 1, `${viewport.width}: closed, the board is as it opened: ${JSON.stringify([closed, first])}`);
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollHeight), viewport.height);
    // Opened again, a Step's reason is in the screen with the tool (before it in the side column, not after it).
    await summary.click();
    await button(page, 'Step').click();
    const why = await ref(page, 'why').boundingBox();
    assert.match(await ref(page, 'why').textContent(), /\S/);
    assert.ok(why && why.y >= 0 && why.y + why.height <= viewport.height + 0.5, `${viewport.width}: the reason in the screen: ${JSON.stringify(why)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('300 random clicks and keys raise no page error; the figures of the page', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&variant=gather-horizontal&seed=9`, { viewport: { width: 1280, height: 800 } });
  const board = await page.locator('main canvas[data-ref="board"]').boundingBox();
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' ', 'u', 'r', 'h', 's', 'x', 'Control+z', 'Control+y'];
  for (let i = 0; i < 300; i++) {
    const r = rnd(10);
    if (r < 6) await page.mouse.click(board.x + rnd(Math.floor(board.width)), board.y + rnd(Math.floor(board.height)));
    else if (r < 9) {
      await page.locator('main canvas[data-ref="board"]').focus();
      await page.keyboard.press(keys[rnd(keys.length)]);
    } else await page.evaluate(() => window.clearboardPage.newGame());
  }
  assert.deepEqual(problems, []);
  // Figures: a Classic deal in every variant, click to removal, the verdict.
  const figures = await page.evaluate(async (variants) => {
    const g = window.clearboardPage;
    const { stats } = { stats: window.__clearboard };
    const deal = {};
    for (const v of variants) {
      const times = [];
      for (let seed = 1; seed <= 15; seed++) {
        const t0 = performance.now();
        g.app.newGame(16, 9, 36, v, seed);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      deal[v] = times[7];
    }
    stats.engineCallMs.length = 0;
    stats.verdictMs = [];
    return { deal };
  }, VARIANTS);
  // Moves by random joinable pairs (not the hint's line, so the verdict
  // needs the solver), in Classic deals without and with sliding.
  for (const variant of ['none', 'left']) {
    await page.evaluate((v) => window.clearboardPage.deal(16, 9, 36, v, 21), variant);
    for (let i = 0; i < 15; i++) {
      const pairs = await app(page, (a) => Array.from(a.allPairs()));
      if (!pairs.length) break;
      const k = 4 * rnd(pairs.length / 4);
      await clickCell(page, pairs[k], pairs[k + 1]);
      await clickCell(page, pairs[k + 2], pairs[k + 3]);
      await page.waitForFunction(() => !/checking/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    }
  }
  const stats = await page.evaluate(() => ({ calls: [...window.__clearboard.engineCallMs], verdicts: [...window.__clearboard.verdictMs] }));
  const worstDeal = Math.max(...Object.values(figures.deal));
  metrics.lianliankan = {
    dealMedianMsByVariant: figures.deal,
    clickToRemovalMedianMs: median(stats.calls),
    verdictMedianMs: median(stats.verdicts),
  };
  assert.ok(worstDeal <= 50, `Classic deal median ≤ 50 ms in every variant: ${JSON.stringify(figures.deal)}`);
  assert.ok(median(stats.calls) < 1, `click to removal ${median(stats.calls)} ms median`);
  assert.ok(median(stats.verdicts) <= 300, `verdict ${median(stats.verdicts)} ms median`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the timer runs from the first move, stops while the page is hidden, and a best time is kept', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AB/AB`, calm);
  const elapsed = () => page.evaluate(() => window.clearboardPage.elapsed());
  await page.waitForTimeout(300);
  assert.equal(await elapsed(), 0, 'no time before the first move');
  await clickCell(page, 0, 0);
  await clickCell(page, 0, 1);
  const hide = (hidden) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await hide(true);
  const t1 = await elapsed();
  await page.waitForTimeout(600);
  assert.ok((await elapsed()) - t1 < 5, 'stopped while hidden');
  await hide(false);
  await page.waitForTimeout(600);
  assert.ok((await elapsed()) - t1 >= 500, 'running again');
  // Another game and back: the clock stood still meanwhile and goes on; the game can still set a best time.
  const t2 = await elapsed();
  const switcher = page.getByRole('combobox', { name: 'Game', exact: true });
  await switcher.selectOption('samegame');
  await page.waitForTimeout(600);
  await switcher.selectOption('lianliankan');
  const t3 = await elapsed();
  assert.ok(t3 >= t2 && t3 - t2 < 300, `the clock kept ${t2} ms and stood still (${t3} ms)`);
  assert.equal(await page.evaluate(() => window.clearboardPage.timer.assisted), false);
  await page.waitForTimeout(300);
  assert.ok((await elapsed()) - t3 >= 250, 'and runs on');
  // A reload of the tab finds the clock again (the game under way is still the player's: a best time can be set).
  const t4 = await elapsed();
  await page.reload();
  await page.waitForFunction(() => window.clearboardPage?.app?.moves() === 1);
  const t5 = await elapsed();
  assert.ok(t5 >= t4 && t5 - t4 < 1500, `the clock kept ${t4} ms over the reload (${t5} ms)`);
  assert.equal(await page.evaluate(() => window.clearboardPage.timer.assisted), false);
  await clickCell(page, 1, 0);
  await clickCell(page, 1, 1);
  assert.equal(await app(page, (a) => a.isWon()), true);
  const done = await elapsed();
  await page.waitForTimeout(300);
  assert.equal(await elapsed(), done, 'stopped when won');
  assert.match(await ref(page, 'overlay-text').textContent(), /A new best time/);
  const best = await page.evaluate(() => JSON.parse(localStorage.getItem('clearboard.lianliankan.best.2x2x2.none')));
  assert.ok(Math.abs(best - done) < 2, `${best} kept`);
  assert.match(await ref(page, 'score').textContent(), /Best 00:0\d/);
  // Undone from "Cleared!": the game goes on, and so does the clock.
  await button(page, 'Undo').click();
  await page.waitForTimeout(400);
  assert.ok((await elapsed()) - done >= 300, 'the clock runs again after the undo');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a shuffle before the first pair starts the clock: it is a move of the game', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AB/AB`, calm);
  const elapsed = () => page.evaluate(() => window.clearboardPage.elapsed());
  await button(page, 'Shuffle').click();
  assert.equal(await app(page, (a) => a.shuffles()), 1);
  await page.waitForTimeout(400);
  assert.ok((await elapsed()) >= 300, 'the clock runs from the shuffle');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game helped by Hint, a teaching view or Undo to the last winnable position sets no best time, and says why', async () => {
  const best = (page) => page.evaluate(() => localStorage.getItem('clearboard.lianliankan.best.2x2x2.none'));
  for (const help of ['Hint', 'Show all pairs', 'Show search']) {
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AB/AB`, calm);
    if (help === 'Hint') await button(page, 'Hint').click();
    else await page.getByLabel(help).check();
    await clickCell(page, 0, 0);
    await clickCell(page, 0, 1);
    await clickCell(page, 1, 0);
    await clickCell(page, 1, 1);
    assert.equal(await app(page, (a) => a.isWon()), true);
    assert.match(await ref(page, 'overlay-text').textContent(), /No best time: the game was helped\.$/, help);
    // What counts as help is said in the Board panel.
    assert.match(await page.locator('main .game-side').textContent(), /won without help \(Hint, Step, Play, Redo, Show all pairs or Show search, Undo to the last winnable position, or moves a link brought\)/);
    assert.equal(await best(page), null, `${help}: no best time kept`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

const SIZES = [
  { name: 'laptop-1280x800', viewport: { width: 1280, height: 800 } },
  { name: 'laptop-1366x768', viewport: { width: 1366, height: 768 } },
  { name: 'phone-390x844', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'projector-1920x1080', viewport: { width: 1920, height: 1080 } },
];

/** A Small `down` game lost after 16 pairs (a winnable position 1 undo back). */
const LOST_SMALL = '#game=lianliankan&w=8&h=6&kinds=12&variant=down&seed=3&moves=0.5.4.5,3.0.4.1,1.0.5.0,2.0.2.1,6.2.6.3,7.0.4.2,0.1.4.3,1.5.7.5,5.2.4.4,3.1.6.2,0.5.1.5,2.2.0.3,2.5.7.5,2.5.7.5,3.2.1.3,5.2.5.4';

for (const size of SIZES) {
  test(`the Classic board, score, verdict and controls are in view at ${size.name}`, async () => {
    const { name, ...options } = size;
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2`, { reducedMotion: 'reduce', ...options });
    const { width, height } = size.viewport;
    const inView = async (locator, what) => {
      const b = await locator.boundingBox();
      assert.ok(b, `${what} is shown`);
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= width + 0.5 && b.y + b.height <= height + 0.5, `${what} at ${JSON.stringify(b)} lies inside ${width}×${height}`);
    };
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    const h = await app(page, (a) => Array.from(a.hint()));
    const tap = async (x, y) => {
      const p = await at(page, x, y);
      if (options.hasTouch) await page.touchscreen.tap(p.x, p.y);
      else await page.mouse.click(p.x, p.y);
    };
    await tap(h[0], h[1]);
    assert.notEqual(await ref(page, 'readout').textContent(), '');
    await tap(h[2], h[3]);
    assert.equal(await app(page, (a) => a.tiles()), 142);
    await inView(ref(page, 'board'), 'the board');
    await inView(ref(page, 'score'), 'score, tiles and time');
    await inView(ref(page, 'verdict'), 'the winnability verdict');
    await inView(page.getByRole('status').first(), 'the status message');
    for (const b of ['New game', 'Undo', 'Hint', 'Shuffle']) await inView(button(page, b), b);
    const s = await page.evaluate(() => window.clearboardPage.geom.s);
    metrics[`lianliankanCellPx_${name}`] = s;
    assert.ok(s >= 18, `cells of ${s} px`);
    await page.screenshot({ path: join(root, `target/screenshots/lianliankan-${name}.png`) });
    if (!options.hasTouch) {
      // Every panel open: the side column scrolls within itself, the page does not scroll.
      await page.evaluate(() => { for (const d of document.querySelectorAll('main details')) d.open = true; });
      await page.waitForTimeout(200);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollHeight, inner: innerHeight }));
      assert.ok(scroll <= inner, `the page is ${scroll} px high in a ${inner} px window`);
    }
    // A lost position: the rescue button is in view too (the board makes room for it), in present mode as well.
    await page.evaluate((l) => { location.hash = l; }, LOST_SMALL);
    await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    const rescue = button(page, 'Undo to the last winnable position');
    await page.waitForTimeout(200); // the board is fitted again after the verdict
    await inView(rescue, 'the rescue button');
    await inView(ref(page, 'board'), 'the board');
    if (!options.hasTouch) {
      await page.keyboard.press('p');
      await page.waitForTimeout(200);
      await inView(rescue, 'the rescue button in present mode');
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the in-page searches keep to their bounds on boards nobody made winnable: an answer or "unknown" at once, memory bounded', async () => {
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&seed=1`, calm);
  const out = await page.evaluate(() => {
    // Random full Classic boards (36 kinds, four tiles each) under the deep-line variants, where the
    // solver most often runs out of its budget; the letters are the link's kinds.
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij';
    let s = 12345;
    const rnd = (k) => {
      s = (s * 48271) % 2147483647;
      return s % k;
    };
    const a = new window.wasmBindings.LianliankanApp();
    const rows = [];
    for (let b = 0; b < 6; b++) {
      const tiles = [...letters].flatMap((c) => [c, c, c, c]);
      for (let i = tiles.length - 1; i > 0; i--) {
        const j = rnd(i + 1);
        [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
      }
      const board = Array.from({ length: 9 }, (_, y) => tiles.slice(16 * y, 16 * y + 16).join('')).join('/');
      const variant = ['left', 'right', 'gather-horizontal'][b % 3];
      a.openLink(`game=lianliankan&variant=${variant}&board=${board}`);
      let t0 = performance.now();
      const verdict = a.winnable();
      const verdictMs = performance.now() - t0;
      t0 = performance.now();
      const hint = a.hint();
      const hintMs = performance.now() - t0;
      // Thirty pairs in, walking back to a winnable position solves at most 12 of them anew.
      let made = 0;
      for (; made < 30; made++) {
        const p = Array.from(a.allPairs()).slice(0, 4);
        if (p.length < 4 || !a.tryPair(...p)) break;
      }
      t0 = performance.now();
      const undos = a.undosToWinnable();
      const undoMs = performance.now() - t0;
      rows.push({ variant, verdict, verdictMs, hint: hint ? Array.from(hint) : null, hintMs, made, undos, undoMs, wasm: window.__clearboardWasmBytes() });
    }
    a.free();
    return rows;
  });
  for (const r of out) {
    assert.ok(['yes', 'no', 'unknown'].includes(r.verdict), JSON.stringify(r));
    // 40,000 positions at most: well under a second here (a 2-core machine under test load).
    assert.ok(r.verdictMs < 1500 && r.hintMs < 1500, JSON.stringify(r));
    assert.ok(r.wasm <= 64 * 1024 * 1024, `wasm memory ${r.wasm} bytes`);
    if (r.verdict === 'no') assert.equal(r.hint, null, 'no hint on a lost board');
    assert.ok(r.undos >= -1 && r.undos <= r.made, JSON.stringify(r));
    // 13 verdicts of 40,000 positions at most (the position shown and 12 earlier ones).
    assert.ok(r.undoMs < 13 * 1500, JSON.stringify(r));
  }
  assert.ok(out.some((r) => r.verdict !== 'yes'), 'these boards test the budget (not all quickly won)');
  writeMetrics({ lianliankanHardBoardVerdictMaxMs: Number(Math.max(...out.map((r) => r.verdictMs)).toFixed(1)) });
  await context.close();
});

test('the ring numbers the columns (top) and rows (left) as the explanations count them', async () => {
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=6&variant=none&seed=3`, calm);
  // Label-grey pixels in one ring cell of the canvas (backing store), by ring coordinates.
  const grey = (cx, cy) => page.evaluate(([x, y]) => {
    const c = document.querySelector('main canvas[data-ref="board"]');
    const s = c.width / (window.clearboardPage.app.width() + 2);
    const d = c.getContext('2d').getImageData(Math.round(x * s), Math.round(y * s), Math.floor(s), Math.floor(s)).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && Math.abs(d[i] - d[i + 1]) < 8 && Math.abs(d[i] - d[i + 2]) < 8) n += 1;
    return n;
  }, [cx, cy]);
  for (let x = 1; x <= 8; x++) assert.ok((await grey(x, 0)) > 0, `column ${x} is numbered above the board`);
  for (let y = 1; y <= 6; y++) assert.ok((await grey(0, y)) > 0, `row ${y} is numbered left of the board`);
  assert.equal(await grey(0, 0), 0, 'the corner stays blank');
  assert.equal(await grey(9, 3), 0, 'the right ring stays blank');
  // The readout names a cell as the labels number it.
  await page.locator('main canvas[data-ref="board"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.match(await ref(page, 'readout').textContent(), /^column 2, row 2:/);
  await context.close();
});

test('once cleared, keys that make no move leave "Cleared!" in view', async () => {
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=4&h=2&kinds=2&variant=none&seed=1`, calm);
  await page.evaluate(() => window.clearboardPage.focusBoard());
  for (let i = 0; i < 4; i++) await page.keyboard.press('s');
  assert.equal(await app(page, (a) => a.isWon()), true);
  const status = page.getByRole('status');
  const cleared = await status.textContent();
  assert.match(cleared, /^Cleared!/);
  for (const key of ['h', 's', 'x', 'a', 'Enter', ' ']) {
    await page.evaluate(() => { document.getElementById('live').textContent = ''; });
    await page.keyboard.press(key);
    assert.equal(await status.textContent(), cleared, `after ${key}`);
    // Each is said (the live region), not silent: X too, whose button is disabled then.
    assert.match(await page.locator('#live').textContent(), key === 'x' ? /^The board is cleared: nothing to shuffle\./ : /^The game is over/, `after ${key}`);
  }
  assert.doesNotMatch(await ref(page, 'why').textContent(), /ran out of its budget/);
  await context.close();
});

test('present mode keeps the path query tool: a focus there stays there, its keys stay the tool\'s, and → from the page steps', async () => {
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&seed=3`, calm);
  await ref(page, 'pq-box').locator('summary').click();
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('3 1\nX X\n1 1 3 1\n0 0 0 0\n0 0\n');
  await button(page, 'Answer queries').click();
  await ref(page, 'pq-canvas').focus();
  // Focused, it says where its cursor is (a screen reader heard only its name); its box shows the focus ring (the
  // board's own was cut by the box on a large board).
  assert.equal(await page.locator('#live').textContent(), 'Path query board: Column 1, row 1: tile.');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#live').textContent(), 'Column 2, row 1: empty.');
  assert.equal(await page.locator('main .pq-scroll').evaluate((b) => getComputedStyle(b).outlineStyle), 'solid');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('p');
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), true);
  assert.equal(await page.evaluate(() => document.activeElement === window.clearboardPage.ref('pq-canvas')), true, 'the tool keeps the focus');
  // The game's letters there are said, not done (as outside present mode).
  await page.keyboard.press('s');
  assert.match(await page.locator('#message').textContent(), /^S acts on the game's board, not on this path query board/);
  assert.equal(await app(page, (a) => a.moves()), 0);
  // From the page (no field focused) → steps.
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowRight');
  assert.equal(await app(page, (a) => a.moves()), 1);
  await context.close();
});

test('the moves log counts columns and rows from 1, as the board\'s edge labels and the readout do', async () => {
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&seed=3`, calm);
  await button(page, 'Step').click();
  const [x1, y1, x2, y2] = (await app(page, (a) => a.log())).trim().split(' ').map(Number);
  assert.equal((await ref(page, 'log').textContent()).trim(), [x1 + 1, y1 + 1, x2 + 1, y2 + 1].join(' '));
  assert.match(await ref(page, 'why').textContent(), new RegExp(`column ${x1 + 1}, row ${y1 + 1}`));
  // That position's link, opened in a new page, is said to be a game under way.
  const link = await settledLink(page);
  const other = await open(browser, `${server.url}#${link}`, calm);
  assert.equal(await other.page.locator('#live').textContent(), 'A game under way: 8 × 6, 1 move made, 46 tiles left, variant None (nothing moves).');
  await other.context.close();
  await context.close();
});

test('the edge labels are drawn on a phone too, Classic and Large, at 9 px or more', async () => {
  for (const [w, h] of [[16, 9], [24, 12]]) {
    const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=${w}&h=${h}&kinds=36&seed=1`, { reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
    // The light pixels of the ring cell beside column 1 (above it, or on the right of a turned board), and of the ring cell beside row 1: its label.
    const lit = await page.evaluate(() => {
      const g = window.clearboardPage;
      const { s } = g.geom;
      const c = g.canvas;
      const k = c.width / c.getBoundingClientRect().width;
      const count = ([x, y]) => {
        const d = c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), Math.round(s * k), Math.round(s * k)).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] > 300) n++;
        return n;
      };
      return { s, column: count(g.view(0, -1)), row: count(g.view(-1, 0)) };
    });
    assert.ok(lit.s <= 30, `a phone's cells: ${lit.s} px`);
    assert.ok(lit.column >= 6 && lit.row >= 6, `${w} × ${h}: labels drawn in ${lit.s} px cells: ${JSON.stringify(lit)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('on a phone held upright a Classic or Large board is drawn a quarter turn clockwise, with larger tiles; taps, drawing, arrows and labels follow it', async () => {
  const phone = { reducedMotion: 'reduce', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  for (const [w, h, least] of [[16, 9, 24], [24, 12, 16]]) {
    const link = `${server.url}#game=lianliankan&w=${w}&h=${h}&kinds=36&variant=none&seed=4`;
    const { page, context, problems } = await open(browser, link, phone);
    const board = ref(page, 'board');
    const box = await board.boundingBox();
    // Flat, the board's w + 2 columns would share the board's column (the 390 px less the page's margins): at most
    // 20 px (Classic) or 14 px (Large) a cell.
    const flat = Math.floor((await page.evaluate(() => window.clearboardPage.ref('wrap').clientWidth)) / (w + 2));
    const s = await page.evaluate(() => window.clearboardPage.geom.s);
    assert.ok(s >= least && s >= 1.2 * flat, `${w} × ${h}: ${s} px cells, against ${flat} px flat`);
    assert.ok(Math.abs(box.width - (h + 2) * s) < 1 && Math.abs(box.height - (w + 2) * s) < 1, `${w} × ${h}: the canvas is h + 2 cells across and w + 2 down: ${JSON.stringify(box)}`);
    assert.ok(box.x >= 0 && box.x + box.width <= 390.5, 'the whole width in view');
    assert.match(await ref(page, 'turned-note').textContent(), /drawn turned a quarter turn clockwise, to give its tiles more room: column 1 is at the top, row 1 on the right, and the arrow keys move as drawn \(→ towards row 1, ↓ towards the last column\)\.( The variant's directions turn with it: .*)?$/);
    // The board's name is read by English speech (no Chinese in it), its description with the note.
    assert.match(await board.getAttribute('aria-label'), /^Lianliankan board\. Arrow keys/);
    assert.deepEqual(await board.evaluate((c) => (c.ariaDescribedByElements ?? []).map((e) => e.dataset.ref)), ['readout', 'turned-note']);
    assert.equal(await ref(page, 'turned-note').isVisible(), true);
    // Where cell (x, y) is drawn, by the rule (not by the page's own cellCenter): its column 1 at the top, row 1 on the right.
    const centre = (x, y) => ({ x: box.x + (h - y + 0.5) * s, y: box.y + (x + 1.5) * s });
    // A tile's light face near its cell's corner (outside the kind's shape), or the board's dark ground.
    const light = (x, y) => page.evaluate(([px, py]) => {
      const c = window.clearboardPage.canvas;
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      const d = c.getContext('2d').getImageData(Math.round((px - r.left) * k), Math.round((py - r.top) * k), 1, 1).data;
      return d[0] + d[1] + d[2] > 500;
    }, [centre(x, y).x - 0.3 * s, centre(x, y).y - 0.3 * s]);
    const pair = await app(page, (a) => Array.from(a.hint()));
    await page.touchscreen.tap(centre(pair[0], pair[1]).x, centre(pair[0], pair[1]).y);
    assert.deepEqual(await page.evaluate(() => window.clearboardPage.selected), { x: pair[0], y: pair[1] }, 'a tap picks the cell drawn there');
    // Fitted to the height, the board keeps its size while the readout under it names the tile picked.
    assert.deepEqual(await board.boundingBox(), box, 'picking a tile leaves the board as it was');
    await page.touchscreen.tap(centre(pair[2], pair[3]).x, centre(pair[2], pair[3]).y);
    assert.equal(await app(page, (a) => a.tiles()), w * h - 2, 'the pair tapped where it is drawn goes');
    // (Under reduced motion its path shows over the pair for half a second first.)
    await page.waitForFunction(() => !window.clearboardPage.flash);
    assert.equal(await light(pair[0], pair[1]), false, 'its cell drawn empty');
    assert.equal(await light(pair[2], pair[3]), false, 'and the other');
    // Neither a wrong pair's message, Step's explanation, the verdict nor a shuffle resizes or moves it.
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    assert.deepEqual(await board.boundingBox(), box, 'the verdict in: the board as it was');
    const next = await app(page, (a) => Array.from(a.hint()));
    const all = await cells(page);
    const wrong = all.findIndex((k) => k && k !== all[next[1] * w + next[0]]);
    await page.touchscreen.tap(centre(next[0], next[1]).x, centre(next[0], next[1]).y);
    await page.touchscreen.tap(centre(wrong % w, Math.floor(wrong / w)).x, centre(wrong % w, Math.floor(wrong / w)).y);
    assert.match(await page.locator('#message').textContent(), /^Not a pair: the two tiles are of different kinds\.$/);
    assert.deepEqual(await board.boundingBox(), box, 'a wrong pair said: the board as it was');
    await button(page, 'Step').click();
    assert.match(await ref(page, 'why').textContent(), /^Step: the pair of /);
    await button(page, 'Shuffle').click();
    assert.match(await page.locator('#message').textContent(), /^Shuffled into a winnable arrangement/);
    // Said once: the status says the shuffle, the live region only what it does not (the tiles left).
    assert.match(await page.locator('#live').textContent(), /^\d+ tiles left\.$/);
    assert.deepEqual(await board.boundingBox(), box, 'after Step and Shuffle: the board as it was');
    // The arrow keys move the cursor on the screen's terms: right towards row 1, down towards the last column.
    await board.focus();
    await page.evaluate(() => { window.clearboardPage.cursor = { x: 5, y: 5 }; });
    await page.keyboard.press('ArrowRight');
    assert.match(await ref(page, 'readout').textContent(), /^column 6, row 5:/);
    await page.keyboard.press('ArrowDown');
    assert.match(await ref(page, 'readout').textContent(), /^column 7, row 5:/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    assert.match(await ref(page, 'readout').textContent(), /^column 6, row 6:/);
    assert.deepEqual(problems, []);
    await context.close();
  }
  // A lost game on a turned board: where fitting the board again to bring its rescue button into view would take the
  // tiles under 24 px (here), the button is a scroll away, the board keeping its size.
  {
    const rows = ['AB' + '.'.repeat(14), 'BA' + '.'.repeat(14), ...Array(3).fill('.'.repeat(16)), '.....A.A' + '.'.repeat(8), ...Array(3).fill('.'.repeat(16))];
    const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=${rows.join('/')}`, phone);
    assert.equal(await page.evaluate(() => window.clearboardPage.view.turned), true);
    const s0 = await page.evaluate(() => window.clearboardPage.geom.s);
    // The two loose A go together: the A and B left in a square cannot be joined.
    for (const [x, y] of [[5, 5], [7, 5]]) {
      const p = await at(page, x, y);
      await page.touchscreen.tap(p.x, p.y);
    }
    const rescue = button(page, 'Undo to the last winnable position');
    await rescue.waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.clearboardPage.geom.s), s0, 'the board keeps its size');
    const r = await rescue.boundingBox();
    assert.ok(r.y + r.height > 844, `the button below the window: ${JSON.stringify(r)}`);
    // The verdict's line above it is mostly in view (its words say that the game is lost): nothing is echoed over it.
    const line = await page.evaluate(() => { const b = document.querySelector('main [data-ref="rescue"]').getBoundingClientRect(); return Math.min(b.bottom, innerHeight) - Math.max(b.top, 0) >= b.height / 2; });
    assert.equal(line, true);
    assert.equal(await page.locator('.echo').isHidden(), true);
    await rescue.scrollIntoViewIfNeeded();
    await rescue.tap();
    assert.equal(await app(page, (a) => a.moves()), 0);
    assert.deepEqual(problems, []);
    await context.close();
  }
  // Under a sliding variant the note says where its directions went.
  const { page, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=4`, phone);
  assert.match(await ref(page, 'turned-note').textContent(), /towards the last column\)\. The variant's directions turn with it: down is to the left here, up to the right, left is up and right is down\.$/);
  await context.close();
  // Small boards keep their tiles large enough flat, and a laptop or a phone on its side never turns one.
  // Nor does an embed (its host laid the frame out for the board as it stands) or present mode.
  for (const [hash, viewport] of [['w=8&h=6&kinds=12', { width: 390, height: 844 }], ['w=16&h=9&kinds=36', { width: 1280, height: 800 }], ['w=16&h=9&kinds=36', { width: 844, height: 390 }], ['w=16&h=9&kinds=36&embed=1', { width: 390, height: 844 }], ['w=16&h=9&kinds=36&present=1', { width: 390, height: 844 }]]) {
    const { page, context } = await open(browser, `${server.url}#game=lianliankan&${hash}&seed=4`, { reducedMotion: 'reduce', viewport });
    const box = await ref(page, 'board').boundingBox();
    assert.ok(box.width > box.height, `${hash} at ${viewport.width} × ${viewport.height}: drawn flat (${JSON.stringify(box)})`);
    assert.equal(await ref(page, 'turned-note').isVisible(), false);
    await context.close();
  }
});

test('a board fitted to the height keeps its size and place between two taps (a phone on its side, a small upright one), so the second tap hits the tile drawn', async () => {
  for (const viewport of [{ width: 844, height: 390 }, { width: 360, height: 640 }]) {
    const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=none&seed=11`, { reducedMotion: 'reduce', viewport, hasTouch: true, isMobile: true });
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    const board = ref(page, 'board');
    for (let pair = 0; pair < 3; pair++) {
      const h = await app(page, (a) => Array.from(a.hint()));
      // The board in view (turned on the upright phone, it may reach past the screen's bottom: a scroll), then
      // both tiles' places as drawn, measured before the first tap.
      await page.evaluate(() => scrollTo(0, document.querySelector('main [data-ref="board"]').getBoundingClientRect().top + scrollY - 8));
      const box = await board.boundingBox();
      const [a, b] = await page.evaluate((h) => [window.clearboardPage.cellCenter(h[0], h[1]), window.clearboardPage.cellCenter(h[2], h[3])], h);
      await page.touchscreen.tap(a.x, a.y);
      assert.deepEqual(await board.boundingBox(), box, `${viewport.width} × ${viewport.height}: a tile picked, the board as it was`);
      await page.touchscreen.tap(b.x, b.y);
      assert.equal(await app(page, (a) => a.tiles()), 144 - 2 * (pair + 1), `${viewport.width} × ${viewport.height}: pair ${pair + 1} tapped where it was drawn goes`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a board lost where its game starts: Step and Hint point to Shuffle, not to an Undo that cannot help', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AB/BA`, calm);
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.equal(await button(page, 'Undo').isDisabled(), true);
  for (const name of ['Step', 'Hint']) {
    await button(page, name).click();
    const why = await ref(page, 'why').textContent();
    assert.equal(why, 'No order of removals clears this board, and it is where this game starts. Shuffle rearranges the tiles left into a winnable board (−50 points).', `${name}: ${why}`);
    assert.equal(await page.getByRole('status').textContent(), why);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the verdict line keeps its height while the next verdict is worked out: the page (and a frame sized from its height event) does not jump with every move', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2&embed=1`, { reducedMotion: 'reduce', viewport: { width: 320, height: 700 } });
  const verdict = ref(page, 'verdict');
  await page.waitForFunction(() => /^Winnable:/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  for (let i = 0; i < 3; i++) {
    // The step and the measure in one task: the check runs after it.
    const [before, during, text] = await page.evaluate(() => {
      const v = document.querySelector('main [data-ref="verdict"]');
      const h0 = v.getBoundingClientRect().height;
      window.clearboardPage.step();
      return [h0, v.getBoundingClientRect().height, v.textContent];
    });
    assert.equal(text, 'Winnable? checking…');
    assert.equal(during, before, 'the line keeps its height while checking');
    await page.waitForFunction(() => /^Winnable:/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    assert.equal((await verdict.boundingBox()).height, before);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('New game deals at the size and kinds typed in the settings, as Same Game\'s does', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2`, calm);
  await page.getByLabel('Width', { exact: true }).fill('10');
  await page.getByLabel('Height', { exact: true }).fill('6');
  await page.getByLabel('Kinds', { exact: true }).fill('15');
  await button(page, 'New game').click();
  assert.deepEqual(await app(page, (a) => [a.width(), a.height(), a.kinds(), a.variant()]), [10, 6, 15, 'down']);
  assert.equal(await page.getByLabel('Width', { exact: true }).inputValue(), '10');
  // A size that cannot be dealt is said, and the game stays.
  await page.getByLabel('Width', { exact: true }).fill('33');
  await button(page, 'New game').click();
  assert.match(await page.getByRole('status').textContent(), /^This board cannot be dealt: /);
  await page.getByLabel('Width', { exact: true }).fill('10');
  await page.getByLabel('Kinds', { exact: true }).fill('');
  await button(page, 'New game').click();
  assert.equal(await page.getByRole('status').textContent(), 'This board cannot be dealt: Kinds is empty (a whole number is needed).');
  assert.deepEqual(await app(page, (a) => [a.width(), a.height()]), [10, 6]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a board opened cleared (a link with its moves) was not timed: its result gives no time', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=AB/AB&moves=0.0.0.1,1.0.1.1`, calm);
  assert.equal(await app(page, (a) => a.isWon()), true);
  assert.equal(await ref(page, 'overlay-text').textContent(), 'Cleared! Score 20.');
  // The last pair taken back and removed by hand: that game was played here, and timed.
  await button(page, 'Undo').click();
  await clickCell(page, 1, 0);
  await clickCell(page, 1, 1);
  assert.equal(await app(page, (a) => a.isWon()), true);
  assert.match(await ref(page, 'overlay-text').textContent(), /^Cleared! Score 20 in \d\d:\d\d\./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a board wider than a phone scrolls sideways, and the readout says so', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=32&h=32&kinds=62&seed=2`, { reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  const wrap = ref(page, 'wrap');
  assert.ok(await wrap.evaluate((e) => e.scrollWidth > e.clientWidth), 'the board is wider than its box');
  assert.match(await ref(page, 'readout').textContent(), /This 32 × 32 board is wider than the screen: scroll it sideways to see all of it\.$/);
  // A board that fits says nothing of the kind.
  await page.evaluate(() => { location.hash = 'game=lianliankan&w=8&h=6&kinds=12&seed=2'; });
  await page.waitForFunction(() => window.clearboardPage.app.width() === 8);
  assert.doesNotMatch(await ref(page, 'readout').textContent(), /wider than the screen/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a board wider than a phone the keyboard cursor stays in view: the board scrolls with it', async () => {
  const viewport = { width: 390, height: 844 };
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=32&h=32&kinds=3&variant=none&seed=4`, { reducedMotion: 'reduce', viewport });
  await page.evaluate(() => window.clearboardPage.focusBoard());
  const seen = () => page.evaluate(() => {
    const g = window.clearboardPage;
    const c = g.cellCenter(g.cursor.x, g.cursor.y);
    const r = g.ref('wrap').getBoundingClientRect();
    return { x: g.cursor.x, inside: c.x >= r.left && c.x <= r.left + g.ref('wrap').clientWidth && c.y >= 0 && c.y <= innerHeight };
  });
  for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowRight');
  let s = await seen();
  assert.equal(s.x, 31);
  assert.ok(s.inside, 'column 32 in view');
  for (let i = 0; i < 31; i++) await page.keyboard.press('ArrowLeft');
  s = await seen();
  assert.equal(s.x, 0);
  assert.ok(s.inside, 'column 1 in view again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Enter in a settings field deals, as Deal this seed does; an empty field is said and the game stays', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=down&seed=2`, calm);
  await page.getByLabel('Width', { exact: true }).fill('10');
  await page.getByLabel('Height', { exact: true }).fill('6');
  await page.getByLabel('Kinds', { exact: true }).fill('12');
  await page.getByLabel('Seed', { exact: true }).fill('7');
  await page.getByLabel('Seed', { exact: true }).press('Enter');
  await page.waitForFunction(() => window.clearboardPage.app.width() === 10);
  assert.deepEqual(await app(page, (a) => [a.width(), a.height(), a.seed(), a.variant()]), [10, 6, 7, 'down']);
  assert.match(new URL(page.url()).hash, /w=10&h=6/);
  // From the Kinds field too; a field left empty is said, as the button says it.
  await page.getByLabel('Kinds', { exact: true }).fill('');
  await page.getByLabel('Kinds', { exact: true }).press('Enter');
  assert.match(await page.getByRole('status').textContent(), /Kinds is empty/);
  assert.deepEqual(await app(page, (a) => [a.width(), a.height(), a.seed()]), [10, 6, 7]);
  // A seed past 2^53 is quoted as typed, not as the rounded number JavaScript reads.
  await page.getByLabel('Kinds', { exact: true }).fill('12');
  await page.getByLabel('Seed', { exact: true }).fill('99999999999999999999');
  await page.getByLabel('Seed', { exact: true }).press('Enter');
  assert.equal(await page.getByRole('status').textContent(), 'This board cannot be dealt: seed: 99999999999999999999 is not from 0 to 9007199254740991');
  assert.deepEqual(await app(page, (a) => [a.width(), a.height(), a.seed()]), [10, 6, 7]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the two teaching views share the explanation: turning one off brings the other\'s back', async () => {
  const { page, context, problems } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&seed=2`, calm);
  await page.getByLabel('Show search').check();
  const cells0 = await cells(page);
  const i = cells0.findIndex((k) => k > 0);
  await clickCell(page, i % 8, Math.floor(i / 8));
  const search = await ref(page, 'why').textContent();
  assert.match(search, /^Show search from column /);
  await page.getByLabel('Show all pairs').check();
  assert.match(await ref(page, 'why').textContent(), /pairs? can be removed now/);
  await page.getByLabel('Show all pairs').uncheck();
  assert.equal(await ref(page, 'why').textContent(), search, 'the search\'s explanation is back');
  // And the other way round.
  await page.getByLabel('Show all pairs').check();
  const pairs = await ref(page, 'why').textContent();
  await page.getByLabel('Show search').uncheck();
  assert.equal(await ref(page, 'why').textContent(), pairs);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a stuck, lost board with a winnable position behind it: Step and Hint name Shuffle beside the Undo', async () => {
  const link = 'game=lianliankan&w=8&h=6&kinds=24&variant=left&seed=5&moves=1.1.2.1,2.0.6.0,0.2.0.4,5.1.6.4,1.1.2.1,3.3.4.3,0.0.0.4,1.0.4.0,1.0.1.1,1.1.7.5,0.5.2.5,4.3.4.4,4.2.4.3,1.3.2.3,0.1.2.2,0.2.0.4,1.5.3.5,1.2.2.2';
  const { page, context, problems } = await open(browser, `${server.url}#${link}`, calm);
  assert.equal(await app(page, (a) => a.isStuck()), true);
  assert.ok(await app(page, (a) => a.undosToWinnable()) > 0);
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.equal(await ref(page, 'verdict').textContent(), 'Lost as the tiles lie — no order of removals clears them. Shuffle rearranges them into a winnable board (−50 points), or undo to the last winnable position:');
  for (const name of ['Step', 'Hint']) {
    await button(page, name).click();
    assert.match(await page.getByRole('status').textContent(), /undo to the last winnable position, or Shuffle into a winnable board \(−50 points\)\.$/, name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a move that loses the game is said once, then the verdict alone (the move is not said again with it)', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=CABB/ABDA/DCBA`, calm);
  await page.evaluate(() => {
    window.writes = [];
    new MutationObserver(() => window.writes.push(document.getElementById('live').textContent)).observe(document.getElementById('live'), { childList: true, characterData: true, subtree: true });
  });
  await ref(page, 'board').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'Enter', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  await page.waitForFunction(() => window.writes.some((w) => /^Lost/.test(w)));
  const writes = await page.evaluate(() => window.writes.filter((w) => /Removed a pair|Lost/.test(w)));
  assert.equal(writes.length, 2, JSON.stringify(writes));
  assert.match(writes[0], /^Removed a pair of B \(capital B, [a-z ]+\) at column \d, row \d and column \d, row \d\. 10 tiles left\.$/);
  assert.equal(writes[1], 'Lost as the tiles lie — no order of removals clears them. Shuffle rearranges them into a winnable board (−50 points), or undo to the last winnable position (1 move back) with the button after it.');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 75 × 75 query board keeps cells of 10 px, numbered on its ring, scrolling in its own box; the keyboard cursor is kept in view', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, { ...calm, viewport: { width: 1280, height: 800 } });
  await page.locator('main [data-ref="pq-box"] summary').click();
  const gen = spawnSync(CLI, ['gen', 'mahjong', '--size', '75', '--queries', '3', '--seed', '4'], { encoding: 'utf8' });
  assert.equal(gen.status, 0, gen.stderr);
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill(gen.stdout);
  await button(page, 'Answer queries').click();
  assert.ok((await page.evaluate(() => window.clearboardPage.pqCell)) >= 10);
  const box = page.locator('main .pq-scroll');
  assert.equal(await box.evaluate((b) => b.scrollWidth > b.clientWidth), true, 'the board scrolls in its box');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the page does not scroll sideways');
  // The ring is numbered: light figures on the dark ring above column 5.
  const lit = await page.evaluate(() => {
    const c = document.querySelector('main [data-ref="pq-canvas"]');
    const s = window.clearboardPage.pqCell * devicePixelRatio;
    const d = c.getContext('2d').getImageData(Math.round(5 * s), 0, Math.round(s), Math.round(s)).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 150) n++;
    return n;
  });
  assert.ok(lit > 3, `${lit} light pixels in the ring above column 5`);
  const canvas = ref(page, 'pq-canvas');
  await canvas.focus();
  for (let i = 0; i < 70; i++) await canvas.press('ArrowRight');
  const inView = await page.evaluate(() => {
    const c = document.querySelector('main [data-ref="pq-canvas"]');
    const b = c.parentElement.getBoundingClientRect();
    const s = window.clearboardPage.pqCell;
    const left = c.getBoundingClientRect().left + 71 * s;
    return left >= b.left && left + s <= b.right;
  });
  assert.equal(inView, true, 'column 71 (the cursor) is in the box');
  assert.match(await page.locator('#live').textContent(), /^Column 71, row 1: /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the ring\'s numbers are drawn over a path along the ring: the query board\'s and Show search\'s', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=none&board=ABA/CBC`, calm);
  // Records the order of a canvas's strokes and texts, then asks for a redraw.
  const spy = (name) => page.evaluate((n) => {
    const ctx = document.querySelector(`main [data-ref="${n}"]`).getContext('2d');
    window.calls = [];
    for (const m of ['stroke', 'fillText']) {
      const f = ctx[m];
      ctx[m] = function (...a) {
        window.calls.push(m === 'fillText' ? `text ${a[0]}` : 'stroke');
        return f.apply(this, a);
      };
    }
  }, name);
  // Every ring number (1 to `n`) is written after the last stroke (the path's).
  const numbersAfterPath = (n) => page.evaluate((k) => {
    const last = window.calls.lastIndexOf('stroke');
    const after = new Set(window.calls.slice(last + 1).filter((c) => c.startsWith('text ')).map((c) => c.slice(5)));
    return last >= 0 && Array.from({ length: k }, (_, i) => String(i + 1)).every((t) => after.has(t));
  }, n);
  // A query around a tile: from (1, 1) to (3, 1) over the top ring, under the column numbers 1–3.
  await page.locator('main [data-ref="pq-box"] summary').click();
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').fill('3 2\nXXX\nX X\n1 1 3 1\n0 0 0 0\n0 0\n');
  await button(page, 'Answer queries').click();
  await spy('pq-canvas');
  await button(page, 'Show path').click();
  assert.equal(await numbersAfterPath(3), true, JSON.stringify(await page.evaluate(() => window.calls)));
  // Show search from A at column 1: the path to the other A runs over the top ring.
  assert.equal(await page.evaluate(() => window.clearboardPage.link()), 'game=lianliankan&variant=none&board=ABA/CBC');
  await page.getByRole('checkbox', { name: 'Show search' }).check();
  await spy('board');
  await clickCell(page, 0, 0);
  assert.equal(await numbersAfterPath(3), true, JSON.stringify(await page.evaluate(() => window.calls)));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the path query tool lists at most 500 boards, as it lists at most 500 queries; the log answers every board', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=8&h=6&kinds=12&seed=3`, calm);
  await page.locator('main [data-ref="pq-box"] summary').click();
  // Set as a paste sets it (one input event): playwright's fill of these 3,000 lines took 24 s on this machine even
  // into a blank page's textarea (Chromium's editing, not the page), and past the test's 30 s here.
  await page.getByLabel('Path queries (mahjong or POJ 1101 input)').evaluate((t, text) => {
    t.value = text;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, `${'1 2\nX\nX\n1 1 1 2\n0 0 0 0\n'.repeat(600)}0 0\n`);
  await button(page, 'Answer queries').click();
  const options = ref(page, 'pq-board-no').locator('option');
  assert.equal(await options.count(), 501);
  assert.equal(await options.last().textContent(), '… 100 more: the log answers them');
  assert.equal(await options.last().evaluate((o) => o.disabled), true);
  assert.equal((await ref(page, 'pq-log').textContent()).match(/^Board #\d+:$/gm)?.length, 600);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone a lost game\'s verdict and rescue button refit the board but never turn it (it turned flat between two taps with more contrast asked for), nor take its tiles under a finger\'s size: then the button is a scroll away and the window\'s foot says so while the line is', async () => {
  // The last pair of this game leaves it lost as the tiles lie: a long verdict and Undo to the last winnable position.
  const moves = '2.0.7.0,2.5.2.6,4.6.4.7,10.8.15.8,6.0.8.0,10.1.11.1,10.0.10.2,2.1.6.1,14.0.2.2,15.1.15.7,15.3.14.7,14.3.13.7,7.4.8.4,6.4.8.5,5.4.9.5,0.8.11.8,3.7.3.8,11.7.14.8,11.0.2.3,5.0.11.2,0.0.11.3,3.1.2.4,1.1.1.4,0.4.1.5,12.3.11.4,1.0.2.7,15.0.2.8,0.1.15.2,1.3.5.7,0.5.6.7,12.2.11.5,9.0.13.2';
  const lostEcho = 'Lost as the tiles lie — no order of removals clears them. Shuffle rearranges them into a winnable board (−50 points), or undo to the last winnable position — its button is under the board.';
  const rescueBox = (page) => page.evaluate(() => {
    const r = [...document.querySelectorAll('main button')].find((b) => b.textContent === 'Undo to the last winnable position').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, inner: innerHeight };
  });
  /** Whether half of the line and its button at least is in the window. */
  const lineInView = (page) => page.evaluate(() => {
    const r = document.querySelector('main [data-ref="rescue"]').getBoundingClientRect();
    return Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
  });
  const echo = (page) => page.evaluate(() => { const e = document.querySelector('.echo'); return e.hidden ? null : e.textContent; });
  // [viewport, link's end, contrast, whether the refit keeps 24 px tiles (the button then comes into view), whether
  // the line is then mostly out of view (echoed), what is tried next]
  for (const [viewport, extra, contrast, refits, echoed, then] of [
    [{ width: 412, height: 915 }, '', 'no-preference', true, false, null],
    [{ width: 412, height: 915 }, '', 'more', true, false, null],
    [{ width: 390, height: 844 }, '', 'no-preference', false, false, 'rescue'],
    [{ width: 360, height: 640 }, '', 'no-preference', false, true, 'turn'],
    [{ width: 360, height: 640 }, '', 'no-preference', false, true, 'new game'],
    [{ width: 360, height: 640 }, '&present=1', 'no-preference', false, false, null],
  ]) {
    const size = `${viewport.width} × ${viewport.height}${extra} ${contrast}`;
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&variant=none&seed=3&moves=${moves}${extra}`, { reducedMotion: 'reduce', viewport, deviceScaleFactor: 2, hasTouch: true, isMobile: true, contrast });
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]')?.textContent ?? ''));
    const view = () => page.evaluate(() => ({ turned: window.clearboardPage.view.turned, top: Math.round(window.clearboardPage.canvas.getBoundingClientRect().top) }));
    const before = await view();
    const s0 = await page.evaluate(() => window.clearboardPage.geom.s);
    assert.equal(before.turned, !extra, `${size}: a 16 × 9 board is drawn turned on a phone (not in present mode)`);
    // Every text the window's foot shows from now on (a lost verdict's echo must not flash where the board is
    // fitted again to bring its line into view).
    await page.evaluate(() => {
      const echo = document.querySelector('.echo');
      window.echoed = [];
      new MutationObserver(() => { if (!echo.hidden) window.echoed.push(echo.textContent); }).observe(echo, { attributes: true, childList: true, characterData: true, subtree: true });
    });
    for (const [x, y] of [[13, 3], [10, 5]]) {
      const p = await at(page, x, y);
      await page.touchscreen.tap(p.x, p.y);
    }
    await page.waitForFunction(() => /^Lost as the tiles lie/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    await button(page, 'Undo to the last winnable position').waitFor();
    if (refits) {
      // The rescue button comes into view (the board is fitted again, on the next frames, to make room for it) …
      await page.waitForFunction((was) => {
        const r = [...document.querySelectorAll('main button')].find((b) => b.textContent === 'Undo to the last winnable position').getBoundingClientRect();
        return r.height > 0 && r.bottom <= innerHeight && window.clearboardPage.geom.s < was;
      }, s0);
      assert.ok(await page.evaluate(() => window.clearboardPage.geom.s) >= 24, size);
    } else {
      // … unless that took the tiles under 24 px (12 px in present mode here): the board keeps its size, the button
      // is below the window, and where the line is mostly out of view too the window's foot says where it is.
      if (echoed) await page.waitForFunction(() => !document.querySelector('.echo').hidden);
      assert.equal(await page.evaluate(() => window.clearboardPage.geom.s), s0, `${size}: the board keeps its size`);
      const r = await rescueBox(page);
      assert.ok(r.height > 0 && r.bottom > r.inner, `${size}: the button is below the window (${JSON.stringify(r)})`);
    }
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    assert.equal(await lineInView(page), !echoed, size);
    if (echoed) assert.equal(await echo(page), lostEcho, size);
    // (The line in view, nothing is echoed over it, not even for a frame.)
    else assert.deepEqual(await page.evaluate(() => window.echoed.filter((t) => t.startsWith('Lost'))), [], `${size}: nothing echoed, the line is in view`);
    // … and the board keeps its way round and its place.
    assert.deepEqual(await view(), before, `${size}: the board keeps its way round and its place`);
    if (then === 'rescue') {
      // Scrolled to, the button is in view; a tap on it undoes to the winnable position.
      await page.evaluate(() => [...document.querySelectorAll('main button')].find((b) => b.textContent === 'Undo to the last winnable position').scrollIntoView({ block: 'end' }));
      const b = await button(page, 'Undo to the last winnable position').boundingBox();
      await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
      await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
      assert.equal(await app(page, (a) => a.moves()), moves.split(',').length, `${size}: back before the losing pair`);
    } else if (then === 'turn') {
      // The phone turned sideways (the line beside the board, in view: nothing echoed) and back: the board is fitted
      // afresh, and a line then out of view is echoed again.
      await page.setViewportSize({ width: viewport.height, height: viewport.width });
      await page.waitForFunction(() => document.querySelector('.echo').hidden);
      await page.setViewportSize(viewport);
      await page.waitForFunction(() => window.clearboardPage.view.turned);
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      assert.equal(await lineInView(page), false, `${size}: turned back, the line is out of view (the board fitted to the height)`);
      assert.equal(await echo(page), lostEcho, `${size}: turned back, the line is echoed`);
      // Another position opened without a press (a link typed, Back, an embedder's message): an echo goes with
      // the verdict it said.
      await page.evaluate(() => { location.hash = '#game=lianliankan&w=8&h=6&kinds=12&seed=2'; });
      await page.waitForFunction(() => document.querySelector('.echo').hidden, null, { timeout: 2000 });
    } else if (then === 'new game') {
      // New game after a lost one: the board dealt is the size a fresh page gives it (the lost verdict's lines
      // were measured as the new game's: 25 → 23 px at 360 × 640).
      await page.evaluate(() => scrollTo(0, 0));
      const b = await button(page, 'New game').boundingBox();
      await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
      await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
      assert.equal(await page.evaluate(() => window.clearboardPage.geom.s), s0, `${size}: the new game's tiles`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a refused pair\'s reason keeps to the status line\'s room in a one-row header (a whiteboard at 1920 × 1080): set smaller, the board does not move between two taps', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&w=16&h=9&kinds=36&seed=3`, { reducedMotion: 'reduce', viewport: { width: 1920, height: 1080 } });
  const base = await page.locator('#message').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  const before = await ref(page, 'board').boundingBox();
  const header = await page.locator('header.top').boundingBox();
  const [a, b] = await page.evaluate(() => {
    const app = window.clearboardPage.app;
    const c = app.cells();
    const w = app.width();
    const j = c.findIndex((k) => k && k !== c[0]);
    return [[0, 0], [j % w, Math.floor(j / w)]];
  });
  for (const [x, y] of [a, b]) {
    const p = await page.evaluate(([x, y]) => window.clearboardPage.cellCenter(x, y), [x, y]);
    await page.mouse.click(p.x, p.y);
  }
  const m = await page.locator('#message').evaluate((e) => {
    const r = document.createRange();
    r.selectNodeContents(e);
    return { text: e.textContent, lines: new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size, size: parseFloat(getComputedStyle(e).fontSize) };
  });
  assert.equal(m.text, 'Not a pair: the two tiles are of different kinds.');
  assert.ok(m.lines === 1 && m.size >= 13 && m.size < base, `${JSON.stringify(m)} (from ${base} px: it took two lines there)`);
  assert.deepEqual(await page.locator('header.top').boundingBox(), header, 'the header as tall as it was');
  assert.deepEqual(await ref(page, 'board').boundingBox(), before, 'the board where it was');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the path query tool in present mode on a whiteboard (1920 × 1080): its input in the page\'s large text, its board\'s cells larger, and fitted again when present mode is left', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&present=1`, { reducedMotion: 'reduce', viewport: { width: 1920, height: 1080 } });
  await page.locator('main [data-ref="pq-box"] summary').click();
  const box = page.getByLabel('Path queries (mahjong or POJ 1101 input)');
  await box.fill('5 4\nXXXXX\nX   X\nXXX X\n XXX \n2 3 5 3\n1 3 4 4\n2 3 3 4\n0 0 0 0\n0 0\n');
  await button(page, 'Answer queries').click();
  const size = (loc) => loc.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  const log = await size(ref(page, 'pq-log'));
  assert.ok((await size(box)) >= 20 && (await size(box)) >= log * 0.9, `the input at ${await size(box)} px, its log at ${log} px (it was the browser's 13 px)`);
  const cell = () => page.evaluate(() => window.clearboardPage.pqCell);
  assert.ok((await cell()) > 28, `cells of ${await cell()} px in present mode`);
  // The side column scrolled to the board drawn (it opened under the screen), once its fits are made.
  await page.waitForFunction(() => document.querySelector('main [data-ref="pq-canvas"]').getBoundingClientRect().bottom <= innerHeight, null, { timeout: 3000 }).catch(() => {});
  const drawn = await ref(page, 'pq-canvas').boundingBox();
  assert.ok(drawn.y >= 0 && drawn.y + drawn.height <= 1080, `the query board in view: ${JSON.stringify(drawn)}`);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.body.classList.contains('present'));
  await page.waitForFunction(() => window.clearboardPage.pqCell <= 28);
  assert.ok((await size(box)) >= 13, `the input at ${await size(box)} px outside present mode`);
  assert.deepEqual(problems, []);
  await context.close();
});

// Random Classic boards under `down` (not made winnable) whose verdict the page's first search (40,000
// positions) leaves undecided and whose search, going on, decides within a second or two here: the first
// is won, the second lost (the command line's answers, asked below).
const UNDECIDED_AT_FIRST = [
  'JhRhFIDDAPVNLEVE/JFiSKYZhgOYJLGeP/OWIWAHQKSWdOMaac/CCGXYZeEMUHQfeKT/GaQXiFDgjMIWcXEA/ZjSgHcBaPRNTDFHf/GRUbZUCiVXPgbebY/TdTCdfdKjfLBVbBh/NOSiQjBcLUJIRNAM',
  'hhCFUCTDLKFFDBcT/fZddGITVEfUWUSOJ/eObYRcMWPUZZjCXM/QPhNKQHSGHgiiRJV/OVMIHWNKAcXCPaGE/ALNbQScXiYLjFeWf/gePLadbSRJEdIghY/QRZHNIYGVEDjDgBj/BbBJaiAaKfXTeMOA',
];

test('an "unknown" verdict searches on in slices and decides as the command line does; Hint and Step then follow what it found', async () => {
  const verdictText = (page) => ref(page, 'verdict').textContent();
  for (const board of UNDECIDED_AT_FIRST) {
    const cli = spawnSync(CLI, ['solve', 'lianliankan', '--variant', 'down', '--seconds', '20'], { input: `${board.split('/').join('\n')}\n`, encoding: 'utf8' });
    const want = /^board 1: won /.test(cli.stdout) ? 'yes' : /^board 1: lost$/.test(cli.stdout.trim()) ? 'no' : null;
    assert.ok(want, `the command line decides: ${cli.stdout}`);
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=down&board=${board}`, calm);
    await page.waitForFunction(() => /^Unknown so far — searching on \(\d+ s of 20\)…$/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    // Hint meanwhile says that the search goes on.
    await button(page, 'Hint').click();
    const hinted = await ref(page, 'why').textContent();
    await page.waitForFunction(() => /^(Winnable|Lost)/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { timeout: 40000 });
    assert.equal(await app(page, (a) => a.winnable()), want, board);
    // The same answer from decide(0) called again and again on a fresh app: each call makes progress.
    const again = await page.evaluate((b) => {
      const a = new window.wasmBindings.LianliankanApp();
      a.openLink(`game=lianliankan&variant=down&board=${b}`);
      let v = a.winnable();
      let calls = 0;
      while (v === 'unknown' && calls < 100000) {
        v = a.decide(0);
        calls++;
      }
      a.free();
      return { v, calls };
    }, board);
    assert.equal(again.v, want, JSON.stringify(again));
    assert.ok(again.calls > 10, `decided in ${again.calls} calls of decide(0)`);
    // What Hint said meanwhile (unless the answer came first) gives way to what it says now, under the board and
    // in the status message.
    const status = () => page.locator('#message').textContent();
    const during = hinted.startsWith('No winning line found from here yet: the search goes on');
    assert.ok(during || hinted.startsWith('Hint: the pair of '), hinted);
    if (want === 'yes') {
      if (during) {
        assert.equal(await ref(page, 'why').textContent(), 'The search found a winning line: Hint shows its next pair.');
        assert.equal(await status(), 'The search found a winning line: Hint shows its next pair.');
      }
      assert.equal(await verdictText(page), 'Winnable: a winning order of removals exists from here.');
      // Said, as news after "unknown"; and Hint and Step now follow the order it found, to the end.
      await page.waitForFunction(() => document.getElementById('live').textContent.startsWith('Winnable'));
      await button(page, 'Hint').click();
      assert.ok(await page.evaluate(() => window.clearboardPage.hintPair), 'a hint from the order found');
      assert.equal(await app(page, (a) => {
        while (a.step());
        return a.isWon();
      }), true);
    } else {
      assert.match(await verdictText(page), /^Lost as the tiles lie — no order of removals clears them, and it is where this game starts\./);
      if (during) {
        assert.match(await ref(page, 'why').textContent(), /^No order of removals clears this board, and it is where this game starts\./);
        assert.match(await status(), /^No order of removals clears this board, and it is where this game starts\./);
      }
      assert.equal(await app(page, (a) => a.hint()), undefined);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('while the verdict searches on the page takes its input; a move ends that search; one that cannot decide stops after 20 s of searching', async () => {
  // A deep-line board the search does not decide in 20 s here (`left`: proofs of loss there run to millions
  // of positions; the command line leaves it undecided after 30 s on one thread, twice as fast as the page).
  const board = 'GZhfUcGbTYiPWETX/cHBfEWBPTWQYDEJW/KSadALOjAiHLfQDi/XPCQFjMDKJHjKEbM/aFPGgONdUgRdSLAa/MVGINeIhNVBCOJTb/SAZOVgFeLbhVMfYI/CSXiYgdXJKjZQUFZ/RaRceBRUIceDCHNh';
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&variant=left&board=${board}`, calm);
  const verdict = () => ref(page, 'verdict').textContent();
  const spent = () => page.evaluate(() => window.__clearboard.searchedOnMs ?? 0);
  await page.waitForFunction(() => /^Unknown so far — searching on \([1-9] s of 20\)…$/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { timeout: 30000 });
  // A task queued now runs within a slice (8 ms; here under test load), and a key moves the cursor.
  const lags = await eventLoopLags(page);
  assert.ok(median(lags) < 40 && Math.max(...lags) < 150, `event loop lag while searching: ${lags.map((l) => l.toFixed(1))}`);
  writeMetrics({ lianliankanSearchOnLagMs: { median: Number(median(lags).toFixed(1)), max: Number(Math.max(...lags).toFixed(1)) } });
  await ref(page, 'board').focus();
  const cursor = () => page.evaluate(() => ({ ...window.clearboardPage.cursor }));
  const before = await cursor();
  await page.keyboard.press('ArrowRight');
  assert.notDeepEqual(await cursor(), before, 'a key moves the cursor during the search');
  assert.match(await verdict(), /^Unknown so far — searching on/, 'all that while the search went on');
  // A pair removed: the old search ends (its time stops counting), the new position's verdict follows.
  const old = await spent();
  assert.ok(old > 1000, `${old} ms searched`);
  const [x1, y1, x2, y2] = await app(page, (a) => Array.from(a.allPairs()).slice(0, 4));
  await clickCell(page, x1, y1);
  await clickCell(page, x2, y2);
  assert.equal(await app(page, (a) => a.moves()), 1);
  await page.waitForFunction(() => !/^Winnable\? checking/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  const now = await app(page, (a) => a.winnable());
  const samples = [];
  for (let i = 0; i < 8; i++) {
    samples.push(await spent());
    await page.waitForTimeout(100);
  }
  if (now === 'unknown') {
    // A new search, counted from 0, and only it: the count grows from under the old one's.
    assert.ok(samples[0] < old, `${samples} after ${old}`);
    for (let i = 1; i < samples.length; i++) assert.ok(samples[i] >= samples[i - 1], `${samples}`);
    assert.match(await verdict(), /^Unknown so far — searching on \(\d s of 20\)…$|^(Winnable|Lost)/);
  } else {
    assert.ok(samples.every((t) => t === samples[0]), `no search counts on: ${samples}`);
    assert.match(await verdict(), now === 'yes' ? /^Winnable/ : /^Lost/);
  }
  // Back to the first position (a search afresh), searched for its whole 20 s: the line says so and the search
  // stops; memory stays bounded.
  await button(page, 'Undo').click();
  await page.waitForFunction(() => /^Unknown so far/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  await button(page, 'Hint').click();
  assert.match(await page.locator('#message').textContent(), /^No winning line found from here yet: the search goes on/);
  await page.waitForFunction(() => document.querySelector('main [data-ref="verdict"]').textContent === 'Unknown — 20 s of search did not decide.', null, { timeout: 60000 });
  // Said once; Hint's "the search goes on" gives way.
  await page.waitForFunction(() => document.getElementById('live').textContent === 'Unknown — 20 s of search did not decide.');
  const noLine = 'The search found no winning line from here in its 20 s; Show all pairs lists the pairs that join.';
  assert.equal(await ref(page, 'why').textContent(), noLine);
  assert.equal(await page.locator('#message').textContent(), noLine);
  const total = await spent();
  assert.ok(total >= 20000 && total < 21000, `searched ${total} ms`);
  await page.waitForTimeout(300);
  assert.equal(await spent(), total, 'stopped: no more slices');
  const wasm = await page.evaluate(() => window.__clearboardWasmBytes());
  assert.ok(wasm <= 64 * 1024 * 1024, `wasm memory ${wasm} bytes`);
  writeMetrics({ lianliankanSearchOnWasmBytes: wasm });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a lost position whose way back needs earlier positions solved looks for it in slices: the page takes its input meanwhile, and finds what undosToWinnable finds', async () => {
  // A `left` board the verdict's search leaves undecided, twelve pairs on: lost, and none of the positions
  // before it is known when the link opens (each is solved anew, up to 40,000 positions apiece; about a second
  // on the main thread in one call).
  const board = 'GZhfUcGbTYiPWETX/cHBfEWBPTWQYDEJW/KSadALOjAiHLfQDi/XPCQFjMDKJHjKEbM/aFPGgONdUgRdSLAa/MVGINeIhNVBCOJTb/SAZOVgFeLbhVMfYI/CSXiYgdXJKjZQUFZ/RaRceBRUIceDCHNh';
  const link = `game=lianliankan&variant=left&board=${board}&moves=0.8.6.8,8.0.14.0,0.0.6.0,9.0.9.1,0.4.0.8,9.0.12.1,11.1.14.2,1.8.6.8,5.6.5.7,1.3.1.4,12.7.3.8,10.7.13.7`;
  const { page, problems, context } = await open(browser, `${server.url}#${link}`, calm);
  // (The page seen as hidden at once: the walk pauses, as it does in a tab not shown, until the lost verdict has
  // been said below; it would otherwise end within a moment here.)
  await page.evaluate(() => Object.defineProperty(document, 'hidden', { get: () => true, configurable: true }));
  const verdict = () => ref(page, 'verdict').textContent();
  await page.waitForFunction(() => /^Lost/.test(document.querySelector('main [data-ref="verdict"]').textContent));
  assert.equal(await verdict(), 'Lost as the tiles lie — no order of removals clears them; looking for the last winnable position among the last moves (undo walks back to it)… Shuffle rearranges the tiles left into a winnable board (−50 points).');
  // A screen reader hears that the game is lost while the line looks, a moment after it says so (not only when
  // the walk ends).
  await page.waitForFunction(() => document.getElementById('live').textContent === document.querySelector('main [data-ref="verdict"]').textContent, null, { timeout: 3000 });
  assert.match(await page.locator('#live').textContent(), /^Lost as the tiles lie — no order of removals clears them; looking for the last winnable position/);
  await page.evaluate(() => delete document.hidden);
  assert.equal(await page.evaluate(() => document.hidden), false);
  // Meanwhile a task queued runs within a slice, a key moves the cursor and Hint says what goes on.
  const lags = await eventLoopLags(page);
  assert.ok(median(lags) < 40 && Math.max(...lags) < 150, `event loop lag while looking back: ${lags.map((l) => l.toFixed(1))}`);
  assert.match(await verdict(), /looking for the last winnable position/, 'still looking (else the lags measured nothing)');
  await ref(page, 'board').focus();
  const cursor = () => page.evaluate(() => ({ ...window.clearboardPage.cursor }));
  const before = await cursor();
  await page.keyboard.press('ArrowRight');
  assert.notDeepEqual(await cursor(), before, 'a key moves the cursor');
  await button(page, 'Hint').click();
  assert.equal(await ref(page, 'why').textContent(), 'No order of removals clears this board any more: the line under the board is looking for the last winnable position.');
  await page.waitForFunction(() => !/looking/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { timeout: 30000 });
  // What one call of undosToWinnable answers, on a fresh app of the same link.
  const sync = await page.evaluate((l) => {
    const a = new window.wasmBindings.LianliankanApp();
    a.openLink(l);
    const k = a.undosToWinnable();
    a.free();
    return k;
  }, link);
  assert.equal(sync, -1);
  assert.equal(await page.evaluate(() => window.clearboardPage.rescueUndos), sync);
  assert.match(await verdict(), /^Lost as the tiles lie — no order of removals clears them, and the search found no winnable position among the last moves \(undo walks back\)\./);
  // What Hint said meanwhile gives way to what it says now.
  assert.match(await ref(page, 'why').textContent(), /^No order of removals clears this board any more, and the search found no winnable position among the last moves/);
  // The page's app answers at once now, as the fresh one did.
  assert.equal(await app(page, (a) => a.undosToWinnable()), sync);
  // Opened with no input, the line takes the room its answer will: the board is not fitted again when the answer
  // comes (a finger's tap a second after opening landed on another tile).
  await page.reload();
  // (The game is mounted again a moment after the reload: no verdict line before.)
  await page.waitForFunction(() => /looking for the last winnable position/.test(document.querySelector('main [data-ref="verdict"]')?.textContent ?? ''));
  const drawn = await ref(page, 'board').boundingBox();
  await page.waitForFunction(() => /^Lost.*, and the search found no winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent), null, { timeout: 30000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.deepEqual(await ref(page, 'board').boundingBox(), drawn, 'the board as it was while looking');
  // Restart while looking back ends that walk: the start's verdict follows ("unknown": the search goes on), and
  // the old walk, which would have ended within a second or two, does not put its lost verdict back.
  await page.reload();
  // (The game is mounted again a moment after the reload: no verdict line before.)
  await page.waitForFunction(() => /looking for the last winnable position/.test(document.querySelector('main [data-ref="verdict"]')?.textContent ?? ''));
  await button(page, 'Restart').click();
  assert.equal(await app(page, (a) => a.moves()), 0);
  await page.waitForTimeout(3000);
  assert.match(await verdict(), /^Unknown so far — searching on \(\d+ s of 20\)…$/);
  assert.equal(await page.evaluate(() => window.clearboardPage.lookingBack), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a small upright phone keeps tiles a finger can pick: the lines under the board a scroll away instead', async () => {
  // (At 320 × 568 the Classic board had 12 px tiles, the Small one 16 px, to keep the verdict and the lines under
  // the board in view below a header of four rows of buttons; 19 px at 360 × 640.)
  for (const [viewport, preset, least] of [
    [{ width: 320, height: 568 }, 'w=16&h=9&kinds=36', 20],
    [{ width: 320, height: 568 }, 'w=8&h=6&kinds=12', 28],
    [{ width: 360, height: 640 }, 'w=16&h=9&kinds=36', 24],
  ]) {
    const size = `${viewport.width} × ${viewport.height} ${preset}`;
    const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan&${preset}&variant=down&seed=2`, { ...calm, viewport, hasTouch: true, isMobile: true });
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    const s = await page.evaluate(() => window.clearboardPage.geom.s);
    assert.ok(s >= least, `${size}: tiles of ${s} px`);
    const board = await ref(page, 'board').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= viewport.width + 0.5, `${size}: the board within the width ${JSON.stringify(board)}`);
    // Two taps on the hinted pair remove it (the page scrolled to each tile as a finger would).
    const h = await app(page, (a) => Array.from(a.hint()));
    for (const [x, y] of [[h[0], h[1]], [h[2], h[3]]]) {
      await page.evaluate(([a, b]) => {
        const p = window.clearboardPage.cellCenter(a, b);
        scrollBy(0, p.y - innerHeight / 2);
      }, [x, y]);
      const p = await at(page, x, y);
      await page.touchscreen.tap(p.x, p.y);
    }
    assert.equal(await app(page, (a) => a.moves()), 1, size);
    // The verdict is a scroll away, not lost.
    await ref(page, 'verdict').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => /^Winnable/.test(document.querySelector('main [data-ref="verdict"]').textContent));
    // And the same board after the move: the verdict's line growing under it does not shrink it again.
    assert.equal(await page.evaluate(() => window.clearboardPage.geom.s), s, `${size}: after a move`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('searchBack in slices answers as one call of undosToWinnable, on lost positions reached by random play', async () => {
  const { page, problems, context } = await open(browser, `${server.url}#game=lianliankan`, calm);
  const runs = await page.evaluate(() => {
    const out = [];
    let seed = 11;
    const rnd = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // Eight deals under `none`, then two of a `left` board nobody made winnable, whose earlier positions the
    // verdict's 40,000 positions leave undecided (each search of the walk runs to its whole budget).
    const left = 'game=lianliankan&variant=left&board=GZhfUcGbTYiPWETX/cHBfEWBPTWQYDEJW/KSadALOjAiHLfQDi/XPCQFjMDKJHjKEbM/aFPGgONdUgRdSLAa/MVGINeIhNVBCOJTb/SAZOVgFeLbhVMfYI/CSXiYgdXJKjZQUFZ/RaRceBRUIceDCHNh';
    for (let trial = 0; trial < 300 && out.length < 10; trial++) {
      const a = new window.wasmBindings.LianliankanApp();
      if (out.length < 8) a.newGame(16, 9, 36, 'none', 1000 + trial);
      else a.openLink(left);
      // Random pairs: off the deal's winning line from the first (whose positions are known winnable).
      const moves = 6 + rnd(20);
      for (let i = 0; i < moves; i++) {
        const p = a.allPairs();
        if (p.length === 0) break;
        const k = rnd(p.length / 4) * 4;
        a.tryPair(p[k], p[k + 1], p[k + 2], p[k + 3]);
      }
      const link = a.link();
      a.free();
      const one = new window.wasmBindings.LianliankanApp();
      one.openLink(link);
      if (one.winnable() !== 'no') {
        one.free();
        continue;
      }
      const whole = one.undosToWinnable();
      one.free();
      const sliced = new window.wasmBindings.LianliankanApp();
      sliced.openLink(link);
      let k;
      let calls = 0;
      // Slices of 0 and 3 ms, each making progress.
      while ((k = sliced.searchBack(calls % 2 ? 0 : 3)) === undefined && calls < 20000) calls++;
      out.push({ link, whole, sliced: k, again: sliced.undosToWinnable(), calls });
      sliced.free();
    }
    return out;
  });
  assert.equal(runs.length, 10, `${runs.length} lost positions`);
  for (const r of runs) assert.deepEqual([r.sliced, r.again], [r.whole, r.whole], JSON.stringify(r));
  assert.ok(runs.some((r) => r.calls > 20), `some walks take many slices: ${runs.map((r) => r.calls)}`);
  assert.ok(new Set(runs.map((r) => r.whole)).size >= 3, 'walks of several lengths');
  assert.deepEqual(problems, []);
  await context.close();
});

