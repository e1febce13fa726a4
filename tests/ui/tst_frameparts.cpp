// SPDX-License-Identifier: MIT
// The reuse rule of every part of a frame: a new frame shares a part with the frame before
// when none of that part's inputs changed (a slider step must not recompute the similarity),
// and rebuilds it when one did (a stale picture would be drawn). And what changesBetween
// reports to each view: another view's resize is not its change.
#include "ui/document/heatmappart.h"
#include "ui/document/changes.h"
#include "ui/document/frame.h"
#include "ui/document/bandspart.h"
#include "ui/document/conventionspart.h"
#include "ui/document/gridpart.h"
#include "ui/document/precisionpart.h"
#include "ui/document/similaritypart.h"
#include "ui/document/offsetpart.h"
#include "ui/document/spectrumpart.h"
#include "ui/document/methodspart.h"
#include "ui/document/embeddingspart.h"
#include "ui/document/ropepart.h"
#include "ui/document/wavespart.h"
#include "ui/state/ropeoptions.h"
#include "ui/state/embeddingsoptions.h"
#include "ui/state/methodsoptions.h"
#include "ui/state/gridoptions.h"

#include <QTest>

#include <functional>
#include <vector>

using pe::ui::gridPart;
using pe::ui::spectrumPart;
using pe::ui::similarityPart;
using pe::ui::Change;
using pe::ui::Changes;
using pe::ui::Frame;
using pe::ui::FramePtr;
using pe::ui::FrameRequest;
using pe::ui::Settings;
using pe::ui::View;

Q_DECLARE_METATYPE(Settings)

