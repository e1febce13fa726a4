// SPDX-License-Identifier: MIT
#include "ui/state/session.h"
#include "ui/state/viewcatalog.h"

#include "core/presets.h"
#include "ui/state/safewrite.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

class SessionText {
    Q_DECLARE_TR_FUNCTIONS(pe::ui::Session)
};

const QString formatName = QStringLiteral("pe-explorer-session");

/// Thrown inside the parser; parseSession turns it into a SessionError.
struct BadField {
    QString message;
};

QString number(double value) { return QString::number(value, 'g', QLocale::FloatingPointShortest); }

/// How a JSON value looks in a message: numbers as numbers, strings quoted, others by kind.
QString shown(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Double: return number(value.toDouble());
    case QJsonValue::String: {
        // Through UTF-8 and back: a lone surrogate becomes U+FFFD, so the message is valid text.
        const QString text = QString::fromUtf8(value.toString().toUtf8());
        return QLatin1Char('"') + (text.size() > 40 ? text.left(40) + QStringLiteral("…") : text) + QLatin1Char('"');
    }
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Array: return SessionText::tr("an array");
    case QJsonValue::Object: return SessionText::tr("an object");
    case QJsonValue::Undefined: break;
    }
    return SessionText::tr("nothing");
}

QString join(const QStringList& names) { return names.join(QStringLiteral(", ")); }

void requireKnownKeys(const QJsonObject& object, const QString& where, const QStringList& allowed)
{
    for (const QString& key : object.keys())
        if (!allowed.contains(key))
            throw BadField{SessionText::tr("%1: unknown field \"%2\"; allowed: %3").arg(where, key, join(allowed))};
}

QJsonObject objectField(const QJsonObject& parent, const QString& key, const QString& path)
{
    const QJsonValue value = parent.value(key);
    if (value.isUndefined())
        return {};
    if (!value.isObject())
        throw BadField{SessionText::tr("%1 is %2; allowed: an object { … }").arg(path, shown(value))};
    return value.toObject();
}

/// A whole number in [min, max]; a missing field keeps `fallback`.
qint64 wholeNumber(const QJsonObject& object, const QString& key, const QString& path, qint64 min, qint64 max,
                   qint64 fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    const QString allowed = SessionText::tr("allowed: a whole number from %1 to %2").arg(min).arg(max);
    if (!value.isDouble())
        throw BadField{SessionText::tr("%1 is %2, not a number; %3").arg(path, shown(value), allowed)};
    const double v = value.toDouble();
    if (std::isfinite(v) && std::trunc(v) != v)
        throw BadField{SessionText::tr("%1 = %2 is not a whole number; %3").arg(path, number(v), allowed)};
    if (!std::isfinite(v) || v < double(min) || v > double(max))
        throw BadField{SessionText::tr("%1 = %2 is out of range; %3").arg(path, number(v), allowed)};
    return static_cast<qint64>(v);
}

double realNumber(const QJsonObject& object, const QString& key, const QString& path, double min, double max,
                  double fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    const QString allowed = SessionText::tr("allowed: a number from %1 to %2").arg(min).arg(max);
    if (!value.isDouble())
        throw BadField{SessionText::tr("%1 is %2, not a number; %3").arg(path, shown(value), allowed)};
    const double v = value.toDouble();
    if (!std::isfinite(v) || v < min || v > max)
        throw BadField{SessionText::tr("%1 = %2 is out of range; %3").arg(path, number(v), allowed)};
    return v;
}

QString choice(const QJsonObject& object, const QString& key, const QString& path, const QStringList& allowed,
               const QString& fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    if (!value.isString() || !allowed.contains(value.toString()))
        throw BadField{SessionText::tr("%1 is %2; allowed: %3").arg(path, shown(value), join(allowed))};
    return value.toString();
}

