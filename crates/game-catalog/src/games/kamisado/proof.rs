//! Kamisado's proof files, checked with the slow reference rules of
//! [`kamisado_core::reference`], which share no code with the fast rules.

use kamisado_core::reference::RefPos;

use crate::entry::CatalogEntry;
use crate::games::Kamisado;
use crate::proof::{self, Proof, ProofError, ProofSummary, Provable, TextRules};

impl Provable for Kamisado {
    /// Checked with [`kamisado_core::reference`], which shares no code with the fast rules.
    fn verify_proof(proof: &Proof) -> Option<Result<ProofSummary, ProofError>> {
        Some(proof::verify::<RefPos>(
            proof,
            Self::NAME,
            ["black", "gold"],
        ))
    }
}

impl TextRules for RefPos {
    fn from_text(text: &str) -> Option<RefPos> {
        RefPos::from_text(text)
    }

    fn text(&self) -> String {
        RefPos::text(self)
    }

    fn side_to_move(&self) -> usize {
        self.side
    }

    fn legal_moves(&self) -> Vec<String> {
        RefPos::legal_moves(self)
    }

    fn after(&self, mv: &str) -> RefPos {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    fn winner(&self) -> Option<usize> {
        self.outcome.map(|(winner, _)| winner)
    }
}
