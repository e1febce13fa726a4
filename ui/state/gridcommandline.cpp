// SPDX-License-Identifier: MIT
#include "ui/state/gridcommandline.h"

#include "core/grid.h"
#include "core/spec.h"
#include "ui/state/commandlinevalues.h"
#include "ui/state/gridoptions.h"

#include <QCommandLineParser>
#include <QRegularExpression>

namespace pe::ui {

namespace {

/// The grid view's options (--grid…): sides and patches checked here, the grid against the
/// table's rows where it is drawn (a refusal names both).
void overrideGrid(const QCommandLineParser& parser, GridOptions& grid)
{
    const auto sides = [&](const char* name, int& rows, int& cols) {
        QSizeF size;
        try {
            size = sizePair(parser, QString::fromLatin1(name), core::GridLimits::minSide, core::GridLimits::maxSide, true);
        } catch (const BadCommandLineValue&) {
            throw BadCommandLineValue{QStringLiteral("--%1: %2 is not a grid; allowed: ROWSxCOLUMNS, each a whole number from %3 to %4 "
                                          "(e.g. 14x14, 24x32)")
                               .arg(QString::fromLatin1(name), quoted(parser.value(QString::fromLatin1(name)).trimmed()))
                               .arg(core::GridLimits::minSide).arg(core::GridLimits::maxSide)};
        }
        rows = static_cast<int>(size.width()); // written H x W: rows first
        cols = static_cast<int>(size.height());
    };
    if (parser.isSet(QStringLiteral("grid-source")))
        grid.source = *parseGridSource(choice(parser, QStringLiteral("grid-source"), gridSourceKeys()));
    if (parser.isSet(QStringLiteral("grid")))
        sides("grid", grid.rows, grid.cols);
    if (parser.isSet(QStringLiteral("grid-class-token")))
        grid.classToken = *parseClassToken(choice(parser, QStringLiteral("grid-class-token"),
                                                      {QStringLiteral("auto"), QStringLiteral("yes"), QStringLiteral("no")}));
    if (parser.isSet(QStringLiteral("grid-resize")))
        sides("grid-resize", grid.resizeRows, grid.resizeCols);
    if (parser.isSet(QStringLiteral("grid-patch"))) {
        const QString text = parser.value(QStringLiteral("grid-patch")).trimmed();
        static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,3})\\s*,\\s*([0-9]{1,3})$"));
        const auto match = pattern.match(text);
        if (text.compare(QLatin1String("cls"), Qt::CaseInsensitive) == 0) {
            grid.classTokenQuery = true;
        } else if (!match.hasMatch() || match.captured(1).toInt() >= core::GridLimits::maxSide
                   || match.captured(2).toInt() >= core::GridLimits::maxSide) {
            throw BadCommandLineValue{QStringLiteral("--grid-patch: %1 is not a patch; allowed: ROW,COLUMN, each a whole number from 0 "
                                          "to %2 (within the grid), or cls")
                               .arg(quoted(text)).arg(core::GridLimits::maxSide - 1)};
        } else {
            grid.patchRow = match.captured(1).toInt();
            grid.patchCol = match.captured(2).toInt();
            grid.classTokenQuery = false;
        }
    }
    if (parser.isSet(QStringLiteral("grid-dim")))
        grid.dimension = static_cast<int>(wholeNumber(parser, QStringLiteral("grid-dim"), 0, core::SpecLimits::maxDModel - 1));
    if (parser.isSet(QStringLiteral("grid-head")))
        grid.head = static_cast<int>(wholeNumber(parser, QStringLiteral("grid-head"), 1, GridOptions::maxHead));
    if (parser.isSet(QStringLiteral("grid-head-dim")))
        grid.headDim = static_cast<int>(wholeNumber(parser, QStringLiteral("grid-head-dim"), 0, GridOptions::maxHeadDim));
    if (parser.isSet(QStringLiteral("grid-data")))
        grid.data = *parseGridExport(choice(parser, QStringLiteral("grid-data"), gridExportKeys()));
}

} // namespace

