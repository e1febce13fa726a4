// SPDX-License-Identifier: MIT
// Two more views, through the catalogue of views, with no file of the program changed. The
// first ("pairs"), added at run time by this test, is a class and names only: the window gives it
// a button on the stage and a View menu entry, the command line's names and the export dialog
// list it, it draws the document's frames, and a figure of it is written. The second
// ("wavelengths", extraview.cpp) is entered in the test binary's start-up and brings everything a
// view can bring in its entry: options of its own (undone, in sessions, remembered, on the
// command line), a part of the frame with its reuse rule, and a data export from that part's
// builder. What a new view gets by its entry (docs/architecture.md, "Adding a view").
#include "extraview.h"

#include "app/commandline.h"
#include "core/frequencies.h"
#include "ui/document/changes.h"
#include "ui/document/document.h"
#include "ui/document/frame.h"
#include "ui/state/preferences.h"
#include "ui/state/session.h"
#include "ui/modelfiles/encodingtable.h"
#include "ui/export/exportdialog.h"
#include "ui/export/figureexport.h"
#include "ui/export/dataexport.h"
#include "ui/views/plotview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/stage.h"

#include <QAction>
#include <QComboBox>
#include <QToolButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using pe::ui::Change;
using pe::ui::Changes;
using pe::ui::Document;
using pe::ui::Frame;
using pe::ui::View;

namespace {

/// The trivial view: the number of frequency pairs of the frame, as a title and a readout.
class PairCountView : public pe::ui::PlotView {
public:
    PairCountView(Document* document, View view) : PlotView(document, view)
    {
        m_title = new QCPTextElement(plot(), QString());
        plot()->plotLayout()->insertRow(0);
        plot()->plotLayout()->addElement(0, 0, m_title);
    }
    QString shown() const { return m_title->text(); }

protected:
    void redraw(const Frame& frame) override
    {
        const QString text = QStringLiteral("%1 pairs").arg(frame.omega.size());
        m_title->setText(text);
        setReadout(text);
        plot()->replot(QCustomPlot::rpQueuedReplot);
    }
    Changes dependencies() const override { return Change::Spec; }

private:
    QCPTextElement* m_title;
};

View pairCount = pe::ui::views::heatmap;

using extraview::options;
using extraview::WavelengthPart;
using extraview::WavelengthView;

/// The second view, entered in this binary's start-up (extraview.cpp).
View wavelengths = pe::ui::views::heatmap;

/// The window at 1366 × 768 with the wavelength view on the stage; null when it does not show.
WavelengthView* showWavelengthView(pe::ui::MainWindow& window)
{
    window.resize(1366, 768);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    window.stage()->choose(wavelengths);
    return dynamic_cast<WavelengthView*>(window.plotView(wavelengths));
}

/// A frame request for the wavelength view alone on screen.
pe::ui::FrameRequest wavelengthRequest()
{
    pe::ui::FrameRequest r;
    r.spec.dModel = 32;
    r.views = pe::ui::viewBit(wavelengths);
    return r;
}

pe::ui::FramePtr frameFor(const pe::ui::FrameRequest& r, const pe::ui::FramePtr& previous = {})
{
    static std::atomic<std::uint64_t> latest{0};
    const std::uint64_t generation = ++latest;
    return pe::ui::buildFrame(r, generation, previous, latest);
}

} // namespace

class TestViewRegistry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void theNamesListIt();
    void theWindowGivesItAButtonAndAMenuEntry();
    void itDrawsTheDocumentsFrames();
    void theExportDialogOffersIt();
    void itsFigureIsWrittenAndItsDataRefusedWithAMessage();
    void ownOptionsAreUndoneAndMadeValid();
    void ownOptionsChangeOnlyTheirView();
    void ownOptionsAreKeptInSessions();
    void ownPartFollowsItsReuseRule();
    void ownPartIsDrawnWhenOnScreen();
    void ownPartIsDrawnWhenShownAgainAfterAChange();
    void ownOptionsAreRememberedAndConverted();
    void ownDataExportIsTheWindowsNumbers();
    void ownCommandLineOptionsSetTheOptions();
};