bool flag(const QJsonObject& object, const QString& key, const QString& path, bool fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return fallback;
    if (!value.isBool())
        throw BadField{SessionText::tr("%1 is %2; allowed: true or false").arg(path, shown(value))};
    return value.toBool();
}

QList<int> waveDims(const QJsonObject& object, const QString& path, const QList<int>& fallback)
{
    const QJsonValue value = object.value(QStringLiteral("dims"));
    if (value.isUndefined())
        return fallback;
    const int maxDims = WindowLimits::maxWaveDims;
    if (!value.isArray())
        throw BadField{SessionText::tr("%1 is %2; allowed: a list of up to %3 dimensions, e.g. [4, 5, 6, 7]").arg(path, shown(value)).arg(maxDims)};
    const QJsonArray array = value.toArray();
    if (array.size() > maxDims)
        throw BadField{SessionText::tr("%1 names %2 dimensions; allowed: at most %3").arg(path).arg(array.size()).arg(maxDims)};
    QList<int> dims;
    QJsonObject holder; // reuses wholeNumber's checks and messages for each element
    for (qsizetype i = 0; i < array.size(); ++i) {
        holder.insert(QStringLiteral("d"), array.at(i));
        const QString element = QStringLiteral("%1[%2]").arg(path).arg(i);
        const int dim = int(wholeNumber(holder, QStringLiteral("d"), element, 0, WindowLimits::maxDModel - 1, 0));
        if (dims.contains(dim))
            throw BadField{SessionText::tr("%1 = %2 is listed twice; allowed: each dimension once").arg(element).arg(dim)};
        dims.append(dim);
    }
    return dims;
}

void band(const QJsonObject& object, const QString& path, ViewState& state)
{
    const QJsonValue value = object.value(QStringLiteral("band"));
    if (value.isUndefined() || value.isNull())
        return;
    const QJsonArray array = value.toArray();
    if (!value.isArray() || array.size() != 2)
        throw BadField{SessionText::tr("%1 is %2; allowed: null (no band) or [first pair, last pair]").arg(path, shown(value))};
    QJsonObject holder{{QStringLiteral("first"), array.at(0)}, {QStringLiteral("last"), array.at(1)}};
    const int maxPair = WindowLimits::maxDModel / 2;
    state.bandFirst = int(wholeNumber(holder, QStringLiteral("first"), path + QStringLiteral("[0]"), 0, maxPair, 0));
    state.bandLast = int(wholeNumber(holder, QStringLiteral("last"), path + QStringLiteral("[1]"), 0, maxPair, 0));
}

core::EncodingSpec specFrom(const QJsonObject& o)
{
    using L = WindowLimits;
    requireKnownKeys(o, QStringLiteral("spec"), {QStringLiteral("d_model"), QStringLiteral("max_len"), QStringLiteral("base"),
                                                QStringLiteral("layout"), QStringLiteral("frequencies"), QStringLiteral("first_position"),
                                                QStringLiteral("preset")});
    core::EncodingSpec spec;
    // A library preset sets layout, frequencies and first position; the fields given beside it win.
    const QString preset = choice(o, QStringLiteral("preset"), QStringLiteral("spec.preset"), presetNames(), QString());
    if (!preset.isEmpty())
        spec = core::withPreset(spec, *core::findPreset(preset.toStdString()));
    spec.dModel = int(wholeNumber(o, QStringLiteral("d_model"), QStringLiteral("spec.d_model"), 1, L::maxDModel, spec.dModel));
    spec.maxLen = wholeNumber(o, QStringLiteral("max_len"), QStringLiteral("spec.max_len"), 1, L::maxMaxLen, spec.maxLen);
    spec.base = realNumber(o, QStringLiteral("base"), QStringLiteral("spec.base"), L::minBase, L::maxBase, spec.base);
    spec.layout = *core::parseLayout(choice(o, QStringLiteral("layout"), QStringLiteral("spec.layout"),
                                            {QStringLiteral("interleaved"), QStringLiteral("split")},
                                            QString::fromUtf8(core::layoutName(spec.layout))).toStdString());
    spec.frequencies = *core::parseFrequencyRule(choice(o, QStringLiteral("frequencies"), QStringLiteral("spec.frequencies"),
                                                        {QStringLiteral("paper"), QStringLiteral("tensor2tensor")},
                                                        QString::fromUtf8(core::frequencyRuleName(spec.frequencies))).toStdString());
    spec.firstPosition = wholeNumber(o, QStringLiteral("first_position"), QStringLiteral("spec.first_position"), 0,
                                     L::maxFirstPosition, spec.firstPosition);
    return spec;
}

