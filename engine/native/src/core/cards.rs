//! Card names for hand-made positions in tests and benchmarks (the solver
//! itself only sees card ints: suit * 13 + rank - 1, suits S H D C).

/// A card from its name: rank `A 2..10 J Q K` (or `T` for ten) and suit `S H D C`,
/// e.g. "10H", "TD", "AS". Panics on a bad name: for fixtures, not input.
pub fn from_name(name: &str) -> u8 {
    let (r, s) = name.split_at(name.len() - 1);
    let rank: u8 = match r {
        "A" => 1,
        "T" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => n.parse().unwrap_or_else(|_| panic!("no card named {name:?}")),
    };
    let suit = "SHDC".find(s).unwrap_or_else(|| panic!("no card named {name:?}")) as u8;
    assert!((1..=13).contains(&rank), "no card named {name:?}");
    suit * 13 + rank - 1
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_give_the_contract_ints() {
        assert_eq!(super::from_name("AS"), 0);
        assert_eq!(super::from_name("KS"), 12);
        assert_eq!(super::from_name("AH"), 13);
        assert_eq!(super::from_name("10D"), 35);
        assert_eq!(super::from_name("TD"), 35);
        assert_eq!(super::from_name("KC"), 51);
    }
}
