//! Printing in CGSuite's plain-text format (SURREAL 5): `ω` (U+03C9) and
//! `×` (U+00D7), terms by decreasing exponent, exponents and quotients
//! parenthesised only when they have more than one term (or one term with
//! a coefficient other than 1 beyond the constant term).

use std::fmt;

use super::generalized::GeneralizedOrdinal;

/// Whether a value printed as an exponent, a nim value or a part of a
/// quotient needs parentheses: it has more than one term, or one term
/// whose coefficient is not 1 and whose exponent is not 0 (`ω^(ω×2)` but
/// `ω^ω^2`, `ω^20`; SURREAL 5.1).
fn needs_parentheses(x: &GeneralizedOrdinal) -> bool {
    match x.terms() {
        [] => false,
        [t] => !t.coefficient.is_one() && !t.exponent.is_zero(),
        _ => true,
    }
}

/// Writes x, parenthesised as [`needs_parentheses`] says.
pub(crate) fn write_grouped(f: &mut fmt::Formatter<'_>, x: &GeneralizedOrdinal) -> fmt::Result {
    if needs_parentheses(x) {
        write!(f, "({x})")
    } else {
        write!(f, "{x}")
    }
}

impl fmt::Display for GeneralizedOrdinal {
    /// `ω^(ω^2+ω)-ω^20×9+ω×3`, `-ω+5`, `0` (SURREAL 5.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        for (i, t) in self.terms().iter().enumerate() {
            if t.coefficient.is_negative() {
                f.write_str("-")?;
            } else if i > 0 {
                f.write_str("+")?;
            }
            let c = t.coefficient.abs();
            if t.exponent.is_zero() {
                write!(f, "{c}")?;
                continue;
            }
            f.write_str("ω")?;
            if !t.exponent.is_one() {
                f.write_str("^")?;
                write_grouped(f, t.exponent.as_generalized())?;
            }
            if !c.is_one() {
                write!(f, "×{c}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for GeneralizedOrdinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Writes `N/D`, each part in parentheses when it has more than one term
/// (SURREAL 5.2): `(ω+7)/ω×7`, `-1/(ω-1)`.
pub(crate) fn write_quotient(
    f: &mut fmt::Formatter<'_>,
    num: &GeneralizedOrdinal,
    den: &GeneralizedOrdinal,
) -> fmt::Result {
    for (i, part) in [num, den].into_iter().enumerate() {
        if i == 1 {
            f.write_str("/")?;
        }
        if part.terms().len() > 1 {
            write!(f, "({part})")?;
        } else {
            write!(f, "{part}")?;
        }
    }
    Ok(())
}
