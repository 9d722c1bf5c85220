//! `games serve`: the web server until Ctrl-C.

use std::io::Write;
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};

use games_server::{ClientLimits, Origins, Server, ServerConfig};

use crate::args::ServeArgs;
use crate::error::{Failure, quote, usage};

/// The allowed origins of a list of `--allow-origin` / `--litama-origin` values: none means
/// same-origin only, `*` any page.
fn origins(list: &[String]) -> Origins {
    if list.iter().any(|o| o == "*") {
        Origins::Any
    } else if list.is_empty() {
        Origins::SameOrigin
    } else {
        Origins::SameOriginAnd(list.to_vec())
    }
}

/// The address of `--addr`: an IP address and a port (`127.0.0.1:8080`, `[::1]:0`), or a host
/// name and a port (`localhost:8080`), resolved; of a name's addresses, the first that can be
/// bound now (else the first, whose error the server reports).
fn listen_address(text: &str) -> Result<SocketAddr, Failure> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let bad = |why: String| usage(format!("bad --addr {}: {why}", quote(text)));
    let addrs: Vec<SocketAddr> = text
        .to_socket_addrs()
        .map_err(|e| {
            bad(format!(
                "expected HOST:PORT, a host name or IP address and a port ({e})"
            ))
        })?
        .collect();
    let Some(&first) = addrs.first() else {
        return Err(bad("the host name has no address".to_owned()));
    };
    Ok(addrs
        .iter()
        .copied()
        .find(|&addr| TcpListener::bind(addr).is_ok())
        .unwrap_or(first))
}

/// Serves until interrupted; the first line on stdout is the address, and the open-file
/// limit with the connection caps goes to stderr.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let mut config = ServerConfig::new(listen_address(&args.addr)?, &args.db);
    if args.no_client_limits {
        config.clients = ClientLimits::unlimited();
    }
    config.clients.trusted_proxies.clone_from(&args.trust_proxy);
    config.origins.api = origins(&args.allow_origin);
    config.origins.litama = origins(&args.litama_origin);
    Server::run_until_interrupted(config, |addr, capacity| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
        eprintln!("games serve: {capacity}");
    })
    .map_err(|e| usage(e.to_string()))
}
