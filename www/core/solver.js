// The solver's workers: one search on several Web Workers at once (each
// with its own thread number, so they search differently, as the command
// line's threads do). stop() terminates them all at once and frees
// everything they held.
import { engineUrls } from './engine.js';

/** The most workers a search uses, whatever the machine offers. */
export const MAX_SOLVER_WORKERS = 4;

/**
 * How many workers a search uses here: the cores the browser reports, at
 * most MAX_SOLVER_WORKERS, and (where the browser tells its memory, in GB)
 * no more than keeps the workers' 256 MiB each within a quarter of it.
 */
export function solverWorkerCount() {
  const cores = Math.floor(Number(globalThis.navigator?.hardwareConcurrency) || 1);
  const gb = Number(globalThis.navigator?.deviceMemory) || 8;
  const byMemory = Math.floor((gb * 1024) / 4 / 256);
  return Math.max(1, Math.min(MAX_SOLVER_WORKERS, cores, byMemory));
}

export class SolverWorker {
  constructor() {
    this.workers = [];
  }

  get running() {
    return this.workers.some((w) => w !== null);
  }

  /**
   * Starts a search on `count` workers: each gets `request` (with the
   * engine's URLs and its `thread` number); `onMessage(data, thread)` gets
   * every answer. A worker ends after `{done}` or `{error}`.
   */
  start(request, onMessage, count = 1) {
    this.stop();
    const urls = engineUrls();
    const workers = [];
    this.workers = workers;
    for (let thread = 0; thread < count; thread++) {
      const worker = new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
      workers.push(worker);
      const end = () => {
        worker.terminate();
        if (workers[thread] === worker) workers[thread] = null;
      };
      worker.onmessage = ({ data }) => {
        if (this.workers !== workers || workers[thread] !== worker) return;
        if (data.done || data.error) end();
        onMessage(data, thread);
      };
      worker.onerror = (e) => {
        if (this.workers !== workers || workers[thread] !== worker) return;
        end();
        onMessage({ error: e.message || 'the worker failed' }, thread);
      };
      worker.postMessage({ ...urls, ...request, thread });
    }
  }

  stop() {
    for (const w of this.workers) w?.terminate();
    this.workers = [];
  }
}
