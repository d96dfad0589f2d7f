//! The Klondike position: seven piles, four foundations and the stock and
//! waste kept as one sequence in drawing order, with make/undo.
//!
//! Cards are 0..51 (suit * 13 + rank - 1, suits S H D C... in the order
//! spades 0, hearts 1, diamonds 2, clubs 3). Piles are bottom first; the
//! first `down[p]` cards of pile p are face down. The stock and waste are
//! `seq[..slen]` in the order the cards are drawn: the waste is
//! `seq[..pos]` (its top is `seq[pos - 1]`), the stock `seq[pos..]` (the
//! next card drawn is `seq[pos]`). Turning the waste over sets `pos` to 0,
//! so the cycle order never changes; playing a waste card removes it.

use crate::core::input::{Layout, Options};

pub const PILES: usize = 7;
/// A pile holds at most 6 face-down cards and a run of at most 13 (19 cards); the room past them
/// lets a run move as a fixed 13-byte copy (`State::move_run`: no `memcpy` call and its
/// length-dependent branches).
pub const PILE_CAP: usize = 32;
pub const STOCK_CAP: usize = 24;
/// Room of `State::seq`: the stock cycle's `STOCK_CAP` cards and as many spare bytes, so taking a
/// card out or putting it back moves a fixed 24-byte window (a few loads and stores, no `memmove`
/// call with its length-dependent branches); the bytes past `slen` are never read.
pub const SEQ_ROOM: usize = 2 * STOCK_CAP;
/// `redeals` value meaning no limit on passes.
pub const UNLIMITED: u8 = u8::MAX;
/// Destination index meaning the foundation.
pub const FOUND: u8 = 7;
/// No card (an empty pile's top).
pub const NONE: u8 = u8::MAX;

/// Every king in the card-set layout (bit c for card c).
pub const KINGS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// Card c as a card set (c < 52).
#[inline]
pub fn bit(c: u8) -> u64 {
    1u64 << c
}

/// The four cards the foundations take next, as a card set.
#[inline]
pub fn next_up(found: &[u8; 4]) -> u64 {
    let mut m = 0;
    for (su, &f) in found.iter().enumerate() {
        if f < 13 {
            m |= bit(su as u8 * 13 + f);
        }
    }
    m
}

/// The foundations' next cards that are safe to play up, as a card set, from the heights alone
/// (one test a suit): suit s's next card (rank f+1) when f < `free_below`, or both other-colour
/// heights ≥ f − `slack` and the same colour's other suit ≥ f−1 − `slack`. The concrete game lets
/// aces and twos up freely (`free_below` 2, `State::safe_up`); the abstract game's rule has no
/// such clause (0), and its rule S loosens the heights by one (`slack` 1; else 0).
#[inline]
pub fn safe_cards([sp, h, d, c]: [u8; 4], free_below: u8, slack: u8) -> u64 {
    let (black, red_) = (sp.min(c), h.min(d));
    let ok = |f: u8, others: u8, twin: u8| f < 13 && safe_suit(f, others, twin, free_below, slack);
    let mut m = 0;
    if ok(sp, red_, c) {
        m |= bit(sp);
    }
    if ok(h, black, d) {
        m |= bit(13 + h);
    }
    if ok(d, black, h) {
        m |= bit(26 + d);
    }
    if ok(c, red_, sp) {
        m |= bit(39 + c);
    }
    m
}

/// `safe_cards`' test for one suit at height f (below 13): its next card is safe when
/// f < `free_below`, or `others` (the other colour's lower height) ≥ f − `slack` and `twin` (the
/// same colour's other suit) ≥ f−1 − `slack`.
#[inline]
pub fn safe_suit(f: u8, others: u8, twin: u8, free_below: u8, slack: u8) -> bool {
    f < free_below || (others + slack >= f && twin + 1 + slack >= f)
}

