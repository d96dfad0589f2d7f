// Type declarations of dealpool's JavaScript kit (src/index.js). Cards are numbers
// `suit * 13 + rank - 1` (suits S H D C: 0 = AS, 12 = KS, 13 = AH, 51 = KC), as in the engine.

/** Bad input: a bad code, option, key or file. The message is one line. */
export class BadInput extends Error {}
/** A move the rules refuse where it is made; the message is the referee's reason. */
export class IllegalMove extends BadInput {}

export type Kind = 'N' | 'S' | 'C';
export type GameId = 'klondike' | 'freecell' | 'canfield' | 'tripeaks' | 'pyramid' | 'spider' | 'labellelucie' | 'gaps';
/** Named groups of card lists, each list bottom first (a stock's last card is drawn next). */
export type Layout = Record<string, number[][]>;

export interface Deal {
  /** The canonical code. */
  code: string;
  game: GameId;
  /** Every option of the game, canonical values, in listed order. */
  options: Record<string, string>;
  kind: Kind;
  /** N and C codes: the deal number; S codes: null. */
  number: number | null;
  /** The 64-byte seed (N: SHA-512 of the deal key and number; S: the code's); C codes: null. */
  seed: Uint8Array | null;
  /** The shuffled deck, position 0 dealt first. */
  order: number[];
  /** The dealt layout, as the engine's Game.layout (no `seed` group). */
  layout: Layout;
}

export interface Option {
  name: string;
  values: string[];
  default: string;
  solving: boolean;
  deals: boolean;
}

export interface Game {
  id: GameId;
  label: string;
  options: Option[];
  deckSize: number;
  classic: boolean;
  seeded: boolean;
  boards: unknown[];
  deck(options: Record<string, string>): number[];
  layOut(order: number[], options: Record<string, string>): Layout;
}

export interface Board {
  id: string;
  game: GameId;
  options: Record<string, string>;
  budget: number;
  label: string;
  pooled: boolean;
}

export const GAMES: Readonly<Record<GameId, Game>>;
/** The boards as `dealpool boards` lists them, by id. */
export const BOARDS: Readonly<Record<string, Board>>;

/** Deal a code (any accepted spelling), bit-exact with engine/deal.py. Throws BadInput. */
export function deal(code: string): Deal;
/** A code's parts; throws BadInput. */
export function parseCode(code: string): { game: GameId; options: Record<string, string>; kind: Kind; number: number | null; seed: Uint8Array | null };
export function formatCode(parts: { game: string; options?: Record<string, string> | [string, string][]; kind: Kind; number?: number | null; seed?: Uint8Array | null }): string;
export function canonicalCode(code: string): string;
/** The board of an id, or BadInput. */
export function board(id: string): Board;
/** A board's canonical numbered code. */
export function boardCode(boardId: string, number: number): string;
/** A board's canonical code of a 64-byte seed. */
export function seedCode(boardId: string, seed: Uint8Array): string;
/** The board of a code: a listed board, or a derived one (`klondike-1+passes=1`). */
export function boardFor(code: string | ReturnType<typeof parseCode>): Board;

// ---- the published method (seed 000)
export function numberedSeed(dealKey: string, number: number): Uint8Array;
export class Stream {
  constructor(seed: Uint8Array, domain?: string);
  below(n: number): number;
  read(k: number): Uint8Array;
}
export function shuffle<T>(items: Iterable<T>, stream: Stream): T[];
export function redeal<T>(seed: Uint8Array, n: number, cards: T[]): T[];
export function classicFreecellOrder(number: number): number[];
/** `7D`, `10S` (or `TS` with ten = 'T'). */
export function cardName(card: number, ten?: string): string;
export function orderText(order: number[], ten?: string): string;
export function toHex(bytes: Uint8Array): string;
export function fromHex(text: string): Uint8Array;
export function sha512(msg: Uint8Array): Uint8Array;
export function sha3_384(msg: Uint8Array): Uint8Array;

// ---- the referees

/** What a viewer draws of a position. */
export interface View {
  /** Named groups of piles, each bottom first. Per game:
   * klondike: tableau (7), stock, waste, foundation (4, S H D C);
   * freecell: tableau (8), cells (one pile of 0 or 1 card a cell), foundation (4);
   * canfield: reserve, tableau (4), stock, waste, foundation (4, from the base rank);
   * tripeaks: rows (3, 6, 9, 10; -1 where a card is gone), stock, waste;
   * pyramid: rows (1..7; -1 where gone), stock, waste, gone (removed cards in order);
   * spider: tableau (10), stock, off (runs gone off, K..A each);
   * labellelucie: tableau (18 fans), foundation (4);
   * gaps: rows (4 of 13; -1 for a gap). */
  groups: Record<string, number[][]>;
  /** Face-down count at the bottom of each pile of a group (a stock: all of it). */
  down: Record<string, number[]>;
  /** Foundation heights per suit S H D C, where the game has foundations. */
  found?: number[];
  /** Tripeaks: which row cards are still overlapped (face down at the table). */
  faceDown?: Record<string, boolean[][]>;
  /** Counters a viewer may show: redeals, passes, draw, base rank, ... */
  info?: Record<string, unknown>;
}

