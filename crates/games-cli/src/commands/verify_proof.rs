//! `games verify-proof`: a proof file checked with the game's slow reference rules.

use std::io::Write;

use game_catalog::proof::{Proof, ProofError};
use game_catalog::{CatalogGame, GameVisitor};

use crate::args::VerifyProofArgs;
use crate::error::{Failure, one_line, usage};

/// `games verify-proof` for the game `G`.
pub struct VerifyProof<'a>(pub &'a VerifyProofArgs);

impl GameVisitor for VerifyProof<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: CatalogGame>(self) -> Result<(), Failure> {
        // A game without reference rules answers `None` whatever the proof: ask with an empty
        // one before reading the file.
        let empty = Proof {
            game: String::new(),
            start: String::new(),
            winner: String::new(),
            plies: 0,
            strategy: Vec::new(),
        };
        if G::verify_proof(&empty).is_none() {
            return Err(usage(format!(
                "{} has no reference rules to verify proofs with",
                G::NAME
            )));
        }
        let path = &self.0.file;
        // A path that cannot be read is a bad argument (exit 2); a file that is read but is no
        // proof (not text, or not in the format) proves nothing (exit 1), whatever is wrong.
        let bytes = std::fs::read(path)
            .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            // The line of the first bad byte: one more than the newlines before it.
            let line = e.as_bytes()[..at].split(|&b| b == b'\n').count();
            Failure::Refuted(format!(
                "{} is not a proof file: line {line}: not UTF-8 text",
                path.display()
            ))
        })?;
        let proof = Proof::parse(&text).map_err(|e| {
            Failure::Refuted(format!("{} is not a proof file: {e}", path.display()))
        })?;
        match G::verify_proof(&proof).unwrap_or(Err(ProofError::WrongGame {
            found: proof.game.clone(),
            expected: G::NAME,
        })) {
            Ok(summary) => {
                writeln!(
                    std::io::stdout().lock(),
                    "proved: {} wins within {} plies from {} ({} positions walked, {} strategy lines used)",
                    summary.winner,
                    summary.plies,
                    proof.start,
                    summary.positions,
                    summary.strategy_used
                )?;
                Ok(())
            }
            Err(e) => Err(Failure::Refuted(one_line(&format!("proof refuted: {e}")))),
        }
    }
}
