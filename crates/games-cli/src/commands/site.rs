//! `games site`: the page as a static site that plays in the browser with no server.

use std::io::Write;

use games_server::site::write_site;

use crate::args::SiteArgs;
use crate::error::{Failure, usage};

/// Writes the site and says where, how large, and how to serve it.
pub fn site(args: &SiteArgs) -> Result<(), Failure> {
    let site = write_site(&args.out, &args.package).map_err(|e| usage(e.to_string()))?;
    let mut out = std::io::stdout();
    writeln!(
        out,
        "wrote the static site to {}: {} files, {} bytes (version {})",
        args.out.display(),
        site.files.len(),
        site.bytes,
        site.version
    )?;
    writeln!(
        out,
        "host the folder with any static file server, for instance: python3 -m http.server -d {}",
        args.out.display()
    )?;
    Ok(())
}
