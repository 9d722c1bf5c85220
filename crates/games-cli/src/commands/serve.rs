//! `games serve`: the web server until Ctrl-C.

use std::io::Write;

use games_server::{Server, ServerConfig};

use crate::args::ServeArgs;
use crate::error::{Failure, usage};

/// Serves until interrupted; the first line on stdout is the address.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let config = ServerConfig::new(args.addr, &args.db);
    Server::run_until_interrupted(config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}");
        let _ = out.flush();
    })
    .map_err(|e| usage(e.to_string()))
}
