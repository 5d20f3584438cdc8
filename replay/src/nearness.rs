//! Repair hints shared by the games: how near a legal move's text is to a move written by hand
//! (its tokens compared, a slip of one character or one token costing little), and which of the
//! nearest moves to suggest once each has been tried in the record in place of the one written.
//! Each game lists its legal moves, spells them as tokens and replays its record
//! (`<game>/suggest.rs`); `docs/suggest.md` documents the measure.

use crate::report::{Suggestion, Verdict};

/// Suggestions an error carries at most.
pub const MAX_SUGGESTIONS: usize = 3;

/// Candidates replayed in the record at most per error, nearest first: the bound on the work
/// an illegal game costs.
pub const MAX_REPLAYS: usize = 8;

/// Costs are tenths of one token written wrongly.
pub type Cost = u32;

/// A token left out or written in excess.
pub const INDEL: Cost = 10;
/// Two neighbouring tokens written in the other order.
pub const SWAP: Cost = 6;
/// Candidates further than this beyond the nearest are not suggested.
pub const FAR: Cost = 25;

/// How near the token `written` is to `legal`: 0 when equal; 1 when they differ in case alone;
/// 3 for one character off by one in its alphabet (`d4` for `e4`) or a number off by one (`13/9`
/// for `13/10`); 4 for two neighbouring characters swapped (`31/7` for `13/7`) or the runs of
/// digits and other characters in reverse (`5/8` for `8/5`); 5 for any other single character
/// substituted, left out or added; 7 for one number written otherwise (`24/18` for `24/20`); 10
/// (a whole token) otherwise. A hit mark `*` missing or extra adds 2 (at most 10 in all).
pub fn token_cost(written: &str, legal: &str) -> Cost {
    if written == legal {
        return 0;
    }
    if written.contains('*') != legal.contains('*') {
        let (w, l) = (written.replace('*', ""), legal.replace('*', ""));
        return (2 + unmarked_cost(&w, &l)).min(INDEL);
    }
    unmarked_cost(written, legal)
}

/// [`token_cost`] of two tokens that both mark a hit or neither does.
fn unmarked_cost(written: &str, legal: &str) -> Cost {
    if written == legal {
        return 0;
    }
    if written.eq_ignore_ascii_case(legal) {
        return 1;
    }
    let (w, l) = (written.as_bytes(), legal.as_bytes());
    if w.len().abs_diff(l.len()) > 2 {
        return INDEL;
    }
    // One character off by one is as near as tokens get: no need to look at their runs.
    if w.len() == l.len() {
        let mut differ = (0..w.len()).filter(|&i| !w[i].eq_ignore_ascii_case(&l[i]));
        if let (Some(i), None) = (differ.next(), differ.next()) {
            if w[i].abs_diff(l[i]) == 1 && w[i].is_ascii_alphanumeric() {
                return 3;
            }
        }
    }
    // A number written otherwise, the rest of the token right: 3 when off by one, else 7.
    let mut one_number = None;
    if let (Some((rw, n)), Some((rl, m))) = (runs(written), runs(legal)) {
        let (rw, rl) = (&rw[..n], &rl[..m]);
        if n == m {
            let mut differ = (0..n).filter(|&i| rw[i] != rl[i]);
            if let (Some(i), None) = (differ.next(), differ.next()) {
                if let (Ok(a), Ok(b)) = (rw[i].parse::<u32>(), rl[i].parse::<u32>()) {
                    if a.abs_diff(b) == 1 {
                        return 3;
                    }
                    one_number = Some(7);
                }
            }
            if rw.iter().rev().eq(rl.iter()) {
                return 4;
            }
        }
    }
    if w.len() == l.len() {
        let mut differ = (0..w.len()).filter(|&i| !w[i].eq_ignore_ascii_case(&l[i]));
        match (differ.next(), differ.next(), differ.next()) {
            (None, ..) => return 1,
            (Some(i), None, _) if w[i].abs_diff(l[i]) == 1 && w[i].is_ascii_alphanumeric() => return 3,
            (Some(_), None, _) => return 5,
            (Some(i), Some(j), None) if j == i + 1 && w[i] == l[j] && w[j] == l[i] => return 4,
            _ => {}
        }
    } else if w.len().abs_diff(l.len()) == 1 {
        let (short, long) = if w.len() < l.len() { (w, l) } else { (l, w) };
        let prefix = short.iter().zip(long).take_while(|(a, b)| a == b).count();
        if short[prefix..] == long[prefix + 1..] {
            return 5;
        }
    }
    one_number.unwrap_or(INDEL)
}

