// Where the built npm package is: GAMES_PKG, or target/npm/games (crates/games-wasm/build.sh).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PKG = path.resolve(process.env.GAMES_PKG || path.join(ROOT, 'target/npm/games'));

/** The package as Node imports it (its `node` entry). */
export const games = await import(pathToFileURL(path.join(PKG, 'node.js')).href);

/** Every field of the state but `version`, to compare states before and after a refusal. */
export function snapshot(game) {
  const { version, ...rest } = game.state();
  return JSON.stringify({ ...rest, version });
}
