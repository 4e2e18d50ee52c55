//! Two loopy rulesets written against the core's `LoopyRules`, for the
//! tests and the benchmark: Backsliding Toads and Frogs and Fox and Geese
//! (LOOPY 4.3-4.4).

use onag_core::loopy::{LoopyError, LoopyRules, Part, Player, Stopper};

/// GenToadsAndFrogs(minSlide => -1): one-step slides both ways, single
/// jumps over an enemy (LOOPY 4.4).
pub struct Backsliding {
    pub layered: bool,
}

impl LoopyRules for Backsliding {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>, player: Player) -> Result<Vec<Vec<u8>>, LoopyError> {
        let (me, enemy, dir) = match player {
            Player::Left => (b't', b'f', 1i64),
            Player::Right => (b'f', b't', -1i64),
        };
        let n = p.len() as i64;
        let at = |i: i64| {
            if (0..n).contains(&i) {
                Some(p[i as usize])
            } else {
                None
            }
        };
        let moved = |from: i64, to: i64| {
            let mut q = p.clone();
            q[from as usize] = b'.';
            q[to as usize] = me;
            q
        };
        let mut forward = Vec::new();
        let mut back = Vec::new();
        let mut jumps = Vec::new();
        for i in 0..n {
            if p[i as usize] != me {
                continue;
            }
            if at(i + dir) == Some(b'.') {
                forward.push(moved(i, i + dir));
            }
            if at(i - dir) == Some(b'.') {
                back.push(moved(i, i - dir));
            }
            if at(i + dir) == Some(enemy) && at(i + 2 * dir) == Some(b'.') {
                jumps.push(moved(i, i + 2 * dir));
            }
        }
        forward.extend(back);
        forward.extend(jumps);
        Ok(forward)
    }

    fn depth_hint(&self, p: &Vec<u8>) -> i64 {
        if !self.layered {
            return 0;
        }
        let mut toads = 0;
        let mut pairs = 0;
        for &c in p {
            match c {
                b't' => toads += 1,
                b'f' => pairs += toads,
                _ => {}
            }
        }
        pairs
    }
}

/// GenFoxAndGeese(boardWidth, foxRange) (LOOPY 4.3): geese (Left) step
/// diagonally down, the fox (Right) moves diagonally up to its range.
pub struct FoxAndGeese {
    pub width: i32,
    pub range: i32,
}

/// Geese (sorted) and the fox, as (row, column).
pub type Board = (Vec<(i32, i32)>, (i32, i32));

impl FoxAndGeese {
    fn on_board(&self, (r, c): (i32, i32)) -> bool {
        r >= 1 && c >= 1 && c <= self.width
    }
}

impl LoopyRules for FoxAndGeese {
    type Position = Board;

    fn options(&self, (geese, fox): &Board, player: Player) -> Result<Vec<Board>, LoopyError> {
        let mut out = Vec::new();
        match player {
            Player::Left => {
                for (k, &(r, c)) in geese.iter().enumerate() {
                    for to in [(r - 1, c - 1), (r - 1, c + 1)] {
                        if self.on_board(to) && to != *fox && !geese.contains(&to) {
                            let mut g = geese.clone();
                            g[k] = to;
                            g.sort_unstable();
                            out.push((g, *fox));
                        }
                    }
                }
            }
            Player::Right => {
                for (dr, dc) in [(-1, 1), (1, 1), (1, -1), (-1, -1)] {
                    for d in 1..=self.range {
                        let to = (fox.0 + d * dr, fox.1 + d * dc);
                        if !self.on_board(to) || geese.contains(&to) {
                            break;
                        }
                        out.push((geese.clone(), to));
                    }
                }
            }
        }
        Ok(out)
    }

    fn decompose(&self, (geese, fox): &Board) -> Result<Option<Vec<Part<Board>>>, LoopyError> {
        let m = geese.iter().map(|g| g.0).max().unwrap_or(0);
        let free = |sq: (i32, i32)| self.on_board(sq) && !geese.contains(&sq);
        let escapes = fox.0 >= m
            || (fox.0 == m - 1 && (free((fox.0 + 1, fox.1 - 1)) || free((fox.0 + 1, fox.1 + 1))));
        Ok(escapes.then(|| vec![Part::Value(Stopper::off().into())]))
    }

    fn depth_hint(&self, (geese, _): &Board) -> i64 {
        geese.iter().map(|g| g.0 as i64).sum()
    }
}
