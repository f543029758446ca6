//! Password hashing (Argon2id, 19 MiB and tens of milliseconds of a core
//! each) on a few threads of its own, never on the async threads and
//! never more at once than the limit: a flood of sign-ups or sign-ins
//! cannot take the server's memory or every core. Work beyond what the
//! queue holds is refused at once with a 429.
//!
//! The threads are few and fixed, so the memory each hash takes is reused
//! from one hash to the next (the allocator keeps a thread's freed blocks
//! for that thread) instead of being spread over many threads and kept by
//! each.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use tokio::sync::oneshot;

use crate::error::ApiError;

/// The pool of hashing threads.
#[derive(Clone)]
pub struct Hasher {
    pool: Arc<rayon::ThreadPool>,
    /// Hashes queued or under way.
    pending: Arc<AtomicUsize>,
    /// Hashes under way.
    running: Arc<AtomicUsize>,
    /// The most under way at once so far.
    peak: Arc<AtomicUsize>,
    /// Hashes allowed pending at once: those under way and those queued.
    most: usize,
}

impl Hasher {
    /// A pool hashing `at_once` passwords at once with at most `queue`
    /// more waiting.
    pub fn new(at_once: usize, queue: usize) -> Hasher {
        let at_once = at_once.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(at_once)
            .thread_name(|i| format!("arbiter-hash-{i}"))
            .build()
            .or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build())
            .expect("a thread to hash passwords on");
        Hasher {
            pool: Arc::new(pool),
            pending: Arc::new(AtomicUsize::new(0)),
            running: Arc::new(AtomicUsize::new(0)),
            peak: Arc::new(AtomicUsize::new(0)),
            most: at_once + queue,
        }
    }

    /// The most hashes computed at once so far.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// Runs `work` on a hashing thread, or refuses at once when the queue
    /// is full.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let now = self.pending.fetch_add(1, Ordering::AcqRel) + 1;
        let _pending = Pending(self.pending.clone());
        if now > self.most {
            return Err(crate::limits::too_many(
                "the server is checking too many passwords at once",
                Duration::from_secs(2),
            ));
        }
        let (tell, told) = oneshot::channel();
        let (running, peak) = (self.running.clone(), self.peak.clone());
        self.pool.spawn(move || {
            peak.fetch_max(running.fetch_add(1, Ordering::AcqRel) + 1, Ordering::Relaxed);
            let done = work();
            running.fetch_sub(1, Ordering::AcqRel);
            let _ = tell.send(done);
        });
        told.await.map_err(|_| ApiError::internal("checking the password"))
    }

    /// Hashes `password` with Argon2id.
    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.run(move || {
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| ApiError::malformed(format!("the password cannot be hashed: {e}")))
        })
        .await?
    }

    /// Whether `password` matches `hash`.
    pub async fn verify(&self, password: String, hash: String) -> Result<bool, ApiError> {
        self.run(move || {
            PasswordHash::new(&hash)
                .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        })
        .await
    }

    /// Checks `password` against a hash nobody has, so that a wrong name
    /// takes as long as a wrong password.
    pub async fn verify_nobody(&self, password: String) -> Result<(), ApiError> {
        static NOBODY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let hash = match NOBODY.get() {
            Some(h) => h.clone(),
            None => {
                // A password nobody knows: random bytes, never kept.
                use argon2::password_hash::rand_core::{OsRng, RngCore};
                let mut secret = [0u8; 32];
                OsRng.fill_bytes(&mut secret);
                let h = self.hash(secret.iter().map(|b| format!("{b:02x}")).collect()).await?;
                NOBODY.get_or_init(|| h).clone()
            }
        };
        self.verify(password, hash).await.map(|_| ())
    }
}

/// One pending hash, counted until dropped.
struct Pending(Arc<AtomicUsize>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hasher = Hasher::new(1, 4);
        let hash = hasher.hash("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(hasher.verify("correct horse".into(), hash.clone()).await.unwrap());
        assert!(!hasher.verify("wrong horse".into(), hash).await.unwrap());
        assert!(!hasher.verify("x".into(), "not a hash".into()).await.unwrap());
        hasher.verify_nobody("anything".into()).await.unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn beyond_the_queue_hashing_is_refused_at_once() {
        let hasher = Hasher::new(1, 2);
        let tasks: Vec<_> = (0..12)
            .map(|i| {
                let hasher = hasher.clone();
                tokio::spawn(async move { hasher.hash(format!("password {i}")).await })
            })
            .collect();
        let mut refused = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => {}
                Err(e) => {
                    assert_eq!(e.code, arbiter_api::ErrorCode::TooManyRequests);
                    assert_eq!(e.retry_after, Some(2));
                    refused += 1;
                }
            }
        }
        assert!(refused >= 1, "12 at once with room for 3: some are refused");
        assert!(refused <= 9, "3 are hashed");
        assert_eq!(hasher.peak(), 1, "one hashed at a time");
    }
}
