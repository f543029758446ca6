//! One module per command, each with its arguments and `run`. Commands
//! share only the modules beside them (arguments, files, the terminal,
//! self-play), never each other.

pub mod admin;
pub mod analyse;
pub mod apply;
pub mod arena;
mod backoff;
pub mod backup;
pub mod bot;
pub mod bot_engine;
mod bot_server;
pub mod engine;
pub mod ladder;
pub mod mail_in;
pub mod moves;
pub mod perft;
pub mod play;
pub mod record;
pub mod scg;
pub mod serve;
pub mod serve_limits;
pub mod show;
