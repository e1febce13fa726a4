// SPDX-License-Identifier: MIT
#include "app/memoryreuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace pe::app {

void reuseFreedMemory()
{
#if defined(__GLIBC__)
    // Frames hold blocks of 1–32 MB (heatmap bins, similarity bins, images). Above the mmap
    // threshold glibc maps each one afresh and unmaps it on free; below it, it reuses the heap.
    // The trim threshold stops it from giving the top of the heap back after every frame.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
#endif
}

} // namespace pe::app
