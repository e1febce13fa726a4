// SPDX-License-Identifier: MIT
#include "ui/state/commandlinevalues.h"

#include <QCommandLineParser>
#include <QRegularExpression>

#include <cmath>

namespace pe::ui {

QString quoted(const QString& value) { return QLatin1Char('\'') + value + QLatin1Char('\''); }

std::int64_t wholeNumber(const QCommandLineParser& parser, const QString& name,
                         std::int64_t min, std::int64_t max)
{
    const QString text = parser.value(name).trimmed();
    bool ok = false;
    const qlonglong value = text.toLongLong(&ok);
    const QString allowed = QStringLiteral("allowed: a whole number from %1 to %2").arg(min).arg(max);
    // A whole number too long for 64 bits is a number out of range, not "not a number".
    static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
    if (!ok && !digits.match(text).hasMatch())
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is not a whole number; %3").arg(name, quoted(text), allowed)};
    if (!ok || value < min || value > max)
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is out of range; %3").arg(name, quoted(text), allowed)};
    return value;
}

double realNumber(const QCommandLineParser& parser, const QString& name, double min, double max, bool minIncluded)
{
    const QString text = parser.value(name).trimmed();
    bool ok = false;
    const double value = text.toDouble(&ok);
    const QString allowed = minIncluded ? QStringLiteral("allowed: a number from %1 to %2").arg(min).arg(max)
                                        : QStringLiteral("allowed: a finite number greater than %1 and at most %2").arg(min).arg(max);
    if (!ok)
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is not a number; %3").arg(name, quoted(text), allowed)};
    if (!std::isfinite(value) || value < min || (!minIncluded && value == min) || value > max)
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is out of range; %3").arg(name, quoted(text), allowed)};
    return value;
}

QString choice(const QCommandLineParser& parser, const QString& name, const QStringList& allowed)
{
    const QString value = parser.value(name).trimmed();
    if (!allowed.contains(value))
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is not allowed; allowed: %3").arg(name, quoted(value), allowed.join(QStringLiteral(", ")))};
    return value;
}

QSizeF sizePair(const QCommandLineParser& parser, const QString& name, double min, double max, bool whole)
{
    const QString text = parser.value(name).trimmed();
    static const QRegularExpression pattern(QStringLiteral("^([0-9]+(?:\\.[0-9]+)?)[xX×]([0-9]+(?:\\.[0-9]+)?)$"));
    const auto match = pattern.match(text);
    const QString allowed = QStringLiteral("allowed: WIDTHxHEIGHT, each %1 from %2 to %3")
                                .arg(whole ? QStringLiteral("a whole number") : QStringLiteral("a number"))
                                .arg(min).arg(max);
    if (!match.hasMatch())
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is not a size; %3").arg(name, quoted(text), allowed)};
    const double w = match.captured(1).toDouble(), h = match.captured(2).toDouble();
    const bool integral = std::floor(w) == w && std::floor(h) == h;
    if (w < min || h < min || w > max || h > max || (whole && !integral))
        throw BadCommandLineValue{QStringLiteral("--%1: %2 is out of range; %3").arg(name, quoted(text), allowed)};
    return {w, h};
}

} // namespace pe::ui
