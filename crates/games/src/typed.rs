//! What people type, read leniently where it cannot be misread: a square
//! in capitals (`E2-E3`, `T@A2`) is the same square.

/// `text` with every square written in capitals (a file letter in
/// `files`, then a rank digit in `ranks`) written in small letters, and
/// `PASS` in any case as `pass`; other capitals (unit letters, `T`, `W`,
/// `E`, `=H`) stay.
pub(crate) fn lower_squares(
    text: &str,
    files: std::ops::RangeInclusive<u8>,
    ranks: std::ops::RangeInclusive<u8>,
) -> String {
    if text.eq_ignore_ascii_case("pass") {
        return "pass".into();
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let square_file = c.is_ascii_uppercase()
            && files.contains(&c.to_ascii_lowercase().try_into().unwrap_or(0))
            && { bytes.get(i + 1).is_some_and(|d| ranks.contains(d)) };
        out.push(if square_file { c.to_ascii_lowercase() } else { c });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capital_squares_become_small_and_nothing_else_does() {
        let agog = |t| lower_squares(t, b'a'..=b'h', b'1'..=b'8');
        assert_eq!(agog("E2-E3"), "e2-e3");
        assert_eq!(agog("A3-A1 H1=H"), "a3-a1 h1=H");
        assert_eq!(agog("Jxa3+C3"), "Jxa3+c3");
        assert_eq!(agog("D4"), "d4");
        assert_eq!(agog("PaSs"), "pass");
        let ogama = |t| lower_squares(t, b'a'..=b'e', b'1'..=b'5');
        assert_eq!(ogama("T@A2"), "T@a2");
        assert_eq!(ogama("TC3-D4"), "Tc3-d4");
        assert_eq!(ogama("F3-A6"), "F3-A6", "off the board: left as written");
    }
}
