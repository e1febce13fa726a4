// SPDX-License-Identifier: MIT
#include "ui/state/methodsoptions.h"

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
constexpr QLatin1StringView method{"method"};
constexpr QLatin1StringView curves{"curves"};
constexpr QLatin1StringView heads{"heads"};
constexpr QLatin1StringView head{"head"};
constexpr QLatin1StringView numBuckets{"numBuckets"};
constexpr QLatin1StringView maxDistance{"maxDistance"};
constexpr QLatin1StringView bidirectional{"bidirectional"};
constexpr QLatin1StringView bucketIndex{"bucketIndex"};
constexpr QLatin1StringView clip{"clip"};
constexpr QLatin1StringView causal{"causal"};
constexpr QLatin1StringView scaleCurves{"scaleCurves"};
constexpr QLatin1StringView t5Head{"t5Head"};
constexpr QLatin1StringView t5File{"t5File"};
constexpr QLatin1StringView t5Tensor{"t5Tensor"};
} // namespace key
} // namespace

QStringList scoreMethodKeys()
{
    return {QStringLiteral("sinusoidal"), QStringLiteral("rope"), QStringLiteral("alibi"), QStringLiteral("t5"),
            QStringLiteral("shaw"), QStringLiteral("transformer-xl"), QStringLiteral("nope"), QStringLiteral("learned")};
}

QString scoreMethodKey(ScoreMethod method)
{
    return scoreMethodKeys().value(static_cast<int>(method));
}

std::optional<ScoreMethod> parseScoreMethod(const QString& key)
{
    const qsizetype index = scoreMethodKeys().indexOf(key.trimmed().toLower());
    return index < 0 ? std::nullopt : std::optional(static_cast<ScoreMethod>(index));
}


QVariantMap toVariantMap(const MethodOptions& o)
{
    QStringList curves;
    for (int m = 0; m < scoreMethodCount; ++m)
        if (o.curves & scoreMethodBit(ScoreMethod(m)))
            curves << scoreMethodKey(ScoreMethod(m));
    // One text, "alibi,t5,…": a session's options hold no lists.
    return {{key::method, scoreMethodKey(o.method)}, {key::curves, curves.join(QLatin1Char(','))}, {key::heads, o.heads}, {key::head, o.head},
            {key::numBuckets, o.numBuckets}, {key::maxDistance, o.maxDistance}, {key::bidirectional, o.bidirectional},
            {key::bucketIndex, o.bucketIndex}, {key::clip, o.clip}, {key::causal, o.causal},
            {key::scaleCurves, o.scaleCurves}, {key::t5Head, o.t5Head},
            {key::t5File, o.t5File}, {key::t5Tensor, o.t5Tensor}};
}

MethodOptions methodOptionsFrom(const QVariantMap& map)
{
    MethodOptions o;
    const auto whole = [&](const QString& name, int fallback) {
        return static_cast<int>(std::clamp(valueOr(map, name, double(fallback)), -1e9, 1e9));
    };
    if (auto method = parseScoreMethod(valueOr(map, key::method, QString())))
        o.method = *method;
    if (map.value(key::curves).typeId() == QMetaType::QString) {
        o.curves = 0;
        for (const QString& name : map.value(key::curves).toString().split(QLatin1Char(',')))
            if (auto method = parseScoreMethod(name))
                o.curves |= scoreMethodBit(*method);
    }
    o.heads = whole(key::heads, o.heads);
    o.head = whole(key::head, o.head);
    o.numBuckets = whole(key::numBuckets, o.numBuckets);
    o.maxDistance = whole(key::maxDistance, o.maxDistance);
    o.bidirectional = valueOr(map, key::bidirectional, o.bidirectional);
    o.bucketIndex = valueOr(map, key::bucketIndex, o.bucketIndex);
    o.clip = whole(key::clip, o.clip);
    o.causal = valueOr(map, key::causal, o.causal);
    o.scaleCurves = valueOr(map, key::scaleCurves, o.scaleCurves);
    o.t5Head = whole(key::t5Head, o.t5Head);
    o.t5File = valueOr(map, key::t5File, o.t5File);
    o.t5Tensor = o.t5File.isEmpty() ? QString() : valueOr(map, key::t5Tensor, o.t5Tensor);
    return clamped(o);
}

MethodOptions clamped(MethodOptions o)
{
    o.heads = std::clamp(o.heads, 1, MethodOptions::maxHeads);
    o.head = std::clamp(o.head, 0, o.heads);
    o.numBuckets = std::clamp(o.numBuckets, MethodOptions::minBuckets, MethodOptions::maxBuckets);
    // T5's log-spaced buckets need max_distance beyond the exact ones (half of those per direction).
    o.maxDistance = std::clamp(o.maxDistance, o.numBuckets, MethodOptions::maxDistanceLimit);
    o.clip = std::clamp(o.clip, 1, MethodOptions::maxClip);
    o.curves &= (1u << scoreMethodCount) - 1;
    o.t5Head = std::clamp(o.t5Head, 1, MethodOptions::maxHeads); // the biases' heads where they are drawn
    return o;
}

MethodOptions methodOptions(const ViewState& state) { return methodOptionsFrom(state.optionsOf(views::methods)); }

void setMethodOptions(ViewState& state, const MethodOptions& options) { state.setOptionsOf(views::methods, toVariantMap(options)); }

} // namespace pe::ui
