// Serves the built dist/ as a static site with the page's
// Content-Security-Policy header. `make serve` runs it on
// http://127.0.0.1:8080; the browser suite imports it.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The policy the page works under (no inline script or style). */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/**
 * Serves `dir` on `host`:`port` (0: a free port) with the policy `csp`
 * (null: none, as a host page of another site may have) and, when `cors`,
 * `Access-Control-Allow-Origin: *` (the bundle is public and static, so
 * other sites may import clearboard.js and its wasm); resolves with
 * { url, close }.
 */
export async function serveDir(dir, port = 0, host = '127.0.0.1', csp = CSP, cors = true) {
  const server = createServer(async (req, res) => {
    let path;
    try {
      path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      // The length too, as a static host sends it (the page's loading bar shows the wasm's share come in).
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length };
      if (csp) headers['content-security-policy'] = csp;
      if (cors) headers['access-control-allow-origin'] = '*';
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return { url: `http://${host}:${server.address().port}/`, close: () => server.close() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../dist', import.meta.url));
  const { url } = await serveDir(root, Number(process.env.PORT ?? 8080));
  console.log(`clearboard: serving dist/ on ${url} (Ctrl+C stops)`);
}
