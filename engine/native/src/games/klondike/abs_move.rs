//! The moves of the abstract Klondike game (README.md, "The abstract game"):
//! cards only, no piles, in the style of lonelybot. The abstract search (`abstract_game.rs`)
//! produces lines of these; `concretize.rs` turns such a line into a concrete line of
//! `state::Move`s that the Python referee replays. Cards are 0..51 as in `state.rs`.

/// One abstract move, named by the card it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AbsMove {
    /// A tableau card that nothing covers (in some arrangement) to its foundation.
    PileStack(u8),
    /// A foundation's top card back down onto the tableau (any pile that takes it).
    StackPile(u8),
    /// A stock card, reached by tapping (and turning the waste over), to its foundation.
    DeckStack(u8),
    /// A stock card, reached by tapping, onto the tableau (any pile that takes it).
    DeckPile(u8),
    /// The lowest face-up card of a pile that still has face-down cards, with everything on it,
    /// to another pile; the face-down card under it turns up.
    Reveal(u8),
}