/// view.options: { view name: { option: true/false, a number or a text } }. Only the shape and
/// sizes are checked here; each view's entry (validViewOptions) clamps the values to what its
/// controls allow (a missing option takes its default).
QMap<QString, QVariantMap> viewOptionsFrom(const QJsonObject& options)
{
    requireKnownKeys(options, QStringLiteral("view.options"), viewNames());
    QMap<QString, QVariantMap> result;
    for (auto view = options.begin(); view != options.end(); ++view) {
        const QString path = QStringLiteral("view.options.") + view.key();
        if (!view.value().isObject())
            throw BadField{SessionText::tr("%1 is %2; allowed: an object of options").arg(path, shown(view.value()))};
        const QJsonObject object = view.value().toObject();
        if (object.size() > SessionLimits::maxViewOptions)
            throw BadField{SessionText::tr("%1 has %2 options; allowed: at most %3").arg(path).arg(object.size())
                               .arg(SessionLimits::maxViewOptions)};
        QVariantMap map;
        for (auto option = object.begin(); option != object.end(); ++option) {
            static const QRegularExpression optionName(QStringLiteral("^[A-Za-z][A-Za-z0-9_]{0,63}$"));
            if (!optionName.match(option.key()).hasMatch())
                throw BadField{SessionText::tr("%1: option name \"%2\" is not allowed; allowed: a letter, then up to 63 letters, digits or _")
                                   .arg(path, option.key().left(40))};
            const QString optionPath = path + QLatin1Char('.') + option.key();
            const QJsonValue value = option.value();
            const QString allowed = SessionText::tr("allowed: true, false, a number from −%1 to %1 or a text of at most %2 characters")
                                        .arg(number(SessionLimits::maxOptionNumber)).arg(SessionLimits::maxOptionText);
            const bool fits = value.isBool() || (value.isDouble() && std::abs(value.toDouble()) <= SessionLimits::maxOptionNumber)
                || (value.isString() && value.toString().size() <= SessionLimits::maxOptionText
                    && value.toString().isValidUtf16()); // a lone surrogate would not survive being written
            if (!fits)
                throw BadField{SessionText::tr("%1 is %2; %3").arg(optionPath, shown(value), allowed)};
            map.insert(option.key(), value.toVariant());
        }
        result.insert(view.key(), map);
    }
    return result;
}

