//! From a sign expansion back to its number (placeholder).

use crate::number::NumberError;
use crate::surreal::SurrealNumber;

use super::sequence::SignExpansion;

pub fn value(s: &SignExpansion) -> Result<SurrealNumber, NumberError> {
    Err(NumberError::new(format!("{s}")))
}
