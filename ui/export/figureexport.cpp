// SPDX-License-Identifier: MIT
#include "ui/export/figureexport.h"

#include "ui/document/document.h"
#include "ui/document/partjobs.h"
#include "ui/views/plotview.h"
#include "ui/views/viewfactory.h"
#include "ui/state/safewrite.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImageWriter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include <cmath>

namespace pe::ui {

// Messages go through the "pe::ui::Export" context: the window shows them in its language; the
// command line installs no translator, so there they stay English, as scripts expect.

namespace {

constexpr double layoutDpi = 96.0;
constexpr double mmPerInch = 25.4;

QString shellQuoted(QString argument)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_./,:=+-]"));
    if (!argument.isEmpty() && !argument.contains(unsafe))
        return argument;
    return QLatin1Char('\'') + argument.replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
}

QString figureTitle(const ExportRequest& r)
{
    return QStringLiteral("PE Explorer %1: d_model %2, max_len %3, base %4, %5, %6")
        .arg(viewName(r.view)).arg(r.spec.dModel).arg(r.spec.maxLen).arg(r.spec.base)
        .arg(QString::fromUtf8(core::layoutName(r.spec.layout).data()),
             QString::fromUtf8(core::frequencyRuleName(r.spec.frequencies).data()));
}

QString software()
{
    return QStringLiteral("PE Explorer ") + QCoreApplication::applicationVersion();
}

using Scene = FigureScene;

/// Device pixels per unit of the 96-dpi layout: a PNG's own; inside PDF and SVG, images at
/// four times the layout (384 dpi), where cells are averaged into pixels.
constexpr QSizeF vectorImageScale(4.0, 4.0);

std::unique_ptr<Scene> makeScene(const ExportRequest& request, const FigureSize& size, const QSizeF& pixelScale)
{
    auto scene = std::make_unique<Scene>();
    scene->document.setComputeOnlyWhenAsked(true); // computeNow below, once everything is set
    // Only the part this figure draws, from the first frame on: a heatmap of a million positions
    // need not compute the similarity, conventions, precision, methods and spectrum parts too.
    scene->document.setShownViews(viewBit(request.view));
    scene->document.apply(Settings{request.spec, request.state});
    scene->document.setViewData(request.view, request.viewData);
    scene->document.setTable(request.table);
    // The first frame, before the view is laid out, for at most the figure's whole pixels (not
    // FrameLimits' 2048 × 2048 bins of a view whose size is not known): the figure's plot area
    // is smaller, and the frame for it follows once the view reports it.
    const QSize layoutSize = size.layoutSize();
    scene->document.setPixels(request.view, QSize(int(std::ceil(layoutSize.width() * pixelScale.width())),
                                                   int(std::ceil(layoutSize.height() * pixelScale.height()))));
    scene->document.computeNow();
    scene->view = createView(request.view, &scene->document);
    scene->view->setFigureMarks(size.selectionMarks);
    scene->view->setFigureTitle(size.title);
    scene->view->setDevicePixelScale(pixelScale);
    scene->view->refresh();
    scene->view->prepareForExport(size.fontPoints * layoutDpi / 72.0);
    const QSize layout = size.layoutSize();
    scene->view->plot()->resize(layout);
    // Laid out at the figure's size, a view tells the document its pixels (the heatmap's and
    // the similarity's bins follow them); a new frame can change the title and so the size.
    for (int pass = 0; pass < 3; ++pass) {
        scene->view->layOutAt(layout);
        if (scene->document.isFrameCurrent())
            break;
        scene->document.computeNow();
        scene->view->refresh();
    }
    return scene;
}

/// Why the figure's text is cut or overlaps (its rows need more height than the figure has,
/// even after its subtitle and plots gave up what they could), or empty.
QString crowdingWarning(const Scene& scene, const FigureSize& size)
{
    if (!scene.view->isCrowded())
        return {};
    const int needed = scene.view->plot()->plotLayout()->minimumOuterSizeHint().height();
    if (size.pixels.isValid())
        return QCoreApplication::translate("pe::ui::Export", "%1 × %2 pixels is too small for this figure at %3 pt text: it needs "
                                                             "about %4 pixels of height, so some text overlaps or is cut. Make it "
                                                             "taller or its text smaller")
            .arg(size.pixels.width()).arg(size.pixels.height()).arg(size.fontPoints).arg(needed);
    return QCoreApplication::translate("pe::ui::Export", "%1 × %2 mm is too small for this figure at %3 pt text: it needs about "
                                                         "%4 mm of height, so some text overlaps or is cut. Make it taller or its "
                                                         "text smaller")
        .arg(size.millimetres.width()).arg(size.millimetres.height()).arg(size.fontPoints)
        .arg(std::ceil(needed * mmPerInch / layoutDpi));
}

