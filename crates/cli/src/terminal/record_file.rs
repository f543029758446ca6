//! Where a game played at this terminal is kept: one file, its name
//! claimed before the first move, written after every change so that
//! closing the terminal (or a crash) never loses a move, and never a file
//! that was there before.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::files::{claim_output, write_atomic, write_new};

/// The record file of a game at the terminal.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    written: bool,
    failure: Option<String>,
}

impl RecordFile {
    /// Claims `given` (its folder must exist; a taken name becomes a free
    /// one beside it, which is said), or `fresh` when no name was given.
    pub fn claim(given: Option<&Path>, fresh: impl FnOnce() -> PathBuf) -> Result<RecordFile> {
        let path = match given {
            Some(path) => claim_output(path)?,
            None => fresh(),
        };
        Ok(RecordFile { path, written: false, failure: None })
    }

    /// Writes the record as it now stands: a new file the first time
    /// (never over one that appeared meanwhile), then replaced atomically.
    /// A failure is kept, for [`RecordFile::failure`], and said in the
    /// message returned.
    pub fn keep(&mut self, text: &str) -> Option<String> {
        let outcome = if self.written {
            write_atomic(&self.path, text.as_bytes())
                .map_err(|e| format!("'{}': cannot write: {e}", self.path.display()))
        } else {
            write_new(&self.path, text).map(|path| self.path = path).map_err(|e| format!("{e:#}"))
        };
        match outcome {
            Ok(()) => {
                self.written = true;
                self.failure = None;
                None
            }
            Err(e) => {
                let message = format!("The record could not be saved: {e}");
                self.failure = Some(message.clone());
                Some(message)
            }
        }
    }

    /// Where the record is, once written.
    pub fn saved(&self) -> Option<&Path> {
        (self.written && self.failure.is_none()).then_some(self.path.as_path())
    }

    /// Where the record is kept, in words: `the record is saved in
    /// game.txt`, or before it is written, `the record will be saved in
    /// game.txt {when}`; or why it could not be.
    pub fn where_kept(&self, when: &str) -> String {
        match (&self.failure, self.saved()) {
            (Some(failure), _) => failure.clone(),
            (None, Some(path)) => format!("the record is saved in {}", path.display()),
            (None, None) => format!("the record will be saved in {} {when}", self.path.display()),
        }
    }

    /// Why the last write failed, if it did.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_file_never_replaces_a_file_it_did_not_write_and_then_keeps_in_step() {
        let dir = tempfile::tempdir().unwrap();
        let taken = dir.path().join("game.txt");
        std::fs::write(&taken, "someone else's notes\n").unwrap();
        let mut file = RecordFile::claim(Some(&taken), || unreachable!()).unwrap();
        assert!(file.where_kept("").ends_with("game-1.txt "), "{}", file.where_kept(""));
        assert_eq!(file.saved(), None);
        assert_eq!(file.keep("first\n"), None);
        assert_eq!(file.keep("second\n"), None);
        assert_eq!(file.saved(), Some(dir.path().join("game-1.txt").as_path()));
        assert_eq!(std::fs::read_to_string(dir.path().join("game-1.txt")).unwrap(), "second\n");
        assert_eq!(std::fs::read_to_string(&taken).unwrap(), "someone else's notes\n");
    }

    #[test]
    fn a_missing_folder_is_named_before_the_game_starts() {
        let dir = tempfile::tempdir().unwrap();
        let e = RecordFile::claim(Some(&dir.path().join("no/such/game.txt")), || unreachable!()).unwrap_err();
        assert!(format!("{e}").contains("there is no folder"), "{e}");
    }
}
