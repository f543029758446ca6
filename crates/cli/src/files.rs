//! Files the commands read and write: records and charts written only as
//! new files, standard input for `-`, and the referee's game file, read
//! under a lock and replaced atomically (a new file beside it, written and
//! flushed, renamed over the old one, the directory flushed), so that a
//! crash at any moment leaves either the old game or the new one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use arbiter_play::{GameRecord, RefereeFile};

/// Reads a file, or standard input for `-`.
pub fn read_source(file: &str) -> Result<String> {
    let mut text = String::new();
    if file == "-" {
        io::stdin().read_to_string(&mut text).context("reading standard input")?;
    } else {
        text = fs::read_to_string(file).with_context(|| format!("'{file}': cannot read"))?;
    }
    Ok(text)
}

/// Checks, before any work, where an output will go: its folder must
/// exist, and a name that is taken is replaced by a free one beside it
/// (`game-1.txt` for `game.txt`), which is said on standard error. The
/// work is never lost for a name.
pub fn claim_output(path: &Path) -> Result<PathBuf> {
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && !folder.is_dir()
    {
        bail!("'{}': there is no folder '{}' to write it in", path.display(), folder.display());
    }
    if !path.exists() {
        return Ok(path.to_path_buf());
    }
    let free = free_beside(path);
    eprintln!("'{}' exists already: writing to '{}' instead", path.display(), free.display());
    Ok(free)
}

/// The first free name `stem-N.ext` beside `path`.
fn free_beside(path: &Path) -> PathBuf {
    let stem = path.file_stem().map_or_else(|| "output".into(), |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    (1..).map(|n| path.with_file_name(format!("{stem}-{n}{ext}"))).find(|p| !p.exists()).expect("a free name")
}

/// Writes `text` to a new file at `path`, never over an existing one: if
/// the name was taken meanwhile, to a free name beside it (said on
/// standard error). Returns where it went.
pub fn write_new(path: &Path, text: &str) -> Result<PathBuf> {
    let mut target = path.to_path_buf();
    loop {
        match OpenOptions::new().write(true).create_new(true).open(&target) {
            Ok(mut file) => {
                file.write_all(text.as_bytes())
                    .and_then(|()| file.sync_all())
                    .with_context(|| format!("'{}': cannot write", target.display()))?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                let free = free_beside(&target);
                eprintln!("'{}' exists already: writing to '{}' instead", target.display(), free.display());
                target = free;
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let folder = target.parent().map_or_else(String::new, |f| f.display().to_string());
                bail!("'{}': there is no folder '{folder}' to write it in", target.display());
            }
            Err(e) => return Err(anyhow!(e).context(format!("'{}': cannot create", target.display()))),
        }
    }
}

/// A file name in the current directory, `{stem}-{n}.{ext}` for the first
/// `n` from 1 not taken yet.
pub fn fresh_path(stem: &str, ext: &str) -> PathBuf {
    (1..).map(|n| PathBuf::from(format!("{stem}-{n}.{ext}"))).find(|p| !p.exists()).expect("a free name")
}

/// A game file held under an exclusive lock until dropped, so that two
/// commands on the same game never interleave their read and write.
pub struct Locked {
    path: PathBuf,
    _lock: File,
}

/// A file beside `path` (`game.json` → `.game.json.lock`).
fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let name = path.file_name().map_or_else(|| "game".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{suffix}"))
}

impl Locked {
    /// Locks the game file at `path` (which need not exist yet).
    pub fn open(path: &Path) -> Result<Locked> {
        let lock_path = sidecar(path, "lock");
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .with_context(|| format!("'{}': cannot create the lock file", lock_path.display()))?;
        if lock.try_lock().is_err() {
            // Another command holds the game: say so, then wait for it.
            eprintln!("waiting for '{}': another arbiter command is using the game…", path.display());
            lock.lock().with_context(|| format!("'{}': cannot lock", lock_path.display()))?;
        }
        Ok(Locked { path: path.to_path_buf(), _lock: lock })
    }

    /// Reads the game record (not yet replayed).
    pub fn read(&self) -> Result<GameRecord> {
        let text = fs::read_to_string(&self.path).with_context(|| format!("'{}': cannot read", self.path.display()))?;
        RefereeFile::from_json(&text).map_err(|e| anyhow!("'{}': {e}", self.path.display()))
    }

    /// Writes the game atomically.
    pub fn write(&self, record: &GameRecord) -> Result<()> {
        write_atomic(&self.path, RefereeFile::to_json(record).as_bytes())
            .with_context(|| format!("'{}': cannot write", self.path.display()))
    }
}

/// Replaces the file at `path` with `bytes` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// Replaces the file at `path` with what `fill` writes into a fresh file
/// beside it; if `fill` fails, the old file is untouched.
fn write_atomic_with(path: &Path, fill: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let temp = sidecar(path, &format!("tmp{}", std::process::id()));
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).open(&temp)?;
    if let Err(e) = fill(&mut file).and_then(|()| file.sync_all()) {
        drop(file);
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    drop(file);
    fs::rename(&temp, path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("arbiter-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_interrupted_midway_leaves_the_previous_file_intact() {
        let dir = scratch_dir("interrupted");
        let path = dir.join("game.json");
        write_atomic(&path, b"{\"old\": true}\n").unwrap();
        let new = b"{\"new\": \"a much longer state that is only half written\"}\n";
        let result = write_atomic_with(&path, |file| {
            file.write_all(&new[..new.len() / 2])?;
            Err(io::Error::other("the disk is full"))
        });
        assert!(result.is_err());
        assert_eq!(fs::read(&path).unwrap(), b"{\"old\": true}\n");
        let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["game.json"], "no temporary file is left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_crash_before_the_rename_leaves_the_previous_file_and_the_next_write_works() {
        let dir = scratch_dir("crash");
        let path = dir.join("game.json");
        write_atomic(&path, b"old\n").unwrap();
        // What a process killed in the middle of its write leaves: a torn
        // temporary file beside the intact game.
        fs::write(sidecar(&path, &format!("tmp{}", std::process::id())), b"{\"torn").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"old\n");
        write_atomic(&path, b"new\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        fs::remove_dir_all(&dir).unwrap();
    }
}
