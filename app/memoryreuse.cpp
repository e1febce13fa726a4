// SPDX-License-Identifier: MIT
#include "app/memoryreuse.h"

#include <cstdlib> // defines __GLIBC__ (through <features.h>) before it is tested below

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace pe::app {

bool reuseFreedMemory()
{
#if defined(__GLIBC__)
    // Frames hold blocks of 0.1–30 MB (heatmap bins, similarity bins, images). Above the mmap
    // threshold glibc maps each one afresh and unmaps it on free; below it, it reuses the heap.
    // The trim threshold stops it from giving the top of the heap back after every frame.
    // (Until this file included a C library header first, __GLIBC__ was not defined here and
    // this was silently skipped: every block over 128 KB was mapped afresh on every frame.)
    const bool threshold = mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024) == 1;
    const bool trim = mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024) == 1;
    // Kept freed memory is kept per arena, and glibc gives every thread that allocates under
    // contention an arena of its own (up to 8 per core): the frame workers' arenas each kept
    // their own peak, and the soak's resident memory grew 41 MB after its warm-up (issue 47).
    // Two arenas: the GUI thread's and one the workers share.
    const bool arenas = mallopt(M_ARENA_MAX, 2) == 1;
    return threshold && trim && arenas;
#else
    return false;
#endif
}

} // namespace pe::app
