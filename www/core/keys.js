// Keyboard dispatch: one listener for the document that hands a key to the
// game that is shown, and to no other. Keys typed into a form field stay
// there.

export function installKeys(activeGame) {
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, select, [contenteditable="true"]')) return;
    const game = activeGame();
    if (game && game.key) game.key(e);
  });
}
