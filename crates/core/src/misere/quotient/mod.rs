//! Misère quotients of heap games (MISERE 11): the bipartite monoid (Q, P)
//! of all sums of heaps up to a bound modulo indistinguishability, the
//! pretending function Φ, their presentation as CGSuite's solver prints it,
//! and outcomes of sums of heaps read off the quotient.

mod learn;
mod monoid;
mod period;
mod present;
mod solver;

use super::{HeapGame, MisereError, MisereOutcome, MisereResult};
use solver::Solver;

/// The misère quotient of a heap game for heaps up to [`max_heap`]
/// (MISERE 11.1): every step is certified exactly (MISERE 11.2 and the
/// verification of `solver`), so [`outcome`] never answers wrongly.
///
/// [`max_heap`]: MisereQuotient::max_heap
/// [`outcome`]: MisereQuotient::outcome
#[derive(Clone)]
pub struct MisereQuotient {
    solver: Solver,
    words: present::Words,
}

impl std::fmt::Debug for MisereQuotient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MisereQuotient({}, {})",
            self.solver.game.name(),
            self.max_heap()
        )
    }
}

impl MisereQuotient {
    /// The quotient of the empty set of heaps (the trivial monoid).
    pub fn new(game: HeapGame) -> MisereQuotient {
        let solver = Solver::new(game);
        let words = present::Words::of(&solver.monoid, &solver.phi, &solver.generators)
            .unwrap_or_else(|_| present::Words::trivial());
        MisereQuotient { solver, words }
    }

    /// The quotient of `game` for heaps 1..=`max_heap` (`MisereQuotient`).
    pub fn compute(game: HeapGame, max_heap: u32) -> MisereResult<MisereQuotient> {
        let mut q = MisereQuotient::new(game);
        q.extend_to(max_heap)?;
        Ok(q)
    }

    /// Certify heaps up to `max_heap` (heap by heap, interruptible); on an
    /// error the quotient keeps the heaps certified so far. Once the
    /// quotient is final, further heaps are read off the period.
    pub fn extend_to(&mut self, max_heap: u32) -> MisereResult<()> {
        while self.solver.max_heap() < max_heap {
            self.step_only()?;
        }
        self.refresh()
    }

    /// Certify one more heap.
    pub fn step(&mut self) -> MisereResult<()> {
        self.step_only()?;
        self.refresh()
    }

    fn step_only(&mut self) -> MisereResult<()> {
        self.solver.step()
    }

    fn refresh(&mut self) -> MisereResult<()> {
        self.words = present::Words::of(
            &self.solver.monoid,
            &self.solver.phi,
            &self.solver.generators,
        )?;
        Ok(())
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.solver.game
    }

    /// The largest heap certified.
    pub fn max_heap(&self) -> u32 {
        self.solver.max_heap()
    }

    /// |Q| (`Size`).
    pub fn size(&self) -> usize {
        self.solver.monoid.size
    }

    /// |P| (`PSize`).
    pub fn p_size(&self) -> usize {
        self.solver.monoid.p.iter().filter(|&&p| p).count()
    }

    /// The heaps at which the quotient grew (one generator each).
    pub fn generator_heaps(&self) -> &[u32] {
        &self.solver.generators
    }

    /// `Tk` if (Q, P) is the tame quotient Tₖ by CGSuite's test (MISERE
    /// 11.1: |Q| ≤ 2, or |P| = 2 and |Q| − 2 a power of 2), k = ⌊log₂|Q|⌋.
    pub fn tame_index(&self) -> Option<u32> {
        let (q, p) = (self.size(), self.p_size());
        let tame = q <= 2 || (p == 2 && q >= 3 && (q - 2).is_power_of_two());
        tame.then(|| q.ilog2())
    }

    /// Whether the quotient is final: the game is an octal game with a
    /// finite code and Φ has been certified periodic over a range long
    /// enough for the periodicity theorem (MISERE 11.2 step 4; Plambeck and
    /// Siegel 2008), so (Q, P) is the quotient of all sums of heaps and
    /// [`outcome`](MisereQuotient::outcome) answers for heaps of any size.
    pub fn is_final(&self) -> bool {
        self.solver.period.is_some()
    }

    /// `(preperiod, period)` of Φ once the quotient is final
    /// ([`is_final`](MisereQuotient::is_final)): Φ(n + p) = Φ(n) for all
    /// n ≥ n₀, with p least and then n₀ least.
    pub fn period(&self) -> Option<(u32, u32)> {
        self.solver.period
    }

