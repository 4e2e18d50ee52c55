//! Misère quotients of heap games (MISERE 11).