/// Runs a token is compared by at most.
const RUNS: usize = 8;

/// The runs of a token: digits together, and every other character alone (`13/7*` gives `13`,
/// `/`, `7`, `*`), and how many; `None` past [`RUNS`] of them.
fn runs(token: &str) -> Option<([&str; RUNS], usize)> {
    let mut out = [""; RUNS];
    let mut n = 0;
    let mut start = 0;
    let b = token.as_bytes();
    for i in 1..=b.len() {
        if i == b.len() || !(b[i].is_ascii_digit() && b[i - 1].is_ascii_digit()) {
            *out.get_mut(n)? = token.get(start..i).unwrap_or_default();
            n += 1;
            start = i;
        }
    }
    Some((out, n))
}

/// The distance between two token sequences: tokens substituted ([`token_cost`], at most
/// [`INDEL`]), left out or added ([`INDEL`] each), neighbours swapped ([`SWAP`]); the optimal
/// string alignment distance, in `O(|written| * |legal|)`.
pub fn distance(written: &[&str], legal: &[&str]) -> Cost {
    let (n, m) = (written.len(), legal.len());
    let width = m + 1;
    let mut d = vec![0 as Cost; (n + 1) * width];
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j as Cost * INDEL;
    }
    for i in 1..=n {
        d[i * width] = i as Cost * INDEL;
        for j in 1..=m {
            let sub = d[(i - 1) * width + j - 1] + token_cost(written[i - 1], legal[j - 1]);
            let mut best = sub.min(d[(i - 1) * width + j] + INDEL).min(d[i * width + j - 1] + INDEL);
            if i > 1 && j > 1 && written[i - 1] == legal[j - 2] && written[i - 2] == legal[j - 1] {
                best = best.min(d[(i - 2) * width + j - 2] + SWAP);
            }
            d[i * width + j] = best;
        }
    }
    d[n * width + m]
}

/// The distance between two sets of tokens whose order does not count (a backgammon play's
/// checker moves): each written token matched to a legal one ([`token_cost`]) or left over, the
/// cheapest matching, every token left over costing [`INDEL`]. Exact for up to 8 legal tokens
/// (a bitmask over them); beyond, [`distance`] on the tokens as written.
pub fn set_distance(written: &[&str], legal: &[&str]) -> Cost {
    const EXACT: usize = 8;
    if legal.len() > EXACT || written.len() > 2 * EXACT {
        return distance(written, legal);
    }
    let full = 1usize << legal.len();
    // best[mask]: the cheapest matching of the written tokens so far using the legal ones in mask.
    let mut best = vec![Cost::MAX; full];
    best[0] = 0;
    for w in written {
        let mut next = vec![Cost::MAX; full];
        for mask in 0..full {
            let here = best[mask];
            if here == Cost::MAX {
                continue;
            }
            next[mask] = next[mask].min(here + INDEL);
            for (j, l) in legal.iter().enumerate() {
                if mask & (1 << j) == 0 {
                    let m = mask | 1 << j;
                    next[m] = next[m].min(here + token_cost(w, l));
                }
            }
        }
        best = next;
    }
    (0..full)
        .filter(|&m| best[m] != Cost::MAX)
        .map(|m| best[m] + INDEL * (legal.len() - m.count_ones() as usize) as Cost)
        .min()
        .unwrap_or(0)
}

/// Whether a legal move of `legal` tokens at `cost` from a text of `written` tokens keeps
/// anything of it: a move as far as writing every token anew (`hello` for `13/9`) is not
/// suggested. A text of no token (a play left out) keeps the moves: only the record's replay
/// can tell them apart.
pub fn related(cost: Cost, written: usize, legal: usize) -> bool {
    written == 0 || cost < INDEL.saturating_mul(written.max(legal) as Cost)
}

/// Candidates `(cost, text)` sorted nearest first (equal costs by text, so that every door gives
/// the same order), those further than [`FAR`] from the nearest left out, each text once.
pub fn rank(mut candidates: Vec<(Cost, String)>) -> Vec<(Cost, String)> {
    let nearest = candidates.iter().map(|(c, _)| *c).min().unwrap_or(0);
    candidates.retain(|(c, _)| *c <= nearest.saturating_add(FAR));
    // Each text once, at its least cost (a move found by two slips, or by two searches).
    candidates.sort_unstable_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    candidates.dedup_by(|a, b| a.1 == b.1);
    candidates.sort_unstable();
    candidates
}

