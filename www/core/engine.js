// The wasm engine: dist/clearboard.js (wasm-bindgen's module) and
// dist/clearboard_bg.wasm, loaded by this module relative to itself — no
// inline loader, so the page works under a strict Content-Security-Policy.

const JS_URL = new URL('../../clearboard.js', import.meta.url).href;
const WASM_URL = new URL('../../clearboard_bg.wasm', import.meta.url).href;

/**
 * Resolves with the wasm bindings (the module's exports, also set as
 * window.wasmBindings); rejects when they have not loaded after `ms`
 * milliseconds or the module fails.
 */
export async function engine(ms = 20000) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('the WebAssembly module did not load in time')), ms);
  });
  try {
    const bindings = await Promise.race([
      (async () => {
        const module = await import(JS_URL);
        const exports = await module.default({ module_or_path: WASM_URL });
        // The size of the engine's memory, read by the soak test.
        window.__clearboardWasmBytes = () => exports.memory.buffer.byteLength;
        return module;
      })(),
      timeout,
    ]);
    window.wasmBindings = bindings;
    return bindings;
  } finally {
    clearTimeout(timer);
  }
}

/** The URLs of the wasm-bindgen module and of the wasm (for workers). */
export function engineUrls() {
  return { jsUrl: JS_URL, wasmUrl: WASM_URL };
}
