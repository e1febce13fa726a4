// SPDX-License-Identifier: MIT
#pragma once

namespace pe::ui {

/// What a figure may be: the one table the export dialog's boxes and the command line's
/// --size, --size-mm, --dpi and --font-size read (both say the same range in their messages).
struct FigureLimits {
    static constexpr double minMillimetres = 10, maxMillimetres = 1000; ///< each side (--size-mm, the dialog)
    static constexpr int minPixels = 1, maxPixels = 20000;              ///< each side (--size)
    static constexpr int minDpi = 30, maxDpi = 2400;
    static constexpr double minFontPoints = 5, maxFontPoints = 24;
};

} // namespace pe::ui
