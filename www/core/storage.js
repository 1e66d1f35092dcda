// Settings kept in localStorage under the "clearboard." prefix, and what a
// reload of the tab should find again in sessionStorage. Storage may be
// blocked (a third-party frame, private mode): then nothing is kept and the
// page works the same.

const PREFIX = 'clearboard.';

// The stores are reached through functions: reading `localStorage` itself
// throws where storage is blocked.
const local = () => localStorage;
const session = () => sessionStorage;

function read(store, key, fallback) {
  try {
    const v = store().getItem(PREFIX + key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function write(store, key, value) {
  try {
    store().setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** What this browser kept under `key` (localStorage), or `fallback`. */
export const load = (key, fallback) => read(local, key, fallback);

/** Keeps `value` under `key`; false when storage is blocked (nothing kept). */
export const save = (key, value) => write(local, key, value);

/** What this tab kept under `key` (sessionStorage: a reload finds it, another tab does not), or `fallback`. */
export const loadSession = (key, fallback) => read(session, key, fallback);

/** Keeps `value` under `key` for this tab; false when storage is blocked. */
export const saveSession = (key, value) => write(session, key, value);
