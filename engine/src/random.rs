//! A small deterministic random generator (splitmix64), for the engines' hash keys and for
//! tests and tools that need reproducible random play.

/// One splitmix64 step: the next state and the number drawn from it. `const`, so key tables can
/// be built at compile time.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// The splitmix64 generator: the same seed gives the same numbers on every machine.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// A number in `0..n`, nearly uniform (0 when `n` is 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_range() {
        // splitmix64 from seed 0 (reference values of the published algorithm).
        let mut r = SplitMix64(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert!((0..1000).all(|_| r.below(7) < 7));
        assert_eq!(r.below(0), 0);
    }
}
