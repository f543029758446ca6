//! The macro behind the registry: from the list of games it makes the
//! identifier enum [`GameId`](crate::GameId), the erased values
//! ([`AnyGame`](crate::AnyGame), [`AnyMove`](crate::AnyMove),
//! [`AnyPlay`](crate::AnyPlay), [`AnyReport`](crate::AnyReport)), the
//! conversions between each game's typed values and the erased ones, and
//! two dispatch macros for the rest of the crate: `each_game!` (the same
//! code for every game) and `by_kind!` (one branch for turn-based games,
//! one for simultaneous ones).

/// Declares the registered games; see `crate::registry`.
macro_rules! games {
    (
        turns { $( $(#[doc = $tdoc:literal])* $(#[cfg($tcfg:meta)])? $t:ident => $tt:ty, )* }
        rounds { $( $(#[doc = $rdoc:literal])* $(#[cfg($rcfg:meta)])? $r:ident => $rt:ty, )* }
    ) => {
        $crate::registry::macros::games!(@expand ($)
            turns { $( $(#[doc = $tdoc])* $(#[cfg($tcfg)])? $t => $tt, )* }
            rounds { $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r => $rt, )* });
    };
    (@expand ($d:tt)
        turns { $( $(#[doc = $tdoc:literal])* $(#[cfg($tcfg:meta)])? $t:ident => $tt:ty, )* }
        rounds { $( $(#[doc = $rdoc:literal])* $(#[cfg($rcfg:meta)])? $r:ident => $rt:ty, )* }
    ) => {
        /// A registered game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameId {
            $( $(#[doc = $tdoc])* $(#[cfg($tcfg)])? $t, )*
            $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r, )*
        }

        impl GameId {
            /// Every registered game, in the registry's order.
            pub const ALL: &'static [GameId] = &[ $( $(#[cfg($tcfg)])? GameId::$t, )* $( $(#[cfg($rcfg)])? GameId::$r, )* ];

            /// What the game declares about itself.
            pub fn info(self) -> &'static arbiter_core::GameInfo {
                match self {
                    $( $(#[cfg($tcfg)])? GameId::$t => <$tt as arbiter_core::Game>::INFO, )*
                    $( $(#[cfg($rcfg)])? GameId::$r => <$rt as arbiter_core::SimultaneousGame>::INFO, )*
                }
            }

            /// Whether every remaining player acts in the same round.
            pub fn is_simultaneous(self) -> bool {
                match self {
                    $( $(#[cfg($tcfg)])? GameId::$t => false, )*
                    $( $(#[cfg($rcfg)])? GameId::$r => true, )*
                }
            }

            /// Calls `visitor` with the game's typed position type.
            pub fn visit_type<V: $crate::registry::TypeVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $( $(#[cfg($tcfg)])? GameId::$t => visitor.turns::<$tt>(), )*
                    $( $(#[cfg($rcfg)])? GameId::$r => visitor.rounds::<$rt>(), )*
                }
            }
        }

        /// A position of any registered game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyGame {
            $( $(#[doc = $tdoc])* $(#[cfg($tcfg)])? $t($tt), )*
            $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r(Box<$rt>), )*
        }

        /// A move of any registered game: for a simultaneous game, a whole
        /// round.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyMove {
            $( $(#[doc = $tdoc])* $(#[cfg($tcfg)])? $t(<$tt as arbiter_core::Game>::Move), )*
            $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r(arbiter_core::Round<<$rt as arbiter_core::SimultaneousGame>::Play>), )*
        }

        /// One player's play in a round of a simultaneous game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AnyPlay {
            $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r(<$rt as arbiter_core::SimultaneousGame>::Play), )*
        }

        /// The referee's account of a round of a simultaneous game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyReport {
            $( $(#[doc = $rdoc])* $(#[cfg($rcfg)])? $r(<$rt as arbiter_core::SimultaneousGame>::Report), )*
        }

        impl AnyGame {
            /// Which game this is.
            pub fn id(&self) -> GameId {
                match self {
                    $( $(#[cfg($tcfg)])? AnyGame::$t(_) => GameId::$t, )*
                    $( $(#[cfg($rcfg)])? AnyGame::$r(_) => GameId::$r, )*
                }
            }

            /// Calls `visitor` with the typed position inside.
            pub fn visit<V: $crate::registry::GameVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $( $(#[cfg($tcfg)])? AnyGame::$t(g) => visitor.turns(g), )*
                    $( $(#[cfg($rcfg)])? AnyGame::$r(g) => visitor.rounds(&**g), )*
                }
            }
        }

        impl AnyMove {
            /// The game this move belongs to.
            pub fn game(&self) -> GameId {
                match self {
                    $( $(#[cfg($tcfg)])? AnyMove::$t(_) => GameId::$t, )*
                    $( $(#[cfg($rcfg)])? AnyMove::$r(_) => GameId::$r, )*
                }
            }
        }

        impl AnyPlay {
            /// The game this play belongs to.
            pub fn game(&self) -> GameId {
                match self {
                    $( $(#[cfg($rcfg)])? AnyPlay::$r(_) => GameId::$r, )*
                }
            }
        }

        $(
            $(#[cfg($tcfg)])?
            impl $crate::registry::TurnGame for $tt {
                const GAME: GameId = GameId::$t;

                fn into_any(self) -> AnyGame {
                    AnyGame::$t(self)
                }

                #[allow(unreachable_patterns)]
                fn of(game: &AnyGame) -> Option<&Self> {
                    match game {
                        AnyGame::$t(g) => Some(g),
                        _ => None,
                    }
                }

                fn wrap_move(mv: Self::Move) -> AnyMove {
                    AnyMove::$t(mv)
                }

                #[allow(unreachable_patterns)]
                fn move_of(mv: &AnyMove) -> Option<&Self::Move> {
                    match mv {
                        AnyMove::$t(m) => Some(m),
                        _ => None,
                    }
                }
            }
        )*

        $(
            $(#[cfg($rcfg)])?
            impl $crate::registry::RoundGame for $rt {
                const GAME: GameId = GameId::$r;

                fn into_any(self) -> AnyGame {
                    AnyGame::$r(Box::new(self))
                }

                #[allow(unreachable_patterns)]
                fn of(game: &AnyGame) -> Option<&Self> {
                    match game {
                        AnyGame::$r(g) => Some(g),
                        _ => None,
                    }
                }

                fn wrap_round(round: arbiter_core::Round<Self::Play>) -> AnyMove {
                    AnyMove::$r(round)
                }

                #[allow(unreachable_patterns)]
                fn round_of(mv: &AnyMove) -> Option<&arbiter_core::Round<Self::Play>> {
                    match mv {
                        AnyMove::$r(r) => Some(r),
                        _ => None,
                    }
                }

                fn wrap_play(play: Self::Play) -> AnyPlay {
                    AnyPlay::$r(play)
                }

                #[allow(unreachable_patterns)]
                fn play_of(play: &AnyPlay) -> Option<&Self::Play> {
                    match play {
                        AnyPlay::$r(p) => Some(p),
                        _ => None,
                    }
                }

                fn wrap_report(report: Self::Report) -> AnyReport {
                    AnyReport::$r(report)
                }

                #[allow(unreachable_patterns)]
                fn report_of(report: &AnyReport) -> Option<&Self::Report> {
                    match report {
                        AnyReport::$r(r) => Some(r),
                        _ => None,
                    }
                }
            }
        )*

        /// Runs the same code for the typed position inside an
        /// [`AnyGame`], whichever game it is.
        macro_rules! each_game {
            ($d value:expr, $d g:ident => $d body:expr) => {
                match $d value {
                    $( $(#[cfg($tcfg)])? $crate::AnyGame::$t($d g) => $d body, )*
                    $( $(#[cfg($rcfg)])? $crate::AnyGame::$r(boxed) => {
                        let $d g = &**boxed;
                        $d body
                    } )*
                }
            };
        }

        /// Runs `$turns` for a turn-based game and `$rounds` for a
        /// simultaneous one, with the typed position inside an
        /// [`AnyGame`].
        macro_rules! by_kind {
            ($d value:expr, $d g:ident => $d turns:expr, $d h:ident => $d rounds:expr) => {
                match $d value {
                    $( $(#[cfg($tcfg)])? $crate::AnyGame::$t($d g) => $d turns, )*
                    $( $(#[cfg($rcfg)])? $crate::AnyGame::$r(boxed) => {
                        let $d h = &**boxed;
                        $d rounds
                    } )*
                }
            };
        }

        pub(crate) use {by_kind, each_game};
    };
}

pub(crate) use games;
