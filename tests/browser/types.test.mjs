// The TypeScript declarations shipped beside the engine (dist/clearboard.d.ts)
// accept the README's own examples of every class, as written there
// (optional arguments left out), and refuse a call that leaves out an
// argument that is needed: a site writing TypeScript can use the API as
// documented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { root } from './harness.mjs';

/** The README's ```js blocks that use the engine's classes. */
function readmeExamples() {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const imports = blocks.filter((b) => /^import init, \* as wasmBindings from '\.\/clearboard\.js';/m.test(b));
  const uses = blocks.filter((b) => /new wasmBindings\.\w+\(/.test(b));
  assert.equal(imports.length, 1, 'the README shows how to import the engine');
  assert.ok(uses.length >= 4, `the README's examples of the classes: ${uses.length}`);
  return { imports: imports[0], uses: uses.join('\n') };
}

/** Type-checks `source` against the shipped declarations: the diagnostics' codes and texts. */
function check(source) {
  const dir = mkdtempSync(join(tmpdir(), 'clearboard-types-'));
  copyFileSync(join(root, 'dist/clearboard.d.ts'), join(dir, 'clearboard.d.ts'));
  const file = join(dir, 'example.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

// What the examples take from around them: values they name, the worker's hook and its postMessage.
const PRELUDE = `
declare global {
  var clearboardSolverProgress: (score: number, cleared: boolean, moves: Uint8Array, nodes: number) => void;
}
declare const x: number, y: number, x1: number, y1: number, x2: number, y2: number, thread: number, text: string;
const postMessage = (message: unknown): void => void message;
`;

test('the TypeScript declarations accept the README\'s examples, optional arguments left out', () => {
  const { imports, uses } = readmeExamples();
  const problems = check(`${imports}\n${PRELUDE}\n{\n${uses}\n}\nexport {};\n`);
  assert.deepEqual(problems, []);
});

test('the TypeScript declarations refuse a call without an argument that is needed', () => {
  const { imports } = readmeExamples();
  const problems = check(`${imports}\nconst app = new wasmBindings.SameGameApp();\napp.openLink();\nnew wasmBindings.SolverSession(app.text());\nexport {};\n`);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.ok(problems.every((p) => p.startsWith('TS2554: Expected ')), problems.join('\n'));
});

test('the TypeScript declarations type every argument and the results of tryPair and hint: a string for a number is refused', () => {
  const { imports } = readmeExamples();
  const good = check(`${imports}
const g = new wasmBindings.LianliankanApp();
g.newGame(8, 6, 12, 'down', 1);
const path: number[] | null = g.tryPair(0, 0, 1, 0);
const hint: number[] | undefined = g.hint();
const s = new wasmBindings.SameGameApp();
s.newGame(15, 10, 3, 7);
const removed: boolean = s.click(0, 0);
const m = new wasmBindings.MayanApp();
m.newGame(3);
const played: boolean = m.play(0, 0, 1);
void [path, hint, removed, played];
export {};
`);
  assert.deepEqual(good, []);
  const bad = check(`${imports}
const g = new wasmBindings.LianliankanApp();
g.newGame(8, 6, 12, 3, 1);
const path: number[] = g.tryPair(0, 0, 1, 0);
const s = new wasmBindings.SameGameApp();
s.click('0', 0);
new wasmBindings.MayanApp().newGame('3');
export {};
`);
  assert.equal(bad.length, 4, bad.join('\n'));
  assert.equal(bad.filter((p) => p.startsWith('TS2345: Argument of type')).length, 3, bad.join('\n'));
  assert.equal(bad.filter((p) => p.startsWith('TS2322: Type \'number[] | null\'')).length, 1, bad.join('\n'));
});
