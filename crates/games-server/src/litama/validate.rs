//! Checks of the identifiers and names that clients send.

/// The most characters a username may have.
pub(crate) const MAX_USERNAME_CHARS: usize = 64;

fn is_lower_hex(text: &str, len: usize) -> bool {
    text.len() == len && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// 24 lowercase hex digits.
pub(crate) fn is_match_id(text: &str) -> bool {
    is_lower_hex(text, 24)
}

/// 64 lowercase hex digits (the tokens we hand out).
pub(crate) fn is_token(text: &str) -> bool {
    is_lower_hex(text, 64)
}

/// One to [`MAX_USERNAME_CHARS`] characters, none of them a control character.
pub(crate) fn is_username(text: &str) -> bool {
    let count = text.chars().count();
    (1..=MAX_USERNAME_CHARS).contains(&count) && !text.chars().any(char::is_control)
}

/// Compares two tokens in a time that does not depend on where they first differ.
pub(crate) use crate::secret::same_token;

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert!(is_match_id("0123456789abcdef01234567"));
        assert!(!is_match_id("0123456789ABCDEF01234567"));
        assert!(!is_match_id("0123456789abcdef0123456"));
        assert!(!is_match_id("0123456789abcdef0123456g"));
        assert!(is_token(&"ab".repeat(32)));
        assert!(!is_token(&"ab".repeat(31)));
        assert_eq!(hex(&[0, 15, 16, 255]), "000f10ff");
        assert!(same_token("abc", "abc"));
        assert!(!same_token("abc", "abd"));
        assert!(!same_token("abc", "abcd"));
    }

    #[test]
    fn usernames() {
        assert!(is_username("Ann"));
        assert!(is_username("Ann Lee"));
        assert!(is_username(&"é".repeat(MAX_USERNAME_CHARS)));
        assert!(!is_username(&"x".repeat(MAX_USERNAME_CHARS + 1)));
        assert!(!is_username(""));
        assert!(!is_username("a\nb"));
    }
}
