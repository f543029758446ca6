//! A test binary made of one module per file (`tests/<name>/main.rs`
//! naming each `tests/<name>/<file>.rs`) checks with
//! [`files_not_named_as_modules`] that no file of its folder was left out:
//! one left out would compile nowhere and its tests would never run.

use std::path::Path;

/// The `.rs` files of `folder` (other than `main.rs`) that its `main.rs`
/// does not declare with a line `mod <file>;`.
pub fn files_not_named_as_modules(folder: &Path) -> Vec<String> {
    let main = std::fs::read_to_string(folder.join("main.rs"))
        .unwrap_or_else(|e| panic!("{}: {e}", folder.join("main.rs").display()));
    let entries = std::fs::read_dir(folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
    let mut missing: Vec<String> = entries
        .map(|entry| entry.expect("a folder entry").file_name().to_string_lossy().into_owned())
        .filter(|name| match name.strip_suffix(".rs") {
            Some(module) => module != "main" && !main.lines().any(|line| line.trim() == format!("mod {module};")),
            None => false,
        })
        .collect();
    missing.sort();
    missing
}

#[cfg(test)]
mod tests {
    use super::files_not_named_as_modules;

    #[test]
    fn a_file_left_out_of_main_is_named() {
        let folder = tempfile::tempdir().unwrap();
        std::fs::write(folder.path().join("main.rs"), "mod support;\n\nmod kept;\n").unwrap();
        for file in ["kept.rs", "forgotten.rs", "notes.txt"] {
            std::fs::write(folder.path().join(file), "").unwrap();
        }
        std::fs::create_dir(folder.path().join("support")).unwrap();
        assert_eq!(files_not_named_as_modules(folder.path()), vec!["forgotten.rs".to_string()]);
    }
}
