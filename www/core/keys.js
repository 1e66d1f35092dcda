// Keyboard dispatch: one listener for the document that hands a key to the
// game that is shown, and to no other. Keys typed into a form field stay
// there (the page may still take a few: `fieldKey`, present mode's).

/** Whether `t` is a field whose own keys include the arrows: text, numbers, a text area. */
export function isTextField(t) {
  if (!t?.closest) return false;
  if (t.closest('textarea, [contenteditable="true"]')) return true;
  const input = t.closest('input');
  return !!input && !['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file', 'range'].includes(input.type);
}

/** Keys a check box, radio button or slider uses itself (the rest are the page's). */
const CONTROL_KEYS = new Set([' ', 'Enter', 'Escape', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

export function installKeys(activeGame) {
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    const game = activeGame();
    const field = t?.closest?.('input, textarea, select, [contenteditable="true"]');
    // A text field or a list keeps its keys (a list's letters jump to its
    // options); a check box or slider keeps only the keys it uses, and the
    // game's letters (S, U, H, P, …) work from it.
    if (field && (isTextField(t) || field.tagName === 'SELECT' || CONTROL_KEYS.has(e.key))) {
      // Enter in a settings field does what its form's button does, as a
      // form's submit would: the field names it (data-enter="deal").
      if (e.key === 'Enter' && !e.isComposing && !e.repeat && t.matches?.('input[data-enter]')) {
        const button = game?.ref?.(t.dataset.enter);
        if (button && !button.disabled) {
          e.preventDefault();
          button.click();
          return;
        }
      }
      game?.fieldKey?.(e);
      return;
    }
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
  } else if (e.target === game.canvas && game.handedPress?.(e)) {
    e.preventDefault();
  } else if (e.target === game.canvas && game.boardKey(e)) {
    e.preventDefault();
  } else if (e.target?.closest?.('button, a, summary') && (e.key === 'Enter' || e.key === ' ')) {
    /* the focused control acts */
  } else if (Object.hasOwn(letters, k)) {
    // Hint, Step and Play have nothing to do once the game is over: said (the live region), not silent; the
    // result stays in view in the status message.
    if (AFTER_OVER.has(k) && game.app?.isOver() && !game.editing) game.shell.announce(game.overHelp());
    else letters[k]();
  }
}

/** The letters (Hint, Step, Play) that say what is left to do, not nothing, when pressed after the game is over. */
const AFTER_OVER = new Set(['h', 's', 'a']);

/** Keys that change a closed list's value where they are pressed (Chromium, Windows): its arrows and jumps. */
const LIST_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A list whose choice changes the page (another game, level or deal):
 * chosen with the mouse or from the open list, `act()` runs at once; moved
 * through by the keyboard on the closed list (where each arrow changes its
 * value), the choice waits — the status says so — for Enter, or for the
 * focus to leave the list, and Escape puts the list back (WCAG 3.2.2: a
 * keyboard user arrowing past an option must not lose the game shown).
 * `say(text, error)` shows a status; `name` is the list's label.
 */
export function actOnChoice(select, act, say, name) {
  let keyedAt = -Infinity;
  let before = ''; // the list's value when the last key was pressed on it
  let kept = null; // the value acted on, while a keyed choice waits
  const commit = () => {
    if (kept === null) return;
    kept = null;
    act();
  };
  select.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (kept !== null && e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      commit();
    } else if (kept !== null && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      select.value = kept;
      kept = null;
      say(`${name}: kept as it was, ${select.selectedOptions[0]?.textContent ?? ''}.`);
    } else if (LIST_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' ')) {
      keyedAt = performance.now();
      before = select.value;
    }
  });
  select.addEventListener('focus', () => {
    keyedAt = -Infinity;
  });
  select.addEventListener('change', () => {
    // The change a key made comes in that key's own task.
    if (performance.now() - keyedAt < 250) {
      keyedAt = -Infinity;
      if (kept === null) kept = before;
      if (select.value === kept) {
        kept = null;
        say('');
        return;
      }
      say(`${name}: ${select.selectedOptions[0]?.textContent ?? ''} — Enter to choose it, Escape to keep what was chosen (leaving the list chooses it too).`);
      return;
    }
    kept = null;
    act();
  });
  select.addEventListener('blur', commit);
}
