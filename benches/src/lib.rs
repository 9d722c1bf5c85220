//! Shared helpers for the criterion benches (positions from real games live in the bench files).