/// A card as a card set (bit c); `NONE` as the empty set.
#[inline]
pub fn card_bit(c: u8) -> u64 {
    // without a branch: `NONE` (255) shifts by 63 and is masked off
    (1u64 << (c & 63)) & ((c < 52) as u64).wrapping_neg()
}

#[inline]
pub fn suit(c: u8) -> u8 {
    c / 13
}
#[inline]
pub fn rank(c: u8) -> u8 {
    c % 13 + 1
}
#[inline]
pub fn red(c: u8) -> bool {
    matches!(suit(c), 1 | 2)
}
/// Whether `c` may be placed on `t` in the tableau.
#[inline]
pub fn fits(c: u8, t: u8) -> bool {
    rank(t) == rank(c) + 1 && red(t) != red(c)
}
pub const SUIT_LETTERS: [char; 4] = ['S', 'H', 'D', 'C'];
/// The suit of the same colour (spades-clubs, hearts-diamonds).
#[inline]
pub fn twin(s: u8) -> u8 {
    3 - s
}

/// One search move. Stock taps are folded into `Waste`: tap (turning the
/// waste over once if `redeal`) until the waste holds `q` cards, then play
/// its top card to `to` (a pile 0..6 or `FOUND`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    PileToFound { from: u8 },
    PileToPile { from: u8, to: u8, n: u8 },
    Waste { q: u8, redeal: bool, to: u8 },
    FoundToPile { suit: u8, to: u8 },
}

/// What `revert` needs: the move, whether it turned a card face up, and
/// the stock state before.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub m: Move,
    /// The card a foundation or waste move played.
    pub card: u8,
    pub flipped: bool,
    pub pos: u8,
    pub redeals: u8,
}

#[derive(Clone, Debug)]
pub struct State {
    pub cards: [[u8; PILE_CAP]; PILES],
    pub len: [u8; PILES],
    pub down: [u8; PILES],
    /// Cards on each suit's foundation (its top card has this rank).
    pub found: [u8; 4],
    pub seq: [u8; SEQ_ROOM],
    pub slen: u8,
    pub pos: u8,
    /// Turn-overs left (`UNLIMITED` for no limit).
    pub redeals: u8,
    pub draw: u8,
    /// Each card's index in the dealt stock (for the key), 255 if not there.
    pub stock_index: [u8; 52],
    /// Bit i set while the i-th dealt stock card is still in stock or waste.
    pub stock_mask: u32,
    /// The cards in stock and waste (`seq[..slen]`) as a card set, kept by make/undo: most
    /// positions have no stock card that could play, which one test of the set tells.
    pub scards: u64,
    /// Each pile's key code (`pile_code`, read by keys.rs), kept up to date by make/undo.
    pub code: [u32; PILES],
    /// Bit i of pile p set when `cards[p][i]` is a diamond or a club (card >= 26), for i below
    /// `len[p]` (bits above are stale): the key's suit bits read off it without a loop.
    pub hi: [u32; PILES],
    /// Each pile's top card (`NONE` when empty), and those cards as a card set (bit c for card c),
    /// kept by make/undo with the codes: most positions have no safe move and no top that can go
    /// up, which one test of the set tells (`moves::safe_move`, `moves::candidates`).
    pub topc: [u8; PILES],
    pub tops: u64,
    /// The pile each card in `tops` is the top of (entries of other cards are stale, always a
    /// pile number; the last one is where an empty pile's `NONE` is written): which piles take a
    /// card is then two lookups, not a table a position.
    pub pile_of: [u8; 53],
    /// The foundations' next cards (`next_up`) as a card set, kept by make/undo: a foundation
    /// move changes one suit's bit (`up_one`, `down_one`) instead of every position working the
    /// set out again.
    pub up: u64,
    /// The face-down cards as a card set, kept by make/undo (a flip takes one out): with the
    /// stock's cards and the tops it tells in one test that no card the foundations take next lies
    /// under a pile's top (`moves::partial`, most positions).
    pub downs: u64,
    /// 0: candidates in heuristic order; else the seed of a deterministic
    /// reshuffle of the non-foundation candidates (restart attempts).
    pub shuffle: u64,
}

