//! Secrets compared in constant time: how long a comparison of tokens takes does not tell
//! where a guess first goes wrong.

use subtle::ConstantTimeEq;

/// Whether `given` is the token `expected`, in a time that depends only on their lengths.
pub(crate) fn same_token(given: &str, expected: &str) -> bool {
    given.len() == expected.len() && bool::from(given.as_bytes().ct_eq(expected.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::same_token;

    #[test]
    fn tokens() {
        assert!(same_token("abc", "abc"));
        assert!(!same_token("abc", "abd"));
        assert!(!same_token("abc", "abcd"));
        assert!(!same_token("", "a"));
        assert!(same_token("", ""));
    }
}