namespace {

/// A request for every part, each view on a small, known number of pixels.
FrameRequest baseRequest()
{
    FrameRequest r;
    r.spec.dModel = 32;
    r.spec.maxLen = 80;
    r.state.position = 5;
    r.state.offset = 3;
    r.state.dims = {2, 3};
    r.pixels.set(pe::ui::views::heatmap, QSize(16, 40));
    r.pixels.set(pe::ui::views::similarity, QSize(30, 0));
    r.pixels.set(pe::ui::views::conventions, QSize(0, 30));
    r.pixels.set(pe::ui::views::precision, QSize(0, 30));
    r.pixels.set(pe::ui::views::methods, QSize(300, 30));
    r.pixels.set(pe::ui::views::spectrum, QSize(16, 20));
    r.pixels.set(pe::ui::views::grid, QSize(40, 45)); // MAE's 14 × 14 tiles: 196 × 196 cells, binned
    return r;
}

FramePtr build(const FrameRequest& request, const FramePtr& previous)
{
    static std::atomic<std::uint64_t> latest{0};
    const std::uint64_t generation = ++latest;
    FramePtr frame = pe::ui::buildFrame(request, generation, previous, latest);
    Q_ASSERT(frame);
    return frame;
}

using Edit = std::function<void(FrameRequest&)>;
struct NamedEdit {
    const char* name;
    Edit apply;
};

using pe::ui::GridOptions;

/// Changes the grid view's options of a request (held by its key, like any view's).
template<class Edit>
void editGrid(FrameRequest& r, Edit edit)
{
    GridOptions g = pe::ui::gridOptions(r.state);
    edit(g);
    pe::ui::setGridOptions(r.state, g);
}

// The edits the rules below name, each one input of some part.
const NamedEdit dModel{"d_model", [](FrameRequest& r) { r.spec.dModel = 48; }};
const NamedEdit maxLen{"max_len", [](FrameRequest& r) { r.spec.maxLen = 90; }};
const NamedEdit base{"base", [](FrameRequest& r) { r.spec.base = 500; }};
const NamedEdit position{"position", [](FrameRequest& r) { r.state.position = 9; }};
const NamedEdit offset{"offset", [](FrameRequest& r) { r.state.offset = 7; }};
const NamedEdit normalize{"normalize", [](FrameRequest& r) { r.state.normalize = true; }};
const NamedEdit dims{"wave dims", [](FrameRequest& r) { r.state.dims = {0, 1, 5}; }};
const NamedEdit comparison{"comparison", [](FrameRequest& r) { r.state.comparison = pe::core::Comparison::Frequencies; }};
const NamedEdit format{"number format", [](FrameRequest& r) { r.state.format = pe::core::NumberFormat::BFloat16; }};
const NamedEdit precisionMode{"precision mode", [](FrameRequest& r) { r.state.precisionMode = pe::core::PrecisionMode::Stored; }};
const NamedEdit ropeScale{"RoPE scale", [](FrameRequest& r) { auto o = ropeOptions(r.state); o.scale = 4; setRopeOptions(r.state, o); }};
const NamedEdit sentence{"sentence", [](FrameRequest& r) {
    auto o = embeddingsOptions(r.state);
    o.sentence = QStringLiteral("a b c");
    setEmbeddingsOptions(r.state, o);
}};
const NamedEdit alibiHeads{"ALiBi heads", [](FrameRequest& r) { auto o = methodOptions(r.state); o.heads = 4; setMethodOptions(r.state, o); }};
// What a view read from a file beside its options (Document::setViewData): word vectors for the
// embeddings, T5 biases for the methods. Each is its own view's input only.
const NamedEdit wordVectors{"word vectors read", [](FrameRequest& r) {
    r.data.set(pe::ui::views::embeddings, std::make_shared<const pe::ui::LoadedWordVectors>());
}};
const NamedEdit t5Biases{"T5 biases read", [](FrameRequest& r) { r.data.set(pe::ui::views::methods, std::make_shared<const pe::ui::T5Biases>()); }};
const NamedEdit curveWindow{"methods curve zoom", [](FrameRequest& r) { r.zooms.set(pe::ui::views::methods, {-10, 10}); }};
const NamedEdit heatZoom{"heat zoom", [](FrameRequest& r) { r.zooms.set(pe::ui::views::heatmap, {0, 0, 0, 20}); }};
const NamedEdit waveWindow{"wave rows", [](FrameRequest& r) { r.zooms.set(pe::ui::views::waves, {10, 40}); }};
const NamedEdit gridShape{"grid shape", [](FrameRequest& r) { editGrid(r, [](GridOptions& g) { g.rows = g.cols = 10; }); }};
const NamedEdit gridSource{"grid source", [](FrameRequest& r) { editGrid(r, [](GridOptions& g) { g.source = pe::ui::GridSource::RopeAxial; }); }};
const NamedEdit gridResize{"grid resize", [](FrameRequest& r) { editGrid(r, [](GridOptions& g) { g.resizeRows = g.resizeCols = 8; }); }};
const NamedEdit gridPatch{"grid patch", [](FrameRequest& r) { editGrid(r, [](GridOptions& g) { g.patchRow = 2; }); }};
const NamedEdit gridDimension{"grid dimension", [](FrameRequest& r) { editGrid(r, [](GridOptions& g) { g.dimension = 5; }); }};
NamedEdit pixelsOf(View view, const char* name)
{
    return {name, [view](FrameRequest& r) {
                const QSize now = r.pixels.of(view);
                r.pixels.set(view, QSize(now.width() ? now.width() - 3 : 0, now.height() ? now.height() - 3 : 0));
            }};
}

struct ReuseRule {
    const char* part;
    std::function<bool(const Frame&, const Frame&)> shared; ///< does `after` share the part of `before`?
    std::vector<NamedEdit> inputs;                          ///< each rebuilds it
    std::vector<NamedEdit> others;                          ///< each keeps it
};

template <typename T>
bool sameData(const QVector<T>& a, const QVector<T>& b)
{
    return !a.isEmpty() && a.constData() == b.constData();
}

std::vector<ReuseRule> reuseRules()
{
    const NamedEdit heatPixels = pixelsOf(pe::ui::views::heatmap, "heatmap pixels");
    const NamedEdit similarityPixels = pixelsOf(pe::ui::views::similarity, "similarity pixels");
    const NamedEdit conventionPixels = pixelsOf(pe::ui::views::conventions, "conventions pixels");
    const NamedEdit precisionPixels = pixelsOf(pe::ui::views::precision, "precision pixels");
    const NamedEdit methodsPixels = pixelsOf(pe::ui::views::methods, "methods pixels");
    const NamedEdit spectrumPixels = pixelsOf(pe::ui::views::spectrum, "spectrum pixels");
    const NamedEdit gridPixels = pixelsOf(pe::ui::views::grid, "grid pixels");
    return {
        {"heat", [](const Frame& a, const Frame& b) { return heatOf(a).heat.sameAs(heatOf(b).heat); },
         {dModel, maxLen, base, heatPixels, heatZoom},
         {position, offset, normalize, dims, similarityPixels, comparison, format, ropeScale, waveWindow, curveWindow, sentence,
          wordVectors, t5Biases}},
        {"waves", [](const Frame& a, const Frame& b) { return pe::ui::wavesPart(a) && pe::ui::wavesPart(a) == pe::ui::wavesPart(b); },
         {dModel, base, dims, waveWindow},
         {position, offset, normalize, heatPixels, format, heatZoom, curveWindow}},
        {"similarity matrix", [](const Frame& a, const Frame& b) { return similarityPart(a) && similarityPart(b) && similarityPart(a)->matrix.sameAs(similarityPart(b)->matrix); },
         {dModel, maxLen, base, normalize, similarityPixels},
         {position, offset, dims, heatPixels, conventionPixels, comparison, format}},
        {"similarity profile", [](const Frame& a, const Frame& b) { return similarityPart(a) && similarityPart(b) && sameData(similarityPart(a)->profileY, similarityPart(b)->profileY); },
         {dModel, base, position, normalize, similarityPixels},
         {offset, dims, heatPixels}},
        {"relative offset", [](const Frame& a, const Frame& b) { return pe::ui::offsetPart(a) && pe::ui::offsetPart(a) == pe::ui::offsetPart(b); },
         {dModel, base, position, offset},
         {normalize, dims, heatPixels, format}},
        {"conventions", [](const Frame& a, const Frame& b) { return pe::ui::conventionsPart(a) && pe::ui::conventionsPart(b) && pe::ui::conventionsPart(a)->heatA.sameAs(pe::ui::conventionsPart(b)->heatA); },
         {dModel, maxLen, base, comparison, conventionPixels},
         {position, offset, normalize, format, heatPixels, similarityPixels}},
        {"precision map", [](const Frame& a, const Frame& b) { return pe::ui::precisionPart(a) && pe::ui::precisionPart(b) && pe::ui::precisionPart(a)->heat.sameAs(pe::ui::precisionPart(b)->heat); },
         {dModel, base, format, precisionMode, precisionPixels},
         {position, offset, normalize, comparison, heatPixels, conventionPixels}},
        {"precision error curves", [](const Frame& a, const Frame& b) { return pe::ui::precisionPart(a) && pe::ui::precisionPart(b) && sameData(pe::ui::precisionPart(a)->errorCurves, pe::ui::precisionPart(b)->errorCurves); },
         {dModel, maxLen, base},
         {format, precisionMode, position, precisionPixels}},
        {"RoPE curves", [](const Frame& a, const Frame& b) { return pe::ui::ropePart(a) && pe::ui::ropePart(b) && pe::ui::ropePart(a)->curves == pe::ui::ropePart(b)->curves; },
         {dModel, base, ropeScale},
         {position, offset, normalize, format, heatPixels, sentence, alibiHeads, wordVectors, t5Biases}},
        {"embeddings", [](const Frame& a, const Frame& b) { return pe::ui::embeddingsPart(a) && pe::ui::embeddingsPart(a) == pe::ui::embeddingsPart(b); },
         {dModel, sentence, wordVectors},
         {position, offset, normalize, heatPixels, ropeScale, alibiHeads, t5Biases}},
        {"methods", [](const Frame& a, const Frame& b) { return pe::ui::methodsPart(a) && pe::ui::methodsPart(a) == pe::ui::methodsPart(b); },
         {dModel, maxLen, alibiHeads, methodsPixels, curveWindow, t5Biases},
         {position, offset, normalize, heatPixels, similarityPixels, ropeScale, sentence, wordVectors}},
        {"spectrum", [](const Frame& a, const Frame& b) { return spectrumPart(a) && spectrumPart(b) && spectrumPart(a)->data == spectrumPart(b)->data; },
         {dModel, maxLen, base},
         {position, offset, normalize, spectrumPixels, heatPixels}},
        {"spectrum map", [](const Frame& a, const Frame& b) { return spectrumPart(a) && spectrumPart(b) && spectrumPart(a)->heat.sameAs(spectrumPart(b)->heat); },
         {dModel, spectrumPixels},
         {position, offset, normalize, heatPixels, similarityPixels}},
        {"grid data", [](const Frame& a, const Frame& b) { return gridPart(a) && gridPart(b) && gridPart(a)->data == gridPart(b)->data; },
         {dModel, gridShape, gridSource, gridResize},
         {maxLen, base, position, gridPatch, gridDimension, gridPixels, heatPixels}},
        {"grid tiles", [](const Frame& a, const Frame& b) { return gridPart(a) && gridPart(b) && gridPart(a)->tiles.sameAs(gridPart(b)->tiles); },
         {dModel, gridShape, gridSource, gridPixels},
         {maxLen, position, gridPatch, gridDimension, heatPixels}},
        {"resolution limits", [](const Frame& a, const Frame& b) { return pe::ui::bandsPart(a) && pe::ui::bandsPart(b) && sameData(pe::ui::bandsPart(a)->resolution, pe::ui::bandsPart(b)->resolution); },
         {dModel, base, format},
         {position, offset, normalize, heatPixels}},
    };
}

} // namespace

