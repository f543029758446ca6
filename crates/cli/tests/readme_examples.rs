//! The README's examples run as written: every line of its `sh` code
//! blocks that starts `arbiter ` (all blocks but the first, which builds
//! and tests the workspace) is run with the built binary, in order, in one
//! fresh directory, so that an example may read a file an earlier one
//! wrote. Each must exit 0, and where its comment states a fact that is
//! cheap and certain to check, the fact is checked.
//!
//! Two things differ from a person typing the examples. Standard input is
//! not a terminal: `play` examples get a few scripted moves then `quit`
//! (the table [`SCRIPTS`]), and `engine` gets `quit`. And the self-play
//! examples (`arena`, `ladder`, `analyse`) run with `--games 2` instead of
//! the README's count, which takes minutes; nothing else is changed.

mod support;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use support::{scratch, stderr, stdout};

/// The examples of the README, each as its line without the comment.
fn examples(readme: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() == "```sh" {
            blocks.push(lines.by_ref().take_while(|l| l.trim_end() != "```").collect::<Vec<_>>());
        }
    }
    assert!(blocks.len() > 1, "the README has no `sh` blocks of examples");
    blocks.iter().skip(1).flatten().filter(|l| l.starts_with("arbiter ")).map(|l| split(l).1.to_string()).collect()
}

/// The words of a command line, split as the shell splits them, and the
/// line without its comment: blanks separate words, single and double
/// quotes group them, and a `#` that starts a word starts a comment, which
/// runs to the end of the line. Anything else the shell would read
/// specially is refused, since an example is one plain command.
fn split(line: &str) -> (Vec<String>, &str) {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut end = line.len();
    let mut chars = line.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            ' ' | '\t' => out.extend(word.take()),
            '#' if word.is_none() => {
                end = i;
                break;
            }
            '\'' | '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, q)) if q == c => break,
                        Some((_, x)) => w.push(x),
                        None => panic!("unterminated quote in `{line}`"),
                    }
                }
            }
            '\\' | '$' | '`' | '|' | '&' | ';' | '<' | '>' | '(' | ')' | '*' | '?' => {
                panic!("`{line}`: `{c}` outside quotes; an example is one plain command")
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    (out, line[..end].trim_end())
}

/// The words of a command line, as [`split`] finds them.
fn words(line: &str) -> Vec<String> {
    split(line).0
}

/// The moves typed into each `play` example, then `quit`: a couple of
/// legal moves between people, one move against the computer. Red's
/// `d8-d7` in Sage Tafl is legal whatever Black's first move.
const SCRIPTS: &[(&str, &[&str])] = &[
    ("arbiter play sage --as second --level 7", &["d8-d7"]),
    ("arbiter play ogama --seed 12", &["T@a2", "T@a1"]),
    ("arbiter play agog --variant classic --white Ann --black Bo --save ann-bo.txt", &["e2-e3", "f5-f4"]),
    ("arbiter play scg --players 4 --as A --level 5", &["d4"]),
    ("arbiter play agog --from ann-bo.txt --as white", &["e3-e4"]),
];

/// A check of what an example printed (its standard output) or left in
/// the directory it ran in.
type Check = fn(&str, &Path);

/// The record a `play` example saved, as text.
fn saved_record(out: &str, dir: &Path) -> String {
    let path = out.lines().find_map(|l| l.rsplit_once("Record saved to ")).expect("a record saved").1;
    std::fs::read_to_string(dir.join(path)).expect("the saved record")
}