ViewState stateFrom(const QJsonObject& o)
{
    requireKnownKeys(o, QStringLiteral("selection"), {QStringLiteral("dims"), QStringLiteral("position"), QStringLiteral("dimension"),
                                                     QStringLiteral("offset"), QStringLiteral("normalize"), QStringLiteral("colormap"),
                                                     QStringLiteral("band"), QStringLiteral("compare"), QStringLiteral("format"),
                                                     QStringLiteral("precision"), QStringLiteral("tableScale")});
    // Broad ranges here; settingsError() then checks them against the spec.
    const qint64 far = core::SpecLimits::maxFirstPosition;
    ViewState state;
    state.dims = waveDims(o, QStringLiteral("selection.dims"), state.dims);
    state.position = wholeNumber(o, QStringLiteral("position"), QStringLiteral("selection.position"), 0,
                                 WindowLimits::maxMaxLen - 1, state.position);
    state.dimension = int(wholeNumber(o, QStringLiteral("dimension"), QStringLiteral("selection.dimension"), 0,
                                      WindowLimits::maxDModel - 1, state.dimension));
    state.offset = wholeNumber(o, QStringLiteral("offset"), QStringLiteral("selection.offset"), -far, far, state.offset);
    state.normalize = flag(o, QStringLiteral("normalize"), QStringLiteral("selection.normalize"), state.normalize);
    state.colormap = choice(o, QStringLiteral("colormap"), QStringLiteral("selection.colormap"), colormapNames(),
                            state.colormap);
    state.tableDataRange = choice(o, QStringLiteral("tableScale"), QStringLiteral("selection.tableScale"), tableScaleNames(),
                                  tableScaleNames()[0]) == tableScaleNames()[1];
    band(o, QStringLiteral("selection.band"), state);
    state.comparison = *core::parseComparison(choice(o, QStringLiteral("compare"), QStringLiteral("selection.compare"),
        settingsComparisonNames(), QString::fromUtf8(core::comparisonName(state.comparison))).toStdString());
    const QStringList formats = settingsFormatNames();
    state.format = core::NumberFormat(formats.indexOf(choice(o, QStringLiteral("format"), QStringLiteral("selection.format"),
        formats, formats[int(state.format)])));
    const QStringList modes = settingsPrecisionModeNames();
    state.precisionMode = core::PrecisionMode(modes.indexOf(choice(o, QStringLiteral("precision"), QStringLiteral("selection.precision"),
        modes, modes[int(state.precisionMode)])));
    return state;
}

QByteArray layoutBytes(const QJsonObject& o, const QString& key, const QString& path)
{
    const QJsonValue value = o.value(key);
    if (value.isUndefined())
        return {};
    const QString allowed = SessionText::tr("allowed: base64 text of at most %1 bytes").arg(SessionLimits::maxLayoutBytes);
    if (!value.isString())
        throw BadField{SessionText::tr("%1 is %2; %3").arg(path, shown(value), allowed)};
    const auto decoded = QByteArray::fromBase64Encoding(value.toString().toLatin1(),
                                                         QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || value.toString().size() > SessionLimits::maxLayoutBytes * 4 / 3 + 4)
        throw BadField{SessionText::tr("%1 is %2; %3").arg(path, shown(value), allowed)};
    return *decoded;
}

/// A text field of at most `most` characters; `pattern` (if given) says what it must look like.
QString textField(const QJsonObject& object, const QString& key, const QString& path, int most, const QString& allowed,
                  const QRegularExpression& pattern = {})
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return {};
    const QString text = value.toString();
    if (!value.isString() || text.size() > most || (pattern.pattern().size() > 0 && !pattern.match(text).hasMatch()))
        throw BadField{SessionText::tr("%1 is %2; allowed: %3").arg(path, shown(value).left(80), allowed)};
    return text;
}