QImage renderScene(const ExportRequest& request, const FigureSize& size, QString* warning)
{
    const QSize layout = size.layoutSize();
    const QSize wanted = size.pngPixels();
    const std::unique_ptr<Scene> scene = makeScene(request, size, QSizeF(double(wanted.width()) / layout.width(), double(wanted.height()) / layout.height()));
    if (warning)
        *warning = crowdingWarning(*scene, size);
    // Paint the 96-dpi layout scaled onto exactly the wanted pixels: rounding the layout and
    // the scale separately would leave the last row or column unpainted.
    QImage image(wanted, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(double(wanted.width()) / layout.width(), double(wanted.height()) / layout.height());
    scene->view->plot()->toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return image;
}

QString figureRequestError(const ExportRequest& r)
{
    using L = WindowLimits;
    if (auto error = core::validationError(r.spec))
        return QString::fromStdString(*error);
    if (r.spec.dModel > L::maxDModel || r.spec.maxLen > L::maxMaxLen || r.spec.base < L::minBase
        || r.spec.base > L::maxBase || r.spec.firstPosition > L::maxFirstPosition)
        return QCoreApplication::translate("pe::ui::Export", "figures show d_model 1 to %1, max_len 1 to %2, base %3 to %4 and first position up to %5; "
                              "export larger sizes as .npy or .csv data")
            .arg(L::maxDModel).arg(L::maxMaxLen).arg(L::minBase).arg(L::maxBase).arg(L::maxFirstPosition);
    if (r.table && r.table->preview && describeView(r.view).figureWaitsForTablePass) // its data reads every value: only the picture waits
        return QCoreApplication::translate("pe::ui::Export", "the %1 view of %2 shows sampled rows until the pass over its values "
                                           "is done; export its figure then (its .npy or .csv data reads every value now)")
            .arg(viewName(r.view), r.table->table->displayName());
    // Only a view that draws a table's chosen columns (the waves) checks them against the table;
    // the rest draw no dims, or the sinusoid's.
    const ViewDescription& d = describeView(r.view);
    return selectionError(r, r.table && d.needsTableValues && (d.partReads & PartInput::Dims));
}

QByteArray xmlEscaped(const QString& text)
{
    return text.toHtmlEscaped().toUtf8();
}

QByteArray xmpPacket(const QString& title, const QString& recipe)
{
    return QByteArrayLiteral("<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                             "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                             "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
                             "xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n"
                             "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">")
        + xmlEscaped(title)
        + QByteArrayLiteral("</rdf:li></rdf:Alt></dc:title>\n<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">")
        + xmlEscaped(recipe)
        + QByteArrayLiteral("</rdf:li></rdf:Alt></dc:description>\n<pdf:Keywords>") + xmlEscaped(recipe)
        + QByteArrayLiteral("</pdf:Keywords>\n<xmp:CreatorTool>") + xmlEscaped(software())
        + QByteArrayLiteral("</xmp:CreatorTool>\n</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>");
}

QByteArray pngBytes(const ExportRequest& request, const FigureSize& size, const QString& recipe, QString* warning)
{
    QImage image = renderScene(request, size, warning);
    // --size gives pixels of the 96-dpi layout; record that, so documents place it at its size.
    const double dpi = size.pixels.isValid() ? layoutDpi : size.dpi;
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setText(QStringLiteral("Title"), figureTitle(request));
    writer.setText(QStringLiteral("Software"), software());
    writer.setText(QStringLiteral("Comment"), recipe);
    writer.setText(QStringLiteral("pe-explorer-recipe"), recipe);
    writer.write(image);
    return bytes;
}

QByteArray pdfBytes(const ExportRequest& request, const FigureSize& size, const QString& recipe, QString* warning)
{
    const std::unique_ptr<Scene> scene = makeScene(request, size, vectorImageScale);
    *warning = crowdingWarning(*scene, size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(static_cast<int>(layoutDpi));
    writer.setPageSize(QPageSize(size.pageMillimetres(), QPageSize::Millimeter, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(figureTitle(request));
    writer.setCreator(software() + QStringLiteral(" — ") + recipe);
    writer.setDocumentXmpMetadata(xmpPacket(figureTitle(request), recipe));
    QCPPainter painter(&writer);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setRenderHint(QPainter::LosslessImageRendering); // cells as Flate, never JPEG
    const QSize layout = size.layoutSize();
    scene->view->plot()->toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return bytes;
}

QByteArray svgBytes(const ExportRequest& request, const FigureSize& size, const QString& recipe, QString* warning)
{
    const std::unique_ptr<Scene> scene = makeScene(request, size, vectorImageScale);
    *warning = crowdingWarning(*scene, size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(static_cast<int>(layoutDpi));
    const QSize layout = size.layoutSize();
    generator.setSize(layout);
    generator.setViewBox(QRect(QPoint(0, 0), layout));
    generator.setTitle(figureTitle(request));
    generator.setDescription(recipe);
    QCPPainter painter(&generator);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    scene->view->plot()->toPainter(&painter, layout.width(), layout.height());
    painter.end();

    // The recipe as machine-readable metadata, and cells that viewers must not smooth.
    const QByteArray metadata = QByteArrayLiteral("<metadata><pe:recipe xmlns:pe=\"urn:pe-explorer:recipe\">")
        + xmlEscaped(recipe) + QByteArrayLiteral("</pe:recipe></metadata>\n");
    const qsizetype descEnd = bytes.indexOf("</desc>");
    if (descEnd >= 0)
        bytes.insert(descEnd + 7, "\n" + metadata);
    // Qt writes image-rendering="optimizeSpeed" (SVG 1.1); browsers want the CSS "pixelated".
    const QByteArray qtHint("image-rendering=\"optimizeSpeed\"");
    if (bytes.contains(qtHint))
        bytes.replace(qtHint, qtHint + " style=\"image-rendering:pixelated\"");
    else
        bytes.replace("<image ", "<image " + qtHint + " style=\"image-rendering:pixelated\" ");
    return bytes;
}

} // namespace

QSize FigureSize::layoutSize() const
{
    if (pixels.isValid())
        return pixels;
    return QSize(static_cast<int>(std::lround(millimetres.width() / mmPerInch * layoutDpi)),
                 static_cast<int>(std::lround(millimetres.height() / mmPerInch * layoutDpi)));
}

QSize FigureSize::pngPixels() const
{
    if (pixels.isValid())
        return pixels;
    return QSize(static_cast<int>(std::lround(millimetres.width() / mmPerInch * dpi)),
                 static_cast<int>(std::lround(millimetres.height() / mmPerInch * dpi)));
}

QSizeF FigureSize::pageMillimetres() const
{
    const QSize layout = layoutSize();
    return QSizeF(layout.width() * mmPerInch / layoutDpi, layout.height() * mmPerInch / layoutDpi);
}

FigureSize singleColumnFigure()
{
    return FigureSize{};
}

FigureSize slideFigure()
{
    // A 16:9 slide's content area: 254 × 143 mm (10 × 5.63 in), text readable from the back.
    FigureSize size;
    size.millimetres = QSizeF(254.0, 143.0);
    size.fontPoints = 14.0;
    size.dpi = 150;
    return size;
}

FigureSize doubleColumnFigure()
{
    FigureSize size;
    size.millimetres = QSizeF(183.0, 100.0);
    return size;
}

QString recipeCommand(const ExportRequest& r, const FigureSize& size)
{
    QStringList args{QStringLiteral("pe-explorer"), QStringLiteral("--export"), r.path,
                     QStringLiteral("--view"), viewName(r.view),
                     QStringLiteral("--d-model"), QString::number(r.spec.dModel),
                     QStringLiteral("--max-len"), QString::number(r.spec.maxLen),
                     QStringLiteral("--base"), QString::number(r.spec.base, 'g', 17),
                     QStringLiteral("--layout"), QString::fromUtf8(core::layoutName(r.spec.layout).data()),
                     QStringLiteral("--frequencies"), QString::fromUtf8(core::frequencyRuleName(r.spec.frequencies).data()),
                     QStringLiteral("--first-position"), QString::number(r.spec.firstPosition),
                     QStringLiteral("--position"), QString::number(r.state.position),
                     QStringLiteral("--offset"), QString::number(r.state.offset),
                     QStringLiteral("--colormap"), r.state.colormap};
    const QString recipeSuffix = QFileInfo(r.path).suffix().toLower();
    if (recipeSuffix == QLatin1String("png") || recipeSuffix == QLatin1String("pdf") || recipeSuffix == QLatin1String("svg")) {
        if (size.title != FigureTitle::Full)
            args << QStringLiteral("--title") << figureTitleName(size.title);
        if (!size.selectionMarks)
            args << QStringLiteral("--no-marks");
        if (size.fontPoints != 8.0)
            args << QStringLiteral("--font-size") << QString::number(size.fontPoints);
    }
    if (!r.state.dims.isEmpty()) {
        QStringList dims;
        for (int d : r.state.dims)
            dims << QString::number(d);
        args << QStringLiteral("--dims") << dims.join(QLatin1Char(','));
    }
    if (r.state.normalize)
        args << QStringLiteral("--normalize");
    if (const ViewDescription& d = describeView(r.view); d.writeCommandLine) // the view's own options
        args << d.writeCommandLine(r.state.optionsOf(r.view));
    // The settings beside the spec that its part reads.
    const unsigned reads = partBuilder(r.view) ? partBuilder(r.view)->reads : 0;
    if (reads & PartInput::Comparison)
        args << QStringLiteral("--compare") << QString::fromUtf8(core::comparisonName(r.state.comparison).data());
    if (reads & (PartInput::Format | PartInput::PrecisionMode))
        args << QStringLiteral("--format") << QString::fromUtf8(core::numberFormatName(r.state.format).data())
             << QStringLiteral("--precision")
             << (r.state.precisionMode == core::PrecisionMode::Stored ? QStringLiteral("stored") : QStringLiteral("computed"));
    const QString suffix = QFileInfo(r.path).suffix().toLower();
    if (suffix == QLatin1String("png") || suffix == QLatin1String("pdf") || suffix == QLatin1String("svg")) {
        if (size.pixels.isValid())
            args << QStringLiteral("--size") << QStringLiteral("%1x%2").arg(size.pixels.width()).arg(size.pixels.height());
        else
            args << QStringLiteral("--size-mm")
                 << QStringLiteral("%1x%2").arg(size.millimetres.width()).arg(size.millimetres.height())
                 << QStringLiteral("--dpi") << QString::number(size.dpi);
    }
    for (QString& a : args)
        a = shellQuoted(a);
    return args.join(QLatin1Char(' '));
}

std::unique_ptr<FigureScene> layOutFigure(const ExportRequest& request, const FigureSize& size)
{
    return makeScene(request, size, vectorImageScale);
}

QImage renderFigure(const ExportRequest& request, const FigureSize& size)
{
    return renderScene(request, size, nullptr);
}

ExportResult exportFigure(const ExportRequest& request, const FigureSize& size)
{
    using Status = ExportResult::Status;
    const QString suffix = QFileInfo(request.path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf") && suffix != QLatin1String("svg"))
        return {Status::BadRequest, QCoreApplication::translate("pe::ui::Export", "%1: figures end in .png, .pdf or .svg").arg(request.path)};
    if (const QString error = figureRequestError(request); !error.isEmpty())
        return {Status::BadRequest, error};
    const QSize png = size.pngPixels();
    if (suffix == QLatin1String("png") && static_cast<qint64>(png.width()) * png.height() > 20000LL * 20000LL / 4)
        return {Status::BadRequest, QCoreApplication::translate("pe::ui::Export", "a PNG of %1 × %2 pixels is too large; at most 100 million pixels")
                                        .arg(png.width()).arg(png.height())};
    if (const QString error = targetPathError(request.path, request.overwrite); !error.isEmpty())
        return {Status::WriteFailed, error};

    const QString recipe = recipeCommand(request, size);
    QString warning;
    const QByteArray bytes = suffix == QLatin1String("png") ? pngBytes(request, size, recipe, &warning)
                           : suffix == QLatin1String("pdf") ? pdfBytes(request, size, recipe, &warning)
                                                            : svgBytes(request, size, recipe, &warning);
    if (bytes.isEmpty())
        return {Status::WriteFailed, QCoreApplication::translate("pe::ui::Export", "could not render %1").arg(request.path)};
    QSaveFile file(request.path);
    if (!file.open(QIODevice::WriteOnly))
        return {Status::WriteFailed, QCoreApplication::translate("pe::ui::Export", "cannot write %1: %2").arg(request.path, file.errorString())};
    if (const QString reason = writeError(file, bytes.constData(), bytes.size()); !reason.isEmpty()) {
        file.cancelWriting();
        return {Status::WriteFailed, QCoreApplication::translate("pe::ui::Export", "cannot write %1: %2")
                                         .arg(request.path, writeFailureReason(request.path, reason, bytes.size()))};
    }
    if (const QString reason = commitError(file); !reason.isEmpty())
        return {Status::WriteFailed, QCoreApplication::translate("pe::ui::Export", "cannot write %1: %2")
                                         .arg(request.path, writeFailureReason(request.path, reason, bytes.size()))};
    ExportResult written;
    written.warning = warning;
    return written;
}

ExportResult exportFile(const ExportRequest& request, const FigureSize& size, const ExportProgress& progress)
{
    const QString suffix = QFileInfo(request.path).suffix().toLower();
    if (suffix == QLatin1String("npy") || suffix == QLatin1String("csv"))
        return exportData(request, progress);
    return exportFigure(request, size);
}

} // namespace pe::ui
