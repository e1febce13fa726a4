// SPDX-License-Identifier: MIT
#include "ui/state/viewoptions.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pe::ui {

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


QString EmbeddingsOptions::defaultSentence()
{
    return QStringLiteral("The black cat sat on the couch and the brown dog slept on the rug.");
}

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
constexpr QLatin1StringView sentence{"sentence"};
constexpr QLatin1StringView first{"first"};
constexpr QLatin1StringView second{"second"};
constexpr QLatin1StringView sqrtScaling{"sqrtScaling"};
constexpr QLatin1StringView segments{"segments"};
constexpr QLatin1StringView vectorFile{"vectorFile"};
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

/// The value of `name` when it is there and converts, else `fallback`.
template <typename T>
T valueOr(const QVariantMap& map, const QString& name, T fallback)
{
    const QVariant value = map.value(name);
    return value.isValid() && value.canConvert<T>() ? value.value<T>() : fallback;
}
} // namespace

QVariantMap toVariantMap(const RopeOptions& o)
{
    return {{key::scale, o.scale}, {key::originalLength, o.originalLength}, {key::logDistance, o.logDistance},
            {key::sequenceLength, o.sequenceLength}, {key::yarnTruncate, o.yarnTruncate},
            {key::lowFrequencyFactor, o.lowFrequencyFactor}, {key::highFrequencyFactor, o.highFrequencyFactor},
            {key::model, o.model}, {key::compare, o.compare}, {key::precisionBelow, o.precisionBelow}};
}