TableReference tableFrom(const QJsonObject& root)
{
    const QJsonObject o = objectField(root, QStringLiteral("table"), QStringLiteral("table"));
    if (o.isEmpty())
        return {};
    requireKnownKeys(o, QStringLiteral("table"), {QStringLiteral("path"), QStringLiteral("tensor"), QStringLiteral("size"),
                                                  QStringLiteral("fingerprint")});
    const int most = SessionLimits::maxTablePath;
    TableReference table;
    table.path = textField(o, QStringLiteral("path"), QStringLiteral("table.path"), most,
                           SessionText::tr("the absolute path of a table file, at most %1 characters").arg(most),
                           QRegularExpression(QStringLiteral("^/")));
    if (table.path.isEmpty())
        throw BadField{SessionText::tr("table has no path; allowed: a table object with path, tensor, size and fingerprint")};
    table.tensor = textField(o, QStringLiteral("tensor"), QStringLiteral("table.tensor"), most,
                             SessionText::tr("a tensor name of at most %1 characters").arg(most));
    table.size = wholeNumber(o, QStringLiteral("size"), QStringLiteral("table.size"), 0, qint64(1) << 50, 0);
    table.fingerprint = textField(o, QStringLiteral("fingerprint"), QStringLiteral("table.fingerprint"), 64,
                                  SessionText::tr("64 hexadecimal digits"), QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")));
    if (table.fingerprint.isEmpty())
        throw BadField{SessionText::tr("table has no fingerprint; allowed: 64 hexadecimal digits")};
    return table;
}

Session currentSessionFrom(const QJsonObject& root);

Session sessionFrom(const QJsonObject& root)
{
    const QJsonValue format = root.value(QStringLiteral("format"));
    if (format != QJsonValue(formatName))
        throw BadField{SessionText::tr("format is %1; allowed: \"%2\" (this is not a PE Explorer session)").arg(shown(format), formatName)};
    QJsonObject current = root;
    if (const auto error = migrateSessionJson(current, sessionFormatVersion, sessionMigrations()))
        throw BadField{*error};
    return currentSessionFrom(current);
}

/// A session object of the current version.
Session currentSessionFrom(const QJsonObject& root)
{
    requireKnownKeys(root, SessionText::tr("the session"), {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("spec"),
                                               QStringLiteral("selection"), QStringLiteral("view"), QStringLiteral("window"),
                                               QStringLiteral("table")});
    Session session;
    session.settings.spec = specFrom(objectField(root, QStringLiteral("spec"), QStringLiteral("spec")));
    session.settings.state = stateFrom(objectField(root, QStringLiteral("selection"), QStringLiteral("selection")));
    const QJsonObject view = objectField(root, QStringLiteral("view"), QStringLiteral("view"));
    requireKnownKeys(view, QStringLiteral("view"), {QStringLiteral("presentation"), QStringLiteral("options")});
    session.presentation = flag(view, QStringLiteral("presentation"), QStringLiteral("view.presentation"), false);
    const QMap<QString, QVariantMap> options = viewOptionsFrom(objectField(view, QStringLiteral("options"), QStringLiteral("view.options")));
    for (const ViewDescription& d : viewCatalog()) // the views that keep their options by key
        if (hasOwnOptions(d.view) && options.contains(viewName(d.view)))
            session.settings.state.setOptionsOf(d.view, validViewOptions(d.view, options.value(viewName(d.view))));
    const QJsonObject window = objectField(root, QStringLiteral("window"), QStringLiteral("window"));
    requireKnownKeys(window, QStringLiteral("window"), {QStringLiteral("geometry"), QStringLiteral("state")});
    session.windowGeometry = layoutBytes(window, QStringLiteral("geometry"), QStringLiteral("window.geometry"));
    session.windowState = layoutBytes(window, QStringLiteral("state"), QStringLiteral("window.state"));
    session.table = tableFrom(root);
    if (const QString error = settingsError(session.settings); !error.isEmpty())
        throw BadField{error};
    return session;
}

QString jsonKind(const QJsonDocument& document)
{
    return document.isArray() ? SessionText::tr("an array") : SessionText::tr("not an object");
}

} // namespace

QStringList settingsComparisonNames()
{
    QStringList names;
    for (core::Comparison c : {core::Comparison::Layout, core::Comparison::Frequencies, core::Comparison::FirstPosition,
                               core::Comparison::DoubledExponent, core::Comparison::ShiftedCosine})
        names << QString::fromUtf8(core::comparisonName(c));
    return names;
}

QStringList settingsFormatNames()
{
    QStringList names;
    for (core::NumberFormat f : {core::NumberFormat::Float64, core::NumberFormat::Float32, core::NumberFormat::BFloat16,
                                 core::NumberFormat::Float16})
        names << QString::fromUtf8(core::numberFormatName(f));
    return names;
}