/// Equal positions: the cards in play, not what lies above them in the arrays.
impl PartialEq for State {
    fn eq(&self, o: &State) -> bool {
        (0..PILES).all(|p| self.cards[p][..self.len[p] as usize] == o.cards[p][..o.len[p] as usize])
            && self.down == o.down
            && self.found == o.found
            && self.seq[..self.slen as usize] == o.seq[..o.slen as usize]
            && (self.pos, self.redeals, self.draw, self.stock_mask) == (o.pos, o.redeals, o.draw, o.stock_mask)
    }
}

impl State {
    /// The position a laid-out deal starts in (engine/games/klondike/README.md, Layout).
    pub fn from_layout(layout: &Layout, options: &Options) -> Result<State, String> {
        let draw = *options.get("draw").unwrap_or(&1);
        if draw != 1 && draw != 3 {
            return Err(format!("klondike draw must be 1 or 3, got {draw}"));
        }
        let passes = *options.get("passes").unwrap_or(&0);
        let redeals = match passes {
            0 => UNLIMITED,
            1 | 3 => (passes - 1) as u8,
            p => return Err(format!("klondike passes must be 0 (unlimited), 1 or 3, got {p}")),
        };
        let group = |name: &str| layout.get(name).ok_or_else(|| format!("klondike layout lacks {name:?}"));
        let tableau = group("tableau")?;
        let down = group("down")?;
        let stock = group("stock")?;
        if tableau.len() != PILES || down.len() != 1 || down[0].len() != PILES || stock.len() != 1 {
            return Err("klondike layout needs 7 piles, one list of 7 face-down counts and one stock".into());
        }
        let mut s = State {
            cards: [[0; PILE_CAP]; PILES],
            len: [0; PILES],
            down: [0; PILES],
            found: [0; 4],
            seq: [0; SEQ_ROOM],
            slen: 0,
            pos: 0,
            redeals,
            draw: draw as u8,
            stock_index: [u8::MAX; 52],
            stock_mask: 0,
            scards: 0,
            code: [0; PILES],
            hi: [0; PILES],
            topc: [NONE; PILES],
            tops: 0,
            pile_of: [0; 53],
            up: 0,
            downs: 0,
            shuffle: 0,
        };
        let mut seen = [false; 52];
        let mut take = |c: i32| -> Result<u8, String> {
            if !(0..52).contains(&c) || seen[c as usize] {
                return Err(format!("klondike layout has a bad or repeated card {c}"));
            }
            seen[c as usize] = true;
            Ok(c as u8)
        };
        for p in 0..PILES {
            let pile = &tableau[p];
            let d = down[0][p];
            if pile.len() > 19 || d < 0 || d as usize > 6 || (d as usize >= pile.len() && !pile.is_empty()) {
                return Err(format!("klondike pile {} has a bad size or face-down count", p + 1));
            }
            for (i, &c) in pile.iter().enumerate() {
                s.cards[p][i] = take(c)?;
            }
            s.len[p] = pile.len() as u8;
            s.down[p] = d as u8;
        }
        // A position in play may also give its waste (one list, bottom first) and the turn-overs
        // it has left (`redeals`: [[n]], only with limited passes).
        let waste: &[i32] = match layout.get("waste").map(|w| w.as_slice()) {
            None | Some([]) => &[],
            Some([w]) => w,
            Some(_) => return Err("klondike waste must be one list of cards".into()),
        };
        if stock[0].len() + waste.len() > STOCK_CAP {
            return Err("klondike stock and waste hold at most 24 cards".into());
        }
        // The layout's stock and waste are bottom first; the sequence is in drawing order: the
        // waste (seq[..pos], its top last), then the stock from its top down.
        for (i, &c) in waste.iter().chain(stock[0].iter().rev()).enumerate() {
            let c = take(c)?;
            s.seq[i] = c;
            s.stock_index[c as usize] = i as u8;
            s.stock_mask |= 1 << i;
        }
        s.slen = (stock[0].len() + waste.len()) as u8;
        s.pos = waste.len() as u8;
        if let Some(r) = layout.get("redeals") {
            match r.as_slice() {
                [v] if v.len() == 1 && redeals != UNLIMITED && (0..=redeals as i32).contains(&v[0]) => s.redeals = v[0] as u8,
                _ => return Err(format!("klondike redeals must be [[n]] with n in 0..={redeals}, under limited passes")),
            }
        }
        // Cards missing from the layout count as already on their foundations,
        // which must then be a prefix of each suit.
        for su in 0..4u8 {
            let n = (0..13).take_while(|r| !seen[(su * 13 + r) as usize]).count() as u8;
            if (n..13).any(|r| !seen[(su * 13 + r) as usize]) {
                return Err("klondike layout is missing cards".into());
            }
            s.found[su as usize] = n;
        }
        s.recode_all();
        Ok(s)
    }

