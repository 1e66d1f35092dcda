// The wasm engine: dist/clearboard.js (wasm-bindgen's module) and
// dist/clearboard_bg.wasm, loaded by this module relative to itself — no
// inline loader, so the page works under a strict Content-Security-Policy.

const JS_URL = new URL('../../clearboard.js', import.meta.url).href;
const WASM_URL = new URL('../../clearboard_bg.wasm', import.meta.url).href;

/**
 * Resolves with the wasm bindings (the module's exports, also set as
 * window.wasmBindings); rejects when the module or the wasm fails to load
 * (an HTTP error, a broken connection, a body that is no wasm). There is no
 * time limit: a slow connection still bringing bytes is waited for (a
 * 25 KB/s link needs about 40 s). `progress(loaded, total)` is told of the
 * wasm's bytes as they arrive (`total` 0 when unknown: no length given, or
 * the length of a compressed body).
 */
export async function engine(progress = () => {}) {
  // Both at once: the wasm's download does not wait for the module's, and its bytes are counted as they come.
  const [module, wasm] = await Promise.all([imported(), fetch(WASM_URL).then((r) => counted(r, progress))]);
  const exports = await module.default({ module_or_path: wasm });
  // The size of the engine's memory, read by the soak test.
  window.__clearboardWasmBytes = () => exports.memory.buffer.byteLength;
  window.wasmBindings = module;
  return module;
}

/**
 * The wasm-bindgen module; a failed import (which names no cause) asks the
 * server again, so that an HTTP error is said as the server's answer.
 */
async function imported() {
  try {
    return await import(JS_URL);
  } catch (e) {
    const answer = await fetch(JS_URL, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
    if (answer && !answer.ok) throw new Error(refusal(answer, JS_URL));
    throw e;
  }
}

/** An HTTP error as said: "the server answered 404 Not Found for clearboard.js". */
function refusal(response, url) {
  return `the server answered ${response.status} ${response.statusText} for ${url.split('/').pop()}`.replace('  ', ' ');
}

/**
 * The wasm's response, handed on as it came (its address keys the
 * browser's cache of compiled code), its bytes told to `progress` as they
 * arrive through a copy of it read at once (the compiler starts reading
 * when the module is in). Rejects on an HTTP error.
 */
function counted(response, progress) {
  if (!response.ok) throw new Error(refusal(response, WASM_URL));
  if (!response.body) return response;
  const total = response.headers.get('Content-Encoding') ? 0 : Number(response.headers.get('Content-Length')) || 0;
  const reader = response.clone().body.getReader();
  let loaded = 0;
  const read = () => reader.read().then(({ done, value }) => {
    if (done) return;
    loaded += value.byteLength;
    progress(loaded, total);
    read();
  }, () => {
    /* a broken download: the compiler's copy says so */
  });
  read();
  return response;
}

/** The URLs of the wasm-bindgen module and of the wasm (for workers). */
export function engineUrls() {
  return { jsUrl: JS_URL, wasmUrl: WASM_URL };
}
