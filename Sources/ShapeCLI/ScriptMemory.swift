#if canImport(Glibc)
import CMalloc
#endif

/// glibc's allocator, set for a process that ends with its scripts (`ShapeCommand.main` calls
/// `prepare` before any thread starts, since a thread's heap is made to the settings in force
/// then).
///
/// By default a thread's heap grows a page at a time, each page an `mprotect` call that holds
/// up the other thread's page faults (1,051 calls on the parsing thread for the E1 script), and
/// a block of 128 KiB or more, such as a long path's lists, is a mapping of its own, unmapped
/// when the list grows. Here the heaps grow by 64 MiB of address space at a time (a page is
/// still only taken when it is first written, so a script uses the memory it did), and blocks up
/// to 32 MiB come from the heap, which uses freed ones again. The REPL, `view`, `lsp` and
/// `watch` keep glibc's defaults: they stay running, and give memory back.
enum ScriptMemory {
    static func prepare() {
        #if canImport(Glibc)
        _ = mallopt(M_TOP_PAD, 64 << 20)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        #endif
    }
}
