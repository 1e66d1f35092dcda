// clearboard's page shell: start-up, the link router on `game=`, the game
// switcher, mounting and unmounting a game, and the services every game
// shares (address, status message, live region, keyboard dispatch). A game
// is a module in www/games/ with the same interface: mount(root),
// unmount(), open(link), openDefault(seed), link(), draw(), step(), undo(),
// redo(), restart(), key(event), focusBoard().
import { engine } from './core/engine.js';
import { installKeys } from './core/keys.js';
import { setRegions, showMessage, announce } from './core/announce.js';

setRegions(document.getElementById('live'), document.getElementById('message'));
import { SameGame } from './games/samegame.js';
import { Mayan } from './games/mayan.js';
import { Lianliankan } from './games/lianliankan.js';

/** The games that have a page, in the switcher's order; the first is the default. */
const GAMES = [SameGame, Mayan, Lianliankan];

class Shell {
  constructor(bindings) {
    this.bindings = bindings;
    this.game = null;
    this.lastLinks = {};
    this.main = document.querySelector('main');
    setRegions(document.getElementById('live'), document.getElementById('message'));
    this.buildSwitcher();
    installKeys(() => this.game);
    document.querySelector('.skip')?.addEventListener('click', (e) => {
      e.preventDefault();
      this.game?.focusBoard();
    });
    addEventListener('hashchange', () => this.route(false));
    this.route(true);
  }

  // ---- services for the games ---------------------------------------

  message(text, error = false) {
    showMessage(text, error);
  }

  announce(text) {
    announce(text);
  }

  /**
   * Puts the shown position's link in the address (no new history entry).
   * Browsers limit how often a page may do this (Safari throws after about
   * 100 calls in 30 s, Chromium drops calls past 200 in 10 s), so beyond
   * 100 calls in 10 s the updates are joined: the address is brought up to
   * date every half second instead.
   */
  linkChanged() {
    if (!this.game) return;
    const now = performance.now();
    this.linkTimes = (this.linkTimes ?? []).filter((t) => now - t < 10000);
    if (this.linkTimes.length >= 100) {
      if (!this.linkTimer) {
        this.linkTimer = setTimeout(() => {
          this.linkTimer = 0;
          this.linkTimes = [];
          this.linkChanged();
        }, 500);
      }
      return;
    }
    const link = `#${this.game.link()}`;
    if (location.hash === link) return;
    this.linkTimes.push(now);
    try {
      history.replaceState(null, '', link);
    } catch {
      /* the browser refused this once: the next change puts it right */
    }
  }

  /** A new random seed for a new game. */
  freshSeed() {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return (a[0] % 2147483646) + 1;
  }

  // ---- games ----------------------------------------------------------

  buildSwitcher() {
    const select = document.getElementById('game-switch');
    select.replaceChildren();
    for (const G of GAMES) {
      const option = document.createElement('option');
      option.value = G.id;
      option.textContent = G.title;
      select.append(option);
    }
    select.addEventListener('change', () => this.switchTo(select.value));
  }

  /** Shows game class `G` (mounting it unless it is shown already). */
  show(G) {
    if (this.game && this.game.constructor === G) return this.game;
    if (this.game) {
      this.lastLinks[this.game.constructor.id] = this.game.link();
      this.game.unmount();
    }
    this.main.replaceChildren();
    const root = document.createElement('div');
    this.main.append(root);
    this.game = new G(this);
    this.game.mount(root);
    document.getElementById('game-switch').value = G.id;
    document.title = `clearboard — ${G.title}`;
    return this.game;
  }

  /**
   * The switcher: another game, where it was left in this page (a select
   * may fire a change for every arrow key) or at its default position.
   */
  switchTo(id) {
    const G = GAMES.find((g) => g.id === id);
    if (!G) return;
    this.message('');
    const game = this.show(G);
    const back = this.lastLinks[id];
    try {
      if (back) game.open(back);
      else game.openDefault(this.freshSeed());
    } catch {
      game.openDefault(this.freshSeed());
    }
  }

  /** Opens what the address names; a bad link leaves the default game and says why. */
  route(first) {
    const raw = location.hash.replace(/^#/, '');
    if (!raw) {
      if (first) this.show(GAMES[0]).openDefault(1);
      else this.linkChanged();
      return;
    }
    let text;
    try {
      text = decodeURIComponent(raw);
    } catch {
      this.fail('link: it has a malformed percent-escape (a % not followed by two hex digits of UTF-8)');
      return;
    }
    if (this.game && text === this.game.link()) return;
    let id;
    try {
      id = this.bindings.linkGame(text);
    } catch (e) {
      this.fail(e.message);
      return;
    }
    const G = GAMES.find((g) => g.id === id);
    if (!G) {
      this.fail(`link: the game '${id}' has no page yet`);
      return;
    }
    const game = this.show(G);
    try {
      game.open(text, this.freshSeed());
      this.message('');
    } catch (e) {
      this.fail(e.message);
    }
  }

  fail(why) {
    this.show(GAMES[0]).openDefault(1);
    this.message(`This link could not be opened (${why}); showing a new game instead.`, true);
  }
}

engine()
  .then((bindings) => {
    const shell = new Shell(bindings);
    window.clearboard = shell;
    Object.defineProperty(window, 'clearboardPage', { get: () => shell.game, configurable: true });
    document.body.dataset.ready = 'true';
  })
  .catch((e) => {
    showMessage(`The game engine could not start: ${e.message}`, true);
  });
