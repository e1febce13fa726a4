// SPDX-License-Identifier: MIT
// A broken invariant is a finding: print what broke and abort, so libFuzzer saves the input.
#pragma once

#include <cstdio>
#include <cstdlib>

#define PE_FUZZ_REQUIRE(condition, what)                                                            \
    do {                                                                                            \
        if (!(condition)) {                                                                         \
            std::fprintf(stderr, "invariant broken: %s (%s)\n", what, #condition);                  \
            std::abort();                                                                           \
        }                                                                                           \
    } while (false)
