//! The listening socket, with a listen queue long enough for a flood of connections.

use std::io;
use std::net::SocketAddr;

use tokio::net::{TcpListener, TcpSocket};

/// How many connections the system may hold for the server before the accept loop takes them
/// (the system cuts it to its own limit: `net.core.somaxconn` on Linux, 4,096 by default since
/// Linux 5.4). The standard library and tokio ask for 128: a few hundred connections opened at
/// once filled that queue, and the system then ignored a newcomer's connection attempt, which
/// its client sends again only a second later (then two, then four).
pub(crate) const LISTEN_BACKLOG: u32 = 4096;

/// A listener bound to `addr` with a listen queue of [`LISTEN_BACKLOG`] connections; the
/// address may be reused at once after a restart (not on Windows, where that would let another
/// process take the port), as with [`TcpListener::bind`].
///
/// # Errors
/// The system's error if the socket cannot be made, bound or put to listen.
pub(crate) fn listen(addr: SocketAddr) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    #[cfg(not(windows))]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(LISTEN_BACKLOG)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::net::TcpStream;

    use super::*;

    /// Connections the server has not taken yet wait in the queue: 400 of them (over three
    /// times the 128 of [`TcpListener::bind`], or the system's own limit if it is lower) each
    /// connect at once, none of them accepted. With a queue of 128, the 130th attempt is
    /// ignored by the system and retried only after a second, so its connect times out.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn connections_not_yet_accepted_wait_in_the_queue() {
        let system = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
            .ok()
            .and_then(|s| s.trim().parse::<usize>().ok())
            .unwrap_or(usize::MAX);
        let waiting = 400.min(system);
        if waiting < 400 {
            println!("the system's listen queue holds {system}: {waiting} connections tried");
        }
        let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = listener.local_addr().unwrap();
        let mut open = Vec::with_capacity(waiting);
        for n in 0..waiting {
            let connected =
                tokio::time::timeout(Duration::from_millis(500), TcpStream::connect(addr))
                    .await
                    .unwrap_or_else(|_| panic!("connection {n} was not queued within 0.5 s"))
                    .unwrap_or_else(|e| panic!("connection {n}: {e}"));
            open.push(connected);
        }
        drop(listener);
    }

    /// A second listener on an address that is listened on already is the system's error (the
    /// server reports it as `ServeError::Bind`), not a panic.
    #[tokio::test]
    async fn an_address_in_use_is_an_error() {
        let first = listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let taken = first.local_addr().unwrap();
        assert!(listen(taken).is_err(), "{taken} bound twice");
    }
}
