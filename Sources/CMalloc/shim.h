// glibc's allocator settings (mallopt), from malloc.h: part of libc6-dev, which the toolchain needs.
#include <malloc.h>
