// Trunk's post-build hook (Trunk.toml): guards the engine's classes in the
// wasm-bindgen glue (clearboard.js) against a method called on the wrong
// object. The glue hands the wasm `this.__wbg_ptr` unchecked, so a method
// called on another class's object (`SameGameApp.prototype.click.call(new
// MayanApp(), 0, 0)`) read that object's memory as its own (a panic, or
// stray memory), and one called after `free()` said only "null pointer
// passed to rust". Each method that uses the object now starts with
// `__wbgEnter(this, Class, 'name')`, which throws an Error naming the class,
// the method and what was wrong before anything reaches the wasm; `free()`
// on another class's object throws, and a second `free()` does nothing.
// A method called while its object is still in another call (from a hook
// that call made, SolverSession's progress hook), `free()` included, throws
// an Error saying so before anything changes. A constructor, static method
// or function called before the module's init throws an Error saying the
// engine is not loaded.
//
// The glue's shape is wasm-bindgen 0.2.130's (pinned in Cargo.toml and
// Trunk.toml): if it changes, this script fails the build rather than
// leave a method unguarded.
//
// Usage: node scripts/guard-glue.mjs [FILE] (default: $TRUNK_STAGING_DIR/clearboard.js).

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = process.argv[2] ?? join(process.env.TRUNK_STAGING_DIR ?? 'dist', 'clearboard.js');
const fail = (why) => {
  console.error(`guard-glue: ${file}: ${why}`);
  process.exit(1);
};

const HELPERS = `
/** What \`v\` is, for an error message: "a MayanApp", "an object", "undefined". */
function __wbgWhat(v) {
    if (v === null || v === undefined) return String(v);
    if (typeof v !== 'object' && typeof v !== 'function') return \`a \${typeof v}\`;
    try {
        const name = Object.getPrototypeOf(v)?.constructor?.name;
        if (typeof name !== 'string' || !/^[A-Za-z_$][\\w$]{0,40}$/.test(name)) return 'an object';
        return \`\${/^[AEIOU]/.test(name) ? 'an' : 'a'} \${name}\`;
    } catch {
        return 'an object';
    }
}

/** The objects the constructors made, with their class and pointer (0 once freed): a prototype swapped, or a pointer copied or changed on the object, changes nothing here. */
const __wbgMade = new WeakMap();

/** What the constructor of \`cls\` noted for \`obj\`; a TypeError naming \`method\` and what \`obj\` is when it was not made by it. */
function __wbgMadeAs(obj, cls, method) {
    const made = (obj !== null && typeof obj === 'object') ? __wbgMade.get(obj) : undefined;
    if (made?.cls === cls) return made;
    let what = made ? \`a \${made.cls.name}\` : obj instanceof cls ? \`an object not made by new \${cls.name}()\` : __wbgWhat(obj);
    // The same class of another copy of this module (imported from another address): said so, not "a X, not a X".
    if (!made && what.endsWith(\` \${cls.name}\`)) what += ' of another copy of this module (imported from another address)';
    throw new TypeError(\`\${cls.name}.\${method}: called on \${what}, not on a \${cls.name}\`);
}

/** An Error when \`made\`'s object is still in a call (\`method\` called from a hook that call made, such as SolverSession's progress hook): the engine's own error named neither. */
function __wbgIdle(made, cls, method) {
    if (made.busy) throw new Error(\`\${cls.name}.\${method}: called while this \${cls.name} is still in its \${made.busy}() call (from a hook it called): call it once that call has returned\`);
}

/** The wasm pointer of \`obj\`, a live \`cls\` made by its constructor and in no other call (clearboard's guard: scripts/guard-glue.mjs), now marked as in \`method\` until \`__wbgLeave\`; else an Error saying why not. */
function __wbgEnter(obj, cls, method) {
    const made = __wbgMadeAs(obj, cls, method);
    if (!made.ptr) throw new Error(\`\${cls.name}.\${method}: this \${cls.name} was freed (free() was called)\`);
    __wbgIdle(made, cls, method);
    made.busy = method;
    return made.ptr;
}

/** The call \`__wbgEnter\` marked on \`obj\` has ended (returned or thrown). */
function __wbgLeave(obj) {
    const made = __wbgMade.get(obj);
    if (made) made.busy = null;
}

/** An Error naming \`what\` (a constructor, a static method, a function) when the engine is not loaded yet: called before its default export (init) was awaited, the glue said only "Cannot read properties of undefined". */
function __wbgLoaded(what) {
    if (wasm === undefined) throw new Error(\`\${what}: the engine is not loaded yet: await the module's default export (init) first\`);
}

/** Whether \`obj\`, a \`cls\`, was freed already (its second free() does nothing); else readies it for its teardown with its own pointer. An Error if it is not a \`cls\`. */
function __wbgFreed(obj, cls) {
    const made = __wbgMadeAs(obj, cls, 'free');
    if (!made.ptr) return true;
    // Freed from a hook its own call made: refused before anything changes (it was marked freed, then the wasm
    // refused it, and the object was never released).
    __wbgIdle(made, cls, 'free');
    obj.__wbg_ptr = made.ptr;
    made.ptr = 0;
    return false;
}
`;

