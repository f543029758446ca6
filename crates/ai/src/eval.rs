//! What a search knows about a game beyond its rules.

use arbiter_core::Game;

/// A static evaluation of positions of `G`, in centi-units from the point
/// of view of the side to move (positive is good for them).
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of a position that is not over.
    fn evaluate(&self, position: &G) -> i32;

    /// Whether `mv` changes the material balance enough that quiescence
    /// search must look at it (captures, where a game has them).
    fn is_noisy(&self, _position: &G, _mv: &G::Move) -> bool {
        false
    }

    /// A cheap ordering hint: moves with higher values are searched first.
    fn order(&self, _position: &G, _mv: &G::Move) -> i32 {
        0
    }
}

/// An evaluator that knows nothing: every position is even. Search then
/// plays for wins and against losses only.
#[derive(Clone, Copy, Debug, Default)]
pub struct Neutral;

impl<G: Game> Evaluator<G> for Neutral {
    fn evaluate(&self, _position: &G) -> i32 {
        0
    }
}
