//! A list that grows at its end and is shared by its copies: each copy is
//! the first `len` items of one store. A copy made to add the next item
//! (a game's next version) adds it to the store in place when it ends
//! where the store does, so a copy and a push cost the same at item 300
//! as at item 3 and copy nothing; the versions behind it keep reading
//! their own first items. A copy that no longer ends where the store does
//! (one taken back, or one that lost a race to add) gets a store of its
//! own when it adds, unless it is the only holder of the store, which it
//! then cuts back in place.

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Items in the store's first bucket; each next bucket holds twice the one
/// before, so the buckets never move and readers never wait.
const FIRST_BUCKET: usize = 16;

/// Buckets a store has room for (16 × (2³² − 1) items).
const BUCKETS: usize = 32;

/// A growing list shared by its copies (see the module's doc).
pub struct SharedLog<T> {
    store: Arc<Store<T>>,
    len: usize,
}

/// Items kept once for every copy: each slot is written once, under the
/// lock that counts them, and read without it.
struct Store<T> {
    buckets: [OnceLock<Box<[OnceLock<T>]>>; BUCKETS],
    /// How many items the store holds.
    len: Mutex<usize>,
}

/// The bucket of item `index` and its place in it.
fn place(index: usize) -> (usize, usize) {
    let run = index / FIRST_BUCKET + 1;
    let bucket = (usize::BITS - 1 - run.leading_zeros()) as usize;
    (bucket, index - FIRST_BUCKET * ((1 << bucket) - 1))
}

impl<T> Store<T> {
    fn new() -> Store<T> {
        Store { buckets: std::array::from_fn(|_| OnceLock::new()), len: Mutex::new(0) }
    }

    /// Item `index`, if it was written.
    fn get(&self, index: usize) -> Option<&T> {
        let (bucket, at) = place(index);
        self.buckets.get(bucket)?.get()?.get(at)?.get()
    }

    /// Writes `item` at `index` (the store's length, under its lock).
    fn write(&self, index: usize, item: T) {
        let (bucket, at) = place(index);
        let Some(slots) = self.buckets.get(bucket) else { panic!("a log of more than 2^36 items") };
        let slots = slots.get_or_init(|| (0..FIRST_BUCKET << bucket).map(|_| OnceLock::new()).collect());
        // A slot at the store's length was never written (or was cleared
        // when the store was cut back).
        let _ = slots[at].set(item);
    }

    /// Drops every item from `len` on (only one holder can ask).
    fn cut_to(&mut self, len: usize) {
        let held = *self.len.get_mut().unwrap_or_else(PoisonError::into_inner);
        for index in len..held {
            let (bucket, at) = place(index);
            if let Some(slot) = self.buckets[bucket].get_mut().and_then(|slots| slots.get_mut(at)) {
                slot.take();
            }
        }
        *self.len.get_mut().unwrap_or_else(PoisonError::into_inner) = len;
    }
}

impl<T> SharedLog<T> {
    /// An empty log.
    pub fn new() -> SharedLog<T> {
        SharedLog { store: Arc::new(Store::new()), len: 0 }
    }

    /// A log of one item.
    pub fn unit(item: T) -> SharedLog<T> {
        let mut log = SharedLog::new();
        log.store.write(0, item);
        *log.store.len.lock().unwrap_or_else(PoisonError::into_inner) = 1;
        log.len = 1;
        log
    }

    /// How many items this copy holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Item `index`, if this copy holds it.
    pub fn get(&self, index: usize) -> Option<&T> {
        if index < self.len { self.store.get(index) } else { None }
    }

    /// The last item.
    pub fn back(&self) -> Option<&T> {
        self.get(self.len.checked_sub(1)?)
    }

    /// The last item (as [`SharedLog::back`]).
    pub fn last(&self) -> Option<&T> {
        self.back()
    }

    /// The items, first to last.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter { log: self, from: 0, to: self.len }
    }

    /// Adds `item` at the end: in the shared store when this copy ends
    /// where the store does, else in a store of its own (made from this
    /// copy's items, or the shared one cut back if no one else holds it).
    pub fn push_back(&mut self, item: T)
    where
        T: Clone,
    {
        let Err(item) = self.push_at_end(item) else { return };
        match Arc::get_mut(&mut self.store) {
            Some(store) => store.cut_to(self.len),
            None => self.store = Arc::new(Self::store_of(self.iter().cloned())),
        }
        // A store of its own ends where this copy does.
        let _ = self.push_at_end(item);
    }

    /// Adds `item` to the shared store if this copy ends where it does;
    /// gives it back otherwise.
    fn push_at_end(&mut self, item: T) -> Result<(), T> {
        let mut held = self.store.len.lock().unwrap_or_else(PoisonError::into_inner);
        if *held != self.len {
            return Err(item);
        }
        self.store.write(self.len, item);
        *held += 1;
        drop(held);
        self.len += 1;
        Ok(())
    }

    /// Drops the last item from this copy (the store keeps it for the
    /// others) and returns it.
    pub fn pop_back(&mut self) -> Option<T>
    where
        T: Clone,
    {
        let item = self.back()?.clone();
        self.len -= 1;
        Some(item)
    }

    /// A store holding `items`.
    fn store_of(items: impl IntoIterator<Item = T>) -> Store<T> {
        let store = Store::new();
        let mut len = 0;
        for item in items {
            store.write(len, item);
            len += 1;
        }
        *store.len.lock().unwrap_or_else(PoisonError::into_inner) = len;
        store
    }
}