class TestFrameParts : public QObject {
    Q_OBJECT
private slots:
    void eachPartIsSharedUntilOneOfItsInputsChanges_data();
    void eachPartIsSharedUntilOneOfItsInputsChanges();
    void settingsChangesNameTheFieldThatChanged_data();
    void settingsChangesNameTheFieldThatChanged();
    void aViewsResizeIsItsChangeOnly();
};

void TestFrameParts::eachPartIsSharedUntilOneOfItsInputsChanges_data()
{
    QTest::addColumn<int>("rule");
    const std::vector<ReuseRule> rules = reuseRules();
    for (std::size_t i = 0; i < rules.size(); ++i)
        QTest::newRow(rules[i].part) << int(i);
}

void TestFrameParts::eachPartIsSharedUntilOneOfItsInputsChanges()
{
    QFETCH(int, rule);
    const ReuseRule r = reuseRules().at(std::size_t(rule));
    const FrameRequest request = baseRequest();
    const FramePtr before = build(request, nullptr);
    QVERIFY2(r.shared(*before, *build(request, before)), "the same request must share the part");
    QVERIFY2(!r.shared(*before, *build(request, nullptr)), "a frame built afresh must not share it");
    for (const NamedEdit& input : r.inputs) {
        FrameRequest changed = request;
        input.apply(changed);
        QVERIFY2(!r.shared(*before, *build(changed, before)),
                 qPrintable(QStringLiteral("%1 changed, but the %2 part was reused").arg(input.name, r.part)));
    }
    for (const NamedEdit& other : r.others) {
        FrameRequest changed = request;
        other.apply(changed);
        QVERIFY2(r.shared(*before, *build(changed, before)),
                 qPrintable(QStringLiteral("%1 changed, and the %2 part was computed again").arg(other.name, r.part)));
    }
}

