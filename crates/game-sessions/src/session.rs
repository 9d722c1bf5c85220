//! [`Session`]: one game between two participants, built on the generic game record.

use std::time::Duration;

use abstract_game::record::{Ending, GameRecord, PlayError};
use abstract_game::{Game, PassMove, Player, ZobristHash};

use crate::clock::{Clock, TimeControl};
use crate::coach::{Coach, CoachReport};
use crate::participant::Participant;
use crate::result::SessionResult;

/// The house format of a session.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(tag = "format", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Format {
    /// An ordinary game: no clock.
    #[default]
    Casual,
    /// The clock duel: each player has the time of the control; a player whose time runs out
    /// before a winning move loses.
    ClockDuel {
        /// The time each player gets.
        control: TimeControl,
    },
    /// The open coaching round: a candidate move is answered before it is committed
    /// ([`Session::propose`], [`Session::commit`]); no clock, no points.
    Coaching,
}

impl Format {
    /// The format's id: `casual`, `clock_duel`, `coaching`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Format::Casual => "casual",
            Format::ClockDuel { .. } => "clock_duel",
            Format::Coaching => "coaching",
        }
    }
}

/// One turn a session played: who, what, and whether the session played it by itself because
/// it was the only legal move and a pass (a Kamisado tower that cannot move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedTurn<P, M> {
    /// The player who moved.
    pub player: P,
    /// The move.
    pub mv: M,
    /// Whether the session played it automatically (a forced pass).
    pub forced: bool,
}

/// What the side to move may do now: see [`Session::actions`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Actions<M> {
    /// The legal moves (empty when the game is over).
    pub moves: Vec<M>,
    /// Whether [`Session::undo`] would take something back.
    pub undo: bool,
    /// Whether [`Session::redo`] would replay something.
    pub redo: bool,
    /// Whether a draw can be agreed, a player resign or the game be abandoned (the game goes
    /// on).
    pub end: bool,
    /// Whether a candidate can be proposed ([`Format::Coaching`] and the game goes on).
    pub propose: bool,
}

/// Why a session refused an action. The session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError<E> {
    /// The game is over.
    #[error("the game is over: {result}")]
    Over {
        /// How it ended, in words.
        result: String,
    },
    /// The rules reject the move.
    #[error(transparent)]
    Illegal(E),
    /// There is nothing to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// There is nothing to replay.
    #[error("nothing to redo")]
    NothingToRedo,
    /// Candidates are for the coaching round only.
    #[error("candidates are answered in the coaching round only; play the move instead")]
    NotCoaching,
    /// [`Session::commit`] without a candidate.
    #[error("no candidate to commit: propose a move first")]
    NoCandidate,
    /// A game that ended on time cannot be taken back.
    #[error("the game ended on time; a flag cannot be taken back")]
    FlagDown,
}

/// How the clock ended a game, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Flag<P> {
    /// This player's time ran out.
    Fell(P),
    /// Both flags are down and nobody knows which fell first.
    Both,
}

/// The only legal move of `pos` if it is a pass: a turn the player has no choice about, which a
/// session plays by itself (Kamisado's blocked tower). Onitama's forced pass is not one: the
/// player chooses which card to give away.
#[must_use]
pub fn forced_move<G: PassMove>(pos: &G) -> Option<G::Move> {
    let moves = pos.legal_moves();
    match moves.as_ref() {
        [only] if pos.is_pass(*only) => Some(*only),
        _ => None,
    }
}