    /// Recompute every pile's key code and the stock's card set (after building a position by hand).
    pub fn recode_all(&mut self) {
        self.scards = self.seq[..self.slen as usize].iter().fold(0, |m, &c| m | bit(c));
        self.up = next_up(&self.found);
        self.downs = 0;
        for p in 0..PILES {
            self.downs |= self.cards[p][..self.down[p] as usize].iter().fold(0, |m, &c| m | bit(c));
        }
        self.tops = 0;
        for p in 0..PILES {
            self.hi[p] = (0..self.len[p] as usize).fold(0, |m, i| m | ((self.cards[p][i] >= 26) as u32) << i);
            self.topc[p] = NONE;
            self.recode(p);
        }
    }

    /// One card onto suit `su`'s foundation, and its next card in `up` (none past the king).
    #[inline]
    fn up_one(&mut self, su: u8) {
        let f = self.found[su as usize];
        self.found[su as usize] = f + 1;
        self.up = self.up & !bit(su * 13 + f) | ((f < 12) as u64) << (su * 13 + (f + 1).min(12));
    }

    /// One card off suit `su`'s foundation (the card goes back to being its next one).
    #[inline]
    fn down_one(&mut self, su: u8) {
        let f = self.found[su as usize] - 1;
        self.found[su as usize] = f;
        self.up = self.up & !(((f < 12) as u64) << (su * 13 + (f + 1).min(12))) | bit(su * 13 + f);
    }

    /// After pile p changed: its key code, top card and the set of tops.
    #[inline]
    fn recode(&mut self, p: usize) {
        self.code[p] = pile_code(self, p);
        let l = self.len[p] as usize;
        // without a branch: an empty pile reads its first place and turns it into `NONE`
        let top = self.cards[p][l.max(1) - 1] | ((l == 0) as u8).wrapping_neg();
        // a run's top card leaves one pile's top for another's: recode the pile it left first
        self.tops = self.tops & !card_bit(self.topc[p]) | card_bit(top);
        self.topc[p] = top;
        self.pile_of[top.min(52) as usize] = p as u8;
    }

    #[inline]
    pub fn top(&self, p: usize) -> Option<u8> {
        let l = self.len[p] as usize;
        if l == 0 {
            None
        } else {
            Some(self.cards[p][l - 1])
        }
    }

    /// The waste's top card.
    #[inline]
    pub fn waste_top(&self) -> Option<u8> {
        if self.pos == 0 {
            None
        } else {
            Some(self.seq[self.pos as usize - 1])
        }
    }

    #[inline]
    pub fn to_found_ok(&self, c: u8) -> bool {
        self.found[suit(c) as usize] == rank(c) - 1
    }

