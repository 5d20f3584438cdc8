//! What people see: colours (by the conventions of `--color`, `NO_COLOR` and `CLICOLOR_FORCE`,
//! never into a pipe unless forced) and numbers grouped by thousands.

use anstyle::{AnsiColor, Style};
use tabula_replay::Verdict;

/// The colour of a verdict in tables and lines for people.
pub fn verdict_style(verdict: Verdict) -> Style {
    let color = match verdict {
        Verdict::Ok => AnsiColor::Green,
        Verdict::Illegal => AnsiColor::Red,
        Verdict::ResultMismatch => AnsiColor::Yellow,
        Verdict::Unreadable => AnsiColor::Magenta,
    };
    Style::new().fg_color(Some(color.into())).bold()
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 file`, `2,000 files`: a count and its noun, grouped.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_432_465), "1,432,465");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