void TestViewRegistry::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the window's remembered layout: not the user's
    QSettings().clear();
    pe::ui::ViewDescription d;
    d.key = "pairs";
    d.title = "Pair count";
    d.figureName = "Pair count figure";
    d.dataShape = "pairs: none";
    d.create = [](Document* document) -> std::unique_ptr<pe::ui::PlotView> {
        return std::make_unique<PairCountView>(document, pairCount);
    };
    pairCount = pe::ui::addView(std::move(d));
    QVERIFY(int(pairCount) > int(pe::ui::views::grid)); // after the built-in views, the grid the last
    QCOMPARE(int(pairCount), int(pe::ui::viewCatalog().size()) - 1);

    // The second was entered when the application was made, after the built-in ones.
    wavelengths = extraview::key();
    QCOMPARE(int(wavelengths), pe::ui::builtInViewCount);
}

void TestViewRegistry::theNamesListIt()
{
    QCOMPARE(pe::ui::parseView(QStringLiteral("pairs")), std::optional<View>(pairCount));
    QCOMPARE(pe::ui::viewName(pairCount), QStringLiteral("pairs"));
    QVERIFY(pe::ui::viewNames().contains(QStringLiteral("pairs")));
    QCOMPARE(pe::ui::viewTitle(pairCount), QStringLiteral("Pair count"));
    QVERIFY(!pe::ui::viewUsesTable(pairCount));
}

void TestViewRegistry::theWindowGivesItAButtonAndAMenuEntry()
{
    pe::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(dynamic_cast<PairCountView*>(window.plotView(pairCount)));
    QToolButton* button = window.stage()->button(pairCount);
    QVERIFY(button);
    QCOMPARE(button->text(), QStringLiteral("Pair count"));
    auto* action = window.findChild<QAction*>(QStringLiteral("pairsViewAction"));
    QVERIFY(action);
    QCOMPARE(action->text(), QStringLiteral("Pair count"));
    action->trigger();
    QCOMPARE(window.stage()->chosen(), pairCount);
    QVERIFY(QTest::qWaitFor([&] { return window.plotView(pairCount)->isOnScreen(); }));
}

void TestViewRegistry::itDrawsTheDocumentsFrames()
{
    pe::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction*>(QStringLiteral("pairsViewAction"))->trigger(); // View ▸ Pair count: on the stage
    auto* view = dynamic_cast<PairCountView*>(window.plotView(pairCount));
    QVERIFY(view);
    window.document()->setDModel(64);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown(), QStringLiteral("32 pairs"), 10000);
    window.document()->setDModel(128);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown(), QStringLiteral("64 pairs"), 10000);
    QCOMPARE(view->readoutText(), QStringLiteral("64 pairs"));
}

void TestViewRegistry::theExportDialogOffersIt()
{
    pe::ui::ExportDialog dialog(pairCount, QStringLiteral("/tmp/pe-pairs.png"), QStringLiteral("viridis"));
    QCOMPARE(dialog.view(), pairCount);
    bool listed = false;
    for (QComboBox* combo : dialog.findChildren<QComboBox*>())
        listed = listed || combo->findText(QStringLiteral("Pair count figure")) >= 0;
    QVERIFY(listed);
}

void TestViewRegistry::itsFigureIsWrittenAndItsDataRefusedWithAMessage()
{
    QTemporaryDir dir;
    pe::ui::ExportRequest request;
    request.view = pairCount;
    request.spec.dModel = 48;
    request.path = dir.filePath(QStringLiteral("pairs.png"));
    pe::ui::FigureSize size = pe::ui::singleColumnFigure();
    size.dpi = 96;
    const pe::ui::ExportResult figure = pe::ui::exportFile(request, size);
    QVERIFY2(figure.status == pe::ui::ExportResult::Status::Ok, qPrintable(figure.message));
    QImage image(request.path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), size.pngPixels());

    request.path = dir.filePath(QStringLiteral("pairs.npy"));
    const pe::ui::ExportResult data = pe::ui::exportFile(request, size);
    QCOMPARE(data.status, pe::ui::ExportResult::Status::BadRequest);
    QVERIFY2(data.message.contains(QStringLiteral("the pairs view has no data export")), qPrintable(data.message));
    QVERIFY(!QFile::exists(request.path));
}

