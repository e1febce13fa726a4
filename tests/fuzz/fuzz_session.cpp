// SPDX-License-Identifier: MIT
// libFuzzer target for the session parser (ui/state/session.h) and the recovery files that wrap a
// session (ui/state/recovery.h). Beyond "no crash": every session that parses is one the window
// can show (core's validation and the window's limits, checked here field by field), and writing
// it out and reading it back gives the same session, byte for byte; the same for a recovery record.
#include "fuzzcheck.h"

#include "core/spec.h"
#include "ui/state/recovery.h"
#include "ui/state/session.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"

#include <cstddef>
#include <cstdint>

namespace {

void requireShowable(const pe::ui::Settings& s)
{
    using L = pe::ui::WindowLimits;
    const auto& spec = s.spec;
    const auto& st = s.state;
    PE_FUZZ_REQUIRE(!pe::core::validationError(spec), "core rejects the spec");
    PE_FUZZ_REQUIRE(pe::ui::settingsError(s).isEmpty(), "settingsError() rejects a parsed session");
    PE_FUZZ_REQUIRE(spec.dModel >= 1 && spec.dModel <= L::maxDModel, "d_model within the window's limits");
    PE_FUZZ_REQUIRE(spec.maxLen >= 1 && spec.maxLen <= L::maxMaxLen, "max_len within the window's limits");
    PE_FUZZ_REQUIRE(spec.base >= L::minBase && spec.base <= L::maxBase, "base within the window's limits");
    PE_FUZZ_REQUIRE(spec.firstPosition >= 0 && spec.firstPosition <= L::maxFirstPosition, "first position within limits");
    PE_FUZZ_REQUIRE(st.position >= 0 && st.position < spec.maxLen, "position inside the matrix");
    PE_FUZZ_REQUIRE(st.dimension >= 0 && st.dimension < spec.dModel, "dimension inside the matrix");
    PE_FUZZ_REQUIRE(spec.firstPosition + st.position + st.offset >= 0, "offset reaches no negative position");
    PE_FUZZ_REQUIRE(st.offset <= pe::core::SpecLimits::maxFirstPosition, "offset within limits");
    PE_FUZZ_REQUIRE(st.dims.size() <= L::maxWaveDims, "at most 16 wave dims");
    for (qsizetype i = 0; i < st.dims.size(); ++i) {
        PE_FUZZ_REQUIRE(st.dims[i] >= 0 && st.dims[i] < L::maxDModel, "wave dim within limits");
        PE_FUZZ_REQUIRE(st.dims.indexOf(st.dims[i]) == i, "wave dims listed once");
    }
    const bool noBand = st.bandFirst == -1 && st.bandLast == -1;
    PE_FUZZ_REQUIRE(noBand || (st.bandFirst >= 0 && st.bandFirst <= st.bandLast && st.bandLast < pe::core::pairCount(spec)),
                    "band inside the pairs");
    PE_FUZZ_REQUIRE(pe::ui::colormapNames().contains(st.colormap), "a known colormap");
    // The views' options as held, whatever view.options held: made valid by their entries, so
    // clamped to what their controls allow and every key theirs.
    const QVariantMap rope = st.optionsOf(pe::ui::views::rope);
    const double scale = rope.value(QStringLiteral("scale")).toDouble();
    PE_FUZZ_REQUIRE(scale >= pe::ui::RopeOptions::minScale && scale <= pe::ui::RopeOptions::maxScale, "RoPE scale within 1 to 64");
    const int originalLength = rope.value(QStringLiteral("originalLength")).toInt();
    PE_FUZZ_REQUIRE(originalLength >= pe::ui::RopeOptions::minOriginalLength && originalLength <= pe::ui::RopeOptions::maxOriginalLength,
                    "L_orig within limits");
    const QVariantMap sentence = st.optionsOf(pe::ui::views::embeddings);
    PE_FUZZ_REQUIRE(sentence.value(QStringLiteral("sentence")).toString().size() <= pe::ui::EmbeddingsOptions::maxSentence,
                    "sentence within limits");
    PE_FUZZ_REQUIRE(sentence.value(QStringLiteral("first")).toInt() >= 0 && sentence.value(QStringLiteral("second")).toInt() >= 0,
                    "token indices not negative");
    for (const pe::ui::ViewDescription& d : pe::ui::viewCatalog())
        if (pe::ui::hasOwnOptions(d.view))
            PE_FUZZ_REQUIRE(st.optionsOf(d.view).keys() == d.defaultOptions.keys(), "a view's options are its own keys");
}

} // namespace

/// The same input read as a recovery file (what a start after a crash reads).
void checkRecovery(const QByteArray& bytes)
{
    const auto result = pe::ui::parseRecovery(bytes);
    if (const auto* error = std::get_if<pe::ui::SessionError>(&result)) {
        PE_FUZZ_REQUIRE(!error->message.trimmed().isEmpty(), "a refused recovery file says why");
        return;
    }
    const pe::ui::RecoveryRecord& record = std::get<pe::ui::RecoveryRecord>(result);
    requireShowable(record.session.settings);
    PE_FUZZ_REQUIRE(record.saved.isValid(), "a recovery record has its time");
    const QByteArray written = pe::ui::serializeRecovery(record);
    const auto again = pe::ui::parseRecovery(written);
    PE_FUZZ_REQUIRE(std::holds_alternative<pe::ui::RecoveryRecord>(again), "a written recovery record reads back");
    PE_FUZZ_REQUIRE(std::get<pe::ui::RecoveryRecord>(again) == record, "a written recovery record reads back the same");
}

// Start-up's first phase, as main() has it: a session names views and their options.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    pe::ui::registerViewDescriptions();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    checkRecovery(bytes);
    const pe::ui::SessionResult result = pe::ui::parseSession(bytes);
    if (const auto* error = std::get_if<pe::ui::SessionError>(&result)) {
        PE_FUZZ_REQUIRE(!error->message.trimmed().isEmpty(), "a refusal says why");
        return 0;
    }
    const pe::ui::Session& session = std::get<pe::ui::Session>(result);
    requireShowable(session.settings);
    PE_FUZZ_REQUIRE(session.windowGeometry.size() <= pe::ui::SessionLimits::maxLayoutBytes, "geometry within limits");
    PE_FUZZ_REQUIRE(session.windowState.size() <= pe::ui::SessionLimits::maxLayoutBytes, "state within limits");

    const QByteArray written = pe::ui::serializeSession(session);
    const pe::ui::SessionResult again = pe::ui::parseSession(written);
    PE_FUZZ_REQUIRE(std::holds_alternative<pe::ui::Session>(again), "a written session reads back");
    PE_FUZZ_REQUIRE(std::get<pe::ui::Session>(again) == session, "a written session reads back the same");
    PE_FUZZ_REQUIRE(pe::ui::serializeSession(std::get<pe::ui::Session>(again)) == written, "writing is stable");
    return 0;
}
