//! `games serve`: the web server until Ctrl-C.

use std::io::Write;

use games_server::{ClientLimits, Origins, Server, ServerConfig};

use crate::args::ServeArgs;
use crate::error::{Failure, usage};

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

/// Serves until interrupted; the first line on stdout is the address, and the open-file
/// limit with the connection caps goes to stderr.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let mut config = ServerConfig::new(args.addr, &args.db);
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