impl<T> Default for SharedLog<T> {
    fn default() -> SharedLog<T> {
        SharedLog::new()
    }
}

impl<T> Clone for SharedLog<T> {
    /// A copy sharing the store: nothing is copied.
    fn clone(&self) -> SharedLog<T> {
        SharedLog { store: Arc::clone(&self.store), len: self.len }
    }
}

impl<T> FromIterator<T> for SharedLog<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> SharedLog<T> {
        let store = Self::store_of(items);
        let len = *store.len.lock().unwrap_or_else(PoisonError::into_inner);
        SharedLog { store: Arc::new(store), len }
    }
}

impl<T> std::ops::Index<usize> for SharedLog<T> {
    type Output = T;

    fn index(&self, index: usize) -> &T {
        match self.get(index) {
            Some(item) => item,
            None => panic!("item {index} of a log of {}", self.len),
        }
    }
}

impl<T: PartialEq> PartialEq for SharedLog<T> {
    fn eq(&self, other: &SharedLog<T>) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Eq> Eq for SharedLog<T> {}

impl<T: fmt::Debug> fmt::Debug for SharedLog<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The items of a [`SharedLog`] copy, in order.
#[derive(Clone, Debug)]
pub struct Iter<'a, T> {
    log: &'a SharedLog<T>,
    from: usize,
    to: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if self.from >= self.to {
            return None;
        }
        self.from += 1;
        self.log.get(self.from - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.to.saturating_sub(self.from);
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<&'a T> {
        self.from = self.from.saturating_add(n).min(self.to);
        self.next()
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.from >= self.to {
            return None;
        }
        self.to -= 1;
        self.log.get(self.to)
    }

    fn nth_back(&mut self, n: usize) -> Option<Self::Item> {
        self.to = self.to.saturating_sub(n).max(self.from);
        self.next_back()
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<'a, T> IntoIterator for &'a SharedLog<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_run_through_the_buckets_without_gaps() {
        let mut expected = (0, 0);
        for index in 0..10_000 {
            assert_eq!(place(index), expected, "item {index}");
            expected.1 += 1;
            if expected.1 == FIRST_BUCKET << expected.0 {
                expected = (expected.0 + 1, 0);
            }
        }
    }

    #[test]
    fn versions_keep_their_items_while_the_next_adds_in_place() {
        let mut versions = vec![SharedLog::unit(0)];
        for i in 1..200 {
            let mut next = versions.last().unwrap().clone();
            next.push_back(i);
            versions.push(next);
        }
        for (n, version) in versions.iter().enumerate() {
            assert_eq!(version.iter().copied().collect::<Vec<_>>(), (0..=n).collect::<Vec<_>>());
        }
        // Every version shares the one store.
        assert_eq!(Arc::strong_count(&versions[0].store), 200);
    }

    #[test]
    fn a_copy_behind_the_store_adds_to_a_store_of_its_own() {
        let long: SharedLog<u32> = (0..50).collect();
        let mut taken_back = long.clone();
        assert_eq!(taken_back.pop_back(), Some(49));
        taken_back.push_back(100);
        assert_eq!(taken_back.back(), Some(&100));
        assert_eq!(long.back(), Some(&49), "the longer copy keeps its item");
        assert_eq!(taken_back.len(), 50);
        assert!(!Arc::ptr_eq(&long.store, &taken_back.store));
        // The only holder cuts its store back instead.
        drop(long);
        let mut alone = taken_back;
        alone.pop_back();
        alone.pop_back();
        alone.push_back(7);
        assert_eq!(alone.iter().rev().take(2).copied().collect::<Vec<_>>(), vec![7, 47]);
        assert_eq!(*alone.store.len.lock().unwrap(), 49);
    }

    #[test]
    fn copies_made_on_many_threads_each_see_their_own_items() {
        let base: SharedLog<usize> = (0..10).collect();
        std::thread::scope(|scope| {
            for t in 0..8 {
                let mut mine = base.clone();
                scope.spawn(move || {
                    for i in 0..500 {
                        mine.push_back(t * 1000 + i);
                        let again = mine.clone();
                        assert_eq!(again.len(), 11 + i);
                        assert_eq!(again.back(), Some(&(t * 1000 + i)));
                    }
                    let items: Vec<usize> = mine.iter().copied().collect();
                    let expected: Vec<usize> = (0..10).chain((0..500).map(|i| t * 1000 + i)).collect();
                    assert_eq!(items, expected);
                });
            }
        });
        assert_eq!(base.len(), 10);
    }
}
