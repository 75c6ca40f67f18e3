#if canImport(Glibc)
import CMalloc
#endif

/// glibc's allocator, set for a process that ends with its scripts (`ShapeCommand.main` calls
/// `prepare` before any thread starts, since a thread's heap is made to the settings in force
/// then).
///
/// By default a thread's heap grows a page at a time, each page an `mprotect` call that holds
/// up the other thread's page faults (1,051 calls on the parsing thread for the E1 script). Here
/// a heap is made with 16 MiB of address space beyond what it first needs, and grows by as much
/// again (a page is still only taken when it is first written). The same setting is how much
/// freed memory a heap keeps rather than gives back: larger pads (32 MiB, or blocks of up to
/// 32 MiB taken from the heap rather than mapped) raised a 100,000-curve script's peak memory
/// from 40 to 46 MB, past three times its size. The REPL, `view`, `lsp` and `watch` keep glibc's
/// defaults: they stay running, and give memory back.
enum ScriptMemory {
    static func prepare() {
        #if canImport(Glibc)
        _ = mallopt(M_TOP_PAD, 16 << 20)
        #endif
    }
}