export interface Rules<State = unknown, Token = unknown> {
  /** The dealt position of a Deal (its layout, options and, for redealing games, seed). */
  newState(deal: Pick<Deal, 'layout' | 'options' | 'seed'>): State;
  /** Every legal move, as the engine's referee lists them (same tokens, same order). */
  legalMoves(state: State): string[];
  /** Make a move in place; its undo token. Throws IllegalMove with the reason. */
  play(state: State, move: string): Token;
  /** Take back the move that returned `token` (last first). */
  undo(state: State, token: Token): void;
  isWon(state: State): boolean;
  view(state: State): View;
}

export function rulesFor(game: string): Rules;

export interface ReplayResult {
  won: boolean;
  /** The first entry the referee refused (index, token, reason); null for a win or a line of legal moves that ends not won. */
  refused: null | { at: number; move: string; reason: string };
  /** Seed 004's count: moves standing plus one per undo entry. */
  moves: number;
  kept: number;
  undos: number;
}

/** Deal `code` (or take a Deal) and replay `line` (undos as `u`, `uN`). Throws BadInput for a bad code. */
export function replay(code: string | Deal, line: string[]): ReplayResult;
export function replayState(rules: Rules, state: unknown, line: string[]): ReplayResult;
/** A line from text: whitespace-separated tokens, or a JSON array of strings. Throws BadInput. */
export function parseLine(text: string): string[];

// ---- verify

export type Files = Map<string, Uint8Array | ArrayBuffer | string | null> | Record<string, Uint8Array | ArrayBuffer | string | null>;
export type PublicKey = string | Uint8Array | ArrayBuffer;

export interface VerifyResult {
  ok: boolean;
  /** One line each, worded as `dealpool verify`'s. */
  problems: string[];
  /** Deals re-dealt and replayed. */
  deals: number;
  /** The committed sample's summary line, or ''. */
  fair: string;
}

/** Everything `dealpool verify` checks, from the export folder's files alone (every file in it). */
export function verifyPool(
  files: Files,
  options?: { publicKey?: PublicKey | null; keyName?: string; minSequence?: number | null; notBefore?: string | null },
): Promise<VerifyResult>;
export function importPublicKey(key: PublicKey): Promise<CryptoKey>;
export function verifySample(files: Map<string, Uint8Array | null>, manifest: unknown): Promise<[string[], string]>;
export function sampleNumbers(serverSeed: string, clientSeeds: string[], count: number): Promise<number[]>;
export const FORMAT: string;
export const RULES_VERSION: string;

// ---- grades (format dealpool-pool/3)
export type GradeName = 'easy' | 'medium' | 'hard' | 'expert';
/** The grades, easiest first. */
export const GRADES: readonly GradeName[];
/** A graded board's manifest entry `grading` (null on a board that is not graded). */
export interface Grading {
  /** The visible-information player's version, `<game>-<VERSION>`. */
  version: string;
  /** K: the playouts each deal was played. */
  playouts: number;
  /** The least share of playouts won for easy, medium and hard (below hard: expert). */
  thresholds: { easy: number; medium: number; hard: number };
}
/** A deal of a board file: its grade, wins and playouts are null on a board that is not graded. */
export interface PoolDeal {
  code: string;
  nodes: number;
  budget: number;
  line: string[];
  grade: GradeName | null;
  wins: number | null;
  playouts: number | null;
}
/** The grade of `wins` out of `playouts` on a grading's thresholds (what verifyPool checks each deal's grade against). */
export function gradeOf(thresholds: Grading['thresholds'], wins: number, playouts: number): GradeName;

export interface DrawCheck {
  board: string;
  code: string;
  index: number;
  count: number;
  poolSha256: string;
  commitment: string;
  poolChanged: boolean;
  /** The pool file unchanged and, with options.code, the draw gives that code. */
  ok: boolean;
}

/** `dealpool fair verify-draw`: which deal a player's draw must have been, from the revealed seed. */
export function verifyDraw(
  files: Files,
  options: { clientSeed: string; board?: string | null; serverSeed?: string | null; commitment?: string | null; code?: string | null },
): Promise<DrawCheck>;

// ---- fair draws (seed 002)
export const SCHEME: string;
/** The fresh 8-deck shoe as dealpool reads "AC,KC,QC,…". */
export const FRESH_SHOE: readonly string[];
/** `dealpool fair shoe`: the commitment and the shoe (positions in the fresh shoe, and cards), top first. */
export function shoe(serverSeed: string, clientSeeds?: string[]): Promise<{ commitment: string; positions: number[]; cards: string[] }>;
/** The published Fisher-Yates over n positions. */
export function shoeShuffle(seeds: string[], n: number): Promise<number[]>;
export function commitment(serverSeed: string): Promise<string>;
export function checkCommitment(serverSeed: string, published: string): Promise<void>;
export function seedBytes(seeds: string[], what?: string): Uint8Array;
export function draw(seeds: string[], k: number): Promise<number>;
export function draws(seeds: string[], count: number): Promise<number[]>;
export function below(seeds: string[], n: number): Promise<number>;
export function sample(seeds: string[], population: number, count: number): Promise<number[]>;
export function pick<T>(seeds: string[], items: T[]): Promise<T>;

// ---- the pool files
export function readParquet(bytes: Uint8Array): { rows: Record<string, unknown>[]; metadata: Record<string, string | null>; columns: { name: string; kind: string }[] };
export function zstdDecompress(bytes: Uint8Array, sizeHint?: number): Uint8Array;