/// The facts the README's comments state, by example.
const FACTS: &[(&str, Check)] = &[
    ("arbiter play sage --as second --level 7", |out, _| {
        let (before, _) = out.split_once("Red to move>").expect("Red is asked for a move");
        assert!(before.contains("Black (Arbiter level 7) plays "), "the computer moves first, as Black: {out}");
    }),
    ("arbiter play agog --from ann-bo.txt --as white", |out, dir| {
        let record = saved_record(out, dir);
        assert!(record.contains("[White \"Ann\"]") && record.contains("1. 2e3 5f4 2. "), "{record}");
        assert!(record.contains("[Black \"Arbiter level 5\"]"), "{record}");
    }),
    ("arbiter play ogama --seed 12", |out, dir| {
        assert!(saved_record(out, dir).contains("[Seed \"12\"]"), "{out}");
    }),
    ("arbiter play agog --variant classic --white Ann --black Bo --save ann-bo.txt", |out, dir| {
        assert!(out.contains("Record saved to ann-bo.txt"), "{out}");
        assert!(dir.join("ann-bo.txt").is_file());
    }),
    ("arbiter moves agog", |out, _| {
        let moves: Vec<&str> = out.lines().collect();
        assert_eq!(moves.len(), 12, "{out}");
        assert!(moves.iter().all(|m| m.len() == 5 && &m[2..3] == "-"), "long form: {out}");
        assert!(moves.is_sorted(), "byte order: {out}");
    }),
    ("arbiter perft agog 6", |out, _| {
        assert_eq!(out.lines().next(), Some("3454546"), "{out}");
        assert!(out.contains("nodes per second"), "{out}");
    }),
    ("arbiter --json perft sage 5", |out, _| {
        assert!(out.starts_with(r#"{"depth":5,"nodes":6123780,"seconds":"#), "{out}");
        serde_json::from_str::<serde_json::Value>(out).expect("one JSON object");
    }),
    ("arbiter apply agog e2-e3 6e5", |out, _| {
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].ends_with(" w 0 0"), "{out}");
        assert_eq!(lines[1], "ongoing");
    }),
    ("arbiter apply ogama --seed 1 T@a2 T@a1", |out, _| {
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert_eq!(lines[0].matches('*').count(), 2, "two toads: {out}");
        assert_eq!(lines[1], "ongoing");
    }),
    ("arbiter show agog --handicap 3", |out, _| {
        let board = out.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit()));
        let golems: usize = board.map(|l| l.matches('g').count()).sum();
        assert_eq!(golems, 20 - 3, "Black's golems: {out}");
    }),
    ("arbiter show sage --position '8/8/8/8/2A1S3/8/8/8/8 r -s 4-1'", |out, _| {
        assert!(out.contains("river"), "{out}");
        assert!(out.contains("Red's tower (Sage in)") && out.contains("Black's tower (empty)"), "{out}");
        assert!(out.contains("Score: Black 4, Red 1"), "{out}");
    }),
    ("arbiter record ann-bo.txt --to long", |out, _| {
        assert!(out.contains("[White \"Ann\"]") && out.contains("[Black \"Bo\"]"), "{out}");
        assert!(out.contains("1. e2-e3 f5-f4 "), "the moves played, in long form: {out}");
    }),
    ("arbiter scg new game.json --players Alice,Bob,Carol", |out, dir| {
        assert!(out.contains("Players: A (Alice), B (Bob), C (Carol)."), "{out}");
        assert!(out.contains("Round 1 begins now.") && out.contains(" by "), "{out}");
        assert!(dir.join("game.json").is_file());
    }),
    ("arbiter scg play game.json --as Carol e6", |out, _| {
        assert_eq!(out.trim_end(), "Received C (Carol)'s play e6.");
    }),
    ("arbiter scg status game.json --as Carol", |out, _| {
        assert!(out.contains("Your play, C (Carol): e6"), "Carol sees her play: {out}");
    }),
    ("arbiter scg close game.json --force", |out, _| {
        assert!(out.contains("results of round 1"), "{out}");
        assert!(out.contains("C (Carol)  e6   placed"), "{out}");
    }),
    ("arbiter play scg --players 4 --as A --level 5", |out, _| {
        for bot in ["B", "C", "D"] {
            assert!(out.contains(&format!("{bot} (computer, level 5)")), "{out}");
        }
    }),
    ("arbiter apply scg --players ABC A:c3,B:c3,C:d4", |out, _| {
        assert_eq!(out, "....../....../..@.../...C../....../...... ABC\nongoing\n");
    }),
    ("arbiter ladder ogama --games 100 --to 6", |out, _| {
        assert!(out.contains("| 2 vs 1 |") && out.contains("| 6 vs 5 |"), "{out}");
        assert!(!out.contains("| 7 vs 6 |"), "{out}");
    }),
    ("arbiter analyse agog --games 200 --handicap-steps 3 --svg agog.svg", |_, dir| {
        assert!(dir.join("agog.svg").is_file());
    }),
];

