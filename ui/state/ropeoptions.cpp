// SPDX-License-Identifier: MIT
#include "ui/state/ropeoptions.h"

#include "ui/state/optionvalues.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {
// Compile-time constants, not file-scope QStrings: a view's entry may make its default options
// before this file's statics exist (a static initialiser gave them the key "" once).
namespace key {
constexpr QLatin1StringView scale{"scale"};
constexpr QLatin1StringView originalLength{"originalLength"};
constexpr QLatin1StringView logDistance{"logDistance"};
constexpr QLatin1StringView sequenceLength{"sequenceLength"};
constexpr QLatin1StringView yarnTruncate{"yarnTruncate"};
constexpr QLatin1StringView lowFrequencyFactor{"lowFrequencyFactor"};
constexpr QLatin1StringView highFrequencyFactor{"highFrequencyFactor"};
constexpr QLatin1StringView model{"model"};
constexpr QLatin1StringView compare{"compare"};
constexpr QLatin1StringView precisionBelow{"precisionBelow"};
} // namespace key
/// A value as a two-decimal box holds it: within [low, high], rounded to 0.01 (a stored 2.345
/// would not match what is shown), `fallback` when not a number.
double asTwoDecimalBox(double value, double low, double high, double fallback)
{
    return std::isfinite(value) ? std::round(std::clamp(value, low, high) * 100) / 100 : fallback;
}

} // namespace

QVariantMap toVariantMap(const RopeOptions& o)
{
    return {{key::scale, o.scale}, {key::originalLength, o.originalLength}, {key::logDistance, o.logDistance},
            {key::sequenceLength, o.sequenceLength}, {key::yarnTruncate, o.yarnTruncate},
            {key::lowFrequencyFactor, o.lowFrequencyFactor}, {key::highFrequencyFactor, o.highFrequencyFactor},
            {key::model, o.model}, {key::compare, o.compare}, {key::precisionBelow, o.precisionBelow}};
}

RopeOptions ropeOptionsFrom(const QVariantMap& map)
{
    RopeOptions o;
    o.scale = valueOr(map, key::scale, o.scale);
    o.originalLength = static_cast<int>(std::clamp(valueOr(map, key::originalLength, double(o.originalLength)), -1e9, 1e9));
    o.logDistance = valueOr(map, key::logDistance, o.logDistance);
    o.sequenceLength = static_cast<int>(std::clamp(valueOr(map, key::sequenceLength, double(o.sequenceLength)), -1e9, 1e9));
    o.yarnTruncate = valueOr(map, key::yarnTruncate, o.yarnTruncate);
    o.lowFrequencyFactor = valueOr(map, key::lowFrequencyFactor, o.lowFrequencyFactor);
    o.highFrequencyFactor = valueOr(map, key::highFrequencyFactor, o.highFrequencyFactor);
    o.model = valueOr(map, key::model, o.model);
    o.compare = o.model.isEmpty() ? QString() : valueOr(map, key::compare, o.compare);
    o.precisionBelow = valueOr(map, key::precisionBelow, o.precisionBelow);
    return clamped(o);
}

RopeOptions clamped(RopeOptions o)
{
    const RopeOptions defaults;
    o.scale = asTwoDecimalBox(o.scale, RopeOptions::minScale, RopeOptions::maxScale, defaults.scale);
    o.originalLength = std::clamp(o.originalLength, RopeOptions::minOriginalLength, RopeOptions::maxOriginalLength);
    o.sequenceLength = std::clamp(o.sequenceLength, RopeOptions::minSequenceLength, RopeOptions::maxSequenceLength);
    // Llama 3's factors: low must stay below high (the boxes keep 0.01 apart), else both take
    // Llama 3.1's published 1 and 4.
    o.lowFrequencyFactor = asTwoDecimalBox(o.lowFrequencyFactor, RopeOptions::minFrequencyFactor,
                                           RopeOptions::maxFrequencyFactor, defaults.lowFrequencyFactor);
    o.highFrequencyFactor = asTwoDecimalBox(o.highFrequencyFactor, RopeOptions::minFrequencyFactor,
                                            RopeOptions::maxFrequencyFactor, defaults.highFrequencyFactor);
    if (!(o.lowFrequencyFactor < o.highFrequencyFactor)) {
        o.lowFrequencyFactor = defaults.lowFrequencyFactor;
        o.highFrequencyFactor = defaults.highFrequencyFactor;
    }
    return o;
}

RopeOptions ropeOptions(const ViewState& state) { return ropeOptionsFrom(state.optionsOf(views::rope)); }

void setRopeOptions(ViewState& state, const RopeOptions& options) { state.setOptionsOf(views::rope, toVariantMap(options)); }

} // namespace pe::ui