    /// Whether `c` may go on pile `p` (a king on an empty pile).
    #[inline]
    pub fn to_pile_ok(&self, c: u8, p: usize) -> bool {
        match self.top(p) {
            None => rank(c) == 13,
            Some(t) => self.len[p] > self.down[p] && fits(c, t),
        }
    }

    /// The safe rule (README.md, "Safe moves"): aces and
    /// twos always; else both foundations of the other colour hold the rank
    /// below and the same colour's other suit holds two below.
    #[inline]
    pub fn safe_up(&self, c: u8) -> bool {
        let r = rank(c);
        let s = suit(c);
        if self.found[s as usize] != r - 1 {
            return false;
        }
        if r <= 2 {
            return true;
        }
        let (o1, o2) = if red(c) { (0, 3) } else { (1, 2) };
        self.found[o1] >= r - 1 && self.found[o2] >= r - 1 && self.found[twin(s) as usize] >= r - 2
    }

    pub fn won(&self) -> bool {
        self.found == [13; 4]
    }

    /// The cycle's positions reachable by tapping from here. For each waste
    /// size q ≥ 1 reachable, calls `f(q, redeal)` with the fewest turn-overs
    /// (0 or 1); the current top (q = pos) comes first.
    #[inline]
    pub fn reachable(&self, mut f: impl FnMut(u8, bool)) {
        let (l, d) = (self.slen, self.draw);
        if l == 0 {
            return;
        }
        let mut q = self.pos;
        if q > 0 {
            f(q, false);
        }
        while q < l {
            q = (q + d).min(l);
            f(q, false);
        }
        if self.redeals > 0 {
            // After a turn-over the waste sizes are d, 2d, .. and l.
            let mut q = 0;
            while q < l {
                q = (q + d).min(l);
                if !self.on_pass(q) {
                    f(q, true);
                }
            }
        }
    }

    /// Whether waste size q is reachable in the current pass without a turn-over.
    #[inline]
    fn on_pass(&self, q: u8) -> bool {
        let p = self.pos;
        q >= p && (q == self.slen || (q - p) % self.draw == 0)
    }

    fn push_card(&mut self, p: usize, c: u8) {
        let l = self.len[p] as usize;
        self.cards[p][l] = c;
        self.hi[p] = self.hi[p] & !(1 << l) | ((c >= 26) as u32) << l;
        self.len[p] += 1;
    }

    /// Move the top `n` cards of pile `f` onto pile `t` as they lie (a block copy, and their
    /// suit bits as one shift).
    #[inline]
    fn move_run(&mut self, f: usize, t: usize, n: usize) {
        let (start, lt) = (self.len[f] as usize - n, self.len[t] as usize);
        let run = self.cards[f];
        // fixed size: the bytes past the run land past the pile's end, where nothing is read
        self.cards[t][lt..lt + 13].copy_from_slice(&run[start..start + 13]);
        let bits = (self.hi[f] >> start) & ((1 << n) - 1);
        self.hi[t] = self.hi[t] & ((1 << lt) - 1) | bits << lt;
        self.len[t] += n as u8;
        self.len[f] = start as u8;
    }

    /// Take the top card of pile p off; turns the next card up if needed.
    fn pop_card(&mut self, p: usize) -> (u8, bool) {
        self.len[p] -= 1;
        let c = self.cards[p][self.len[p] as usize];
        let flip = self.flip(p);
        (c, flip)
    }

    /// Turn pile p's top card up when no face-up card covers it.
    #[inline]
    fn flip(&mut self, p: usize) -> bool {
        if self.down[p] > 0 && self.down[p] == self.len[p] {
            self.down[p] -= 1;
            self.downs &= !bit(self.cards[p][self.down[p] as usize]);
            true
        } else {
            false
        }
    }

    fn place(&mut self, c: u8, to: u8) {
        if to == FOUND {
            self.up_one(suit(c));
        } else {
            self.push_card(to as usize, c);
        }
    }

