//! Standard output that never panics: a reader that goes away (a closed
//! pipe, as with `| head`) ends the program quietly.

use std::fmt;
use std::io::{ErrorKind, Write};

/// Writes `args` to standard output and flushes.
pub fn write(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`write`].
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` through [`write`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

pub(crate) use {out, outln};
