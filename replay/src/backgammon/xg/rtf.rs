//! The plain text of XG's comments, which it keeps as RTF, one text a line of the comments file
//! (its line breaks written as the bytes 1, 2).

/// The text of one RTF comment: control words dropped, `\par` a line break, `\'hh` a
/// Windows-1252 byte (read as Latin-1), the font, colour and generator groups left out.
pub fn plain_text(rtf: &[u8]) -> String {
    let mut out = String::new();
    // Depths of the groups whose text is left out, innermost last.
    let mut skipped: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < rtf.len() {
        let b = rtf[i];
        i += 1;
        let hidden = !skipped.is_empty();
        match b {
            b'{' => {
                depth += 1;
                let rest = &rtf[i..];
                if rest.starts_with(b"\\fonttbl") || rest.starts_with(b"\\colortbl") || rest.starts_with(b"\\*") {
                    skipped.push(depth);
                }
            }
            b'}' => {
                if skipped.last() == Some(&depth) {
                    skipped.pop();
                }
                depth = depth.saturating_sub(1);
            }
            b'\\' => {
                let Some(&next) = rtf.get(i) else { break };
                if next.is_ascii_alphabetic() {
                    let start = i;
                    while rtf.get(i).is_some_and(u8::is_ascii_alphabetic) {
                        i += 1;
                    }
                    let word = &rtf[start..i];
                    if rtf.get(i) == Some(&b'-') {
                        i += 1;
                    }
                    while rtf.get(i).is_some_and(u8::is_ascii_digit) {
                        i += 1;
                    }
                    if rtf.get(i) == Some(&b' ') {
                        i += 1;
                    }
                    if !hidden && matches!(word, b"par" | b"line") {
                        out.push('\n');
                    } else if !hidden && word == b"tab" {
                        out.push('\t');
                    }
                } else if next == b'\'' {
                    let hex = rtf.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
                    if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                        if !hidden {
                            out.push(char::from(v));
                        }
                        i += 3;
                    } else {
                        i += 1;
                    }
                } else {
                    if !hidden && !matches!(next, b'\r' | b'\n') {
                        out.push(char::from(next));
                    }
                    i += 1;
                }
            }
            1 | 2 | b'\r' | b'\n' => {}
            _ if !hidden => out.push(char::from(b)),
            _ => {}
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::plain_text;

    #[test]
    fn reads_the_text_of_a_comment() {
        let rtf = b"{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fcharset0 Arial;}}\x01\x02{\\colortbl;}\x01\x02{\\*\\generator Wine Riched20 2.0;}\x01\x02\\pard\\sl-240\\slmult1 \\lang1033\\fs20\\f0 les doubles \\'e0 trouver\\par\x01\x02}";
        assert_eq!(plain_text(rtf), "les doubles \u{e0} trouver");
        assert_eq!(plain_text(b"{\\rtf1 a\\par b\\{c\\}}"), "a\nb{c}");
        assert_eq!(plain_text(b"\\"), "");
        assert_eq!(plain_text(b"}}}{\\'"), "");
    }
}
