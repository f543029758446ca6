//! The computer's searches, scheduled fairly between accounts.
//!
//! A game that waits for the computer (its move, or the plays of its
//! seats of a game of rounds) is queued under the account that created it.
//! Each account has a queue of its own, first come first served; the
//! accounts with work waiting take turns (round robin), and no account
//! runs more than `per_account` searches at once, however long its queue.
//! So:
//!
//! - at most `workers` searches run at once (one a core by default);
//! - a game waits behind at most one search of each other account with
//!   work waiting, and behind the earlier games of its own account;
//! - with `per_account` below `workers`, an account with nothing running
//!   finds a worker free or freed by the next search to end, however many
//!   searches other accounts have queued.
//!
//! A game is queued once however often it is asked for; a search that
//! finds nothing to do (someone moved meanwhile) does nothing.
//!
//! The scheduler is the state's ([`crate::state::AppState::searches`]);
//! the workers that run the searches are a job's.

pub mod waiting;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use arbiter_store::{AccountId, GameKey};
use tokio::sync::Notify;

/// The queues of searches, by account.
#[derive(Default)]
pub struct Queue {
    waiting: HashMap<AccountId, VecDeque<GameKey>>,
    /// Accounts with work waiting, in the order they are served.
    ring: VecDeque<AccountId>,
    running: HashMap<AccountId, usize>,
    /// Games queued (a game is queued once).
    queued: HashSet<GameKey>,
    per_account: usize,
}

impl Queue {
    /// An empty queue letting each account run `per_account` searches.
    pub fn new(per_account: usize) -> Queue {
        Queue { per_account: per_account.max(1), ..Queue::default() }
    }

    /// Queues a search of `game` for `owner`; false if it was queued
    /// already.
    pub fn push(&mut self, owner: AccountId, game: GameKey) -> bool {
        if !self.queued.insert(game.clone()) {
            return false;
        }
        let queue = self.waiting.entry(owner).or_default();
        if queue.is_empty() && !self.ring.contains(&owner) {
            self.ring.push_back(owner);
        }
        queue.push_back(game);
        true
    }

    /// The next search to run, if any may run now: the first account in
    /// turn with work waiting and room to run it, which then goes to the
    /// back of the turn. The search counts as running until
    /// [`Queue::finished`].
    pub fn take(&mut self) -> Option<(AccountId, GameKey)> {
        let position = self.ring.iter().position(|account| {
            self.running.get(account).copied().unwrap_or(0) < self.per_account
                && self.waiting.get(account).is_some_and(|q| !q.is_empty())
        })?;
        let account = self.ring.remove(position)?;
        let queue = self.waiting.get_mut(&account)?;
        let game = queue.pop_front()?;
        if queue.is_empty() {
            self.waiting.remove(&account);
        } else {
            self.ring.push_back(account);
        }
        self.queued.remove(&game);
        *self.running.entry(account).or_default() += 1;
        Some((account, game))
    }

    /// A search of `owner`'s has ended.
    pub fn finished(&mut self, owner: AccountId) {
        if let Some(n) = self.running.get_mut(&owner) {
            *n -= 1;
            if *n == 0 {
                self.running.remove(&owner);
            }
        }
    }

    /// Searches waiting.
    pub fn queued(&self) -> usize {
        self.queued.len()
    }

    /// Searches waiting for `owner`.
    pub fn queued_for(&self, owner: AccountId) -> usize {
        self.waiting.get(&owner).map_or(0, VecDeque::len)
    }

    /// Searches running.
    pub fn running(&self) -> usize {
        self.running.values().sum()
    }
}

/// The scheduler a server's workers take searches from.
#[derive(Clone)]
pub struct Searches {
    queue: Arc<Mutex<Queue>>,
    wake: Arc<Notify>,
    workers: usize,
}

impl Searches {
    /// A scheduler for `workers` workers, each account running at most
    /// `per_account` searches at once.
    pub fn new(workers: usize, per_account: usize) -> Searches {
        Searches {
            queue: Arc::new(Mutex::new(Queue::new(per_account))),
            wake: Arc::new(Notify::new()),
            workers: workers.max(1),
        }
    }

