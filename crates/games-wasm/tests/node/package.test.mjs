// The npm package as it would be published: `npm pack --dry-run` lists exactly the package's
// files, package.json's version is the crate's, the entry points exist, and the .wasm stays
// within its budget of 400 KB gzipped (the figure is printed for the CI log).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PKG, ROOT } from './package.mjs';

const EXPECTED = [
  'LICENSE-APACHE', 'LICENSE-MIT', 'README.md', 'games.d.ts', 'games.js', 'games_bg.wasm',
  'games_bg.wasm.d.ts', 'node.d.ts', 'node.js', 'package.json',
];
const BUDGET = 400 * 1024;

test('npm pack contains exactly the package files', () => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PKG, encoding: 'utf8' });
  const [report] = JSON.parse(out);
  assert.equal(report.name, '@kamisado-onitama/games');
  assert.deepEqual(report.files.map((f) => f.path).sort(), EXPECTED);
  console.log(`npm pack: ${report.filename}, ${report.size} bytes packed, ${report.unpackedSize} unpacked, ${report.entryCount} files`);
});

test('package.json: the crate\'s version, entry points and types that exist', () => {
  const pkg = JSON.parse(readFileSync(path.join(PKG, 'package.json'), 'utf8'));
  const cargo = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const workspaceVersion = /\[workspace\.package\][^[]*?version = "([^"]+)"/s.exec(cargo);
  assert.equal(pkg.version, workspaceVersion[1]);
  for (const file of [pkg.main, pkg.browser, pkg.types, pkg.exports['.'].node, pkg.exports['.'].default]) {
    assert.ok(EXPECTED.includes(file.replace('./', '')), file);
  }
  const types = readFileSync(path.join(PKG, 'games.d.ts'), 'utf8');
  for (const name of ['class Game', 'class Engine', 'interface GameState', 'interface Catalog', 'interface SearchResult', 'play(move: string): GameState']) {
    assert.ok(types.includes(name), `games.d.ts declares ${name}`);
  }
});

test(`the .wasm is at most ${BUDGET / 1024} KB gzipped`, () => {
  const wasm = readFileSync(path.join(PKG, 'games_bg.wasm'));
  const gz = gzipSync(wasm, { level: 9 }).length;
  console.log(`games_bg.wasm: ${wasm.length} bytes, ${gz} bytes gzipped (${(gz / 1024).toFixed(1)} KB; budget ${BUDGET / 1024} KB)`);
  assert.ok(gz <= BUDGET, `${gz} bytes gzipped`);
});
