// SPDX-License-Identifier: MIT
// libFuzzer target for the position-table readers' headers (ui/modelfiles/tableformats.h): the
// input is a whole file. Beyond "no crash": a refusal says why, and every table accepted lies
// inside the file (its data ends at or before the file's end), so that reading it through a
// memory mapping can never touch a byte past the end.
#include "fuzzcheck.h"

#include "ui/modelfiles/tableformats.h"

#include <cstddef>
#include <cstdint>

namespace {

void requireInside(const pe::ui::TableLayout& layout, std::int64_t fileSize)
{
    PE_FUZZ_REQUIRE(layout.rows >= 1 && layout.columns >= 1, "a table has cells");
    PE_FUZZ_REQUIRE(layout.dataOffset >= 0 && layout.dataOffset <= fileSize, "data starts inside the file");
    PE_FUZZ_REQUIRE(layout.dataBytes() > 0 && layout.dataBytes() <= fileSize - layout.dataOffset, "data ends inside the file");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const auto fileSize = static_cast<std::int64_t>(size);

    const auto npy = pe::ui::parseNpyHeader(bytes, fileSize);
    if (const auto* layout = std::get_if<pe::ui::TableLayout>(&npy))
        requireInside(*layout, fileSize);
    else
        PE_FUZZ_REQUIRE(!std::get<QString>(npy).isEmpty(), "an npy refusal says why");

    const auto header = pe::ui::parseSafetensorsHeader(bytes, fileSize);
    if (const auto* h = std::get_if<pe::ui::SafetensorsHeader>(&header)) {
        for (const pe::ui::SafetensorsEntry& entry : h->tensors) {
            PE_FUZZ_REQUIRE(entry.begin <= entry.end && h->dataOffset + entry.end <= fileSize, "a tensor lies inside the file");
            const auto layout = pe::ui::safetensorsLayout(*h, entry);
            if (const auto* l = std::get_if<pe::ui::TableLayout>(&layout))
                requireInside(*l, fileSize);
            else
                PE_FUZZ_REQUIRE(!std::get<QString>(layout).isEmpty(), "a tensor refusal says why");
        }
        const int likely = pe::ui::likelyPositionTensor(*h);
        PE_FUZZ_REQUIRE(likely < 0 || pe::ui::isTableTensor(*h, h->tensors[likely]), "the tensor picked is a table");
    } else {
        PE_FUZZ_REQUIRE(!std::get<QString>(header).isEmpty(), "a safetensors refusal says why");
    }

    const auto csv = pe::ui::parseCsvTable(bytes);
    if (const auto* table = std::get_if<pe::ui::CsvTable>(&csv))
        PE_FUZZ_REQUIRE(table->rows >= 1 && table->values.size() == table->rows * table->columns, "every csv row is complete");
    else
        PE_FUZZ_REQUIRE(!std::get<QString>(csv).isEmpty(), "a csv refusal says why");
    return 0;
}
