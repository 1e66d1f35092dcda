// Settings kept in localStorage under the "clearboard." prefix, and what a
// reload of the tab should find again in sessionStorage. Storage may be
// blocked (a third-party frame, private mode): then nothing is kept and the
// page works the same.

const PREFIX = 'clearboard.';

export function load(key, fallback) {
  try {
    const v = localStorage.getItem(PREFIX + key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key`; false when storage is blocked (nothing kept). */
export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** What this tab kept under `key` (sessionStorage: a reload finds it, another tab does not), or `fallback`. */
export function loadSession(key, fallback) {
  try {
    const v = sessionStorage.getItem(PREFIX + key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key` for this tab; false when storage is blocked. */
export function saveSession(key, value) {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
