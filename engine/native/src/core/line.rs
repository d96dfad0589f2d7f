//! A won line: its tokens' text in one buffer and each token's place in it, so a line of
//! a hundred and more tokens costs a couple of allocations instead of a `String` a token (a
//! median Klondike deal spelled 168 of them, about a quarter of its instructions with their
//! frees). The Python side still gets a list of str tokens, made from the slices.

use std::fmt;
use std::ops::Index;

/// The tokens of a line, in order. The text holds them in the order they were spelled;
/// `spans` (start, end) gives the line's order, so reversing runs of tokens (the search spells a
/// trail last move first) moves only the spans, never the text.
#[derive(Clone, Default)]
pub struct Line {
    text: String,
    spans: Vec<(u32, u32)>,
}

impl Line {
    pub fn new() -> Self {
        Self::default()
    }

    /// Room for `tokens` tokens of about 4 bytes each, so a line is spelled without growing.
    pub fn with_capacity(tokens: usize) -> Self {
        Line { text: String::with_capacity(tokens * 4), spans: Vec::with_capacity(tokens) }
    }

    /// Append one token (a `&str` or a game's own `String`).
    pub fn push(&mut self, token: impl AsRef<str>) {
        self.push_with(|t| t.push_str(token.as_ref()));
    }

    /// Append one token that `write` appends to the text itself (no `String` of its own).
    pub fn push_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len() as u32;
        write(&mut self.text);
        self.spans.push((start, self.text.len() as u32));
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The tokens' text as bytes and each token's (start, end) in it, in line order: for a
    /// caller that reads the tokens as bytes without slicing a `str` each (the Python list).
    pub fn raw(&self) -> (&[u8], &[(u32, u32)]) {
        (self.text.as_bytes(), &self.spans)
    }

    pub fn get(&self, i: usize) -> Option<&str> {
        self.spans.get(i).map(|&(a, b)| &self.text[a as usize..b as usize])
    }

    /// The tokens in line order.
    pub fn iter(&self) -> Tokens<'_> {
        Tokens { text: &self.text, spans: self.spans.iter() }
    }

    pub fn first(&self) -> Option<&str> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&str> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    pub fn contains(&self, token: &str) -> bool {
        self.iter().any(|t| t == token)
    }

    pub fn join(&self, sep: &str) -> String {
        self.iter().collect::<Vec<_>>().join(sep)
    }

    /// One `String` a token, where a caller needs owned tokens (tests, test hooks).
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_string).collect()
    }

    /// Remove every token (keeping the room).
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// Keep the first `n` tokens (the text they use stays; only what lies past them goes).
    pub fn truncate(&mut self, n: usize) {
        self.spans.truncate(n);
        let end = self.spans.iter().map(|&(_, b)| b).max().unwrap_or(0);
        self.text.truncate(end as usize);
    }

    /// Reverse the order of the tokens from the `from`th on (their text stays where it is).
    pub fn reverse_from(&mut self, from: usize) {
        self.spans[from..].reverse();
    }
}

impl Index<usize> for Line {
    type Output = str;
    fn index(&self, i: usize) -> &str {
        let (a, b) = self.spans[i];
        &self.text[a as usize..b as usize]
    }
}

/// Lines are equal when their tokens are, wherever the text holds them.
impl PartialEq for Line {
    fn eq(&self, other: &Line) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Line {}

impl<S: AsRef<str>> PartialEq<Vec<S>> for Line {
    fn eq(&self, other: &Vec<S>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().map(|s| s.as_ref()))
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Line {
    fn eq(&self, other: &[S; N]) -> bool {
        self.len() == N && self.iter().eq(other.iter().map(|s| s.as_ref()))
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<S: AsRef<str>> FromIterator<S> for Line {
    fn from_iter<I: IntoIterator<Item = S>>(tokens: I) -> Self {
        let mut line = Line::new();
        for t in tokens {
            line.push(t);
        }
        line
    }
}

impl<S: AsRef<str>> From<Vec<S>> for Line {
    fn from(tokens: Vec<S>) -> Self {
        tokens.into_iter().collect()
    }
}

/// A line's tokens in order (`Line::iter`).
pub struct Tokens<'a> {
    text: &'a str,
    spans: std::slice::Iter<'a, (u32, u32)>,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        self.spans.next().map(|&(a, b)| &self.text[a as usize..b as usize])
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl DoubleEndedIterator for Tokens<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.spans.next_back().map(|&(a, b)| &self.text[a as usize..b as usize])
    }
}

impl ExactSizeIterator for Tokens<'_> {}

impl<'a> IntoIterator for &'a Line {
    type Item = &'a str;
    type IntoIter = Tokens<'a>;
    fn into_iter(self) -> Tokens<'a> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::Line;

    #[test]
    fn tokens_keep_their_text_and_order_through_reversals() {
        let mut l = Line::new();
        l.push("d");
        l.push_with(|t| t.push_str("w>3"));
        l.push(String::from("12:3>4"));
        l.push("");
        assert_eq!(l, ["d", "w>3", "12:3>4", ""]);
        l.reverse_from(1);
        assert_eq!(l, ["d", "", "12:3>4", "w>3"]);
        assert_eq!((l.len(), &l[2], l.first(), l.last()), (4, "12:3>4", Some("d"), Some("w>3")));
        l.reverse_from(0);
        assert_eq!(l.to_vec(), vec!["w>3", "12:3>4", "", "d"]);
        assert_eq!(l.join(" "), "w>3 12:3>4  d");
        // equal by tokens, however the text is laid out
        assert_eq!(l, Line::from(vec!["w>3", "12:3>4", "", "d"]));
        assert_ne!(l, Line::from(vec!["w>3", "12:3>4", "d"]));
        assert_ne!(l, Line::from(vec!["w>3", "12:3>4d", "", ""]));
        assert!(l.contains("12:3>4") && !l.contains("12"));
        l.truncate(2);
        assert_eq!(l, ["w>3", "12:3>4"]);
        l.push("x");
        assert_eq!(l, ["w>3", "12:3>4", "x"]);
        l.clear();
        assert!(l.is_empty() && l.last().is_none());
    }
}