/// The suggestions of an illegal game: `ranked` (nearest first) replayed one by one in the record
/// by `replay` (the verdict and the turns the record gets with that move in place of the one
/// written), at most [`MAX_REPLAYS`] of them and no more once [`MAX_SUGGESTIONS`] repair the
/// record; those that repair it (`ok`) first, then the others, each group nearest first.
pub fn pick(ranked: &[(Cost, String)], mut replay: impl FnMut(&str) -> (Verdict, usize)) -> Vec<Suggestion> {
    let mut repairing = Vec::new();
    let mut others = Vec::new();
    for (_, text) in ranked.iter().take(MAX_REPLAYS) {
        let (then, turns) = replay(text);
        let s = Suggestion { r#move: text.clone(), then: Some(then), turns: Some(turns) };
        if then == Verdict::Ok {
            repairing.push(s);
            if repairing.len() == MAX_SUGGESTIONS {
                break;
            }
        } else {
            others.push(s);
        }
    }
    repairing.extend(others);
    repairing.truncate(MAX_SUGGESTIONS);
    repairing
}

/// The nearest [`MAX_SUGGESTIONS`] of `ranked` as moves alone (`tabula resolve`: no record to
/// replay).
pub fn moves_alone(ranked: &[(Cost, String)]) -> Vec<String> {
    ranked.iter().take(MAX_SUGGESTIONS).map(|(_, t)| t.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_of_one_character_cost_less_than_a_token() {
        assert_eq!(token_cost("Ed2n", "Ed2n"), 0);
        assert_eq!(token_cost("Ed2n", "Ee2n"), 3);
        assert_eq!(token_cost("Ed2n", "Ed2w"), 5);
        assert_eq!(token_cost("13/7", "13/8"), 3);
        assert_eq!(token_cost("13/7", "31/7"), 4);
        assert_eq!(token_cost("10", "9"), 3);
        assert_eq!(token_cost("13/7*", "13/7"), 2);
        assert_eq!(token_cost("13/10", "13/9"), 3);
        assert_eq!(token_cost("5/8", "8/5"), 4);
        assert_eq!(token_cost("D10", "D9"), 3);
        assert_eq!(token_cost("24/18", "24/20"), 7);
        assert_eq!(token_cost("FN", "PS"), INDEL);
    }

    #[test]
    fn a_token_left_out_or_swapped() {
        assert_eq!(distance(&["a", "b", "c"], &["a", "b", "c"]), 0);
        assert_eq!(distance(&["a", "c"], &["a", "b", "c"]), INDEL);
        assert_eq!(distance(&["b", "a"], &["a", "b"]), SWAP);
        assert_eq!(distance(&[], &["a"]), INDEL);
    }

    #[test]
    fn repairing_suggestions_come_first_and_the_work_is_bounded() {
        let ranked: Vec<(Cost, String)> = (0..20).map(|i| (i, format!("m{i}"))).collect();
        let mut tried = 0;
        let s = pick(&ranked, |m| {
            tried += 1;
            if m == "m2" {
                (Verdict::Ok, 9)
            } else {
                (Verdict::Illegal, 3)
            }
        });
        assert_eq!(tried, MAX_REPLAYS);
        let moves: Vec<&str> = s.iter().map(|s| s.r#move.as_str()).collect();
        assert_eq!(moves, ["m2", "m0", "m1"]);
        assert_eq!(
            rank(vec![(30, "far".into()), (3, "b".into()), (3, "a".into())]),
            [(3, "a".into()), (3, "b".into())]
        );
        assert_eq!(
            rank(vec![(5, "a".into()), (4, "b".into()), (3, "a".into()), (6, "b".into())]),
            [(3, "a".into()), (4, "b".into())]
        );
        assert_eq!(set_distance(&["8/5", "13/10"], &["13/9", "8/5"]), 3);
        assert_eq!(set_distance(&["8/5"], &["13/9", "8/5"]), INDEL);
        assert!(!related(set_distance(&["hello"], &["13/9"]), 1, 1));
        assert!(related(set_distance(&["8/5"], &["13/9", "8/5"]), 1, 2));
        assert!(related(INDEL, 0, 1));
    }
}
