#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A thread with the interpreter's stack (`ShapeCommand.stackSize`), started at once; nil when
/// the system will not start one. The command itself runs on one (`ShapeCommand.onLargeStack`),
/// and so do the language server's checks and a long script's runner (`ScriptPipeline`).
struct LargeStackThread {
    private let thread: pthread_t

    init?(_ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ b: @escaping @Sendable () -> Void) { body = b }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body))
        let started =
            pthread_attr_setstacksize(&attributes, ShapeCommand.stackSize) == 0
            && pthread_create(
                &thread, &attributes,
                { raw in
                    let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                    box.body()
                    return nil
                }, box.toOpaque()) == 0
        guard started else {
            box.release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the thread's body to return.
    func join() { pthread_join(thread, nil) }
}

/// A value handed to another thread, where the code around it keeps the two from using it at
/// once (only the other thread uses it while it runs, or a lock guards it).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