    /// How many searches run at once at most.
    pub fn workers(&self) -> usize {
        self.workers
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a search of `game` for `owner` (once, however often asked).
    pub fn submit(&self, owner: AccountId, game: GameKey) {
        if self.lock().push(owner, game) {
            self.wake.notify_waiters();
            self.wake.notify_one();
        }
    }

    /// Waits for the next search a worker may run.
    pub async fn next(&self) -> (AccountId, GameKey) {
        loop {
            let woken = self.wake.notified();
            if let Some(next) = self.lock().take() {
                return next;
            }
            woken.await;
        }
    }

    /// A search of `owner`'s has ended: another may start.
    pub fn finished(&self, owner: AccountId) {
        self.lock().finished(owner);
        self.wake.notify_waiters();
        self.wake.notify_one();
    }

    /// Searches waiting.
    pub fn queued(&self) -> usize {
        self.lock().queued()
    }

    /// Searches waiting for `owner`.
    pub fn queued_for(&self, owner: AccountId) -> usize {
        self.lock().queued_for(owner)
    }

    /// Searches running.
    pub fn running(&self) -> usize {
        self.lock().running()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> GameKey {
        GameKey(name.into())
    }

    #[test]
    fn accounts_take_turns_and_a_game_is_queued_once() {
        let (hog, other) = (AccountId(1), AccountId(2));
        let mut queue = Queue::new(2);
        for i in 0..40 {
            assert!(queue.push(hog, game(&format!("hog{i}"))));
        }
        assert!(!queue.push(hog, game("hog3")), "queued already");
        assert!(queue.push(other, game("mine")));
        assert_eq!(queue.take(), Some((hog, game("hog0"))));
        // The other account's game comes next, not the hog's 39 others.
        assert_eq!(queue.take(), Some((other, game("mine"))));
        assert_eq!(queue.take(), Some((hog, game("hog1"))));
        // The hog runs two already: nothing more may start for it.
        assert_eq!(queue.take(), None);
        assert_eq!((queue.running(), queue.queued(), queue.queued_for(hog)), (3, 38, 38));
        queue.finished(hog);
        assert_eq!(queue.take(), Some((hog, game("hog2"))));
        // A game taken may be queued again (it needs another search).
        assert!(queue.push(other, game("mine")));
    }

    #[test]
    fn one_search_an_account_leaves_a_worker_for_others() {
        let (hog, late) = (AccountId(1), AccountId(2));
        let mut queue = Queue::new(1);
        for i in 0..10 {
            queue.push(hog, game(&format!("hog{i}")));
        }
        assert_eq!(queue.take().map(|t| t.0), Some(hog));
        assert_eq!(queue.take(), None, "the hog has its one running");
        queue.push(late, game("late"));
        assert_eq!(queue.take(), Some((late, game("late"))), "the second worker serves the late account at once");
        queue.finished(hog);
        queue.finished(late);
        assert_eq!(queue.take(), Some((hog, game("hog1"))));
    }

    #[test]
    fn three_accounts_are_served_in_turn() {
        let mut queue = Queue::new(5);
        for (account, n) in [(1, 3), (2, 2), (3, 1)] {
            for i in 0..n {
                queue.push(AccountId(account), game(&format!("{account}-{i}")));
            }
        }
        let order: Vec<i64> = std::iter::from_fn(|| queue.take()).map(|(a, _)| a.0).collect();
        assert_eq!(order, vec![1, 2, 3, 1, 2, 1]);
    }

    #[tokio::test]
    async fn workers_wait_for_work_and_are_woken() {
        let searches = Searches::new(2, 1);
        let waiting = {
            let searches = searches.clone();
            tokio::spawn(async move { searches.next().await })
        };
        tokio::task::yield_now().await;
        searches.submit(AccountId(7), game("g"));
        let taken = tokio::time::timeout(std::time::Duration::from_secs(5), waiting).await.unwrap().unwrap();
        assert_eq!(taken, (AccountId(7), game("g")));
        assert_eq!(searches.running(), 1);
        searches.finished(AccountId(7));
        assert_eq!(searches.running(), 0);
    }
}
