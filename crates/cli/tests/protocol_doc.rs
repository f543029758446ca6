//! The worked sessions of `docs/PROTOCOL.md` are replayed against the
//! engine: every answer printed there is the engine's answer, to the
//! character, so the document cannot drift from the program.

mod support;

use support::{arbiter_with_input, stdout};

/// One worked session: its title, the commands sent, the answers shown.
struct Session {
    title: String,
    commands: Vec<String>,
    answers: Vec<String>,
}

/// The sessions of the document: each code block under a heading that
/// starts `## A worked session`. In a block, `> ` lines are sent, `info`
/// lines are standard error, and each answer runs to the next empty line.
fn sessions(doc: &str) -> Vec<Session> {
    let mut out = Vec::new();
    let mut title = None;
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if let Some(t) = line.strip_prefix("## ") {
            title = t.starts_with("A worked session").then(|| t.to_string());
        } else if line == "```"
            && let Some(t) = title.take()
        {
            let mut session = Session { title: t, commands: Vec::new(), answers: Vec::new() };
            let mut answer: Vec<&str> = Vec::new();
            for l in lines.by_ref().take_while(|l| *l != "```") {
                if let Some(command) = l.strip_prefix("> ") {
                    session.commands.push(command.to_string());
                } else if l.is_empty() {
                    if !answer.is_empty() {
                        session.answers.push(answer.join("\n"));
                        answer.clear();
                    }
                } else if !l.starts_with("info ") {
                    answer.push(l);
                }
            }
            if !answer.is_empty() {
                session.answers.push(answer.join("\n"));
            }
            out.push(session);
        }
    }
    out
}

#[test]
fn every_worked_session_replays_exactly() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/PROTOCOL.md")).unwrap();
    let sessions = sessions(&doc);
    let titles: Vec<&str> = sessions.iter().map(|s| s.title.as_str()).collect();
    for game in ["A•G•O•G", "Ogama", "Sage Tafl", "Single Capture Go"] {
        assert!(titles.iter().any(|t| t.ends_with(game)), "no worked session for {game}: {titles:?}");
    }
    for session in &sessions {
        assert_eq!(session.commands.len(), session.answers.len(), "{}: one answer per command", session.title);
        let input = session.commands.join("\n") + "\n";
        let out = stdout(&arbiter_with_input(&["engine"], &input));
        let answers: Vec<&str> = out.split_terminator("\n\n").collect();
        for (i, command) in session.commands.iter().enumerate() {
            assert_eq!(answers.get(i).copied(), Some(session.answers[i].as_str()), "{}: '{command}'", session.title);
        }
        assert_eq!(answers.len(), session.commands.len(), "{}", session.title);
    }
}