    /// `IsTame` (MISERE 11.1).
    pub fn is_tame(&self) -> bool {
        self.tame_index().is_some()
    }

    /// `Phi`: the normal-form word of Φ(n) for n = 0..=max_heap.
    pub fn phi_words(&self) -> Vec<String> {
        self.solver
            .phi
            .iter()
            .map(|&x| self.words.word(x).to_string())
            .collect()
    }

    /// The elements of Q as normal-form words, in display order.
    pub fn elements(&self) -> Vec<String> {
        self.words
            .order()
            .iter()
            .map(|&x| self.words.word(x).to_string())
            .collect()
    }

    /// The P-portion as normal-form words, in display order.
    pub fn p_words(&self) -> Vec<String> {
        self.words
            .order()
            .iter()
            .filter(|&&x| self.solver.monoid.p[x])
            .map(|&x| self.words.word(x).to_string())
            .collect()
    }

    /// The relations `lhs=rhs` of the presentation (MISERE 11.2 outputs).
    pub fn relations(&self) -> Vec<String> {
        self.words.relations().to_vec()
    }

    /// The presentation: `(Q,P) = Tk` when tame, otherwise
    /// `Q = <a,b,… | relations>; P = {words}` (MISERE 11.2).
    pub fn presentation(&self) -> String {
        if let Some(k) = self.tame_index() {
            return format!("(Q,P) = T{k}");
        }
        self.full_presentation()
    }

    /// `Q = <a,b,… | relations>; P = {words}`, also for tame quotients.
    pub fn full_presentation(&self) -> String {
        format!(
            "Q = <{} | {}>; P = {{{}}}",
            self.words.generator_names().join(","),
            self.relations().join(","),
            self.p_words().join(",")
        )
    }

    /// `MultiplicationTable`: row × column products of the elements in
    /// display order, as words (the first row and column are the elements).
    pub fn multiplication_table(&self) -> Vec<Vec<String>> {
        let order = self.words.order();
        let m = &self.solver.monoid;
        // An element outside the monoid (a presentation that could not be
        // completed) shows as `?`, never as a failed index.
        let product = |x: usize, y: usize| match (x < m.size && y < m.size).then(|| m.mul(x, y)) {
            Some(z) => self.words.word(z).to_string(),
            None => "?".to_string(),
        };
        order
            .iter()
            .map(|&x| order.iter().map(|&y| product(x, y)).collect())
            .collect()
    }

    /// The multiplication table as aligned text, with a header row and
    /// column (as in MISERE 11.3).
    pub fn multiplication_table_text(&self) -> String {
        let elems = self.elements();
        let rows = self.multiplication_table();
        let w = elems.iter().map(|e| e.len()).max().unwrap_or(1) + 2;
        let mut out = format!("{:w$}", "");
        for e in &elems {
            out.push_str(&format!("{e:w$}"));
        }
        for (e, row) in elems.iter().zip(&rows) {
            out.push('\n');
            out.push_str(&format!("{e:w$}"));
            for x in row {
                out.push_str(&format!("{x:w$}"));
            }
        }
        out.lines()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The word of Φ of a sum of heaps.
    pub fn word_of(&self, heaps: &[u32]) -> MisereResult<String> {
        Ok(self.words.word(self.element_of(heaps)?).to_string())
    }

    fn element_of(&self, heaps: &[u32]) -> MisereResult<usize> {
        let m = &self.solver.monoid;
        heaps
            .iter()
            .try_fold(0, |acc, &h| match self.solver.phi_of(h) {
                Some(x) => Ok(m.mul(acc, x)),
                None => Err(MisereError(format!(
                    "heap {h} is beyond the quotient's certified heaps (up to {})",
                    self.max_heap()
                ))),
            })
    }

    /// The misère outcome of the sum of these heaps, read off the quotient
    /// (`Q.Outcome([5, 7])`): P iff Φ of the sum lies in P. An error for a
    /// heap beyond the certified range, unless the quotient is final.
    pub fn outcome(&self, heaps: &[u32]) -> MisereResult<MisereOutcome> {
        let x = self.element_of(heaps)?;
        Ok(if self.solver.monoid.p[x] {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        })
    }
}

impl std::fmt::Display for MisereQuotient {
    /// The presentation (MISERE 11.2).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.presentation())
    }
}