void TestViewRegistry::ownOptionsAreUndoneAndMadeValid()
{
    Document document;
    QCOMPARE(document.state().optionsOf(wavelengths), options(0, 4)); // its defaults
    document.setViewOptions(wavelengths, options(2, 3));
    QCOMPARE(document.state().optionsOf(wavelengths), options(2, 3));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Change Wavelength table options")); // Edit ▸ Undo names the view
    document.undoStack()->undo();
    QCOMPARE(document.state().optionsOf(wavelengths), options(0, 4));
    document.undoStack()->redo();
    QCOMPARE(document.state().optionsOf(wavelengths), options(2, 3));
    // Out of range, a key it does not know, a key missing: clamped, dropped, filled.
    document.setViewOptions(wavelengths, {{QStringLiteral("count"), 1000}, {QStringLiteral("junk"), 1}});
    QCOMPARE(document.state().optionsOf(wavelengths), options(0, 64));
    // A view without options of its own keeps none.
    document.setViewOptions(pairCount, options(1, 1));
    QVERIFY(!document.state().options.contains(QStringLiteral("pairs")));
}

void TestViewRegistry::ownOptionsChangeOnlyTheirView()
{
    pe::ui::Settings a, b;
    b.state.setOptionsOf(wavelengths, options(1, 4));
    QVERIFY(pe::ui::changesBetween(a, b) == Changes(Change::ViewOptions));
    QVERIFY(pe::ui::changesBetween(a, a) == Changes());
    // Held equal to the defaults: no change.
    pe::ui::Settings c;
    c.state.setOptionsOf(wavelengths, options(0, 4));
    QVERIFY(a == c);
    QVERIFY(pe::ui::changesBetween(a, c) == Changes());
    Frame before, after;
    after.state = b.state;
    QVERIFY(pe::ui::changesBetween(before, after, wavelengths) & Change::ViewOptions);
    QVERIFY(!(pe::ui::changesBetween(before, after, pairCount) & Change::ViewOptions)); // not its options
}

void TestViewRegistry::ownOptionsAreKeptInSessions()
{
    pe::ui::Session session;
    session.settings.state.setOptionsOf(wavelengths, options(5, 7));
    const QJsonObject json = pe::ui::sessionJson(session);
    const QJsonObject written = json.value(QStringLiteral("view")).toObject().value(QStringLiteral("options")).toObject()
                                    .value(QStringLiteral("wavelengths")).toObject();
    QCOMPARE(written.value(QStringLiteral("first")).toInt(), 5);
    QCOMPARE(written.value(QStringLiteral("count")).toInt(), 7);
    const pe::ui::SessionResult read = pe::ui::sessionFromJson(json);
    QVERIFY(std::holds_alternative<pe::ui::Session>(read));
    const QVariantMap back = std::get<pe::ui::Session>(read).settings.state.optionsOf(wavelengths);
    QCOMPARE(back.value(QStringLiteral("first")).toInt(), 5);
    QCOMPARE(back.value(QStringLiteral("count")).toInt(), 7);
    QVERIFY(std::get<pe::ui::Session>(read).settings == session.settings);
}

void TestViewRegistry::ownPartFollowsItsReuseRule()
{
    const pe::ui::FrameRequest r = wavelengthRequest();
    const pe::ui::FramePtr first = frameFor(r);
    QVERIFY(first);
    const auto* part = first->partOf<WavelengthPart>(wavelengths);
    QVERIFY(part);
    QCOMPARE(part->table.rows(), 4);
    QCOMPARE(part->table(3, 1), pe::core::wavelengths(r.spec)(3));

    const auto shared = [&](const pe::ui::FrameRequest& changed) {
        const pe::ui::FramePtr next = frameFor(changed, first);
        return next->partPointer(wavelengths) == first->partPointer(wavelengths);
    };
    pe::ui::FrameRequest spec = r;
    spec.spec.dModel = 34;
    QVERIFY(!shared(spec)); // it reads the spec
    pe::ui::FrameRequest own = r;
    own.state.setOptionsOf(wavelengths, options(1, 4));
    QVERIFY(!shared(own)); // and its options
    pe::ui::FrameRequest position = r;
    position.state.position = 7;
    QVERIFY(shared(position)); // not the position
    pe::ui::FrameRequest pixels = r;
    pixels.pixels.set(wavelengths, QSize(300, 200));
    QVERIFY(shared(pixels)); // nor its pixels
    pe::ui::FrameRequest offScreen = r;
    offScreen.views = 0;
    QVERIFY(!frameFor(offScreen, first)->partPointer(wavelengths)); // not on screen: not computed
}

