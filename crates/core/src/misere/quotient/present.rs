//! Words for the elements of a quotient (MISERE 11.2 outputs): one
//! generator per heap where the quotient grew, named a, b, c, …; the
//! normal form of an element is its least word in the colex order (see
//! `colex`) with every exponent below the generator's number of distinct
//! powers; elements and relations are listed in the same order;
//! relations are the minimal words not in normal form.

use super::monoid::Monoid;
use crate::misere::{MisereError, MisereResult};

/// The most words enumerated for normal forms.
const MAX_WORDS: usize = 1 << 22;

#[derive(Clone, Debug)]
pub(crate) struct Words {
    names: Vec<String>,
    words: Vec<String>,
    order: Vec<usize>,
    relations: Vec<String>,
}

fn letter(j: usize) -> String {
    if j < 26 {
        ((b'a' + j as u8) as char).to_string()
    } else {
        format!("g{j}_")
    }
}

fn format_word(e: &[usize]) -> String {
    let mut s = String::new();
    for (j, &k) in e.iter().enumerate() {
        if k > 0 {
            s.push_str(&letter(j));
            if k > 1 {
                s.push_str(&k.to_string());
            }
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

/// The order of words: exponent vectors compared from the last generator
/// down (a word with less of a later generator comes first), so `b`
/// precedes `abc` and `ab2c` precedes `cf` (MISERE 11.3 presentations).
fn colex(e: &[usize]) -> Vec<usize> {
    e.iter().rev().copied().collect()
}

/// Visit every exponent vector below `bounds` (odometer order).
fn for_each_vector(bounds: &[usize], mut f: impl FnMut(&[usize])) {
    let mut e = vec![0usize; bounds.len()];
    loop {
        f(&e);
        let mut j = 0;
        loop {
            if j == e.len() {
                return;
            }
            e[j] += 1;
            if e[j] < bounds[j] {
                break;
            }
            e[j] = 0;
            j += 1;
        }
    }
}

impl Words {
    pub fn trivial() -> Words {
        Words {
            names: Vec::new(),
            words: vec!["1".to_string()],
            order: vec![0],
            relations: Vec::new(),
        }
    }

    pub fn of(m: &Monoid, phi: &[usize], generators: &[u32]) -> MisereResult<Words> {
        let gens: Vec<usize> = generators.iter().map(|&h| phi[h as usize]).collect();
        let powers: Vec<Vec<usize>> = gens.iter().map(|&g| m.cycle(g).0).collect();
        let bounds: Vec<usize> = powers.iter().map(|p| p.len()).collect();
        let total = bounds
            .iter()
            .try_fold(1usize, |acc, &b| acc.checked_mul(b + 1))
            .filter(|&t| t <= MAX_WORDS);
        if total.is_none() {
            return Err(MisereError(
                "the quotient has too many words to present".to_string(),
            ));
        }
        let value = |e: &[usize]| {
            e.iter().enumerate().fold(0usize, |acc, (j, &k)| {
                let p = &powers[j];
                let x = if k < p.len() {
                    p[k]
                } else {
                    m.mul(p[p.len() - 1], gens[j])
                };
                m.mul(acc, x)
            })
        };
        let mut best: Vec<Option<(Vec<usize>, Vec<usize>)>> = vec![None; m.size];
        for_each_vector(&bounds, |e| {
            let x = value(e);
            let s = colex(e);
            if best[x].as_ref().is_none_or(|(b, _)| s < *b) {
                best[x] = Some((s, e.to_vec()));
            }
        });
        let mut normal: Vec<Vec<usize>> = Vec::with_capacity(m.size);
        for b in best {
            match b {
                Some((_, e)) => normal.push(e),
                None => {
                    return Err(MisereError(
                        "an element of the quotient is not generated".to_string(),
                    ))
                }
            }
        }
        let words: Vec<String> = normal.iter().map(|e| format_word(e)).collect();
        let mut order: Vec<usize> = (0..m.size).collect();
        order.sort_by_key(|&x| colex(&normal[x]));
        let is_normal =
            |e: &[usize]| e.iter().zip(&bounds).all(|(&k, &b)| k < b) && normal[value(e)] == e;
        let mut rels: Vec<(Vec<usize>, usize)> = Vec::new();
        let wider: Vec<usize> = bounds.iter().map(|b| b + 1).collect();
        for_each_vector(&wider, |e| {
            if is_normal(e) {
                return;
            }
            let minimal = (0..e.len()).filter(|&j| e[j] > 0).all(|j| {
                let mut d = e.to_vec();
                d[j] -= 1;
                is_normal(&d)
            });
            if minimal {
                rels.push((e.to_vec(), value(e)));
            }
        });
        rels.sort_by_key(|(e, _)| colex(e));
        let relations = rels
            .iter()
            .map(|(e, x)| format!("{}={}", format_word(e), words[*x]))
            .collect();
        Ok(Words {
            names: (0..gens.len()).map(letter).collect(),
            words,
            order,
            relations,
        })
    }

    pub fn word(&self, x: usize) -> &str {
        self.words.get(x).map_or("?", |w| w.as_str())
    }

    pub fn order(&self) -> &[usize] {
        &self.order
    }

    pub fn relations(&self) -> &[String] {
        &self.relations
    }

    pub fn generator_names(&self) -> Vec<String> {
        self.names.clone()
    }
}