const text = readFileSync(file, 'utf8');
if (text.includes('function __wbgEnter(')) {
  console.log(`guard-glue: ${file}: already guarded`);
  process.exit(0);
}
// An object of a class handed to a method as an argument is checked by wasm-bindgen's _assertClass, not for
// being freed: none is today; if one comes, this guard must learn it first.
if (text.includes('_assertClass(')) fail('a method takes a class object as an argument (_assertClass): guard it first');
// An object the wasm hands back (static __wrap) is made without its constructor, so it is not noted: none is today.
if (/static __wrap\(/.test(text)) fail('objects are made by __wrap, not only by constructors: note them first');
const lines = text.split('\n');
const out = [];
let cls = null;
let method = null; // the name of the method being read
let guarded = 0;
let frees = 0;
let loadChecks = 0;
let constructors = 0;
const classes = [];
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  const start = /^export class (\w+) \{$/.exec(line);
  if (start) {
    cls = start[1];
    classes.push(cls);
    out.push(line);
    continue;
  }
  if (cls && line === '}') {
    cls = null;
    method = null;
    out.push(line);
    continue;
  }
  // A constructor's object is noted with its class and pointer as soon as it is registered.
  const registered = cls && method === 'constructor' && new RegExp(`^(\\s+)${cls}Finalization\\.register\\(this, this\\.__wbg_ptr, this\\);$`).exec(line);
  if (registered) {
    out.push(line);
    out.push(`${registered[1]}__wbgMade.set(this, { cls: ${cls}, ptr: this.__wbg_ptr });`);
    constructors++;
    continue;
  }
  // A function of the module's own (its start too: init runs the wasm's own start, not this one): the engine must
  // be loaded.
  const fn = !cls && /^export function (\w+)\([^)]*\) \{$/.exec(line);
  if (fn) {
    out.push(line);
    out.push(`    __wbgLoaded('${fn[1]}');`);
    loadChecks++;
    continue;
  }
  const header = cls && /^ {4}(static )?(\w+)\([^)]*\) \{$/.exec(line);
  if (header) {
    method = header[2];
    out.push(line);
    // A constructor or a static method reaches the wasm without an object of the class: the engine must be loaded
    // (a method of an object is: the object was made by a constructor).
    if (header[1] || header[2] === 'constructor') {
      out.push(`        __wbgLoaded('${header[2] === 'constructor' ? `new ${cls}()` : `${cls}.${header[2]}`}');`);
      loadChecks++;
    }
    if (header[2] === 'free' && !header[1]) {
      out.push(`        if (__wbgFreed(this, ${cls})) return;`);
      frees++;
      continue;
    }
    // A method that hands the wasm this object: checked before anything is copied into the wasm.
    let end = i + 1;
    while (end < lines.length && lines[end] !== '    }') end++;
    const body = lines.slice(i + 1, end);
    // A method that consumes its object (Rust's `self`) tears it down: not guarded by this script.
    if (header[2] !== 'free' && body.some((l) => l.includes('this.__destroy_into_raw()'))) fail(`${cls}.${header[2]} consumes its object: guard it first`);
    if (!header[1] && !['__destroy_into_raw', 'constructor'].includes(header[2]) && body.some((l) => l.includes('this.__wbg_ptr'))) {
      out.push(`        const __wbgSelf = __wbgEnter(this, ${cls}, '${header[2]}');`);
      out.push('        try {');
      for (const l of body) out.push(l.replaceAll('this.__wbg_ptr', '__wbgSelf'));
      out.push('        } finally {');
      out.push('            __wbgLeave(this);');
      out.push('        }');
      out.push(lines[end]);
      i = end;
      guarded++;
    }
    continue;
  }
  out.push(line);
}
if (classes.length === 0 || guarded === 0) fail('no class or method found to guard (has the wasm-bindgen glue changed?)');
if (loadChecks === 0 || !/^let [\w, ]*\bwasm\b/m.test(text)) fail('no constructor or function checked for a loaded engine, or no module-level `wasm` (has the glue changed?)');
if (frees !== classes.length) fail(`${classes.length} classes but ${frees} free() methods`);
if (constructors !== (text.match(/^ {4}constructor\(/gm) ?? []).length) fail(`${constructors} constructors noted of ${(text.match(/^ {4}constructor\(/gm) ?? []).length}`);
// Every use of an object's pointer left is its constructor's (setting it) or its teardown's.
const patched = out.join('\n');
let inside = null;
let inClass = false;
for (const [n, l] of patched.split('\n').entries()) {
  const h = /^ {4}(?:static )?(\w+)\([^)]*\) \{$/.exec(l);
  if (/^export class /.test(l)) inClass = true;
  else if (l === '}') inClass = false;
  if (h) inside = h[1];
  else if (/^ {4}\}$/.test(l) || /^(export class|\})/.test(l)) inside = null;
  // A member this script does not know (a getter, a setter, a computed name) is not left unguarded.
  else if (inClass && /^ {4}\S.*\{$/.test(l)) fail(`line ${n + 1}: a class member this guard does not know: ${l.trim()}`);
  if (l.includes('this.__wbg_ptr') && !['constructor', '__destroy_into_raw'].includes(inside)) {
    fail(`line ${n + 1} hands the wasm an unchecked pointer: ${l.trim()}`);
  }
}
const first = patched.indexOf('\n') + 1;
writeFileSync(file, patched.slice(0, first) + HELPERS + patched.slice(first));
console.log(`guard-glue: ${file}: ${guarded} methods of ${classes.join(', ')} guarded`);
