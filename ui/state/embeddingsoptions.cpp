// SPDX-License-Identifier: MIT
#include "ui/state/embeddingsoptions.h"

#include "ui/state/optionvalues.h"
#include "ui/state/viewcatalog.h"
#include "ui/state/viewstate.h"

#include <QCoreApplication>

#include <algorithm>

namespace pe::ui {

namespace {
// Compile-time constants, not file-scope QStrings: a view's entry may make its default options
// before this file's statics exist (a static initialiser gave them the key "" once).
namespace key {
constexpr QLatin1StringView sentence{"sentence"};
constexpr QLatin1StringView first{"first"};
constexpr QLatin1StringView second{"second"};
constexpr QLatin1StringView sqrtScaling{"sqrtScaling"};
constexpr QLatin1StringView segments{"segments"};
constexpr QLatin1StringView vectorFile{"vectorFile"};
} // namespace key
} // namespace

QString EmbeddingsOptions::defaultSentence()
{
    return QStringLiteral("The black cat sat on the couch and the brown dog slept on the rug.");
}

QVariantMap toVariantMap(const EmbeddingsOptions& o)
{
    return {{key::sentence, o.sentence}, {key::first, o.first}, {key::second, o.second}, {key::sqrtScaling, o.sqrtScaling},
            {key::segments, o.segments}, {key::vectorFile, o.vectorFile}};
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

EmbeddingsOptions clamped(EmbeddingsOptions o)
{
    o.sentence.truncate(EmbeddingsOptions::maxSentence);
    o.first = std::max(o.first, 0);
    o.second = std::max(o.second, 0);
    return o;
}

EmbeddingsOptions embeddingsOptions(const ViewState& state) { return embeddingsOptionsFrom(state.optionsOf(views::embeddings)); }

void setEmbeddingsOptions(ViewState& state, const EmbeddingsOptions& options)
{
    state.setOptionsOf(views::embeddings, toVariantMap(options));
}

} // namespace pe::ui
