//! The engine a bot plays with: a child process that speaks the engine
//! protocol (PROTOCOL.md) on its standard input and output. It is started
//! when first needed, and again after it dies or stops answering.

use std::process::Stdio;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long an answer to anything but `go` may take.
const QUICK: Duration = Duration::from_secs(20);

/// How to start the engine: a program and its arguments.
#[derive(Clone, Debug)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl EngineCommand {
    /// The command line `text`: words separated by spaces (no quoting).
    pub fn parse(text: &str) -> Result<EngineCommand> {
        let mut words = text.split_whitespace().map(str::to_string);
        let program = words.next().ok_or_else(|| anyhow!("'--engine': give a program to run"))?;
        Ok(EngineCommand { program, args: words.collect() })
    }

    /// This program's own engine: `<this executable> engine`.
    pub fn own() -> Result<EngineCommand> {
        let exe = std::env::current_exe().context("this program's own path, to run its engine")?;
        Ok(EngineCommand { program: exe.to_string_lossy().into_owned(), args: vec!["engine".into()] })
    }

    /// The command as a log shows it.
    pub fn shown(&self) -> String {
        std::iter::once(self.program.as_str()).chain(self.args.iter().map(String::as_str)).collect::<Vec<_>>().join(" ")
    }
}

/// A running engine.
struct Running {
    child: Child,
    input: ChildStdin,
    output: Lines<BufReader<ChildStdout>>,
}

/// The engine, started on demand.
pub struct Engine {
    command: EngineCommand,
    running: Option<Running>,
    starts: u64,
}

impl Engine {
    /// An engine started by `command` when it is first asked something.
    pub fn new(command: EngineCommand) -> Engine {
        Engine { command, running: None, starts: 0 }
    }

    /// Starts the engine if it is not running.
    fn start(&mut self) -> Result<&mut Running> {
        if let Some(running) = &mut self.running
            && running.child.try_wait().ok().flatten().is_none()
        {
            return Ok(self.running.as_mut().expect("running"));
        }
        if self.running.take().is_some() {
            tracing::warn!(engine = %self.command.shown(), "the engine died; starting it again");
        }
        let mut child = Command::new(&self.command.program)
            .args(&self.command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("'{}': the engine does not start", self.command.shown()))?;
        let input = child.stdin.take().ok_or_else(|| anyhow!("the engine's standard input"))?;
        let output =
            BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("the engine's standard output"))?).lines();
        tracing::info!(engine = %self.command.shown(), pid = child.id().unwrap_or(0), "engine started");
        self.starts += 1;
        Ok(self.running.insert(Running { child, input, output }))
    }

    /// How many times the engine was started.
    pub fn starts(&self) -> u64 {
        self.starts
    }

    /// Whether the engine is running (it is stopped after it fails).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Stops the engine (it is started again when next needed).
    pub async fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.input.write_all(b"quit\n").await;
            if tokio::time::timeout(Duration::from_secs(2), running.child.wait()).await.is_err() {
                let _ = running.child.kill().await;
            }
        }
    }

    /// Sends `command` and reads its answer's text, within `within`
    /// (`QUICK` when `None`); a failure answer (`?`) is an error naming
    /// it. An engine that dies or does not answer in time is stopped, to
    /// be started again for the next command.
    pub async fn ask(&mut self, command: &str, within: Option<Duration>) -> Result<String> {
        let within = within.unwrap_or(QUICK);
        let running = self.start()?;
        let exchange = async {
            running.input.write_all(format!("{command}\n").as_bytes()).await?;
            running.input.flush().await?;
            let mut answer: Vec<String> = Vec::new();
            loop {
                match running.output.next_line().await? {
                    None => bail!("the engine closed its output"),
                    Some(line) if line.trim().is_empty() && !answer.is_empty() => break,
                    Some(line) if line.trim().is_empty() => {}
                    Some(line) => answer.push(line),
                }
            }
            Ok(answer)
        };
        let answer = match tokio::time::timeout(within, exchange).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => {
                self.kill().await;
                return Err(e.context(format!("'{command}': the engine failed")));
            }
            Err(_) => {
                self.kill().await;
                bail!("'{command}': the engine gave no answer within {within:?}");
            }
        };
        let first = answer.first().map(String::as_str).unwrap_or_default();
        let rest = first.get(1..).unwrap_or_default().trim();
        match first.chars().next() {
            Some('=') => Ok(rest.to_string()),
            Some('?') => bail!("'{command}': the engine refused: {rest}"),
            _ => {
                self.kill().await;
                bail!("'{command}': the engine answered '{first}', which is not the protocol")
            }
        }
    }

    async fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.kill().await;
        }
    }
}
