// The wasm engine: Trunk's loader sets window.wasmBindings and fires
// TrunkApplicationStarted; this module may run before or after it.

/**
 * Resolves with the wasm bindings whether Trunk's loader ran before or after
 * us; rejects when they have not come after `ms` milliseconds.
 */
export function engine(ms = 20000) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const done = () => {
      if (window.wasmBindings) {
        clearInterval(poll);
        resolve(window.wasmBindings);
      } else if (performance.now() - started > ms) {
        clearInterval(poll);
        reject(new Error('the WebAssembly module did not load (is the page served over http with application/wasm?)'));
      }
    };
    const poll = setInterval(done, 10);
    addEventListener('TrunkApplicationStarted', done, { once: true });
    done();
  });
}

/** The URLs of the wasm-bindgen module and of the wasm (Trunk hashes their names). */
export function engineUrls() {
  const jsUrl = document.querySelector('link[rel="modulepreload"]')?.href;
  const wasmUrl = document.querySelector('link[rel="preload"][as="fetch"]')?.href;
  return { jsUrl, wasmUrl };
}
