// A host page for a clearboard game: the iframe's address is ?game=URL
// (default: ./clearboard/index.html, where a site would copy dist/), the
// game's events are listed, and the buttons send it commands. Only
// messages from the game's origin with source "clearboard" are read.
const frame = document.getElementById('game');
const events = document.getElementById('events');
const status = document.getElementById('status');

const fallback = new URL('./clearboard/index.html#game=samegame&seed=3&embed=1', location.href).href;
const src = new URLSearchParams(location.search).get('game') ?? fallback;
const gameOrigin = new URL(src, location.href).origin;
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
