//! The referee of a game by mail (in progress).