QStringList settingsPrecisionModeNames()
{
    return {QStringLiteral("stored"), QStringLiteral("computed")};
}

QString settingsError(const Settings& settings)
{
    using L = WindowLimits;
    const core::EncodingSpec& spec = settings.spec;
    const ViewState& st = settings.state;
    if (spec.dModel < 1 || spec.dModel > L::maxDModel)
        return SessionText::tr("spec.d_model = %1 is out of range; allowed: 1 to %2").arg(spec.dModel).arg(L::maxDModel);
    if (spec.maxLen < 1 || spec.maxLen > L::maxMaxLen)
        return SessionText::tr("spec.max_len = %1 is out of range; allowed: 1 to %2").arg(spec.maxLen).arg(L::maxMaxLen);
    if (!(spec.base >= L::minBase && spec.base <= L::maxBase))
        return SessionText::tr("spec.base = %1 is out of range; allowed: %2 to %3").arg(number(spec.base)).arg(L::minBase).arg(L::maxBase);
    if (spec.firstPosition < 0 || spec.firstPosition > L::maxFirstPosition)
        return SessionText::tr("spec.first_position = %1 is out of range; allowed: 0 to %2").arg(spec.firstPosition).arg(L::maxFirstPosition);
    if (const auto coreError = core::validationError(spec))
        return QString::fromStdString(*coreError);
    if (st.position < 0 || st.position >= spec.maxLen)
        return SessionText::tr("selection.position = %1 is out of range; allowed: 0 to %2 (max_len − 1)").arg(st.position).arg(spec.maxLen - 1);
    if (st.dimension < 0 || st.dimension >= spec.dModel)
        return SessionText::tr("selection.dimension = %1 is out of range; allowed: 0 to %2 (d_model − 1)").arg(st.dimension).arg(spec.dModel - 1);
    const qint64 lowestOffset = -(spec.firstPosition + st.position);
    if (st.offset < lowestOffset || st.offset > core::SpecLimits::maxFirstPosition)
        return SessionText::tr("selection.offset = %1 is out of range; allowed: %2 (back to position 0) to %3")
            .arg(st.offset).arg(lowestOffset).arg(core::SpecLimits::maxFirstPosition);
    if (st.dims.size() > WindowLimits::maxWaveDims)
        return SessionText::tr("selection.dims names %1 dimensions; allowed: at most %2").arg(st.dims.size()).arg(WindowLimits::maxWaveDims);
    for (qsizetype i = 0; i < st.dims.size(); ++i) {
        // Dimensions beyond d_model are kept (the window keeps them for a later larger d_model).
        if (st.dims[i] < 0 || st.dims[i] >= L::maxDModel)
            return SessionText::tr("selection.dims[%1] = %2 is out of range; allowed: 0 to %3").arg(i).arg(st.dims[i]).arg(L::maxDModel - 1);
        if (st.dims.indexOf(st.dims[i]) != i)
            return SessionText::tr("selection.dims[%1] = %2 is listed twice; allowed: each dimension once").arg(i).arg(st.dims[i]);
    }
    const int pairs = core::pairCount(spec);
    const bool noBand = st.bandFirst == -1 && st.bandLast == -1;
    if (!noBand && !(0 <= st.bandFirst && st.bandFirst <= st.bandLast && st.bandLast < pairs))
        return SessionText::tr("selection.band = [%1, %2] is out of range; allowed: null or [first, last] with 0 ≤ first ≤ last ≤ %3 (pairs − 1)")
            .arg(st.bandFirst).arg(st.bandLast).arg(pairs - 1);
    if (!colormapNames().contains(st.colormap))
        return SessionText::tr("selection.colormap is \"%1\"; allowed: %2").arg(st.colormap, join(colormapNames()));
    return {};
}

