// scripts/guard-glue.mjs (Trunk's post-build hook) on small pieces of glue
// in wasm-bindgen 0.2.130's shape: it guards what it knows and fails the
// build on what it does not, rather than leave a method unguarded. The
// built bundle's guard is tried in the browser (shell.test.mjs: "a wasm
// method called on another class's object …").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '../../scripts/guard-glue.mjs');
const dir = mkdtempSync(join(tmpdir(), 'guard-'));

const glue = (members) => `/* @ts-self-types="./clearboard.d.ts" */

export class A {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        AFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_a_free(ptr, 0);
    }
    constructor() {
        const ret = wasm.a_new();
        this.__wbg_ptr = ret;
        AFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    static count() {
        const ret = wasm.a_count();
        return ret >>> 0;
    }
    moves() {
        const ret = wasm.a_moves(this.__wbg_ptr);
        return ret >>> 0;
    }
${members}
}
export function f(x) {
    wasm.f(x);
}
export function start() {
    wasm.start();
}
let wasmModule, wasm;
`;

function guard(text) {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(file, text);
  const run = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  return { code: run.status, stderr: run.stderr, text: readFileSync(file, 'utf8') };
}

test('every method that hands the wasm its object is checked first, free() too; a second run changes nothing', () => {
  const r = guard(glue(`    size(x) {
        if (x) {
            return 0;
        }
        const ret = wasm.a_size(this.__wbg_ptr, x);
        return ret;
    }`));
  assert.equal(r.code, 0, r.stderr);
  // Marked as in its call until it returns or throws (a hook it calls may call the object again).
  assert.match(r.text, /    size\(x\) \{\n        const __wbgSelf = __wbgEnter\(this, A, 'size'\);\n        try \{\n/);
  assert.match(r.text, /wasm\.a_size\(__wbgSelf, x\);\n        return ret;\n        \} finally \{\n            __wbgLeave\(this\);\n        \}\n    \}/);
  assert.match(r.text, /    free\(\) \{\n        if \(__wbgFreed\(this, A\)\) return;\n/);
  assert.doesNotMatch(r.text, /static count\(\) \{\n        const __wbgSelf/);
  // What reaches the wasm without an object checks that the engine is loaded (the start too: init runs the wasm's).
  assert.match(r.text, /    static count\(\) \{\n        __wbgLoaded\('A\.count'\);\n/);
  assert.match(r.text, /    constructor\(\) \{\n        __wbgLoaded\('new A\(\)'\);\n/);
  assert.match(r.text, /export function f\(x\) \{\n    __wbgLoaded\('f'\);\n/);
  assert.match(r.text, /export function start\(\) \{\n    __wbgLoaded\('start'\);\n    wasm\.start\(\);/);
  const again = guard(r.text);
  assert.equal(again.code, 0);
  assert.equal(again.text, r.text);
});

test('a member it does not know (a getter), a method that consumes its object or takes another as an argument, an object made without its constructor fails the build', () => {
  for (const [members, why] of [
    [`    get size() {
        const ret = wasm.a_size(this.__wbg_ptr);
        return ret;
    }`, /a class member this guard does not know: get size\(\) \{/],
    [`    into_b() {
        const ptr = this.__destroy_into_raw();
        const ret = wasm.a_into_b(ptr);
        return B.__wrap(ret);
    }`, /A\.into_b consumes its object/],
    [`    join(other) {
        _assertClass(other, A);
        wasm.a_join(this.__wbg_ptr, other.__wbg_ptr);
    }`, /takes a class object as an argument/],
    [`    static __wrap(ptr) {
        ptr = ptr >>> 0;
        const obj = Object.create(A.prototype);
        obj.__wbg_ptr = ptr;
        AFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }`, /objects are made by __wrap/],
  ]) {
    const r = guard(glue(members));
    assert.equal(r.code, 1, members);
    assert.match(r.stderr, why);
    assert.doesNotMatch(r.text, /__wbgEnter/, 'the file is left as it was');
  }
  // No class at all: the glue's shape changed.
  const r = guard('export function f() {}\n');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /no class or method found to guard/);
  // No module-level `wasm` for the loaded check: the glue's shape changed.
  const noWasm = guard(glue('').replace('let wasmModule, wasm;', 'let wasmModule, engine;'));
  assert.equal(noWasm.code, 1);
  assert.match(noWasm.stderr, /no module-level `wasm`/);
});
