// Runs a game's solver off the page's thread. The page sends the URLs of the
// wasm-bindgen module and of the wasm (Trunk names them with a hash), the
// game, its position and a seed; the worker answers after each step of the
// search with the best move list so far, until the page stops it (by
// terminating the worker).

onmessage = async (event) => {
  const { jsUrl, wasmUrl, game, board, seed } = event.data;
  try {
    const engine = await import(jsUrl);
    await engine.default({ module_or_path: wasmUrl });
    if (game !== 'samegame') throw new Error(`no solver for the game '${game}'`);
    const session = new engine.SolverSession(board, seed);
    for (;;) {
      const more = session.step();
      postMessage({
        score: session.bestScore(),
        cleared: session.cleared(),
        moves: Array.from(session.bestMoves()),
        width: session.width(),
      });
      if (!more) break;
    }
    session.free();
    postMessage({ done: true });
  } catch (e) {
    postMessage({ error: String(e && e.message ? e.message : e) });
  }
};
