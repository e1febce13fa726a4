// SPDX-License-Identifier: MIT
#pragma once

class QObject;

namespace pe::app {

/// Asks the C library to keep freed memory mapped and hand it out again, instead of returning
/// every large block to the system and faulting fresh pages in on the next frame. First touch
/// of fresh pages runs at ~0.4 GB/s on the machines we target, so without this a slider step
/// at 2048 × 512 spends more time in page faults than in computing and drawing. The price is
/// that the process keeps its peak working set (a few hundred MB at most in the window; data
/// exports stream in blocks), in two arenas so that the peak is not kept once per thread. Call once, before the first frame. False when the C library
/// refused a setting (then nothing is gained).
bool reuseFreedMemory();

/// Gives a peak back: every 5 s, when the C library holds more than 64 MB of freed memory and
/// more than the program has in use, the free pages go back to the system (malloc_trim). A
/// steady drag keeps its blocks (what one frame frees, the next takes again); a one-off peak,
/// such as a million rows in several views at once, does not stay resident for the rest of the
/// day (the soak's resident memory once rose 100 MB in a minute and stayed: issue 47). Needs
/// a running event loop; the check lives as long as `parent`. Nothing on other C libraries.
void returnPeaksLater(QObject* parent);

} // namespace pe::app
