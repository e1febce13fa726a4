// SPDX-License-Identifier: MIT
#include "ui/window/fileopener.h"

#include <algorithm>

namespace pe::ui {

namespace {

std::vector<std::pair<View, FileOpenerFactory>>& openers()
{
    static std::vector<std::pair<View, FileOpenerFactory>> all;
    return all;
}

} // namespace

void enterFileOpener(View view, FileOpenerFactory create)
{
    auto& all = openers();
    all.emplace_back(view, std::move(create));
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

const std::vector<std::pair<View, FileOpenerFactory>>& fileOpeners() { return openers(); }

} // namespace pe::ui
