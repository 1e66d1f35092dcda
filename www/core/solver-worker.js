// Runs a game's solver off the page's thread (and the Mayan judge on a
// pasted input with n above 5, which may search for seconds: {output}). The page sends the URLs of the
// wasm-bindgen module and of the wasm (Trunk names them with a hash), the
// game, its position, a seed, this worker's thread number and the seconds
// to think. The worker posts each new best line as the search finds it
// ({score, cleared, moves, nodes}), then {done, ...the best line, exhaustive,
// memory}; the page stops it early by terminating it, which takes effect
// between two slices of the search.

/** The longest the search runs before the worker looks at its events. */
const SLICE_MS = 40;

/** Resolves once the worker's pending tasks (a terminate) have had their turn. */
function yieldToEvents() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

onmessage = async (event) => {
  const { jsUrl, wasmUrl, game, board, seed, thread, seconds } = event.data;
  try {
    const engine = await import(jsUrl);
    await engine.default({ module_or_path: wasmUrl });
    if (game === 'mayan-judge') {
      // The NOIP judge on a pasted input (`board`), as the command line runs it.
      postMessage({ done: true, output: engine.judgeMayan(board) });
      return;
    }
    if (game !== 'samegame') throw new Error(`no solver for the game '${game}'`);
    const session = new engine.SolverSession(board, seed, thread);
    const started = performance.now();
    globalThis.clearboardSolverProgress = (score, cleared, moves, nodes) => {
      // `moves` is a view of the wasm memory: copied before anything else.
      postMessage({ score, cleared, moves: Array.from(moves), nodes, elapsed: performance.now() - started });
    };
    postMessage({ started: true, maxWidth: session.maxWidth(), memoryCap: engine.SolverSession.memoryCap() });
    // The search runs in slices of SLICE_MS, and the worker returns to its
    // event loop between them: a Stop (terminate) then ends it at once
    // (a worker busy in one long call runs on for up to 2 s in Chromium).
    session.begin(seconds);
    let more;
    while ((more = session.advance(SLICE_MS)) === undefined) await yieldToEvents();
    postMessage({
      done: true,
      exhaustive: !more,
      score: session.bestScore(),
      cleared: session.cleared(),
      moves: Array.from(session.bestMoves()),
      nodes: session.nodes(),
      width: session.width(),
      memory: engine.SolverSession.memoryBytes(),
      elapsed: performance.now() - started,
    });
    session.free();
  } catch (e) {
    postMessage({ error: String(e && e.message ? e.message : e) });
  }
};
