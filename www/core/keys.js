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

/**
 * The keys every game shares: Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo,
 * keys on the focused board go to `game.boardKey(e)` (true when it used the
 * key), Enter and Space on a focused control are left to it, and the plain
 * letters of `letters` ({ u: () => …, … }) call their action.
 */
export function gameKey(game, e, letters) {
  const k = e.key.toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  if (mod && k === 'z' && !e.shiftKey) {
    game.undo();
    e.preventDefault();
  } else if (mod && (k === 'y' || (k === 'z' && e.shiftKey))) {
    game.redo();
    e.preventDefault();
  } else if (mod || e.altKey) {
    /* not the game's */
  } else if (e.target === game.canvas && game.boardKey(e)) {
    e.preventDefault();
  } else if (e.target?.closest?.('button, a, summary') && (e.key === 'Enter' || e.key === ' ')) {
    /* the focused control acts */
  } else if (Object.hasOwn(letters, k)) {
    letters[k]();
  }
}