void TestViewRegistry::ownPartIsDrawnWhenOnScreen()
{
    pe::ui::MainWindow window;
    WavelengthView* view = showWavelengthView(window);
    QVERIFY(view);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("4 rows from pair 0"), 10000);
    window.document()->setViewOptions(wavelengths, options(2, 5));
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("5 rows from pair 2"), 10000);
    const int redraws = view->redraws;
    window.document()->selectPosition(3); // nothing it depends on
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->isFrameCurrent(), 10000);
    QTest::qWait(50);
    QCOMPARE(view->redraws, redraws);
    window.document()->setViewOptions(wavelengths, options(4000, 5)); // beyond the pairs: the part says why
    QTRY_VERIFY_WITH_TIMEOUT(view->shown.contains(QStringLiteral("beyond the last pair")), 10000);
}

void TestViewRegistry::ownPartIsDrawnWhenShownAgainAfterAChange()
{
    // Off the stage its part is not computed; shown again, it draws the frame that has it,
    // not the one computed while it was away (which lacks its part).
    pe::ui::MainWindow window;
    WavelengthView* view = showWavelengthView(window);
    QVERIFY(view);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("4 rows from pair 0"), 10000);
    window.stage()->choose(pe::ui::views::bands);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isOnScreen(), 10000);
    window.document()->setViewOptions(wavelengths, options(6, 2));
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->isFrameCurrent(), 10000);
    QVERIFY(!window.document()->frame()->partPointer(wavelengths)); // not computed off the stage
    window.stage()->choose(wavelengths);
    QTRY_COMPARE_WITH_TIMEOUT(view->shown, QStringLiteral("2 rows from pair 6"), 10000);
}

void TestViewRegistry::ownOptionsAreRememberedAndConverted()
{
    pe::ui::Preferences::setViewOptions(wavelengths, options(3, 5));
    QCOMPARE(pe::ui::Preferences::viewOptions(wavelengths), options(3, 5));
    QCOMPARE(pe::ui::Preferences::allViewOptions().value(QStringLiteral("wavelengths")), options(3, 5));
    // Text where a number belongs (a hand-written session): converted to the default's type,
    // so that equal options compare equal; what does not convert keeps the default.
    const QVariantMap typed = pe::ui::validViewOptions(wavelengths, {{QStringLiteral("first"), QStringLiteral("4")},
                                                                      {QStringLiteral("count"), QStringLiteral("many")}});
    QCOMPARE(typed.value(QStringLiteral("first")).metaType(), QMetaType::fromType<int>());
    QCOMPARE(typed, options(4, 4));
}

