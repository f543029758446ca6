//! Lines typed or piped in, read so that no byte sequence stops the
//! program: bytes that are not UTF-8 become U+FFFD, and the command or
//! move that holds them is refused like any other bad token.

use std::io::BufRead;

/// The lines of `reader` without their line ends (`\n` or `\r\n`).
pub fn lines(mut reader: impl BufRead) -> impl Iterator<Item = std::io::Result<String>> {
    let mut buf = Vec::new();
    std::iter::from_fn(move || {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => None,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                }
                Some(Ok(String::from_utf8_lossy(&buf).into_owned()))
            }
            Err(e) => Some(Err(e)),
        }
    })
}

/// The lines of standard input.
pub fn stdin_lines() -> impl Iterator<Item = std::io::Result<String>> {
    lines(std::io::stdin().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_become_replacement_characters_and_line_ends_go() {
        let input: &[u8] = b"play e2\xff\r\nquit\nlast";
        let got: Vec<String> = lines(input).map(Result::unwrap).collect();
        assert_eq!(got, ["play e2\u{fffd}", "quit", "last"]);
    }
}
