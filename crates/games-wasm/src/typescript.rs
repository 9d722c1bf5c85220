//! The TypeScript types of the objects that cross the interface: the catalog's views as the
//! server sends them (`docs/server.md`), and the options of a new game and of a search. They
//! are appended to the package's generated `.d.ts`.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** The options of `new Game(...)`. Give at most one of `record`, `position` and `cards`. */
export interface NewGameOptions {
  /** `kamisado` or `onitama` (or `tictactoe`, the test game). */
  game: string;
  /** Onitama: five card names (Red's two, Blue's two, the side card), or `random`. */
  cards?: string;
  /** A position text to start from. */
  position?: string;
  /** A whole game record (the start, then the moves) to go on from. */
  record?: string;
  /** Moves played first, separated by spaces. */
  moves?: string;
  /** `same_device` (default: people in both seats) or `engine`. */
  opponent?: "same_device" | "engine";
  /** The engine's level (`easy`, `medium`, `hard`, `max`) or spec; default `medium`. */
  level?: string;
  /** The creator's player id; the engine takes the other seat. Default: the first player. */
  side?: string;
  /** `casual` (default), `coaching` or `mirror_match`. */
  format?: "casual" | "coaching" | "mirror_match";
  /** The creator's name, at most 40 characters. */
  name?: string;
  /** The seed of a random deal and of the engines, a whole number from 0 to 2^64 - 1 (random by default). */
  seed?: number;
}

/** The options of a search; with no limit, one second. */
export interface SearchOptions {
  /** `Game.hint` and `Game.playEngine` only: the level or spec to search with. */
  level?: string;
  /** The time the search may take, in milliseconds. */
  timeMs?: number;
  /** The nodes it may search. */
  nodes?: number;
  /** The deepest iteration, in plies. */
  depth?: number;
}

/** A move in notation and in parts. */
export interface MoveParts {
  /** The move in notation, as `play` takes it: `c1a3`, `tiger:c1c3`, `tiger:pass`. */
  move: string;
  from: string | null;
  to: string | null;
  /** Onitama: the card played. */
  card: string | null;
  /** A pass: Kamisado's zero-length move, Onitama's card given away. */
  pass: boolean;
}

/** A move of the game so far. */
export interface PlayedMove extends MoveParts {
  ply: number;
  player: string;
  /** Played by the session itself: the only legal move was a pass. */
  forced: boolean;
  /** Why a forced move was played, in words. */
  words: string | null;
}

/** How the game ended. */
export interface Outcome {
  /** The winner's id, `null` for a draw. */
  winner: string | null;
  /** `home_row`, `deadlock`, `stone`, `stream`, `resigned`, ... */
  reason: string;
  /** The end explained for the players. */
  words: string;
}

export interface Seat {
  player: string;
  kind: "person" | "engine";
  /** A person's name or an engine's spec. */
  name: string;
  joined: boolean;
}

export interface ClockState {
  control: string;
  remaining_ms: Record<string, number>;
  running: string | null;
  flag: string | null;
}

export interface MirrorState {
  game_number: number;
  points: [string, string];
  over: boolean;
  can_start_next: boolean;
}

export interface KamisadoBoard {
  /** Eight strings of eight colour letters, rank 8 first. */
  squares: string[];
  towers: { square: string; colour: string; player: string }[];
  /** The colour letter of the tower that must move, `null` on the first move. */
  required: string | null;
  last: { from: string; to: string } | null;
}

export interface Cards {
  red: [string, string];
  blue: [string, string];
  side: string;
}

export interface OnitamaBoard {
  pieces: { square: string; player: string; kind: "master" | "student" }[];
  cards: Cards;
  last_card: string | null;
  /** Each card's moves as `[dx, dy]`: `dx > 0` to the holder's right, `dy > 0` forward. */
  card_moves: Record<string, [number, number][]>;
}

/** The state of a game: the same object as the server's `GET /api/games/{id}`. */
export interface GameState {
  id: string;
  /** Counts the changes. */
  version: number;
  game: string;
  format: string;
  opponent: string;
  start: string;
  position: string;
  /** `null` once the game is over. */
  to_move: string | null;
  turn: string | null;
  legal_moves: string[];
  /** The same moves in parts, in the same order. */
  legal: MoveParts[];
  sources: string[];
  outcome: Outcome | null;
  result: string | null;
  moves: PlayedMove[];
  record: string;
  can_undo: boolean;
  can_redo: boolean;
  repetitions: number;
  seats: Seat[];
  thinking: boolean;
  /** A takeback asked in a game shared by link (the server's); always `null` here. */
  takeback: { asked_by: string } | null;
  clock: ClockState | null;
  mirror: MirrorState | null;
  board: KamisadoBoard | OnitamaBoard | null;
}

/** A score from the side to move's point of view. */
export interface Score {
  kind: "win" | "loss" | "draw" | "eval";
  plies?: number;
  value?: number;
}

/** What a search found. */
export interface SearchResult {
  game: string;
  position: string;
  engine: string;
  /** The best move, `null` only when the game is over. */
  best: string | null;
  score: Score;
  /** The principal variation, starting with `best`. */
  pv: string[];
  depth: number;
  nodes: number;
  nodes_per_second: number;
  seconds: number;
}

/** The coaching round's answer about a candidate. */
export interface CoachAnswer {
  candidate: string;
  after: string;
  ends_game: { winner: string | null; reason: string } | null;
  threats: { reply: string; wins: boolean; captures: boolean }[];
  hand_over: string | null;
}

export interface StartOption {
  name: string;
  value: string;
  help: string;
  /** The words a value is made of (Onitama: the sixteen cards). */
  choices: string[];
  /** The value of the default start. */
  default: string | null;
}

export interface BoardGeometry {
  files: string;
  ranks: number;
  /** The player whose home row is at the top of the unturned board. */
  top: string;
}

export interface CatalogGame {
  name: string;
  players: string[];
  start: string;
  start_options: StartOption[];
  board: BoardGeometry | null;
  levels: string[];
}

/** The games and what a game without a server offers. */
export interface Catalog {
  games: CatalogGame[];
  levels: string[];
  formats: string[];
  opponents: string[];
}
"#;
