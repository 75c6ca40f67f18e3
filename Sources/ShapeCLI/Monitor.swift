#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A lock with a condition to wait on, for state that two threads share (the script pipeline's
/// hand-over, the language server's queue of documents). `locked` runs a body holding the lock;
/// inside it, `wait()` lets the lock go until another thread calls `broadcast()` or `signal()`
/// (holding the lock too), then takes it again. A wait can also end for no reason, as POSIX
/// allows: waiters loop on what they wait for.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Holding the lock: waits to be woken.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Holding the lock: wakes every waiter.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Holding the lock: wakes one waiter.
    func signal() { pthread_cond_signal(condition) }
}
