//! The base64 of GNU Backgammon's IDs: bytes in order, three to four characters (`A-Z a-z 0-9 +
//! /`), no padding. Position IDs (10 bytes, 14 characters) and Match IDs (9 bytes, 12
//! characters) both use it.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn sextet(c: u8) -> Option<u8> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    })
}

/// The characters of `N` bytes: `ceil(8 N / 6)`.
pub(crate) const fn chars(bytes: usize) -> usize {
    (8 * bytes).div_ceil(6)
}

/// `bytes` in base64 without padding.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(chars(bytes.len()));
    push_encoded(bytes, &mut out);
    // Every character is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Appends [`encode`]'s characters of `bytes` to `out`.
pub(crate) fn push_encoded(bytes: &[u8], out: &mut Vec<u8>) {
    out.reserve(chars(bytes.len()));
    let mut groups = bytes.chunks_exact(3);
    for group in &mut groups {
        let &[a, b, c] = group else { continue };
        let v = u32::from(a) << 16 | u32::from(b) << 8 | u32::from(c);
        // A group's four characters appended at once.
        out.extend_from_slice(&[18, 12, 6, 0].map(|s| ALPHABET[(v >> s & 63) as usize]));
    }
    let rest = groups.remainder();
    if !rest.is_empty() {
        let byte = |i: usize| rest.get(i).copied().map_or(0, u32::from);
        let v = byte(0) << 16 | byte(1) << 8;
        for k in 0..chars(rest.len()) {
            out.push(ALPHABET[(v >> (18 - 6 * k) & 63) as usize]);
        }
    }
}

/// The `N` bytes of `text`, which must be exactly their base64 without padding; `None` for any
/// other text. The bits past the last byte are ignored.
pub(crate) fn decode<const N: usize>(text: &[u8]) -> Option<[u8; N]> {
    if text.len() != chars(N) {
        return None;
    }
    let mut bytes = [0u8; N];
    let (mut acc, mut nbits, mut out) = (0u32, 0, 0);
    for &c in text {
        acc = (acc << 6 | u32::from(sextet(c)?)) & 0xffff;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            if let Some(b) = bytes.get_mut(out) {
                *b = (acc >> nbits) as u8;
            }
            out += 1;
        }
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_what_is_not_base64() {
        let bytes: [u8; 10] = [0xe0, 0x73, 0xf0, 0x01, 0x30, 0xe0, 0x73, 0xf0, 0x01, 0x30];
        assert_eq!(encode(&bytes), "4HPwATDgc/ABMA");
        assert_eq!(decode::<10>(b"4HPwATDgc/ABMA"), Some(bytes));
        assert_eq!(encode(&[0xff; 9]).len(), 12);
        assert_eq!(decode::<9>(&encode(&[7; 9]).into_bytes()), Some([7; 9]));
        assert_eq!(decode::<10>(b"4HPwATDgc/ABM"), None);
        assert_eq!(decode::<10>(b"4HPwATDgc/ABM="), None);
        assert_eq!(decode::<10>(b"4HPwATDgc!ABMA"), None);
    }
}