QVariantMap toVariantMap(const EmbeddingsOptions& o)
{
    return {{key::sentence, o.sentence}, {key::first, o.first}, {key::second, o.second}, {key::sqrtScaling, o.sqrtScaling},
            {key::segments, o.segments}, {key::vectorFile, o.vectorFile}};
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

EmbeddingsOptions embeddingsOptionsFrom(const QVariantMap& map)
{
    EmbeddingsOptions o;
    o.sentence = valueOr(map, key::sentence, o.sentence);
    o.first = static_cast<int>(std::clamp(valueOr(map, key::first, double(o.first)), -1e9, 1e9));
    o.second = static_cast<int>(std::clamp(valueOr(map, key::second, double(o.second)), -1e9, 1e9));
    o.sqrtScaling = valueOr(map, key::sqrtScaling, o.sqrtScaling);
    o.segments = valueOr(map, key::segments, o.segments);
    o.vectorFile = valueOr(map, key::vectorFile, o.vectorFile);
    return clamped(o);
}

namespace {
/// A value as a two-decimal box holds it: within [low, high], rounded to 0.01 (a stored 2.345
/// would not match what is shown), `fallback` when not a number.
double asTwoDecimalBox(double value, double low, double high, double fallback)
{
    return std::isfinite(value) ? std::round(std::clamp(value, low, high) * 100) / 100 : fallback;
}
} // namespace

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

EmbeddingsOptions clamped(EmbeddingsOptions o)
{
    o.sentence.truncate(EmbeddingsOptions::maxSentence);
    o.first = std::max(o.first, 0);
    o.second = std::max(o.second, 0);
    return o;
}


QStringList gridSourceKeys()
{
    return {QStringLiteral("auto"), QStringLiteral("table"), QStringLiteral("mae"), QStringLiteral("dit"),
            QStringLiteral("rope-axial"), QStringLiteral("rope-mixed"), QStringLiteral("mrope")};
}

QString gridSourceKey(GridSource source) { return gridSourceKeys().value(static_cast<int>(source)); }

std::optional<GridSource> parseGridSource(const QString& key)
{
    const qsizetype index = gridSourceKeys().indexOf(key.trimmed().toLower());
    return index < 0 ? std::nullopt : std::optional(static_cast<GridSource>(index));
}

QStringList gridExportKeys() { return {QStringLiteral("tiles"), QStringLiteral("patch"), QStringLiteral("dimension")}; }

QString gridExportKey(GridExport data) { return gridExportKeys().value(static_cast<int>(data)); }

std::optional<GridExport> parseGridExport(const QString& key)
{
    const qsizetype index = gridExportKeys().indexOf(key.trimmed().toLower());
    return index < 0 ? std::nullopt : std::optional(static_cast<GridExport>(index));
}

QString classTokenKey(core::ClassToken token)
{
    switch (token) {
    case core::ClassToken::Yes: return QStringLiteral("yes");
    case core::ClassToken::No: return QStringLiteral("no");
    case core::ClassToken::Auto: break;
    }
    return QStringLiteral("auto");
}

std::optional<core::ClassToken> parseClassToken(const QString& key)
{
    const QString k = key.trimmed().toLower();
    for (core::ClassToken t : {core::ClassToken::Auto, core::ClassToken::Yes, core::ClassToken::No})
        if (k == classTokenKey(t))
            return t;
    return std::nullopt;
}

QVariantMap toVariantMap(const GridOptions& o)
{
    return {{QStringLiteral("source"), gridSourceKey(o.source)},
            {QStringLiteral("rows"), o.rows},
            {QStringLiteral("cols"), o.cols},
            {QStringLiteral("classToken"), classTokenKey(o.classToken)},
            {QStringLiteral("patchRow"), o.patchRow},
            {QStringLiteral("patchCol"), o.patchCol},
            {QStringLiteral("classTokenQuery"), o.classTokenQuery},
            {QStringLiteral("dimension"), o.dimension},
            {QStringLiteral("resizeRows"), o.resizeRows},
            {QStringLiteral("resizeCols"), o.resizeCols},
            {QStringLiteral("head"), o.head},
            {QStringLiteral("headDim"), o.headDim},
            {QStringLiteral("data"), gridExportKey(o.data)}};
}

GridOptions gridOptionsFrom(const QVariantMap& map)
{
    GridOptions o;
    const auto whole = [&](const QString& name, int fallback) {
        bool ok = false;
        const double v = map.value(name).toDouble(&ok);
        return ok && std::isfinite(v) && std::abs(v) < 1e9 ? static_cast<int>(v) : fallback;
    };
    o.source = parseGridSource(map.value(QStringLiteral("source")).toString()).value_or(o.source);
    o.rows = whole(QStringLiteral("rows"), o.rows);
    o.cols = whole(QStringLiteral("cols"), o.cols);
    o.classToken = parseClassToken(map.value(QStringLiteral("classToken")).toString()).value_or(o.classToken);
    o.patchRow = whole(QStringLiteral("patchRow"), o.patchRow);
    o.patchCol = whole(QStringLiteral("patchCol"), o.patchCol);
    o.classTokenQuery = map.value(QStringLiteral("classTokenQuery"), o.classTokenQuery).toBool();
    o.dimension = whole(QStringLiteral("dimension"), o.dimension);
    o.resizeRows = whole(QStringLiteral("resizeRows"), o.resizeRows);
    o.resizeCols = whole(QStringLiteral("resizeCols"), o.resizeCols);
    o.head = whole(QStringLiteral("head"), o.head);
    o.headDim = whole(QStringLiteral("headDim"), o.headDim);
    o.data = parseGridExport(map.value(QStringLiteral("data")).toString()).value_or(o.data);
    return clamped(o);
}

GridOptions clamped(GridOptions o)
{
    // A grid is both sides or none (guessed); a side out of range falls back to guessing.
    const auto side = [](int& rows, int& cols) {
        if (rows < core::GridLimits::minSide || cols < core::GridLimits::minSide || rows > core::GridLimits::maxSide
            || cols > core::GridLimits::maxSide)
            rows = cols = 0;
    };
    side(o.rows, o.cols);
    side(o.resizeRows, o.resizeCols);
    o.patchRow = std::clamp(o.patchRow, 0, core::GridLimits::maxSide - 1);
    o.patchCol = std::clamp(o.patchCol, 0, core::GridLimits::maxSide - 1);
    o.dimension = std::max(o.dimension, 0);
    o.head = std::clamp(o.head, 1, GridOptions::maxHead);
    o.headDim = std::clamp(o.headDim, 0, GridOptions::maxHeadDim);
    return o;
}

} // namespace pe::ui
