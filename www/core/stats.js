// What the page measures about itself, read by the browser tests
// (window.__clearboard): gaps between animation frames, animations run,
// and how long each engine call of a move took.
export const stats = { frameGaps: [], animations: 0, engineCallMs: [] };
window.__clearboard = stats;

/** Keeps a sample list from growing without bound (the newest are kept). */
export function record(list, value, cap = 2000) {
  list.push(value);
  if (list.length > cap) list.splice(0, list.length - cap);
}