const std::vector<SessionMigration>& sessionMigrations()
{
    // Version 1 (the first, 2026) is the only one so far. Fields added since then were
    // optional (table, tableScale, preset, view options): a file without them still opens, so
    // they needed no new version. A change that would make an older file mean something else
    // (a field renamed, moved or given other units) bumps sessionFormatVersion and adds here
    //     {1, [](QJsonObject& root) { … version 1's fields as version 2 writes them … }},
    // with a sample of version 1 kept in tests/data/sessions/.
    static const std::vector<SessionMigration> steps;
    return steps;
}

std::optional<QString> migrateSessionJson(QJsonObject& root, int target, const std::vector<SessionMigration>& steps)
{
    const QJsonValue version = root.value(QStringLiteral("version"));
    const double number = version.toDouble();
    if (!version.isDouble() || std::trunc(number) != number || number < 0 || number > 1e6)
        return SessionText::tr("version is %1; allowed: a whole number up to %2").arg(shown(version)).arg(target);
    int at = int(number);
    if (at > target)
        return SessionText::tr("version is %1; allowed: up to %2 (this file was written by a newer PE Explorer; "
                               "open it there, or save it again from there)").arg(at).arg(target);
    while (at < target) {
        const auto step = std::find_if(steps.begin(), steps.end(), [at](const SessionMigration& s) { return s.from == at; });
        if (step == steps.end())
            return SessionText::tr("version is %1; allowed: %2 (no PE Explorer wrote version %1)").arg(at).arg(target);
        step->apply(root);
        root.insert(QStringLiteral("version"), ++at);
    }
    return std::nullopt;
}

SessionResult sessionFromJson(const QJsonObject& root)
{
    try {
        return sessionFrom(root);
    } catch (const BadField& bad) {
        return SessionError{bad.message};
    }
}

QByteArray serializeSession(const Session& session)
{
    return QJsonDocument(sessionJson(session)).toJson(QJsonDocument::Indented);
}

QJsonObject sessionJson(const Session& session)
{
    const auto& spec = session.settings.spec;
    const auto& st = session.settings.state;
    QJsonArray dims;
    for (int dim : st.dims)
        dims.append(dim);
    QJsonObject options;
    for (const ViewDescription& d : viewCatalog())
        if (hasOwnOptions(d.view))
            options.insert(viewName(d.view), QJsonObject::fromVariantMap(st.optionsOf(d.view)));
    const QJsonValue band = st.bandFirst < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(QJsonArray{st.bandFirst, st.bandLast});
    QJsonObject specObject{
        {QStringLiteral("d_model"), spec.dModel},
        {QStringLiteral("max_len"), qint64(spec.maxLen)},
        {QStringLiteral("base"), spec.base},
        {QStringLiteral("layout"), QString::fromUtf8(core::layoutName(spec.layout))},
        {QStringLiteral("frequencies"), QString::fromUtf8(core::frequencyRuleName(spec.frequencies))},
        {QStringLiteral("first_position"), qint64(spec.firstPosition)}};
    // For the reader: the library these settings reproduce (the fields beside it say the same).
    if (const auto matching = core::matchingPresets(spec); !matching.empty())
        specObject.insert(QStringLiteral("preset"), toQString(matching.front()));
    QJsonObject root{
        {QStringLiteral("format"), formatName},
        {QStringLiteral("version"), sessionFormatVersion},
        {QStringLiteral("spec"), specObject},
        {QStringLiteral("selection"), QJsonObject{
            {QStringLiteral("dims"), dims},
            {QStringLiteral("position"), qint64(st.position)},
            {QStringLiteral("dimension"), st.dimension},
            {QStringLiteral("offset"), qint64(st.offset)},
            {QStringLiteral("normalize"), st.normalize},
            {QStringLiteral("colormap"), st.colormap},
            {QStringLiteral("band"), band},
            {QStringLiteral("compare"), QString::fromUtf8(core::comparisonName(st.comparison))},
            {QStringLiteral("format"), settingsFormatNames()[int(st.format)]},
            {QStringLiteral("precision"), settingsPrecisionModeNames()[int(st.precisionMode)]},
            {QStringLiteral("tableScale"), tableScaleNames()[st.tableDataRange ? 1 : 0]}}},
        {QStringLiteral("view"), QJsonObject{{QStringLiteral("presentation"), session.presentation},
                                             {QStringLiteral("options"), options}}},
        {QStringLiteral("window"), QJsonObject{
            {QStringLiteral("geometry"), QString::fromLatin1(session.windowGeometry.toBase64())},
            {QStringLiteral("state"), QString::fromLatin1(session.windowState.toBase64())}}},
    };
    if (!session.table.isEmpty())
        root.insert(QStringLiteral("table"), QJsonObject{{QStringLiteral("path"), session.table.path},
                                                         {QStringLiteral("tensor"), session.table.tensor},
                                                         {QStringLiteral("size"), session.table.size},
                                                         {QStringLiteral("fingerprint"), session.table.fingerprint}});
    return root;
}