void TestFrameParts::settingsChangesNameTheFieldThatChanged_data()
{
    QTest::addColumn<Settings>("after");
    QTest::addColumn<int>("expected");
    const auto row = [](const char* name, const std::function<void(Settings&)>& edit, Changes expected) {
        Settings s;
        edit(s);
        QTest::newRow(name) << s << int(expected);
    };
    row("d_model", [](Settings& s) { s.spec.dModel = 16; }, Change::Spec);
    row("base", [](Settings& s) { s.spec.base = 100; }, Change::Spec);
    row("first position", [](Settings& s) { s.spec.firstPosition = 2; }, Change::Spec);
    row("position", [](Settings& s) { s.state.position = 4; }, Change::Position);
    row("dimension", [](Settings& s) { s.state.dimension = 9; }, Change::Dimension);
    row("offset", [](Settings& s) { s.state.offset = 6; }, Change::Offset);
    row("band", [](Settings& s) { s.state.bandFirst = 1; }, Change::Band);
    row("normalize", [](Settings& s) { s.state.normalize = true; }, Change::Normalize);
    row("colormap", [](Settings& s) { s.state.colormap = QStringLiteral("grayscale"); }, Change::Colormap);
    row("wave dims", [](Settings& s) { s.state.dims = {1}; }, Change::WaveDims);
    row("no wave dims", [](Settings& s) { s.state.dims.clear(); }, Change::WaveDims);
    row("comparison", [](Settings& s) { s.state.comparison = pe::core::Comparison::FirstPosition; }, Change::Comparison);
    row("format", [](Settings& s) { s.state.format = pe::core::NumberFormat::Float32; }, Change::Precision);
    row("precision mode", [](Settings& s) { s.state.precisionMode = pe::core::PrecisionMode::Stored; }, Change::Precision);
    row("rope", [](Settings& s) { auto o = ropeOptions(s.state); o.originalLength = 2048; setRopeOptions(s.state, o); }, Change::ViewOptions);
    row("embeddings", [](Settings& s) { auto o = embeddingsOptions(s.state); o.segments = true; setEmbeddingsOptions(s.state, o); },
        Change::ViewOptions);
    row("methods", [](Settings& s) { auto o = methodOptions(s.state); o.clip = 2; setMethodOptions(s.state, o); }, Change::ViewOptions);
    row("table scale", [](Settings& s) { s.state.tableDataRange = true; }, Change::Table);
    row("grid", [](Settings& s) { GridOptions g = pe::ui::gridOptions(s.state); g.patchCol = 3; pe::ui::setGridOptions(s.state, g); }, Change::ViewOptions);
    row("position and offset", [](Settings& s) { s.state.position = 4; s.state.offset = 2; }, Change::Position | Change::Offset);
    row("nothing", [](Settings&) {}, Change::None);
}

