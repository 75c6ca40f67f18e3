// The C library the Embedded Swift runtime needs, for WebAssembly with no libc: an allocator
// over the module's linear memory, and the memory functions. Written for the playground
// (scripts/build-wasm); compiled with -ffreestanding -fno-builtin so that clang does not turn
// these loops back into calls of themselves.
#include <stddef.h>
#include <stdint.h>

extern unsigned char __heap_base;
static uintptr_t top = 0, end = 0;

// Grows the heap by at least `bytes`; 0 when memory cannot grow.
static int grow(size_t bytes) {
    if (top == 0) { top = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15; end = __builtin_wasm_memory_size(0) * 65536; }
    while (end - top < bytes) {
        size_t pages = (bytes - (end - top) + 65535) / 65536;
        if (pages < 16) pages = 16;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        end += pages * 65536;
    }
    return 1;
}

// Blocks carry a 16-byte header holding their capacity. Capacities up to 2^20 are powers of two
// with a free list each; larger ones share one list, searched first-fit.
typedef struct Free { struct Free *next; } Free;
static Free *lists[21];
static Free *large;

static size_t classOf(size_t capacity) { size_t c = 4; while (((size_t)1 << c) < capacity) c++; return c; }

void *malloc(size_t n) {
    if (n == 0) n = 1;
    size_t capacity;
    if (n <= ((size_t)1 << 20)) {
        size_t c = classOf(n < 16 ? 16 : n);
        capacity = (size_t)1 << c;
        if (lists[c]) { Free *f = lists[c]; lists[c] = f->next; return f; }
    } else {
        capacity = (n + 65535) & ~(size_t)65535;
        Free **link = &large;
        for (Free *f = large; f; link = &f->next, f = f->next) {
            if (((size_t *)f)[-4] >= capacity) { *link = f->next; return f; }
        }
    }
    if (!grow(capacity + 16)) return 0;
    size_t *header = (size_t *)top;
    header[0] = capacity;
    top += capacity + 16;
    return (void *)(header + 4);
}

void free(void *p) {
    if (!p) return;
    size_t capacity = ((size_t *)p)[-4];
    Free *f = (Free *)p;
    if (capacity <= ((size_t)1 << 20)) {
        size_t c = classOf(capacity);
        f->next = lists[c]; lists[c] = f;
    } else {
        f->next = large; large = f;
    }
}

void *memcpy(void *dst, const void *src, size_t n) {
    unsigned char *d = dst; const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst; const unsigned char *s = src;
    if (d < s) { while (n--) *d++ = *s++; }
    else { d += n; s += n; while (n--) *--d = *--s; }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++) if (*x != *y) return *x - *y;
    return 0;
}

size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }

void *calloc(size_t count, size_t size) {
    size_t n = count * size;
    void *p = malloc(n);
    if (p) memset(p, 0, n);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    size_t capacity = ((size_t *)p)[-4];
    if (n <= capacity) return p;
    void *q = malloc(n);
    if (q) { memcpy(q, p, capacity); free(p); }
    return q;
}

int posix_memalign(void **out, size_t alignment, size_t n) {
    // Every block is 16-aligned; larger alignments are not asked for by the runtime here.
    if (alignment > 16) return 22;
    void *p = malloc(n);
    if (!p) return 12;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t n) { void *p = 0; return posix_memalign(&p, alignment, n) ? 0 : p; }

// Hash seeds: a fixed sequence, so that a run is the same every time.
void arc4random_buf(void *buffer, size_t n) {
    static uint32_t state = 0x9E3779B9u;
    unsigned char *b = buffer;
    for (size_t i = 0; i < n; i++) { state = state * 1664525u + 1013904223u; b[i] = (unsigned char)(state >> 24); }
}

// The stack protector's canary and its failure, for Swift's code.
uintptr_t __stack_chk_guard = 0x5A3C96E1u;
void __stack_chk_fail(void) { __builtin_trap(); }

// C's round: halves away from zero (x − trunc(x) is exact).
double round(double x) {
    double t = __builtin_trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
    return t;
}

// The 128-bit product's low half (compiler-rt's __multi3), from 32-bit limbs: the compiler would
// call this function for a 128-bit multiply written in C.
typedef unsigned long long u64;
typedef struct { u64 lo, hi; } u128;
static u128 mul64(u64 a, u64 b) {
    u64 a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    u128 r = { (p00 & 0xFFFFFFFFu) | (middle << 32), p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) };
    return r;
}
__int128 __multi3(__int128 a, __int128 b) {
    u64 alo = (u64)a, ahi = (u64)((unsigned __int128)a >> 64), blo = (u64)b, bhi = (u64)((unsigned __int128)b >> 64);
    u128 p = mul64(alo, blo);
    u64 hi = p.hi + alo * bhi + ahi * blo;
    return (__int128)(((unsigned __int128)hi << 64) | p.lo);
}

// Where the runtime would print a fatal error's message: the playground has no console here.
int putchar(int c) { return c; }