/// A game between two participants (people or engines) in a house [`Format`], built on a
/// [`GameRecord`].
///
/// - [`Session::play`] plays a move of the side to move, then every forced turn that follows
///   ([`forced_move`]); [`Session::undo`] takes back to the previous turn of a person (in a game
///   against an engine, the engine's reply goes too) and never stops inside forced turns;
///   [`Session::redo`] replays the same way.
/// - [`Session::agree_draw`], [`Session::resign`] and [`Session::abandon`] end the game by the
///   players (forgetting anything undone); undo takes that back first, and redo restores it.
/// - In a [`Format::ClockDuel`], [`Session::tick`] charges the side to move with time the caller
///   measured; a winning move stops the clock for good; [`Session::pause`] and
///   [`Session::correct`] handle a correction.
/// - In a [`Format::Coaching`] round, [`Session::propose`] answers a candidate and
///   [`Session::commit`] plays it.
/// - [`Session::to_json`] and [`Session::from_json`] save and load it: the record text plus the
///   participants, format, clock and anything undone.
///
/// The session never chooses a move and never reads the system clock.
///
/// The participants sit by [`Player::index`]: `participants[0]` plays `Player::BOTH[0]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session<G: Game> {
    pub(crate) game: String,
    pub(crate) participants: [Participant; 2],
    pub(crate) format: Format,
    pub(crate) record: GameRecord<G>,
    pub(crate) clock: Option<Clock>,
    pub(crate) flag: Option<Flag<G::Player>>,
    pub(crate) candidate: Option<G::Move>,
    /// The increment taken back from each undone ply, parallel to the record's redo tail (next
    /// first at the end), so that redo gives back exactly what undo took (saved with the
    /// session). Shorter than the tail only for a file without it: redo then gives the full
    /// increment to each turn that earns one.
    pub(crate) taken_back: Vec<Duration>,
    /// The players' ending that [`Session::undo`] took back, after the last undone move: redo
    /// restores it there. A new move forgets it.
    pub(crate) undone_ending: Option<Ending<G::Player>>,
    /// The record's ply when the clock started ([`Session::from_record`] with moves already
    /// played): the plies up to it earned no increment, so undo takes none back from them.
    pub(crate) clock_start: usize,
}

type Played<G> = Vec<PlayedTurn<<G as Game>::Player, <G as Game>::Move>>;

impl<G: PassMove> Session<G> {
    /// A session of the game called `game` (a label kept in saved files, such as `"onitama"`)
    /// from `start`. Forced turns at the start are played at once.
    #[must_use]
    pub fn new(
        game: impl Into<String>,
        start: G,
        participants: [Participant; 2],
        format: Format,
    ) -> Self {
        Session::from_record(game, GameRecord::new(start), participants, format)
    }

    /// A session that continues `record` (a game set up with some moves already played). In a
    /// clock duel the clock starts now: the moves already played earned no increment, and undo
    /// takes none back from them.
    #[must_use]
    pub fn from_record(
        game: impl Into<String>,
        record: GameRecord<G>,
        participants: [Participant; 2],
        format: Format,
    ) -> Self {
        let clock = match format {
            Format::ClockDuel { control } => Some(Clock::new(control)),
            _ => None,
        };
        let clock_start = if clock.is_some() { record.ply() } else { 0 };
        let mut session = Session {
            game: game.into(),
            participants,
            format,
            record,
            clock,
            flag: None,
            candidate: None,
            taken_back: Vec::new(),
            undone_ending: None,
            clock_start,
        };
        session.play_forced();
        session
    }

    /// The game's label, as given to [`Session::new`].
    #[must_use]
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The record: start, moves, positions, endings of the players.
    #[must_use]
    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &G {
        self.record.position()
    }

    /// The two participants, by [`Player::index`]: `participants()[0]` plays
    /// `Player::BOTH[0]`.
    #[must_use]
    pub fn participants(&self) -> &[Participant; 2] {
        &self.participants
    }

    /// Makes `participant` the one who plays `player` (a person who joins a game shared by a
    /// link); the game itself is unchanged.
    pub fn set_participant(&mut self, player: G::Player, participant: Participant) {
        self.participants[player.index()] = participant;
    }

    /// Who plays `player`.
    #[must_use]
    pub fn participant(&self, player: G::Player) -> &Participant {
        &self.participants[player.index()]
    }

    /// The house format.
    #[must_use]
    pub fn format(&self) -> Format {
        self.format
    }

    /// The clock of a [`Format::ClockDuel`].
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The candidate of the coaching round, if one is stated.
    #[must_use]
    pub fn candidate(&self) -> Option<G::Move> {
        self.candidate
    }

    /// How the session ended; `None` while it goes on.
    #[must_use]
    pub fn result(&self) -> Option<SessionResult<G::Player, G::Reason>> {
        match self.flag {
            Some(Flag::Fell(loser)) => Some(SessionResult::OnTime {
                winner: loser.other(),
            }),
            Some(Flag::Both) => Some(SessionResult::BothFlagsDown),
            None => self.record.result().map(SessionResult::from),
        }
    }

