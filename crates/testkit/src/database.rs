//! A database of a test's own.

use crate::postgres;

/// A database of the test's own; a PostgreSQL one is dropped when this is
/// dropped (stop whatever uses it first: declare it before them).
pub struct TestDatabase {
    /// The URL to open it with (`sqlite://…`, `postgres://…`).
    pub url: String,
    /// Which kind, for messages: `sqlite` or `postgres`.
    pub kind: &'static str,
    _dir: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    /// A SQLite file (not made yet) in a fresh temporary folder.
    pub fn sqlite() -> TestDatabase {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("arbiter.db").display());
        TestDatabase { url, kind: "sqlite", _dir: Some(dir), postgres: None }
    }

    /// A new, empty PostgreSQL database, or `None` when `TEST_DATABASE_URL`
    /// is not set outside CI (`test` names the test in the line that says
    /// so).
    pub async fn postgres(test: &str) -> Option<TestDatabase> {
        let admin = postgres::postgres_url(test)?;
        let name = postgres::create_database(&admin).await;
        Some(TestDatabase {
            url: postgres::database_url(&admin, &name),
            kind: "postgres",
            _dir: None,
            postgres: Some((admin, name)),
        })
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((admin, name)) = self.postgres.take() else { return };
        // Drop may run inside the test's runtime (or while it unwinds): do
        // the dropping on a thread of its own with a runtime of its own.
        let dropping = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(postgres::drop_database(&admin, &name));
        });
        let _ = dropping.join();
    }
}
