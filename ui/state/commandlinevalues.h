// SPDX-License-Identifier: MIT
#pragma once

#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <cstdint>

class QCommandLineParser;

namespace pe::ui {

// The command line's readers of option values, shared by app/commandline.cpp and the views
// that declare options of their own (ViewDescription::readCommandLine): each throws
// BadCommandLineValue with a message naming the option, the value and what is allowed.

struct BadCommandLineValue {
    QString message;
};

/// `value` in single quotes, as the messages show what was given.
QString quoted(const QString& value);
/// A whole number from min to max.
std::int64_t wholeNumber(const QCommandLineParser& parser, const QString& name, std::int64_t min, std::int64_t max);
/// A finite number in (min, max], or [min, max] when `minIncluded`.
double realNumber(const QCommandLineParser& parser, const QString& name, double min, double max, bool minIncluded = false);
/// One of `allowed`.
QString choice(const QCommandLineParser& parser, const QString& name, const QStringList& allowed);
/// "WxH" with numbers from min to max (whole numbers when `whole`).
QSizeF sizePair(const QCommandLineParser& parser, const QString& name, double min, double max, bool whole);

/// A view's ViewDescription::readCommandLine through its options struct: `from` makes the struct
/// of `options`, `apply` sets what was given (throwing BadCommandLineValue), and `options`
/// becomes the struct's map again. The message of a refused value, else empty.
template <class Options>
QString readViewCommandLine(const QCommandLineParser& parser, QVariantMap& options, Options (*from)(const QVariantMap&),
                            void (*apply)(const QCommandLineParser&, Options&))
{
    Options o = from(options);
    try {
        apply(parser, o);
    } catch (const BadCommandLineValue& bad) {
        return bad.message;
    }
    options = toVariantMap(o);
    return {};
}

} // namespace pe::ui