void TestViewRegistry::ownDataExportIsTheWindowsNumbers()
{
    pe::ui::FrameRequest r = wavelengthRequest();
    r.state.setOptionsOf(wavelengths, options(3, 6));
    const pe::ui::FramePtr frame = frameFor(r);
    const pe::core::RowMatrix& shown = frame->partOf<WavelengthPart>(wavelengths)->table;

    QTemporaryDir dir;
    pe::ui::ExportRequest request;
    request.view = wavelengths;
    request.spec = r.spec;
    request.state = r.state;
    request.path = dir.filePath(QStringLiteral("wavelengths.npy"));
    const pe::ui::ExportResult result = pe::ui::exportFile(request, pe::ui::singleColumnFigure());
    QVERIFY2(result.ok(), qPrintable(result.message));
    const auto opened = pe::ui::EncodingTable::open(request.path);
    QVERIFY(std::holds_alternative<std::shared_ptr<pe::ui::EncodingTable>>(opened));
    const auto& file = std::get<std::shared_ptr<pe::ui::EncodingTable>>(opened);
    QCOMPARE(file->rows(), shown.rows());
    QCOMPARE(file->columns(), shown.cols());
    pe::core::RowMatrix read(file->rows(), file->columns());
    file->readRows(0, file->rows(), read.data());
    QVERIFY(read == shown); // bit for bit
    for (int row = 0; row < 6; ++row) // and what core says
        QCOMPARE(read(row, 1), pe::core::wavelengths(r.spec)(3 + row));
    const auto [rows, cols] = pe::ui::dataShape(request.spec, request.state, wavelengths);
    QCOMPARE(rows, 6);
    QCOMPARE(cols, 2);

    // A part that cannot be made refuses the export with its reason, and writes nothing.
    request.state.setOptionsOf(wavelengths, options(100, 6));
    request.path = dir.filePath(QStringLiteral("beyond.npy"));
    const pe::ui::ExportResult refused = pe::ui::exportFile(request, pe::ui::singleColumnFigure());
    QCOMPARE(refused.status, pe::ui::ExportResult::Status::BadRequest);
    QVERIFY2(refused.message.contains(QStringLiteral("pair 100 is beyond the last pair (15)")), qPrintable(refused.message));
    QVERIFY(!QFile::exists(request.path));
}

void TestViewRegistry::ownCommandLineOptionsSetTheOptions()
{
    const auto parsed = pe::app::parseCommandLine({QStringLiteral("pe-explorer"), QStringLiteral("--wavelengths-count"),
                                                   QStringLiteral("9")});
    QVERIFY(std::holds_alternative<pe::app::LaunchOptions>(parsed));
    const auto& o = std::get<pe::app::LaunchOptions>(parsed);
    QCOMPARE(o.view, wavelengths); // its option names its view
    QCOMPARE(o.state.optionsOf(wavelengths), options(0, 9));
    // The window starts from the ones used last, with the options given over them.
    const pe::ui::ViewState start = pe::app::windowStartState(o, {{QStringLiteral("wavelengths"), options(2, 2)}});
    QCOMPARE(start.optionsOf(wavelengths), options(2, 9));
    const auto fresh = std::get<pe::app::LaunchOptions>(pe::app::parseCommandLine({QStringLiteral("pe-explorer")}));
    QCOMPARE(pe::app::windowStartState(fresh, {{QStringLiteral("wavelengths"), options(2, 2)}}).optionsOf(wavelengths),
             options(2, 2));
    // --view names another view: that one is shown, the options still set.
    const auto other = std::get<pe::app::LaunchOptions>(pe::app::parseCommandLine(
        {QStringLiteral("pe-explorer"), QStringLiteral("--view"), QStringLiteral("bands"), QStringLiteral("--wavelengths-count"), QStringLiteral("2")}));
    QCOMPARE(other.view, pe::ui::views::bands);
    QCOMPARE(other.state.optionsOf(wavelengths), options(0, 2));

    const auto bad = pe::app::parseCommandLine({QStringLiteral("pe-explorer"), QStringLiteral("--wavelengths-count"), QStringLiteral("0")});
    QVERIFY(std::holds_alternative<pe::app::EarlyExit>(bad));
    QCOMPARE(std::get<pe::app::EarlyExit>(bad).exitCode, 2);
    QVERIFY2(std::get<pe::app::EarlyExit>(bad).text.contains(QStringLiteral("--wavelengths-count 0; allowed: 1 to 64")),
             qPrintable(std::get<pe::app::EarlyExit>(bad).text));
    // --help lists it.
    const auto help = pe::app::parseCommandLine({QStringLiteral("pe-explorer"), QStringLiteral("--help")});
    QVERIFY(std::get<pe::app::EarlyExit>(help).text.contains(QStringLiteral("--wavelengths-count")));
}

QTEST_MAIN(TestViewRegistry)
#include "tst_viewregistry.moc"
