//! Builds the browser client (`web/`) with the machine's Node.js and npm
//! into `$OUT_DIR/dist`, which `src/lib.rs` embeds, and writes a gzip copy
//! of each compressible file beside it. `ARBITER_WEB_DIST` names a client
//! built already, and then Node is not needed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let web = manifest.join("../../web");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("dist");
    println!("cargo:rerun-if-env-changed=ARBITER_WEB_DIST");
    for watched in ["src", "index.html", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"] {
        println!("cargo:rerun-if-changed={}", web.join(watched).display());
    }

    if let Ok(dist) = std::env::var("ARBITER_WEB_DIST") {
        let dist = PathBuf::from(dist);
        if !dist.join("index.html").is_file() {
            fail(&format!(
                "ARBITER_WEB_DIST={}: no index.html there; build the client with 'npm run build' in web/",
                dist.display()
            ));
        }
        let _ = fs::remove_dir_all(&out);
        copy_dir(&dist, &out);
    } else {
        build_with_npm(&web, &out);
    }
    compress(&out);
}

/// Stops the build with `message`, which cargo shows.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

fn npm() -> &'static str {
    if cfg!(windows) { "npm.cmd" } else { "npm" }
}

/// Runs `npm ci` when the installed packages are older than the lock
/// file, then `npm run build` into `out`.
fn build_with_npm(web: &Path, out: &Path) {
    const NEED: &str = "the browser client needs Node.js 20 or later and npm to build: install them \
                        (Debian: apt-get install nodejs npm), or set ARBITER_WEB_DIST to a built client folder";
    let version = Command::new("node").arg("--version").output();
    let major = match version {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout)
            .trim()
            .trim_start_matches('v')
            .split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok())
            .unwrap_or(0),
        _ => fail(&format!("node was not found; {NEED}")),
    };
    if major < 20 {
        fail(&format!("node {major} is too old; {NEED}"));
    }
    let lock = web.join("package-lock.json");
    let installed = web.join("node_modules/.package-lock.json");
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let stale = match (modified(&installed), modified(&lock)) {
        (Some(have), Some(want)) => have < want,
        _ => true,
    };
    if stale {
        run(Command::new(npm()).args(["ci", "--no-audit", "--no-fund"]).current_dir(web), "npm ci", NEED);
    }
    run(Command::new(npm()).args(["run", "build"]).env("ARBITER_WEB_OUT", out).current_dir(web), "npm run build", NEED);
    if !out.join("index.html").is_file() {
        fail(&format!("'npm run build' wrote no index.html to {}", out.display()));
    }
}

fn run(command: &mut Command, what: &str, need: &str) {
    match command.output() {
        Ok(o) if o.status.success() => {}
        Ok(o) => fail(&format!(
            "'{what}' in web/ failed ({}):\n{}{}",
            o.status,
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )),
        Err(e) => fail(&format!("'{what}' could not be run ({e}); {need}")),
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| fail(&format!("{}: {e}", to.display())));
    for entry in fs::read_dir(from).unwrap_or_else(|e| fail(&format!("{}: {e}", from.display()))) {
        let entry = entry.unwrap_or_else(|e| fail(&e.to_string()));
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            fs::copy(&path, &target).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        }
    }
}

/// Writes `<file>.gz` beside every HTML, JavaScript, CSS, SVG and JSON file.
fn compress(dir: &Path) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display()))) {
        let path = entry.unwrap_or_else(|e| fail(&e.to_string())).path();
        if path.is_dir() {
            compress(&path);
            continue;
        }
        let compressible =
            matches!(path.extension().and_then(|e| e.to_str()), Some("html" | "js" | "css" | "svg" | "json" | "txt"));
        if !compressible {
            continue;
        }
        let bytes = fs::read(&path).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(&bytes).unwrap_or_else(|e| fail(&e.to_string()));
        let gz = encoder.finish().unwrap_or_else(|e| fail(&e.to_string()));
        let mut name = path.as_os_str().to_owned();
        name.push(".gz");
        fs::write(PathBuf::from(name), gz).unwrap_or_else(|e| fail(&e.to_string()));
    }
}
