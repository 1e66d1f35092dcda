// A host page for a clearboard game: the iframe shows GAME (where a site
// would copy the contents of dist/), the game's events are listed, and the
// buttons send it commands. Only messages from the game's origin with
// source "clearboard" are read.
const frame = document.getElementById('game');
const events = document.getElementById('events');
const status = document.getElementById('status');

/** The game this page frames: a site copying this page sets its own here. */
const GAME = './clearboard/index.html#game=samegame&seed=3&embed=1';

/**
 * The frame's address: GAME, or for this project's own tests (a page on a
 * loopback address) an http(s) `?game=URL`. A page on the web never takes
 * it from its address (a javascript: URL there would run in this page).
 */
function gameUrl() {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);
  const asked = new URLSearchParams(location.search).get('game');
  if (loopback && asked) {
    const u = new URL(asked, location.href);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  }
  return new URL(GAME, location.href).href;
}

const src = gameUrl();
const gameOrigin = new URL(src).origin;
frame.src = src;

window.received = [];

addEventListener('message', (e) => {
  if (e.origin !== gameOrigin || e.source !== frame.contentWindow) return;
  const d = e.data;
  if (!d || d.source !== 'clearboard' || typeof d.type !== 'string') return;
  window.received.push(d);
  if (d.type === 'height' && Number.isFinite(d.px)) frame.height = String(Math.min(Math.max(d.px, 200), 2000));
  const li = document.createElement('li');
  li.textContent = JSON.stringify(d);
  events.append(li);
  if (d.type === 'over') {
    const score = typeof d.score === 'number' ? ` Score ${d.score}.` : '';
    status.textContent = d.won ? `Solved!${score}` : `Game over.${score}`;
  }
  // A load refused (textContent: the game's words are shown as text, never as markup); an error about a message
  // that was no command is this page's own mistake, shown as such. (Never answered with another message: the
  // frame answers each message that is no command with an error.)
  if (d.type === 'error' && typeof d.message === 'string') status.textContent = d.command === 'load' ? `Not loaded: ${d.message}` : `Not a command: ${d.message}`;
});

function send(msg) {
  frame.contentWindow.postMessage(msg, gameOrigin);
}

for (const b of document.querySelectorAll('[data-command]')) {
  b.addEventListener('click', () => send({ type: b.dataset.command }));
}
document.getElementById('load').addEventListener('click', () => {
  send({ type: 'load', link: document.getElementById('link').value });
});
