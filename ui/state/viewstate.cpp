// SPDX-License-Identifier: MIT
#include "ui/state/viewstate.h"

#include "core/presets.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

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

std::variant<QList<int>, QString> parseDimensionList(const QString& text, int dModel, int most)
{
    // Messages go through the "pe::ui::Dims" context: the window shows them in its language.
    const QString examples = QCoreApplication::translate("pe::ui::Dims", "write dimensions like 4,5,6,7, a range like 4-7 or a slice like 0:64:8");
    static const QRegularExpression single(QStringLiteral("^([+-]?\\d+)$"));
    static const QRegularExpression range(QStringLiteral("^(\\d+)\\s*-\\s*(\\d+)$"));
    static const QRegularExpression slice(QStringLiteral("^(\\d*)\\s*:\\s*(\\d*)(?:\\s*:\\s*(\\d+))?$"));
    QList<int> dims;
    std::vector<bool> seen(std::size_t(std::max(dModel, 0))); // each once, in linear time (d_model up to 65536)
    if (text.trimmed().isEmpty())
        return dims; // no waves
    for (const QString& raw : text.split(QLatin1Char(','))) {
        const QString part = raw.trimmed();
        if (part.isEmpty())
            return QCoreApplication::translate("pe::ui::Dims", "“%1” has an empty item between commas: %2").arg(text.trimmed(), examples);
        // Numbers beyond int are beyond every d_model: read them as "too large", not as junk.
        const auto number = [](const QString& digits, qint64 fallback) {
            bool ok = false;
            const qint64 value = digits.toLongLong(&ok);
            return digits.isEmpty() ? fallback : ok ? value : std::numeric_limits<qint64>::max();
        };
        qint64 first = 0, end = 0, step = 1; // [first, end) by step
        if (auto m = single.match(part); m.hasMatch()) {
            first = number(m.captured(1), 0);
            end = first == std::numeric_limits<qint64>::max() ? first : first + 1;
        } else if (auto m = range.match(part); m.hasMatch()) {
            first = number(m.captured(1), 0);
            const qint64 last = number(m.captured(2), 0);
            if (last < first)
                return QCoreApplication::translate("pe::ui::Dims", "“%1” runs backwards; a range goes from the smaller dimension to the larger, e.g. %2-%3")
                    .arg(part).arg(last).arg(first);
            end = last == std::numeric_limits<qint64>::max() ? last : last + 1;
        } else if (auto m = slice.match(part); m.hasMatch()) {
            first = number(m.captured(1), 0);
            end = number(m.captured(2), dModel);
            step = number(m.captured(3), 1);
            if (step < 1)
                return QCoreApplication::translate("pe::ui::Dims", "“%1”: the step of a slice is 1 or more").arg(part);
        } else {
            return QCoreApplication::translate("pe::ui::Dims", "“%1” is not a dimension: %2").arg(part, examples);
        }
        if (first < 0)
            return QCoreApplication::translate("pe::ui::Dims", "“%1”: dimensions go from 0 to %2").arg(part).arg(dModel - 1);
        if (end - 1 >= dModel || first >= dModel)
            return QCoreApplication::translate("pe::ui::Dims", "“%1” reaches beyond d_model %2: dimensions go from 0 to %3").arg(part).arg(dModel).arg(dModel - 1);
        // A step beyond d_model names the first dimension only; clamped, dim + step cannot overflow.
        step = std::min<qint64>(step, std::max(dModel, 1));
        for (qint64 dim = first; dim < end; dim += step) // at most d_model of them
            if (!seen[std::size_t(dim)]) {
                seen[std::size_t(dim)] = true;
                dims.append(int(dim));
            }
    }
    if (dims.size() > most)
        return QCoreApplication::translate("pe::ui::Dims", "“%1” names %2 dimensions; the wave plot draws at most %3").arg(text.trimmed()).arg(dims.size()).arg(most);
    return dims;
}

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QStringList presetNames()
{
    QStringList names;
    for (const core::EncodingPreset& preset : core::encodingPresets())
        names << toQString(preset.name);
    return names;
}