    /// Whether the session is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.flag.is_some() || self.record.is_over()
    }

    /// The player whose turn it is; `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<G::Player> {
        (!self.is_over()).then(|| self.position().side_to_move())
    }

    /// The legal moves of the side to move (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<G::Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position().legal_moves().into_iter().collect()
        }
    }

    /// What the side to move may do now.
    #[must_use]
    pub fn actions(&self) -> Actions<G::Move> {
        let on = !self.is_over();
        Actions {
            moves: self.legal_moves(),
            undo: self.flag.is_none()
                && (self.record.ending().is_some() || self.undo_target().is_some()),
            redo: self.flag.is_none() && (self.record.can_redo() || self.redo_ending().is_some()),
            end: on,
            propose: on && self.format == Format::Coaching,
        }
    }

    /// Whether one participant is a person and one an engine: undo then skips the engine's
    /// turns.
    fn against_engine(&self) -> bool {
        self.participants.iter().any(Participant::is_person)
            && self.participants.iter().any(Participant::is_engine)
    }

    fn over_error<E>(&self) -> SessionError<E> {
        SessionError::Over {
            result: self.result().map_or_else(String::new, |r| r.to_string()),
        }
    }

    /// The player whose clock got the increment for ply `k` of the record (the move from
    /// `positions()[k - 1]`): the mover, in a clock duel, unless the turn was forced, the move
    /// ended the game ([`Session::play`]) or was played before the clock started.
    pub(crate) fn earner(&self, k: usize) -> Option<G::Player> {
        if k <= self.clock_start {
            return None;
        }
        let positions = self.record.positions();
        let before = positions.get(k.checked_sub(1)?)?;
        let after = positions.get(k)?;
        (self.clock.is_some() && forced_move(before).is_none() && !after.is_over())
            .then(|| before.side_to_move())
    }

    /// Takes back one ply and the increment it earned (as much of it as the mover has left);
    /// `false` at the start.
    fn undo_ply(&mut self) -> bool {
        let earner = self.earner(self.record.ply());
        if self.record.undo().is_none() {
            return false;
        }
        let mut taken = Duration::ZERO;
        if let (Some(player), Some(clock)) = (earner, &mut self.clock) {
            let left = clock.remaining(player);
            taken = left.min(clock.control().increment);
            clock.set_remaining(player, left.saturating_sub(taken));
        }
        if self.clock.is_some() {
            self.taken_back.push(taken);
        }
        true
    }

    /// Replays one undone ply and gives back the increment its undo took; `false` if there is
    /// none.
    fn redo_ply(&mut self) -> bool {
        if self.record.redo().is_none() {
            return false;
        }
        let taken = self.taken_back.pop();
        if let (Some(player), Some(clock)) = (self.earner(self.record.ply()), &mut self.clock) {
            let give = taken.unwrap_or(clock.control().increment);
            clock.set_remaining(player, clock.remaining(player).saturating_add(give));
        }
        true
    }

    /// The ply [`Session::undo`] takes back to (the players' ending aside): the latest earlier
    /// position that is a turn of a person, not a forced turn (nor the engine's, against an
    /// engine); `None` at the start or after only its forced turns (and, against an engine, its
    /// opening: the person had no earlier turn).
    fn undo_target(&self) -> Option<usize> {
        let skip_engine = self.against_engine();
        let positions = self.record.positions();
        let mut target = self.record.ply();
        loop {
            target = target.checked_sub(1)?;
            let pos = positions.get(target)?;
            let engine_turn = skip_engine && self.participant(pos.side_to_move()).is_engine();
            if forced_move(pos).is_none() && !engine_turn {
                return Some(target);
            }
        }
    }

    /// The undone ending that [`Session::redo`] restores now: at the end of the undone moves.
    fn redo_ending(&self) -> Option<Ending<G::Player>> {
        self.undone_ending
            .filter(|_| !self.record.is_over() && self.record.redo_moves().is_empty())
    }

    /// Plays the forced turns from the current position on.
    pub(crate) fn play_forced(&mut self) -> Played<G> {
        let mut played = Vec::new();
        while !self.is_over() {
            let pos = self.position();
            let Some(mv) = forced_move(pos) else { break };
            let player = pos.side_to_move();
            if self.record.play(mv).is_err() {
                break;
            }
            self.taken_back.clear();
            self.undone_ending = None;
            played.push(PlayedTurn {
                player,
                mv,
                forced: true,
            });
        }
        played
    }

    /// Plays `mv` for the side to move, then every forced turn that follows; returns the turns
    /// played, `mv` first. The mover's clock gets its increment. A candidate is withdrawn.
    ///
    /// # Errors
    /// [`SessionError::Over`] once the game is over, [`SessionError::Illegal`] with the rules'
    /// reason; the session is then unchanged.
    pub fn play(&mut self, mv: G::Move) -> Result<Played<G>, SessionError<G::IllegalMove>> {
        if self.is_over() {
            return Err(self.over_error());
        }
        let player = self.position().side_to_move();
        self.record.play(mv).map_err(|e| match e {
            PlayError::Illegal(e) => SessionError::Illegal(e),
            _ => SessionError::Over {
                result: String::new(),
            },
        })?;
        self.candidate = None;
        self.taken_back.clear();
        self.undone_ending = None;
        if !self.record.is_over() {
            if let Some(clock) = &mut self.clock {
                clock.complete_turn(player);
            }
        }
        let mut played = vec![PlayedTurn {
            player,
            mv,
            forced: false,
        }];
        played.extend(self.play_forced());
        Ok(played)
    }

    /// Charges `elapsed` to the side to move's clock (the time they have been thinking since the
    /// last call). If their time runs out, they lose on time and the result is returned. Does
    /// nothing without a clock, while the clock is paused, or once the game is over: a winning
    /// move stops the clock for good.
    pub fn tick(&mut self, elapsed: Duration) -> Option<SessionResult<G::Player, G::Reason>> {
        if self.is_over() {
            return None;
        }
        let mover = self.position().side_to_move();
        let clock = self.clock.as_mut()?;
        if clock.charge(mover, elapsed) {
            self.flag = Some(Flag::Fell(mover));
            self.candidate = None;
            return self.result();
        }
        None
    }

    /// Records an over-the-board report that both flags are down and nobody can tell which fell
    /// first: a draw. Returns `false` (and changes nothing) if the game is already over.
    pub fn both_flags_down(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        self.flag = Some(Flag::Both);
        true
    }

    /// Pauses both clocks (a correction is being discussed): ticks charge nothing. Resume before
    /// saving: a saved clock runs, and [`Session::from_json`] refuses a paused one.
    pub fn pause(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.pause();
        }
    }

    /// Lets the clock of the side to move run again.
    pub fn resume(&mut self) {
        if let Some(clock) = &mut self.clock {
            clock.resume();
        }
    }

    /// A correction: restores the last agreed position (one [`Session::undo`], which takes back
    /// the increments of the turns it undoes) with both clocks paused, so that nobody is
    /// charged, then resumes the clock of the side to move, who
    /// replays the turn.
    ///
    /// # Errors
    /// As [`Session::undo`]; the clock is resumed anyway.
    pub fn correct(&mut self) -> Result<usize, SessionError<G::IllegalMove>> {
        self.pause();
        let undone = self.undo();
        self.resume();
        undone
    }

    /// Takes back to the previous turn: the players' ending if there is one (returns `Ok(0)`),
    /// otherwise at least one ply, then on while the position reached is a forced turn, and, in
    /// a game between a person and an engine, while it is the engine's turn. It never stops
    /// inside the forced turns at the start (they were played at once), nor goes behind the
    /// engine's opening (the person had no earlier turn): there is then nothing to undo. Returns the plies taken back. In a clock duel, each turn taken back loses the increment it earned (as much
    /// of it as its player has left), and [`Session::redo`] gives back exactly that. A candidate
    /// is withdrawn.
    ///
    /// # Errors
    /// [`SessionError::NothingToUndo`] at the start (or after only its forced turns and the
    /// engine's opening),
    /// [`SessionError::FlagDown`] after a loss on
    /// time.
    pub fn undo(&mut self) -> Result<usize, SessionError<G::IllegalMove>> {
        if self.flag.is_some() {
            return Err(SessionError::FlagDown);
        }
        if let Some(ending) = self.record.ending() {
            self.record.undo();
            self.undone_ending = Some(ending);
            self.candidate = None;
            return Ok(0);
        }
        let Some(target) = self.undo_target() else {
            return Err(SessionError::NothingToUndo);
        };
        self.candidate = None;
        let mut plies = 0;
        while self.record.ply() > target && self.undo_ply() {
            plies += 1;
        }
        Ok(plies)
    }

    /// Replays what [`Session::undo`] took back, one turn the same way (forced turns and, against
    /// an engine, the engine's reply with it), or the players' ending that undo took back
    /// (returns `Ok(0)`). Returns the plies replayed.
    ///
    /// # Errors
    /// [`SessionError::NothingToRedo`] if nothing was undone (or a new move or an ending replaced
    /// it), or the players ended the game.
    pub fn redo(&mut self) -> Result<usize, SessionError<G::IllegalMove>> {
        if self.flag.is_some() {
            return Err(SessionError::NothingToRedo);
        }
        if !self.record.can_redo() {
            if let Some(ending) = self.redo_ending() {
                self.record.end(ending);
                self.undone_ending = None;
                self.candidate = None;
                return Ok(0);
            }
            return Err(SessionError::NothingToRedo);
        }
        self.candidate = None;
        let skip_engine = self.against_engine();
        let mut plies = 0;
        while self.redo_ply() {
            plies += 1;
            let pos = self.position();
            let engine_turn = skip_engine && self.participant(pos.side_to_move()).is_engine();
            if pos.is_over() || (forced_move(pos).is_none() && !engine_turn) {
                break;
            }
        }
        plies += self.play_forced().len();
        Ok(plies)
    }

    fn end(
        &mut self,
        f: impl FnOnce(&mut GameRecord<G>) -> bool,
    ) -> Result<(), SessionError<G::IllegalMove>> {
        if self.is_over() || !f(&mut self.record) {
            return Err(self.over_error());
        }
        // The ending replaces whatever was undone.
        self.record.forget_redo();
        self.taken_back.clear();
        self.undone_ending = None;
        self.candidate = None;
        Ok(())
    }

    /// Records a draw both players agreed to (the front end asks the other side).
    ///
    /// # Errors
    /// [`SessionError::Over`] if the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), SessionError<G::IllegalMove>> {
        self.end(GameRecord::agree_draw)
    }

    /// Records that `player` resigned.
    ///
    /// # Errors
    /// [`SessionError::Over`] if the game is already over.
    pub fn resign(&mut self, player: G::Player) -> Result<(), SessionError<G::IllegalMove>> {
        self.end(|record| record.resign(player))
    }

    /// Stops the game without a result (a restart, a dispute nobody can settle).
    ///
    /// # Errors
    /// [`SessionError::Over`] if the game is already over.
    pub fn abandon(&mut self) -> Result<(), SessionError<G::IllegalMove>> {
        self.end(GameRecord::abandon)
    }

    /// In the coaching round: states `candidate` for the side to move and answers what it allows
    /// the opponent, with `coach`'s knowledge of the game. Nothing is played; a new candidate
    /// replaces the old one.
    ///
    /// # Errors
    /// [`SessionError::NotCoaching`] outside [`Format::Coaching`], [`SessionError::Over`],
    /// [`SessionError::Illegal`]; the candidate is then unchanged.
    pub fn propose(
        &mut self,
        coach: &impl Coach<G>,
        candidate: G::Move,
    ) -> Result<CoachReport<G>, SessionError<G::IllegalMove>> {
        if self.format != Format::Coaching {
            return Err(SessionError::NotCoaching);
        }
        if self.is_over() {
            return Err(self.over_error());
        }
        let report = coach
            .report(self.position(), candidate)
            .map_err(SessionError::Illegal)?;
        self.candidate = Some(candidate);
        Ok(report)
    }

    /// Withdraws the candidate, if any.
    pub fn withdraw(&mut self) {
        self.candidate = None;
    }

    /// Plays the candidate (see [`Session::play`]).
    ///
    /// # Errors
    /// [`SessionError::NoCandidate`], or as [`Session::play`].
    pub fn commit(&mut self) -> Result<Played<G>, SessionError<G::IllegalMove>> {
        let mv = self.candidate.ok_or(SessionError::NoCandidate)?;
        self.play(mv)
    }

    /// Whether move number `ply` of the record (counting from 1) was a forced turn that the
    /// session played by itself.
    #[must_use]
    pub fn was_forced(&self, ply: usize) -> bool {
        ply > 0
            && self
                .record
                .positions()
                .get(ply - 1)
                .is_some_and(|pos| forced_move(pos).is_some())
    }
}

impl<G: PassMove + ZobristHash> Session<G> {
    /// How many times the current position has occurred (`1` the first time): the players may
    /// agree a draw when it keeps coming back.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        self.record.repetition_count()
    }

    /// The Zobrist keys of the positions before the current one, oldest first: the history an
    /// engine needs to see repetitions.
    #[must_use]
    pub fn history_keys(&self) -> Vec<u64> {
        self.record.earlier_zobrists()
    }
}
