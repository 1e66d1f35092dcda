// The solver worker: runs a game's search off the page's thread. One search
// at a time; stop() terminates the worker and frees everything it held.
import { engineUrls } from './engine.js';

export class SolverWorker {
  constructor() {
    this.worker = null;
  }

  get running() {
    return this.worker !== null;
  }

  /**
   * Starts a search: `request` goes to the worker (with the engine's URLs);
   * `onMessage(data)` gets each answer; the worker ends itself after
   * `{done}` or `{error}`.
   */
  start(request, onMessage) {
    this.stop();
    const worker = new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    worker.onmessage = ({ data }) => {
      if (this.worker !== worker) return;
      if (data.done || data.error) this.stop();
      onMessage(data);
    };
    worker.onerror = (e) => {
      if (this.worker !== worker) return;
      this.stop();
      onMessage({ error: e.message || 'the worker failed' });
    };
    worker.postMessage({ ...engineUrls(), ...request });
  }

  stop() {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
  }
}