QStringList colormapNames()
{
    return {QStringLiteral("viridis"), QStringLiteral("diverging"), QStringLiteral("grayscale")};
}

QString figureTitleName(FigureTitle title)
{
    switch (title) {
    case FigureTitle::Full: return QStringLiteral("full");
    case FigureTitle::Short: return QStringLiteral("short");
    case FigureTitle::None: return QStringLiteral("none");
    }
    return {};
}

std::optional<FigureTitle> parseFigureTitle(const QString& name)
{
    for (FigureTitle t : {FigureTitle::Full, FigureTitle::Short, FigureTitle::None})
        if (figureTitleName(t) == name)
            return t;
    return std::nullopt;
}

QString T5Biases::displayName() const
{
    const QString file = path.section(QLatin1Char('/'), -1);
    return tensor.isEmpty() ? file : QStringLiteral("%1 · %2").arg(file, tensor);
}

QStringList tableScaleNames() { return {QStringLiteral("symmetric"), QStringLiteral("data")}; }

bool ViewState::operator==(const ViewState& o) const
{
    // std::ranges::equal rather than QList's ==, which hands memcmp a null pointer for two
    // empty lists in Qt 6.4 (UndefinedBehaviorSanitizer stops there).
    return std::ranges::equal(dims, o.dims) && position == o.position && dimension == o.dimension
        && offset == o.offset && normalize == o.normalize && colormap == o.colormap
        && bandFirst == o.bandFirst && bandLast == o.bandLast && comparison == o.comparison && format == o.format
        && precisionMode == o.precisionMode && rope == o.rope && embeddings == o.embeddings && methods == o.methods
        && tableDataRange == o.tableDataRange;
}

QString EmbeddingOptions::defaultSentence()
{
    return QStringLiteral("The black cat sat on the couch and the brown dog slept on the rug.");
}

namespace {
namespace key {
const QString scale = QStringLiteral("scale");
const QString originalLength = QStringLiteral("originalLength");
const QString logDistance = QStringLiteral("logDistance");
const QString sequenceLength = QStringLiteral("sequenceLength");
const QString yarnTruncate = QStringLiteral("yarnTruncate");
const QString lowFrequencyFactor = QStringLiteral("lowFrequencyFactor");
const QString highFrequencyFactor = QStringLiteral("highFrequencyFactor");
const QString sentence = QStringLiteral("sentence");
const QString first = QStringLiteral("first");
const QString second = QStringLiteral("second");
const QString sqrtScaling = QStringLiteral("sqrtScaling");
const QString segments = QStringLiteral("segments");
const QString vectorFile = QStringLiteral("vectorFile");
const QString method = QStringLiteral("method");
const QString curves = QStringLiteral("curves");
const QString heads = QStringLiteral("heads");
const QString head = QStringLiteral("head");
const QString numBuckets = QStringLiteral("numBuckets");
const QString maxDistance = QStringLiteral("maxDistance");
const QString bidirectional = QStringLiteral("bidirectional");
const QString bucketIndex = QStringLiteral("bucketIndex");
const QString clip = QStringLiteral("clip");
const QString causal = QStringLiteral("causal");
const QString scaleCurves = QStringLiteral("scaleCurves");
const QString t5Head = QStringLiteral("t5Head");
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
            {key::lowFrequencyFactor, o.lowFrequencyFactor}, {key::highFrequencyFactor, o.highFrequencyFactor}};
}

QVariantMap toVariantMap(const EmbeddingOptions& o)
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
            {key::scaleCurves, o.scaleCurves}, {key::t5Head, o.t5Head}};
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
    return clamped(o);
}

EmbeddingOptions embeddingOptionsFrom(const QVariantMap& map)
{
    EmbeddingOptions o;
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
    o.t5Head = std::clamp(o.t5Head, 1, o.t5Biases ? std::max(o.t5Biases->heads, 1) : MethodOptions::maxHeads);
    return o;
}

EmbeddingOptions clamped(EmbeddingOptions o)
{
    o.sentence.truncate(EmbeddingOptions::maxSentence);
    o.first = std::max(o.first, 0);
    o.second = std::max(o.second, 0);
    return o;
}

} // namespace pe::ui
