// Settings kept in localStorage under the "clearboard." prefix. Storage may
// be blocked (a third-party frame, private mode): then nothing is kept and
// the page works the same.

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
