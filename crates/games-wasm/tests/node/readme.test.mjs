// The README's example of each game runs as written against the built package: each `js` block
// under "## Kamisado" and "## Onitama", with its import of '@kamisado-onitama/games' pointed at
// the package's Node entry, runs in a fresh node process that must exit cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PKG, ROOT } from './package.mjs';

const README = readFileSync(path.join(ROOT, 'crates/games-wasm/README.md'), 'utf8');
const ENTRY = pathToFileURL(path.join(PKG, 'node.js')).href;

/** The first `js` block of the section `## heading`. */
function example(heading) {
  const section = README.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  assert.ok(section, `the README has a section "## ${heading}"`);
  const block = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(block, `the section "## ${heading}" has a js example`);
  return block[1];
}

for (const heading of ['Kamisado', 'Onitama']) {
  test(`the README's ${heading} example runs`, () => {
    const code = example(heading);
    assert.ok(code.includes("from '@kamisado-onitama/games'"), 'it imports the package by name');
    assert.ok(code.trim().split('\n').length <= 12, 'about ten lines');
    const dir = mkdtempSync(path.join(tmpdir(), 'games-readme-'));
    try {
      const file = path.join(dir, `${heading.toLowerCase()}.mjs`);
      writeFileSync(file, code.replaceAll("'@kamisado-onitama/games'", `'${ENTRY}'`));
      const out = execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 120000 });
      assert.ok(out.trim().length > 0, 'it prints what it shows');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
