//! When the quotient is final (MISERE 11.2 step 4): for an octal game
//! with a finite code, Φ periodic over a long enough range of heaps is
//! periodic for ever and the quotient no longer changes (the periodicity
//! theorem of Plambeck and Siegel, the misère-quotient form of the
//! Guy–Smith theorem for nim sequences).

use crate::misere::HeapGame;

/// The position t of the last non-zero digit of an octal code `0.d₁d₂…`
/// (digits 0–7, digit 0 zero), the most tokens a move removes; None for
/// any other name (hexadecimal codes, splitting without removing, named
/// games), to which the periodicity test does not apply.
pub(crate) fn code_length(name: &str) -> Option<u32> {
    let (head, tail) = name.split_once('.')?;
    if !(head.is_empty() || head == "0") {
        return None;
    }
    let mut t = None;
    for (i, c) in tail.chars().enumerate() {
        let d = c.to_digit(8)?;
        if d != 0 {
            t = Some(i as u32 + 1);
        }
    }
    t
}

/// The options of heap n by the octal code `name`, to confirm that a game
/// named by a code moves by that code.
pub(crate) fn octal_options(name: &str, n: u32) -> Option<Vec<Vec<u32>>> {
    HeapGame::octal(name).ok().map(|g| g.options(n))
}

/// The least period p, with its least preperiod n₀, such that
/// Φ(n + p) = Φ(n) for every n₀ ≤ n ≤ N − p, where N = `phi.len() − 1`
/// and N ≥ 2n₀ + 2p + t (t the code length). This covers the range
/// n₀ ≤ n < 2n₀ + p + t of the Guy–Smith test with one heap to spare;
/// Φ is then periodic for ever and the quotient is final.
pub(crate) fn final_period(phi: &[usize], t: u32) -> Option<(u32, u32)> {
    let n = phi.len().checked_sub(1)?;
    let t = t as usize;
    for p in 1..=n.saturating_sub(t) / 2 {
        // n₀ may be at most (N − 2p − t) / 2.
        let limit = (n - t - 2 * p) / 2;
        let mut n0 = 0;
        for m in (0..=n - p).rev() {
            if phi[m + p] != phi[m] {
                n0 = m + 1;
                break;
            }
            if m < limit {
                break;
            }
        }
        if n0 <= limit {
            // The least preperiod for this period.
            let n0 = (0..=n - p)
                .rev()
                .find(|&m| phi[m + p] != phi[m])
                .map_or(0, |m| m + 1);
            return Some((n0 as u32, p as u32));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_lengths() {
        assert_eq!(code_length("0.77"), Some(2));
        assert_eq!(code_length("0.07"), Some(2));
        assert_eq!(code_length("0.123"), Some(3));
        assert_eq!(code_length(".750"), Some(2));
        assert_eq!(code_length("4.07"), None);
        assert_eq!(code_length("0.F"), None);
        assert_eq!(code_length("Nim"), None);
        assert_eq!(code_length("0.0"), None);
    }

    #[test]
    fn periods() {
        // Period 2 from n₀ = 2, t = 1: needs N ≥ 2·2 + 2·2 + 1 = 9.
        let phi = [0, 1, 5, 6, 5, 6, 5, 6, 5, 6];
        assert_eq!(final_period(&phi[..9], 1), None);
        assert_eq!(final_period(&phi, 1), Some((2, 2)));
        // A late change breaks it.
        let mut late = phi.to_vec();
        late.push(7);
        assert_eq!(final_period(&late, 1), None);
    }
}
