//! Statements run straight on a test's database, as an operator's hand
//! would (a row altered, rows made in bulk).

use sqlx::Connection;

/// Runs `statements` in order on the database at `url` (`sqlite:…` or
/// `postgres://…`), each of which must succeed.
pub async fn run_sql(url: &str, statements: &[String]) {
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await.unwrap();
        for st in statements {
            sqlx::query(sqlx::AssertSqlSafe(st.as_str())).execute(&mut c).await.unwrap();
        }
    } else {
        let mut c = sqlx::PgConnection::connect(url).await.unwrap();
        for st in statements {
            sqlx::query(sqlx::AssertSqlSafe(st.as_str())).execute(&mut c).await.unwrap();
        }
    }
}