QList<QCommandLineOption> gridCommandLineOptions()
{
    return {
        {QStringLiteral("grid-source"), QStringLiteral("The grid view's patches: auto (the --encoding table, else mae), table, mae "
                                                       "(MAE's 2-D sin-cos, class token of zeros), dit (the same without it), rope-axial, "
                                                       "rope-mixed (as initialised), mrope (Qwen2-VL); d_model is the fixed ones' dimension (the rotary ones': --grid-head-dim)."),
         QStringLiteral("NAME")},
        {QStringLiteral("grid"), QStringLiteral("The grid: H rows x W columns of patches, 2 to 64 each (default: guessed from a "
                                                "table's rows, 197 = 1 + 14x14; 14x14 for the fixed encodings)."),
         QStringLiteral("HxW")},
        {QStringLiteral("grid-class-token"), QStringLiteral("Whether the table's first row is a class token: auto, yes or no (default auto)."),
         QStringLiteral("MODE")},
        {QStringLiteral("grid-resize"), QStringLiteral("Resize the patches to HxW by bicubic interpolation (PyTorch, align_corners "
                                                       "false), as when fine-tuning at a higher resolution."),
         QStringLiteral("HxW")},
        {QStringLiteral("grid-patch"), QStringLiteral("The patch drawn large: ROW,COLUMN from 0, or cls for the class token (default 7,7)."),
         QStringLiteral("R,C")},
        {QStringLiteral("grid-dim"), QStringLiteral("The dimension drawn across the grid (default 0)."), QStringLiteral("N")},
        {QStringLiteral("grid-head"), QStringLiteral("RoPE-Mixed: the head whose random initial direction is drawn, 1 to 64 (default 1)."),
         QStringLiteral("N")},
        {QStringLiteral("grid-head-dim"), QStringLiteral("The rotary sources' head dimension, 0 to 4096; 0 (default): d_model, or with "
                                                         "--encoding the usual one (128 for mrope, 64 for rope-axial and rope-mixed)."),
         QStringLiteral("N")},
        {QStringLiteral("grid-data"), QStringLiteral("What the grid view's .npy/.csv holds: tiles (H*W, H*W) similarities, patch (H, W) "
                                                     "or dimension (H, W) (default tiles)."),
         QStringLiteral("WHAT")}
    };
}

QStringList gridCommandLineFor(const QVariantMap& options)
{
    const GridOptions g = gridOptionsFrom(options);
    const auto sides = [](int rows, int cols) { return QStringLiteral("%1x%2").arg(rows).arg(cols); };
    QStringList args{QStringLiteral("--grid-source"), gridSourceKey(g.source)};
    if (g.rows > 0) // else guessed, as when not given
        args << QStringLiteral("--grid") << sides(g.rows, g.cols);
    args << QStringLiteral("--grid-class-token") << classTokenKey(g.classToken);
    if (g.resizeRows > 0)
        args << QStringLiteral("--grid-resize") << sides(g.resizeRows, g.resizeCols);
    args << QStringLiteral("--grid-patch")
         << (g.classTokenQuery ? QStringLiteral("cls") : QStringLiteral("%1,%2").arg(g.patchRow).arg(g.patchCol))
         << QStringLiteral("--grid-dim") << QString::number(g.dimension) << QStringLiteral("--grid-head") << QString::number(g.head)
         << QStringLiteral("--grid-head-dim") << QString::number(g.headDim)
         << QStringLiteral("--grid-data") << gridExportKey(g.data);
    return args;
}

QString readGridCommandLine(const QCommandLineParser& parser, QVariantMap& options)
{
    return readViewCommandLine<GridOptions>(parser, options, gridOptionsFrom, overrideGrid);
}

} // namespace pe::ui
