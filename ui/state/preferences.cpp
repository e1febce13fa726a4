// SPDX-License-Identifier: MIT
#include "ui/state/preferences.h"
#include "ui/state/viewcatalog.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace pe::ui {

namespace {

namespace key {
const QString windowGeometry = QStringLiteral("window/geometry");
const QString windowState = QStringLiteral("window/state");
const QString presentation = QStringLiteral("view/presentation");
const QString explanations = QStringLiteral("view/explanations");
const QString theme = QStringLiteral("view/theme");
const QString language = QStringLiteral("ui/language");
const QString folder = QStringLiteral("files/folder");
const QString exportFolder = QStringLiteral("export/folder"); // what earlier versions remembered for exports
const QString recentSessions = QStringLiteral("session/recent");
const QString lastSession = QStringLiteral("session/last");
const QString wordVectorFolder = QStringLiteral("wordVectors/folder");
const QString exportTitle = QStringLiteral("export/title");
const QString exportMarks = QStringLiteral("export/marks");
const QString exportFormat = QStringLiteral("export/format");
const QString exportPreset = QStringLiteral("export/preset");
const QString exportWidth = QStringLiteral("export/widthMm");
const QString exportHeight = QStringLiteral("export/heightMm");
const QString exportDpi = QStringLiteral("export/dpi");
const QString exportFont = QStringLiteral("export/fontPoints");
const QString animationSpeed = QStringLiteral("animation/speed");
const QString animationTarget = QStringLiteral("animation/target");
const QString recentModelConfigs = QStringLiteral("rope/recentConfigs");
} // namespace key

QVariant value(const QString& name, const QVariant& fallback = {})
{
    return QSettings().value(name, fallback);
}

void setValue(const QString& name, const QVariant& v)
{
    QSettings().setValue(name, v);
}

} // namespace

QString Preferences::saveError()
{
    QSettings settings;
    settings.sync();
    if (settings.status() == QSettings::NoError)
        return {};
    const QString file = QDir::toNativeSeparators(settings.fileName());
    const QFileInfo folder(QFileInfo(settings.fileName()).absolutePath());
    const QString reason = !folder.exists() ? QCoreApplication::translate("pe::ui::Preferences", "its folder cannot be made")
        : !folder.isWritable()              ? QCoreApplication::translate("pe::ui::Preferences", "its folder is not writable")
                                            : QCoreApplication::translate("pe::ui::Preferences", "the disk refused the write (full?)");
    return QCoreApplication::translate("pe::ui::Preferences", "The preferences could not be saved to %1: %2. "
                                       "The file keeps what it held before.").arg(file, reason);
}

QByteArray Preferences::windowGeometry() { return value(key::windowGeometry).toByteArray(); }
void Preferences::setWindowGeometry(const QByteArray& geometry) { setValue(key::windowGeometry, geometry); }
QByteArray Preferences::windowState() { return value(key::windowState).toByteArray(); }
void Preferences::setWindowState(const QByteArray& state) { setValue(key::windowState, state); }
bool Preferences::presentationMode() { return value(key::presentation, false).toBool(); }
void Preferences::setPresentationMode(bool on) { setValue(key::presentation, on); }
bool Preferences::showExplanations() { return value(key::explanations, true).toBool(); }
void Preferences::setShowExplanations(bool on) { setValue(key::explanations, on); }
QString Preferences::theme() { return value(key::theme).toString(); }
void Preferences::setTheme(const QString& name) { setValue(key::theme, name); }
QString Preferences::language() { return value(key::language).toString(); }
void Preferences::setLanguage(const QString& name) { setValue(key::language, name); }

