// SPDX-License-Identifier: MIT
#include "ui/state/viewcatalog.h"

#include <QCoreApplication>

namespace pe::ui {

namespace {

std::vector<ViewDescription>& catalog()
{
    static std::vector<ViewDescription> views;
    return views;
}

bool catalogueFrozen = false;

} // namespace

const std::vector<ViewDescription>& viewCatalog()
{
    // Read before start-up's first phase, it would list no view ("--view: allowed: " and nothing).
    if (catalog().empty())
        qFatal("the catalogue of views is read before any view is entered (start-up calls registerViews() first)");
    return catalog();
}

const ViewDescription& describeView(View view)
{
    const auto index = static_cast<std::size_t>(view);
    return viewCatalog()[index < catalog().size() ? index : 0];
}

void enterBuiltInView(View key, ViewDescription description)
{
    const char* name = description.key;
    if (addView(std::move(description)) != key)
        qFatal("the built-in view \"%s\" is entered out of its order (cmake/views.cmake generates the calls)", name);
}

void completeBuiltInView(View key, void (*complete)(ViewDescription& entry))
{
    if (catalogueFrozen)
        qFatal("completeBuiltInView(%d) after the first document was made", int(key));
    ViewDescription& entry = catalog().at(static_cast<std::size_t>(key));
    complete(entry);
    entry.view = key;
}

void freezeViewCatalog() { catalogueFrozen = true; }

View addView(ViewDescription description)
{
    // Frames are built off the GUI thread while they read the catalogue, and a set of views is
    // a bit per view in an unsigned.
    if (catalogueFrozen)
        qFatal("addView(\"%s\") after the first document was made: views are entered before", description.key);
    if (catalog().size() >= 32)
        qFatal("addView(\"%s\"): at most 32 views", description.key);
    description.view = static_cast<View>(catalog().size());
    catalog().push_back(std::move(description));
    return catalog().back().view;
}

QString viewName(View view) { return QString::fromLatin1(describeView(view).key); }

std::optional<View> parseView(const QString& name)
{
    for (const ViewDescription& d : viewCatalog())
        if (name == QLatin1String(d.key))
            return d.view;
    return std::nullopt;
}

QStringList viewNames()
{
    QStringList names;
    for (const ViewDescription& d : viewCatalog())
        names << QString::fromLatin1(d.key);
    return names;
}

QStringList soundViewNames()
{
    QStringList names;
    for (const ViewDescription& d : viewCatalog())
        if (d.exportsSound)
            names << QString::fromLatin1(d.key);
    return names;
}

bool viewUsesTable(View view) { return describeView(view).usesTable; }

bool hasOwnOptions(View view) { return !describeView(view).defaultOptions.isEmpty(); }

QVariantMap validViewOptions(View view, QVariantMap options)
{
    const ViewDescription& d = describeView(view);
    QVariantMap whole = d.defaultOptions;
    for (auto option = whole.begin(); option != whole.end(); ++option) {
        const auto given = options.constFind(option.key());
        if (given == options.constEnd())
            continue;
        // Of the default's type ("4" from a session becomes 4), so that equal options compare
        // equal; a value that does not convert keeps the default.
        QVariant value = given.value();
        if (value.metaType() == option.value().metaType() || value.convert(option.value().metaType()))
            option.value() = value;
    }
    return d.validOptions ? d.validOptions(std::move(whole)) : whole;
}

QString viewTitle(View view) { return QCoreApplication::translate("pe::ui::Views", describeView(view).title); }

QString viewFigureName(View view) { return QCoreApplication::translate("pe::ui::Views", describeView(view).figureName); }

} // namespace pe::ui
