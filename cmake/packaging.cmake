# SPDX-License-Identifier: MIT
# A Debian package from the release build: `cpack -G DEB` in build/release (scripts/package.sh
# builds it and installs it once as a smoke test). Library dependencies are computed by
# dpkg-shlibdeps; the platform plugins (xcb, offscreen) and the SVG icon engine come with
# libqt6gui6 and libqt6svg6, which the program links anyway. Figures use the default font and
# glyphs such as λ, ω, π, ≤ and ·: depend on DejaVu by name instead of on fontconfig-config's
# first alternative (scripts/test-deb-fresh.sh checks the package on a fresh Debian 12).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pe-explorer)
set(CPACK_PACKAGE_VENDOR "PE Explorer")
set(CPACK_PACKAGE_CONTACT "PE Explorer maintainers <pe-explorer@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "PE Explorer shows the sinusoidal positional encoding of Transformers and the facts that make it\n"
    "work: heatmap, waves, similarity, relative offsets and frequency bands, linked and redrawn\n"
    "while you drag the sliders, with exports to PDF, SVG, PNG, .npy and .csv.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
# Wayland sessions; the Simplified Chinese interface: Han glyphs (Noto Sans CJK SC) and Qt's own
# zh_CN texts (qtbase_zh_CN.qm) for the standard buttons of dialogs.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, fonts-noto-cjk, qt6-translations-l10n")
include(CPack)
