// SPDX-License-Identifier: MIT
#include "extraview.h"

#include "core/frequencies.h"
#include "ui/document/frame.h"
#include "ui/views/viewfactory.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace extraview {

namespace {

pe::ui::View entered{-1};

pe::ui::ViewPartPtr buildWavelengthPart(const pe::ui::PartInputs& in, const pe::ui::PartBefore&)
{
    auto part = std::make_shared<WavelengthPart>();
    const int first = in.options.value(QStringLiteral("first")).toInt();
    const int count = in.options.value(QStringLiteral("count")).toInt();
    const Eigen::VectorXd lambda = pe::core::wavelengths(in.spec);
    if (first >= lambda.size()) {
        part->why = QStringLiteral("pair %1 is beyond the last pair (%2)").arg(first).arg(lambda.size() - 1);
        return part;
    }
    const int rows = std::min<int>(count, int(lambda.size()) - first);
    part->table.resize(rows, 2);
    for (int r = 0; r < rows; ++r) {
        part->table(r, 0) = first + r;
        part->table(r, 1) = lambda(first + r);
    }
    return part;
}

pe::ui::ViewDescription wavelengthsEntry()
{
    pe::ui::ViewDescription w;
    w.key = "wavelengths";
    w.title = "Wavelength table";
    w.figureName = "Wavelength table figure";
    w.dataShape = "wavelengths (count, 2) = pair, wavelength";
    w.create = [](pe::ui::Document* document) -> std::unique_ptr<pe::ui::PlotView> {
        return std::make_unique<WavelengthView>(document, entered);
    };
    w.defaultOptions = options(0, 4);
    w.validOptions = [](QVariantMap o) {
        o[QStringLiteral("first")] = std::clamp(o.value(QStringLiteral("first")).toInt(), 0, 4095);
        o[QStringLiteral("count")] = std::clamp(o.value(QStringLiteral("count")).toInt(), 1, 64);
        return o;
    };
    w.commandLineOptions = {{QStringLiteral("wavelengths-count"), QStringLiteral("Pairs in the table (1 to 64)."), QStringLiteral("N")}};
    w.readCommandLine = [](const QCommandLineParser& parser, QVariantMap& o) -> QString {
        bool ok = false;
        const int count = parser.value(QStringLiteral("wavelengths-count")).toInt(&ok);
        if (!ok || count < 1 || count > 64)
            return QStringLiteral("--wavelengths-count %1; allowed: 1 to 64").arg(parser.value(QStringLiteral("wavelengths-count")));
        o[QStringLiteral("count")] = count;
        return {};
    };
    w.writeCommandLine = [](const QVariantMap& o) {
        return QStringList{QStringLiteral("--wavelengths-count"), QString::number(o.value(QStringLiteral("count")).toInt())};
    };
    w.buildPart = buildWavelengthPart;
    w.partReads = pe::ui::PartInput::Spec | pe::ui::PartInput::Options;
    w.exportData = [](const pe::ui::ViewPart& part) { return static_cast<const WavelengthPart&>(part).table; };
    return w;
}

} // namespace

/// The test binary's start-up: the built-in views first (as main() enters them), then this one.
void enterTheExtraView()
{
    if (int(entered) >= 0)
        return; // Qt calls start-up functions again for a later QCoreApplication
    pe::ui::registerViews();
    entered = pe::ui::addView(wavelengthsEntry());
}

pe::ui::View key()
{
    if (int(entered) < 0)
        qFatal("extraview::key(): the extra view is entered when the QCoreApplication is made");
    return entered;
}

QVariantMap options(int first, int count)
{
    return {{QStringLiteral("first"), first}, {QStringLiteral("count"), count}};
}

void WavelengthView::redraw(const pe::ui::Frame& frame)
{
    ++redraws;
    const auto* part = frame.partOf<WavelengthPart>(view());
    shown = !part ? QStringLiteral("none") : !part->problem().isEmpty() ? part->problem()
        : QStringLiteral("%1 rows from pair %2").arg(part->table.rows()).arg(part->table(0, 0));
    setReadout(shown);
}

pe::ui::Changes WavelengthView::dependencies() const { return pe::ui::Change::Spec | pe::ui::Change::ViewOptions; }

} // namespace extraview

namespace {
void enterTheExtraView() { extraview::enterTheExtraView(); }
} // namespace

Q_COREAPP_STARTUP_FUNCTION(enterTheExtraView)
