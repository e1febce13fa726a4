// SPDX-License-Identifier: MIT
#pragma once

namespace pe::app {

/// Asks the C library to keep freed memory mapped and hand it out again, instead of returning
/// every large block to the system and faulting fresh pages in on the next frame. First touch
/// of fresh pages runs at ~0.4 GB/s on the machines we target, so without this a slider step
/// at 2048 × 512 spends more time in page faults than in computing and drawing. The price is
/// that the process keeps its peak working set (a few hundred MB at most in the window; data
/// exports stream in blocks), in two arenas so that the peak is not kept once per thread; the
/// document gives a peak back (Document's peak trim). Call once, before the first frame. False
/// when the C library refused a setting (then nothing is gained).
bool reuseFreedMemory();

} // namespace pe::app