    pub fn apply(&mut self, m: Move) -> Undo {
        let mut u = Undo { m, card: 0, flipped: false, pos: self.pos, redeals: self.redeals };
        match m {
            Move::PileToFound { from } => {
                let (c, f) = self.pop_card(from as usize);
                u.flipped = f;
                u.card = c;
                self.up_one(suit(c));
                self.recode(from as usize);
            }
            Move::PileToPile { from, to, n } => {
                let (f, t) = (from as usize, to as usize);
                self.move_run(f, t, n as usize);
                u.flipped = self.flip(f);
                self.recode(f);
                self.recode(t);
            }
            Move::Waste { q, redeal, to } => {
                if redeal && self.redeals != UNLIMITED {
                    self.redeals -= 1;
                }
                let i = q as usize - 1;
                let c = self.seq[i];
                self.seq.copy_within(i + 1..i + 1 + STOCK_CAP, i); // fixed size: `SEQ_ROOM`
                self.slen -= 1;
                self.pos = q - 1;
                self.stock_mask &= !(1 << self.stock_index[c as usize]);
                self.scards &= !bit(c);
                u.card = c;
                self.place(c, to);
                if to != FOUND {
                    self.recode(to as usize);
                }
            }
            Move::FoundToPile { suit: s, to } => {
                self.down_one(s);
                let c = s * 13 + self.found[s as usize];
                self.push_card(to as usize, c);
                self.recode(to as usize);
            }
        }
        u
    }

    pub fn revert(&mut self, u: Undo) {
        match u.m {
            Move::PileToFound { from } => {
                let f = from as usize;
                if u.flipped {
                    self.down[f] += 1;
                    self.downs |= bit(self.cards[f][self.down[f] as usize - 1]);
                }
                let c = u.card;
                self.down_one(suit(c));
                self.push_card(f, c);
                self.recode(f);
            }
            Move::PileToPile { from, to, n } => {
                let (f, t) = (from as usize, to as usize);
                if u.flipped {
                    self.down[f] += 1;
                    self.downs |= bit(self.cards[f][self.down[f] as usize - 1]);
                }
                self.move_run(t, f, n as usize);
                self.recode(t); // the pile the run left first (`recode`)
                self.recode(f);
            }
            Move::Waste { q, to, .. } => {
                let c = u.card;
                if to == FOUND {
                    self.down_one(suit(c));
                } else {
                    self.len[to as usize] -= 1;
                    self.recode(to as usize);
                }
                let i = q as usize - 1;
                self.seq.copy_within(i..i + STOCK_CAP, i + 1); // fixed size: `SEQ_ROOM`
                self.seq[i] = c;
                self.slen += 1;
                self.stock_mask |= 1 << self.stock_index[c as usize];
                self.scards |= bit(c);
                self.pos = u.pos;
                self.redeals = u.redeals;
            }
            Move::FoundToPile { suit: s, to } => {
                self.len[to as usize] -= 1;
                self.up_one(s);
                self.recode(to as usize);
            }
        }
    }
}

/// Pile p's 28-bit code in the position key (keys.rs says what each part is): here, beside the
/// state that keeps every pile's code up to date (`recode`).
#[inline]
pub fn pile_code(s: &State, p: usize) -> u32 {
    // without a branch (a cold search cannot predict them): a part that is absent is multiplied by 0
    let (l, d) = (s.len[p] as u32, s.down[p] as u32);
    let n = l - d; // the face-up run's length (a pile never has face-down cards alone)
    // one bit a further run card: diamond or club (`State::hi`)
    let bits = (s.hi[p] >> (d + 1)) & ((1 << n >> 1) - (n > 0) as u32);
    let run = (s.cards[p][d as usize] as u32 + 1) << 16 | n << 12 | bits;
    d << 25 | (p as u32 * (d > 0) as u32) << 22 | run * (n > 0) as u32
}
