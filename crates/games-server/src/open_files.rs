//! The open-file limit: raised at start as far as the system allows (the soft limit up to the
//! hard one), and the connection caps kept below it, so that the server never runs out of file
//! descriptors however many clients come.

/// Files the server keeps open besides its connections (the database and its log, the
/// listener, the runtime's own), with room to spare.
const RESERVED: u64 = 64;

/// The open-file limits and the connection caps that fit under them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    /// The soft open-file limit before the server raised it.
    pub open_files_before: u64,
    /// The soft open-file limit now.
    pub open_files: u64,
    /// The hard open-file limit (the most the soft one can be raised to).
    pub open_files_hard: u64,
    /// The most HTTP connections open at once.
    pub http_connections: usize,
    /// The most `WebSocket`s open at once.
    pub websockets: usize,
}

impl std::fmt::Display for Capacity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "open files: soft limit {} (was {}, hard limit {}); at most {} HTTP connections and {} WebSockets",
            self.open_files,
            self.open_files_before,
            self.open_files_hard,
            self.http_connections,
            self.websockets
        )
    }
}

/// Raises the soft open-file limit to the hard one and fits the wanted caps under it: when
/// both do not fit, each is cut in proportion.
pub(crate) fn fit(http_connections: usize, websockets: usize) -> Capacity {
    let (before, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap_or((1024, 1024));
    let now = rlimit::increase_nofile_limit(hard)
        .unwrap_or(before)
        .max(before);
    let room = now.saturating_sub(RESERVED).max(2);
    let wanted = http_connections as u64 + websockets as u64;
    let (http, ws) = if wanted <= room {
        (http_connections, websockets)
    } else {
        let http =
            (http_connections as u128 * u128::from(room) / u128::from(wanted.max(1))) as usize;
        (http.max(1), (room as usize).saturating_sub(http).max(1))
    };
    Capacity {
        open_files_before: before,
        open_files: now,
        open_files_hard: hard,
        http_connections: http,
        websockets: ws,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_fit_under_the_soft_limit() {
        let capacity = fit(1_000_000, 1_000_000);
        assert!(capacity.open_files >= capacity.open_files_before);
        assert!(capacity.open_files <= capacity.open_files_hard);
        let used = (capacity.http_connections + capacity.websockets) as u64;
        assert!(
            used + RESERVED <= capacity.open_files.max(RESERVED + 2),
            "{capacity}"
        );
        let small = fit(10, 5);
        assert_eq!((small.http_connections, small.websockets), (10, 5));
    }
}
