// SPDX-License-Identifier: MIT
// The translation unit that builds the tests' precompiled headers (tests/CMakeLists.txt).
