//! The games Arbiter knows, one line each.
//!
//! A game is a folder beside this file (its position type implements
//! [`arbiter_core::Game`] and [`arbiter_core::Notation`], or for a game
//! whose players act at once [`arbiter_core::SimultaneousGame`] and
//! [`arbiter_core::SimultaneousNotation`], and declares its
//! [`arbiter_core::GameInfo`]) and a line below. Everything else — the
//! erased values, the command line's flags, the engine protocol's keys,
//! records, the conformance suite and the golden playthroughs — reads the
//! games from this list.

mod kinds;
mod macros;

pub use kinds::{GameVisitor, RoundGame, TurnGame, TypeVisitor};

use macros::games;

games! {
    turns {
        /// A•G•O•G, both editions.
        Agog => crate::agog::Agog,
        /// Ogama.
        Ogama => crate::ogama::Ogama,
        /// Sage Tafl.
        Sage => crate::sage::Sage,
        /// Tiny Col, for tests only.
        #[cfg(feature = "test-game")]
        TinyCol => crate::tinycol::TinyCol,
    }
    rounds {
        /// Single Capture Go.
        Scg => crate::scg::Scg,
    }
}
