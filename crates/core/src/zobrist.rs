//! Fixed pseudo-random keys for position hashing, computed at compile time
//! so that a hash is the same on every machine and in every version.

/// One step of the SplitMix64 generator: returns the next output and
/// advances `state`.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` distinct-looking 64-bit keys from `seed`.
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        keys[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_reproducible_and_distinct() {
        const A: [u64; 64] = zobrist_keys(7);
        let b: [u64; 64] = zobrist_keys(7);
        assert_eq!(A, b);
        let mut sorted = A.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
        assert_ne!(zobrist_keys::<4>(8), zobrist_keys::<4>(7));
    }
}