SessionResult parseSession(const QByteArray& json)
{
    if (json.trimmed().isEmpty())
        return SessionError{SessionText::tr("the file is empty; allowed: a PE Explorer session (JSON)")};
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return SessionError{SessionText::tr("not valid JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset)};
    if (!document.isObject())
        return SessionError{SessionText::tr("the JSON text is %1; allowed: a session object { \"format\": \"%2\", … }")
                                .arg(jsonKind(document), formatName)};
    return sessionFromJson(document.object());
}

SessionResult readSessionFile(const QString& path)
{
    const QString shownPath = QDir::toNativeSeparators(path);
    auto failure = [&](const QString& reason) { return SessionError{SessionText::tr("%1: %2").arg(shownPath, reason)}; };
    const QFileInfo info(path);
    if (path.isEmpty())
        return SessionError{SessionText::tr("an empty file name; allowed: the path of a session file (.pe.json)")};
    if (!info.exists())
        return failure(SessionText::tr("no such file"));
    if (info.isDir())
        return failure(SessionText::tr("is a folder, not a session file"));
    if (!info.isFile())
        return failure(SessionText::tr("is not a regular file"));
    const qint64 cap = SessionLimits::maxFileBytes;
    const QString tooLarge = SessionText::tr("the file is larger than a session can be; allowed: at most %1 bytes (1 MiB)").arg(cap);
    if (info.size() > cap)
        return failure(tooLarge);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failure(SessionText::tr("cannot be read: %1").arg(file.errorString()));
    const QByteArray bytes = file.read(cap + 1); // the file may have grown since it was measured
    if (file.error() != QFileDevice::NoError)
        return failure(SessionText::tr("cannot be read: %1").arg(file.errorString()));
    if (bytes.size() > cap)
        return failure(tooLarge);
    SessionResult result = parseSession(bytes);
    if (const auto* error = std::get_if<SessionError>(&result))
        return failure(error->message);
    return result;
}

QString writeSessionFile(const QString& path, const Session& session)
{
    const QString shownPath = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (info.isDir())
        return SessionText::tr("Cannot save the session to %1: it is a folder").arg(shownPath);
    const QFileInfo parent(info.absolutePath());
    if (!parent.exists())
        return SessionText::tr("Cannot save the session to %1: the folder %2 does not exist").arg(shownPath, QDir::toNativeSeparators(parent.filePath()));
    if (!parent.isDir())
        return SessionText::tr("Cannot save the session to %1: %2 is a file, not a folder").arg(shownPath, QDir::toNativeSeparators(parent.filePath()));
    if (const QString reason = writeFileAtomically(path, serializeSession(session)); !reason.isEmpty())
        return SessionText::tr("Cannot save the session to %1: %2").arg(shownPath, reason);
    return {};
}

} // namespace pe::ui