void TestFrameParts::settingsChangesNameTheFieldThatChanged()
{
    QFETCH(Settings, after);
    QFETCH(int, expected);
    QCOMPARE(int(pe::ui::changesBetween(Settings{}, after)), expected);
    QCOMPARE(int(pe::ui::changesBetween(after, Settings{})), expected); // symmetric
}

void TestFrameParts::aViewsResizeIsItsChangeOnly()
{
    const FrameRequest request = baseRequest();
    const FramePtr before = build(request, nullptr);
    const View views[] = {pe::ui::views::heatmap, pe::ui::views::similarity, pe::ui::views::conventions, pe::ui::views::precision, pe::ui::views::methods, pe::ui::views::spectrum,
                          pe::ui::views::grid};
    for (View resized : views) {
        FrameRequest changed = request;
        pixelsOf(resized, "").apply(changed);
        const FramePtr after = build(changed, before);
        for (View view : views) {
            const bool bins = pe::ui::changesBetween(*before, *after, view).testFlag(Change::Bins);
            QVERIFY2(bins == (view == resized), qPrintable(QStringLiteral("%1 resized: Bins for %2 is %3")
                                                               .arg(pe::ui::viewName(resized), pe::ui::viewName(view))
                                                               .arg(bins)));
        }
    }
    // Pixels beyond the cells cut nothing anew: the map is its whole cells either way.
    for (View view : {pe::ui::views::spectrum, pe::ui::views::grid}) {
        FrameRequest wide = request, wider = request;
        wide.pixels.set(view, QSize(1000, 1000));
        wider.pixels.set(view, QSize(1200, 1100));
        const FramePtr first = build(wide, before);
        QVERIFY2(!pe::ui::changesBetween(*first, *build(wider, first), view).testFlag(Change::Bins),
                 qPrintable(pe::ui::viewName(view)));
    }
    // A view's zoom is its change only, like its pixels.
    for (const auto& [zoomed, edit] : {std::pair{pe::ui::views::heatmap, heatZoom}, {pe::ui::views::waves, waveWindow}, {pe::ui::views::methods, curveWindow}}) {
        FrameRequest changed = request;
        edit.apply(changed);
        const FramePtr after = build(changed, before);
        for (View view : {pe::ui::views::heatmap, pe::ui::views::waves, pe::ui::views::methods, pe::ui::views::similarity}) {
            const bool zoom = pe::ui::changesBetween(*before, *after, view).testFlag(Change::Zoom);
            QVERIFY2(zoom == (view == zoomed), qPrintable(QStringLiteral("%1 zoomed: Zoom for %2 is %3")
                                                              .arg(pe::ui::viewName(zoomed), pe::ui::viewName(view)).arg(zoom)));
        }
    }
    // A view's options, and what it read from a file beside them, are its change only.
    for (const auto& [edited, edit] : {std::pair{pe::ui::views::rope, ropeScale}, {pe::ui::views::embeddings, sentence}, {pe::ui::views::embeddings, wordVectors},
                                       {pe::ui::views::methods, alibiHeads}, {pe::ui::views::methods, t5Biases}}) {
        FrameRequest changed = request;
        edit.apply(changed);
        const FramePtr after = build(changed, before);
        for (View view : {pe::ui::views::rope, pe::ui::views::embeddings, pe::ui::views::methods, pe::ui::views::grid, pe::ui::views::heatmap}) {
            const bool own = pe::ui::changesBetween(*before, *after, view).testFlag(Change::ViewOptions);
            QVERIFY2(own == (view == edited), qPrintable(QStringLiteral("%1 edited: ViewOptions for %2 is %3")
                                                             .arg(edit.name, pe::ui::viewName(view)).arg(own)));
        }
    }
    QCOMPARE(int(pe::ui::changesBetween(*before, *build(request, before), pe::ui::views::similarity)), int(Change::None));
}

QTEST_MAIN(TestFrameParts)
#include "tst_frameparts.moc"