QString Preferences::recentFolder()
{
    const QString folder = value(key::folder, value(key::exportFolder)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QString();
}

void Preferences::setRecentFolder(const QString& folder) { setValue(key::folder, folder); }
QStringList Preferences::recentSessions() { return value(key::recentSessions).toStringList().mid(0, maxRecentSessions); }

void Preferences::setRecentSessions(const QStringList& paths)
{
    if (paths.isEmpty())
        QSettings().remove(key::recentSessions);
    else
        setValue(key::recentSessions, paths.mid(0, maxRecentSessions));
}

void Preferences::setLastSession(const QString& path) { setValue(key::lastSession, path); }
QString Preferences::wordVectorFolder() { return value(key::wordVectorFolder).toString(); }
void Preferences::setWordVectorFolder(const QString& folder) { setValue(key::wordVectorFolder, folder); }
int Preferences::exportTitle() { return std::clamp(value(key::exportTitle, 0).toInt(), 0, 2); }
void Preferences::setExportTitle(int index) { setValue(key::exportTitle, index); }
bool Preferences::exportSelectionMarks() { return value(key::exportMarks, false).toBool(); }
void Preferences::setExportSelectionMarks(bool on) { setValue(key::exportMarks, on); }
QString Preferences::exportFormat()
{
    const QString suffix = value(key::exportFormat, QStringLiteral("pdf")).toString();
    const QStringList known{QStringLiteral("pdf"), QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("npy"), QStringLiteral("csv")};
    return known.contains(suffix) ? suffix : QStringLiteral("pdf");
}
void Preferences::setExportFormat(const QString& suffix) { setValue(key::exportFormat, suffix); }
Preferences::ExportSize Preferences::exportSize()
{
    // Out of range or missing: 0, the preset's own (the dialog clamps what it shows).
    const auto finite = [](const QVariant& v) { const double x = v.toDouble(); return std::isfinite(x) && x > 0 ? x : 0.0; };
    ExportSize size;
    size.preset = std::clamp(value(key::exportPreset, 0).toInt(), 0, 3);
    size.width = finite(value(key::exportWidth));
    size.height = finite(value(key::exportHeight));
    size.dpi = std::max(value(key::exportDpi, 0).toInt(), 0);
    size.fontPoints = finite(value(key::exportFont));
    return size;
}
void Preferences::setExportSize(const ExportSize& size)
{
    setValue(key::exportPreset, size.preset);
    setValue(key::exportWidth, size.width);
    setValue(key::exportHeight, size.height);
    setValue(key::exportDpi, size.dpi);
    setValue(key::exportFont, size.fontPoints);
}
double Preferences::animationSpeed(double fallback) { return value(key::animationSpeed, fallback).toDouble(); }
void Preferences::setAnimationSpeed(double speed) { setValue(key::animationSpeed, speed); }
bool Preferences::animationSweepsOffset() { return value(key::animationTarget).toString() == QLatin1String("offset"); }

void Preferences::setAnimationSweepsOffset(bool offset)
{
    setValue(key::animationTarget, offset ? QStringLiteral("offset") : QStringLiteral("position"));
}

QStringList Preferences::recentModelConfigs()
{
    QStringList paths = value(key::recentModelConfigs).toStringList();
    paths.removeIf([](const QString& path) { return !QFileInfo(path).isFile(); });
    return paths.mid(0, maxRecentModelConfigs);
}

void Preferences::addRecentModelConfig(const QString& path)
{
    QStringList paths = value(key::recentModelConfigs).toStringList();
    paths.removeAll(path);
    paths.prepend(path);
    setValue(key::recentModelConfigs, paths.mid(0, maxRecentModelConfigs));
}

namespace {
QString viewValueKey(View view, const char* name)
{
    return QStringLiteral("viewOptions/") + viewName(view) + QLatin1String(name);
}
} // namespace

QVariant Preferences::viewValue(View view, const char* name, const QVariant& fallback)
{
    return value(viewValueKey(view, name), fallback);
}

void Preferences::setViewValue(View view, const char* name, const QVariant& value)
{
    setValue(viewValueKey(view, name), value);
}

QVariantMap Preferences::viewOptions(View view)
{
    return validViewOptions(view, value(QStringLiteral("viewOptions/") + viewName(view)).toMap());
}

void Preferences::setViewOptions(View view, const QVariantMap& options)
{
    setValue(QStringLiteral("viewOptions/") + viewName(view), options);
}

QMap<QString, QVariantMap> Preferences::allViewOptions()
{
    QMap<QString, QVariantMap> all;
    for (const ViewDescription& d : viewCatalog())
        if (hasOwnOptions(d.view))
            all.insert(viewName(d.view), viewOptions(d.view));
    return all;
}

} // namespace pe::ui
