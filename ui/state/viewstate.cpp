// SPDX-License-Identifier: MIT
#include "ui/state/viewstate.h"
#include "ui/state/viewcatalog.h"

#include "core/presets.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace pe::ui {

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

QStringList tableScaleNames() { return {QStringLiteral("symmetric"), QStringLiteral("data")}; }

namespace {

bool sameViewOptions(const ViewState& a, const ViewState& b)
{
    if (a.options.isEmpty() && b.options.isEmpty())
        return true;
    for (const ViewDescription& d : viewCatalog())
        if (!d.defaultOptions.isEmpty() && a.optionsOf(d.view) != b.optionsOf(d.view))
            return false;
    return true;
}

} // namespace

bool ViewState::operator==(const ViewState& o) const
{
    // std::ranges::equal rather than QList's ==, which hands memcmp a null pointer for two
    // empty lists in Qt 6.4 (UndefinedBehaviorSanitizer stops there).
    return std::ranges::equal(dims, o.dims) && position == o.position && dimension == o.dimension
        && offset == o.offset && normalize == o.normalize && colormap == o.colormap
        && bandFirst == o.bandFirst && bandLast == o.bandLast && comparison == o.comparison && format == o.format
        && precisionMode == o.precisionMode
        && tableDataRange == o.tableDataRange && sameViewOptions(*this, o);
}

QVariantMap ViewState::optionsOf(View view) const
{
    const auto held = options.constFind(viewName(view));
    return held != options.constEnd() ? held.value() : describeView(view).defaultOptions;
}

void ViewState::setOptionsOf(View view, const QVariantMap& viewOptions) { options.insert(viewName(view), viewOptions); }

} // namespace pe::ui
