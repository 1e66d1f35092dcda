// Serves the built dist/ on 127.0.0.1 and drives Debian's Chromium with
// playwright-core. Shared by the browser test files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serveDir } from '../../scripts/serve.mjs';

export { CSP } from '../../scripts/serve.mjs';
export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Serves the built dist/ on a free loopback port with the page's
 * Content-Security-Policy (a violation is a page problem in `open`).
 */
export function serve() {
  return serveDir(join(root, 'dist'));
}

/** Launches headless Chromium the way this machine allows. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A new page in `context` whose console errors, page errors and
 * Content-Security-Policy violations and errors reported on the window (in
 * any of its frames) are recorded in
 * `problems`.
 */
export async function watchedPage(context) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} (${e.blockedURI})`);
    });
    // An error reported on the window without an exception (a ResizeObserver
    // loop, a failed resource) is no page error to playwright: logged here.
    addEventListener('error', (e) => {
      if (!e.error) console.error(`window error: ${e.message}`);
    });
  });
  return { page, problems };
}

/**
 * Makes `context.close()` fail the test when `problems` is not empty (after
 * closing): every test that closes its context checks its page, whatever
 * else it asserts.
 */
export function failOnProblems(context, problems) {
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    assert.deepEqual(problems, [], 'no console error, page error or policy violation');
  };
}

/**
 * Opens the page in a new context and records console errors, page errors
 * and policy violations in `problems`; closing the context asserts there
 * were none (unless `options.expectProblems`). Resolves once the engine is
 * up.
 */
export async function open(browser, url, options = {}) {
  const { expectProblems = false, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const { page, problems } = await watchedPage(context);
  if (!expectProblems) failOnProblems(context, problems);
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10000 });
  return { page, problems, context };
}

/**
 * The address once it shows the game's position (the page may join rapid
 * address updates into one every half second), without the `#`.
 */
export async function settledLink(page) {
  await page.waitForFunction(() => location.hash === `#${window.clearboardPage.link()}`, null, { timeout: 5000 });
  return page.evaluate(() => window.clearboardPage.link());
}

/** Adds `figures` to target/browser-metrics.json (each test file adds its own). */
export function writeMetrics(figures) {
  const file = join(root, 'target/browser-metrics.json');
  mkdirSync(join(root, 'target'), { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* the first file to write */
  }
  writeFileSync(file, `${JSON.stringify({ ...all, ...figures }, null, 2)}\n`);
}
