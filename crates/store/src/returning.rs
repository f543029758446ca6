//! Statements that change rows and return them (`… RETURNING`), run on
//! the pool rather than in a transaction of the caller's. On SQLite such
//! a statement commits when it has run to its end, and a commit that
//! fails there (the disk full) is told only to the step that reaches the
//! end: reading the first row and dropping the statement would take the
//! row as stored while SQLite rolls it back. So every row is read
//! (`fetch_all`) and the first taken from them.

/// The first of `rows`; none is sqlx's `RowNotFound`, as `fetch_one`.
pub(crate) fn one<T>(rows: Vec<T>) -> Result<T, sqlx::Error> {
    rows.into_iter().next().ok_or(sqlx::Error::RowNotFound)
}

/// The first of `rows`, if any, as `fetch_optional`.
pub(crate) fn first<T>(rows: Vec<T>) -> Option<T> {
    rows.into_iter().next()
}
