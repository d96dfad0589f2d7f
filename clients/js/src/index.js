// dealpool's JavaScript kit: deal, referee and verify dealpool's solitaire deals with no server and
// no Python. Plain ES modules, no dependencies, the same in Node >= 18 and a current browser.
// The five calls a game needs: deal, rulesFor, replay, verifyPool, shoe / verifyDraw (README.md).

export { BadInput, IllegalMove } from './errors.js';
export { BOARDS, GAMES } from './games.js';
export { board, boardCode, boardFor, canonicalCode, deal, formatCode, parseCode, seedCode } from './deal.js';
export { cardName, numberedSeed, orderText, redeal, shuffle, Stream, classicFreecellOrder, toHex, fromHex } from './method.js';
export { sha512 } from './sha512.js';
export { parseLine, replay, replayState, rulesFor } from './referee.js';
export { FRESH_SHOE, SCHEME, below, checkCommitment, commitment, draw, draws, pick, sample, seedBytes, shoe, shuffle as shoeShuffle } from './fair.js';
export { FORMAT, GRADES, RULES_VERSION, gradeOf, importPublicKey, sampleNumbers, verifyDraw, verifyPool, verifySample } from './verify.js';
export { sha3_384 } from './sha3.js';
export { readParquet } from './parquet.js';
export { zstdDecompress } from './zstd.js';
