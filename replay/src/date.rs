//! Calendar dates of the records' time stamps (Unix seconds in the arimaa.com archive, Delphi
//! days in eXtreme Gammon's files), written by each game as its format wants them.

/// The civil date (year, month 1 to 12, day 1 to 31) of `days` since 1970-01-01, on the
/// proleptic Gregorian calendar, for any `days` (Howard Hinnant's days-to-civil algorithm).
pub fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::civil;

    #[test]
    fn days_are_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(-1), (1969, 12, 31));
        assert_eq!(civil(20_454), (2026, 1, 1));
    }
}