/// The command of an example's arguments: the first that is no option.
fn command_of(args: &[String]) -> &str {
    args.iter().find(|a| !a.starts_with('-')).map_or("", String::as_str)
}

/// Standard input for an example: scripted moves for `play`, `quit` for
/// the engine, nothing otherwise.
fn input_for(example: &str, args: &[String]) -> String {
    match command_of(args) {
        "play" => {
            let Some((_, moves)) = SCRIPTS.iter().find(|(e, _)| *e == example) else {
                panic!("`{example}`: no scripted moves for this `play` example in SCRIPTS");
            };
            moves.iter().map(|m| format!("{m}\n")).collect::<String>() + "quit\n"
        }
        "engine" => "quit\n".to_string(),
        _ => String::new(),
    }
}

/// The arguments an example runs with: its own, except that a self-play
/// example plays two games.
fn arguments(words: &[String]) -> Vec<String> {
    let mut args: Vec<String> = words[1..].to_vec();
    let self_play = ["arena", "ladder", "analyse"].contains(&command_of(&args));
    for i in 0..args.len() {
        if self_play && args[i].starts_with("--games=") {
            args[i] = "--games=2".to_string();
        } else if self_play && i > 0 && args[i - 1] == "--games" {
            args[i] = "2".to_string();
        }
    }
    args
}

/// Runs `args` in `dir` with `input` on standard input.
fn run(dir: &Path, args: &[String], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env_remove("ARBITER_NOW")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // An example that refuses at once exits before reading its input.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    child.wait_with_output().unwrap()
}

#[test]
fn the_splitter_reads_quotes_and_comments_as_the_shell_does() {
    assert_eq!(words("arbiter moves agog   # the 12 moves"), ["arbiter", "moves", "agog"]);
    assert_eq!(
        words("arbiter show sage --position '8/8 r -s' # x"),
        ["arbiter", "show", "sage", "--position", "8/8 r -s"]
    );
    assert_eq!(words(r#"arbiter a"b c"d 'e#f' g#h"#), ["arbiter", "ab cd", "e#f", "g#h"]);
    assert_eq!(words("arbiter ''"), ["arbiter", ""]);
    assert_eq!(split("arbiter show 'a # b'   # c").1, "arbiter show 'a # b'");
}

#[test]
fn every_readme_example_runs_as_written() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let examples = examples(&readme);
    for example in FACTS.iter().map(|(e, _)| e).chain(SCRIPTS.iter().map(|(e, _)| e)) {
        assert!(examples.contains(&example.to_string()), "`{example}` is no longer an example: {examples:#?}");
    }
    let dir = scratch("readme-examples");
    for example in &examples {
        let words = words(example);
        let args = arguments(&words);
        let o = run(&dir, &args, &input_for(example, &args));
        let (out, err) = (stdout(&o), stderr(&o));
        let report = format!("`{example}` (run as `arbiter {}`)\n--- stdout\n{out}\n--- stderr\n{err}", args.join(" "));
        assert!(o.status.success(), "exit status {:?}: {report}", o.status.code());
        if command_of(&args) == "play" {
            assert!(!out.contains("Illegal"), "a scripted move was refused: {report}");
            let saved = out.lines().find_map(|l| l.rsplit_once("Record saved to ")).map(|(_, p)| p);
            let saved = saved.unwrap_or_else(|| panic!("no record saved: {report}"));
            assert!(dir.join(saved).is_file(), "no file {saved}: {report}");
        }
        if let Some((_, check)) = FACTS.iter().find(|(e, _)| e == example) {
            let checked = std::panic::catch_unwind(|| check(&out, &dir));
            assert!(checked.is_ok(), "the README's comment does not hold: {report}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
