// SPDX-License-Identifier: MIT
#include "ui/views/embeddingsview.h"
#include "ui/views/viewfactory.h"

#include "ui/document/embeddingspart.h"

#include "ui/plotting/cellcolormap.h"
#include "ui/plotting/colormaps.h"
#include "ui/document/document.h"
#include "ui/widgets/flowlayout.h"
#include "ui/widgets/textlabels.h"
#include "ui/plotting/labels.h"
#include "ui/plotting/plotitems.h"
#include "ui/plotting/fitting.h"
#include "ui/plotting/pointing.h"
#include "ui/state/embeddingsoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace pe::ui {

namespace {

QString panelCaption(EmbeddingsView::Panel panel, bool scaled, int dModel)
{
    switch (panel) {
    case EmbeddingsView::Word:
        return scaled ? EmbeddingsView::tr("word × √%1").arg(dModel) : EmbeddingsView::tr("word");
    case EmbeddingsView::Position: return EmbeddingsView::tr("+ position");
    case EmbeddingsView::Segment: return EmbeddingsView::tr("+ segment");
    case EmbeddingsView::Sum: return EmbeddingsView::tr("= input");
    }
    return {};
}

const core::RowMatrix& panelMatrix(const core::SentenceEmbedding& e, int panel)
{
    switch (panel) {
    case EmbeddingsView::Word: return e.word;
    case EmbeddingsView::Position: return e.position;
    case EmbeddingsView::Segment: return e.segment;
    default: return e.sum;
    }
}

} // namespace

EmbeddingsView::EmbeddingsView(Document* document, QWidget* parent)
    : PlotView(document, views::embeddings, parent)
{
    setExplanation(tr("<b>Embeddings of a sentence.</b> What the first layer of a Transformer receives for "
                      "each token, as in BERT: its word embedding, plus the positional encoding of its "
                      "position, plus (BERT) the embedding of its segment — type [SEP] to start sentence B. "
                      "The sum keeps the word and adds where it is. The paper multiplies the word "
                      "embedding by √d_model: freshly initialised embeddings have entries of about "
                      "±1/√d, so without it the position (entries up to ±1) drowns the word."));
    auto* box = static_cast<QVBoxLayout*>(layout());
    box->insertWidget(1, createControls());

    QCustomPlot* p = plot();
    m_title = addTitle(p);
    // The panels share one cell under the title, so that the title centres over all of them.
    QCPAxisRect* first = p->axisRect();
    p->plotLayout()->take(first);
    auto* row = new QCPLayoutGrid;
    p->plotLayout()->addElement(1, 0, row);
    m_panelRow = row;
    p->plotLayout()->setRowStretchFactor(0, 0.001);
    auto* heights = new QCPMarginGroup(p);
    m_scale = new QCPColorScale(p);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
    for (int i = 0; i < panelCount; ++i) {
        m_rects[i] = i == 0 ? first : new QCPAxisRect(p);
        QCPAxisRect* rect = m_rects[i];
        row->addElement(0, i, rect); // before its items: they look for an axis rect in the layout
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, heights);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        x->setLabel(tr("dimension"));
        x->setTicker(integerTicker());
        y->setRangeReversed(true);
        y->setTickLabels(i == 0);
        y->setTicks(i == 0);
        useTopAxisAsCaption(rect);
        m_maps[i] = new CellColorMap(x, y); // exact cells in vector figures (one pixel each, never resampled)
        m_maps[i]->setInterpolate(false);
        m_maps[i]->setTightBoundary(false);
        m_maps[i]->setColorScale(m_scale);
        for (int h = 0; h < 2; ++h) {
            auto* highlight = new QCPItemRect(p);
            attachToRect(highlight, rect);
            for (QCPItemPosition* corner : {highlight->topLeft, highlight->bottomRight})
                corner->setTypeX(QCPItemPosition::ptAxisRectRatio);
            highlight->setBrush(Qt::NoBrush);
            m_highlights[2 * i + h] = highlight;
        }
    }
    row->addElement(0, panelCount, m_scale);
    m_scale->axis()->setLabel(tr("value"));

    fitAfterLayout(p, this, [this] { return fitToSize(); });
    connect(p, &QCustomPlot::mouseMove, this, &EmbeddingsView::onMouseMove);
    applyScale();
    syncControls();
    // The controls show the document's options at once, on screen or not (undo, reset, a
    // session); the window's WordVectorController reads a file named there.
    // Only for its own options: another view's change must not reset the sentence half typed here.
    connect(document, &Document::changed, this, [this, shown = document->state().optionsOf(views::embeddings)](Changes what) mutable {
        if (!(what & (Change::Spec | Change::ViewOptions)))
            return; // a position step, a colormap: nothing of its controls
        QVariantMap now = this->document()->state().optionsOf(views::embeddings);
        if (what & Change::Spec || now != shown) {
            shown = std::move(now);
            syncControls();
        }
    });
}

EmbeddingsView::~EmbeddingsView()
{
    // The line edit loses its focus while the widgets below are destroyed and says
    // editingFinished: by then this is no longer an EmbeddingsView (UBSan stops there).
    // (The document may be gone already: the window destroys it first.)
    m_sentence->disconnect(this);
}

QWidget* EmbeddingsView::createControls()
{
    // Rows of groups that wrap in a narrow dock: the dock never forces the window's side
    // panels wider than the heatmap can spare.
    auto* controls = new QWidget(this);
    auto* column = new QVBoxLayout(controls);
    column->setContentsMargins(0, 0, 0, 0);
    const auto group = [](std::initializer_list<QWidget*> widgets, QWidget* stretched = nullptr) {
        auto* box = new QWidget;
        auto* row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        for (QWidget* w : widgets)
            row->addWidget(w, w == stretched ? 1 : 0);
        return box;
    };

    m_sentence = new QLineEdit;
    m_sentence->setMaxLength(EmbeddingsOptions::maxSentence);
    m_sentence->setToolTip(tr("The sentence to embed; words are lowercased, punctuation marks are tokens of their own, "
                              "[SEP] starts sentence B"));
    auto* sentenceLabel = new QLabel(tr("Se&ntence:"));
    sentenceLabel->setBuddy(m_sentence);
    m_sentence->setMinimumWidth(120);
    column->addWidget(group({sentenceLabel, m_sentence}, m_sentence));

    m_firstBox = new QComboBox;
    m_secondBox = new QComboBox;
    m_firstBox->setToolTip(tr("The first token of the cosine comparison"));
    m_secondBox->setToolTip(tr("The second token of the cosine comparison"));
    m_sqrtBox = new QCheckBox(tr("word × √d_model"));
    m_sqrtBox->setToolTip(tr("Multiply the word embedding by √d_model before adding the position, as the paper does (§3.4)"));
    m_segmentBox = new QCheckBox(tr("segments"));
    m_segmentBox->setToolTip(tr("Add BERT's segment embedding: sentence A, or B after a [SEP]"));
    auto* compareLabel = new QLabel(tr("&Compare:"));
    compareLabel->setBuddy(m_firstBox);
    auto* compareRow = new FlowLayout;
    compareRow->addWidget(group({compareLabel, m_firstBox, m_secondBox}));
    compareRow->addWidget(m_sqrtBox);
    compareRow->addWidget(m_segmentBox);
    column->addLayout(compareRow);

    m_source = new WrappedLabel;
    m_source->setWordWrap(true);
    m_loadButton = new QPushButton(tr("&Load vectors…"));
    m_loadButton->setToolTip(tr("Read word vectors from a word2vec or GloVe text file (only the sentence's words are kept)"));
    m_randomButton = new QPushButton(tr("Pseudo-random"));
    m_randomButton->setToolTip(tr("Go back to the built-in pseudo-random word vectors"));
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setVisible(false);
    auto* vectorsLabel = new QLabel(tr("Vectors:"));
    vectorsLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    column->addWidget(group({vectorsLabel, m_source}, m_source));
    auto* vectorsRow = new FlowLayout;
    for (QWidget* w : std::initializer_list<QWidget*>{m_progress, m_cancelButton, m_loadButton, m_randomButton})
        vectorsRow->addWidget(w);
    column->addLayout(vectorsRow);

    m_fileMessage = new WrappedLabel;
    m_fileMessage->setWordWrap(true);
    m_fileMessage->setObjectName(QStringLiteral("fileMessage"));
    m_fileMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fileMessage->setVisible(false);
    m_matchButton = new QPushButton;
    m_matchButton->setVisible(false);
    column->addWidget(m_fileMessage);
    auto* matchRow = new QHBoxLayout;
    matchRow->addWidget(m_matchButton);
    matchRow->addStretch(1);
    column->addLayout(matchRow);

    m_cosine = new WrappedLabel;
    m_cosine->setObjectName(QStringLiteral("cosine"));
    m_cosine->setWordWrap(true);
    m_cosine->setTextFormat(Qt::RichText);
    column->addWidget(m_cosine);

    // Typing is one undo step per editing session, not one per key.
    connect(m_sentence, &QLineEdit::textChanged, this, [this] {
        if (!m_typing && m_sentence->hasFocus()) {
            m_typing = true;
            document()->beginInteraction();
        }
        optionsEdited();
    });
    connect(m_sentence, &QLineEdit::editingFinished, this, [this] {
        if (m_typing) {
            m_typing = false;
            document()->endInteraction();
        }
    });
    for (QComboBox* combo : {m_firstBox, m_secondBox})
        connect(combo, qOverload<int>(&QComboBox::activated), this, &EmbeddingsView::optionsEdited);
    connect(m_sqrtBox, &QCheckBox::toggled, this, &EmbeddingsView::optionsEdited);
    connect(m_segmentBox, &QCheckBox::toggled, this, &EmbeddingsView::optionsEdited);
    connect(m_loadButton, &QPushButton::clicked, this, &EmbeddingsView::chooseFileRequested);
    connect(m_randomButton, &QPushButton::clicked, this, &EmbeddingsView::pseudoRandomRequested);
    connect(m_cancelButton, &QPushButton::clicked, this, &EmbeddingsView::cancelRequested);
    connect(m_matchButton, &QPushButton::clicked, this, [this] {
        const QString file = m_matchButton->property("file").toString();
        if (m_fileDimension > 0)
            document()->setDModel(m_fileDimension);
        if (!file.isEmpty())
            emit readRequested(file);
    });
    return controls;
}

void EmbeddingsView::syncControls()
{
    const EmbeddingsOptions& o = embeddingsOptions(document()->state());
    const QSignalBlocker a(m_sentence), b(m_sqrtBox), c(m_segmentBox), d(m_firstBox), e(m_secondBox);
    if (m_sentence->text() != o.sentence)
        m_sentence->setText(o.sentence);
    m_sqrtBox->setChecked(o.sqrtScaling);
    m_segmentBox->setChecked(o.segments);
    const auto tokens = core::tokenize(o.sentence.toStdString());
    for (QComboBox* combo : {m_firstBox, m_secondBox}) {
        if (combo->count() != static_cast<int>(tokens.size()) || !m_tokensShown.has_value() || *m_tokensShown != o.sentence) {
            combo->clear();
            for (std::size_t i = 0; i < tokens.size(); ++i)
                combo->addItem(QStringLiteral("%1: %2").arg(i).arg(QString::fromStdString(tokens[i].text)));
        }
        const int wanted = combo == m_firstBox ? o.first : o.second;
        combo->setCurrentIndex(std::clamp(wanted, 0, std::max(0, combo->count() - 1)));
    }
    m_tokensShown = o.sentence;
}

void EmbeddingsView::optionsEdited()
{
    EmbeddingsOptions o = embeddingsOptions(document()->state());
    const bool newSentence = o.sentence != m_sentence->text();
    o.sentence = m_sentence->text();
    if (!newSentence) { // a new sentence keeps the chosen token numbers (clamped when drawn)
        o.first = std::max(m_firstBox->currentIndex(), 0);
        o.second = std::max(m_secondBox->currentIndex(), 0);
    }
    o.sqrtScaling = m_sqrtBox->isChecked();
    o.segments = m_segmentBox->isChecked();
    document()->setViewOptions(views::embeddings, toVariantMap(o));
}

void EmbeddingsView::showReading(const QString& path, std::int64_t bytes)
{
    m_progress->setValue(0);
    m_progress->setFormat(tr("%p% of %1 MB").arg(double(bytes) / 1e6, 0, 'f', 1));
    for (QWidget* w : std::initializer_list<QWidget*>{m_progress, m_cancelButton})
        w->setVisible(true);
    for (QWidget* w : std::initializer_list<QWidget*>{m_loadButton, m_randomButton})
        w->setVisible(false);
    showFileMessage(tr("Reading %1 …").arg(QFileInfo(path).fileName()), false);
}

void EmbeddingsView::showReadProgress(double done)
{
    m_progress->setValue(static_cast<int>(1000.0 * std::clamp(done, 0.0, 1.0)));
}

void EmbeddingsView::showReadRefused(const QString& error)
{
    showFileMessage(error, true);
}

void EmbeddingsView::showLoaded(const WordVectorLoad& load)
{
    for (QWidget* w : std::initializer_list<QWidget*>{m_progress, m_cancelButton})
        w->setVisible(false);
    for (QWidget* w : std::initializer_list<QWidget*>{m_loadButton, m_randomButton})
        w->setVisible(true);
    const QString name = QFileInfo(load.path).fileName();
    m_matchButton->setVisible(false);
    m_fileDimension = 0;
    if (load.vectors) {
        showFileMessage(QString(), false);
        return;
    }
    if (load.cancelled) {
        showFileMessage(tr("Reading %1 was cancelled; the word vectors are pseudo-random.").arg(name), false);
    } else if (load.dimensionMismatch) {
        m_fileDimension = load.fileDimension;
        showFileMessage(tr("Cannot use %1: its vectors have %2 dimensions, but d_model is %3. Set d_model to %2, "
                           "or choose a file of %3-dimensional vectors. Meanwhile the word vectors are pseudo-random.")
                            .arg(name).arg(load.fileDimension).arg(document()->spec().dModel), true);
        m_matchButton->setText(tr("Set d_model to %1").arg(load.fileDimension));
        m_matchButton->setProperty("file", load.path); // read it again once d_model matches
        m_matchButton->setVisible(load.fileDimension <= WindowLimits::maxDModel);
    } else {
        showFileMessage(tr("Cannot use %1: %2. The word vectors are pseudo-random.").arg(name, load.error), true);
    }
}

void EmbeddingsView::showPseudoRandom()
{
    for (QWidget* w : std::initializer_list<QWidget*>{m_progress, m_cancelButton})
        w->setVisible(false);
    for (QWidget* w : std::initializer_list<QWidget*>{m_loadButton, m_randomButton})
        w->setVisible(true);
    showFileMessage(QString(), false);
    m_matchButton->setVisible(false);
}

void EmbeddingsView::showFileMessage(const QString& text, bool error)
{
    m_fileMessage->setText(text);
    m_fileMessage->setStyleSheet(error ? QStringLiteral("color: #b00000") : QString());
    m_fileMessage->setVisible(!text.isEmpty());
}

QString EmbeddingsView::fileMessage() const
{
    return m_fileMessage->text();
}

QString EmbeddingsView::cosineText() const
{
    return m_cosine->text();
}

void EmbeddingsView::applyScale()
{
    PlotView::applyScale();
    scaleTitle(m_title, scale());
    m_scale->axis()->setTickLabelFont(plot()->xAxis->tickLabelFont());
    m_scale->axis()->setLabelFont(plot()->xAxis->labelFont());
    m_scale->setBarWidth(static_cast<int>(12 * scale()));
    // A row per token with its word beside it: below this a projected sentence kept two of
    // its sixteen words; on the stage the view scrolls instead, as RoPE's does.
    plot()->setMinimumHeight(static_cast<int>(240 * scale()));
    QFont font = QFont();
    font.setPointSizeF(QFont().pointSizeF() * scale());
    for (QLabel* label : {m_cosine, m_fileMessage, m_source})
        if (label)
            label->setFont(font);
}

void EmbeddingsView::redraw(const Frame& f)
{
    static const auto none = std::make_shared<const EmbeddingsData>();
    const EmbeddingsPart* part = embeddingsPart(f);
    m_sentenceShown = part && part->sentence ? part->sentence : none;
    const EmbeddingsData& shown = *m_sentenceShown;
    const EmbeddingsOptions& options = embeddingsOptions(f.state);
    const WordVectorsPtr named = vectorsFor(options, f.data.of(views::embeddings));
    const QString tokenA = shown.tokens.empty() ? QString() : QString::fromStdString(shown.tokens[shown.first].text);
    const QString tokenB = shown.tokens.empty() ? QString() : QString::fromStdString(shown.tokens[shown.second].text);
    if (shown.fromFile) {
        const auto found = std::count(shown.inFile.begin(), shown.inFile.end(), true);
        m_source->setText(tr("%1: %2 vectors of %3 dimensions; %4 of %5 tokens found (the others, marked ∅, are zero vectors)")
                              .arg(QFileInfo(shown.vectors->path).fileName()).arg(shown.vectors->vectorCount).arg(shown.vectors->dimension)
                              .arg(found).arg(shown.tokens.size()));
    } else {
        m_source->setText(tr("pseudo-random stand-ins, fixed per word (not learned: unrelated words are unrelated vectors)"));
        if (named && named->dimension != f.spec.dModel) {
            m_fileDimension = named->dimension;
            showFileMessage(tr("%1 has %2-dimensional vectors, but d_model is %3: the word vectors are pseudo-random "
                               "until d_model is %2 again.").arg(QFileInfo(named->path).fileName())
                                .arg(named->dimension).arg(f.spec.dModel), true);
            m_matchButton->setText(tr("Set d_model to %1").arg(named->dimension));
            m_matchButton->setProperty("file", QString()); // the vectors are there: only d_model changes
            m_matchButton->setVisible(true);
        }
    }
    if (shown.fromFile && m_fileDimension != 0) { // d_model matches the file again
        m_fileDimension = 0;
        showFileMessage(QString(), false);
        m_matchButton->setVisible(false);
    }
    if (shown.tokens.empty())
        m_cosine->setText(tr("Type a sentence to see its embeddings."));
    else
        m_cosine->setText(tr("<b>cos(%1, %2)</b> of the word embeddings: <b>%3</b> → of the inputs (word%4 + position%5): "
                             "<b>%6</b>. Nearby positions have similar encodings, so adding them pulls the cosine "
                             "towards the positions' similarity; the larger the words, the less.")
                              .arg(tokenA.toHtmlEscaped(), tokenB.toHtmlEscaped()).arg(shown.cosineWords, 0, 'f', 4)
                              .arg(options.sqrtScaling ? tr(" × √d") : QString())
                              .arg(options.segments ? tr(" + segment") : QString())
                              .arg(shown.cosineSums, 0, 'f', 4));
    // Presenting, the subtitle carries the two cosines and the teacher says the rest, as with
    // the explanation: its two lines went to the panels (in Chinese at 1366 × 768 the plot was
    // at its least height and the view scrolled).
    m_cosine->setVisible(!(scale() > 1) || shown.tokens.empty());
    drawPanels(f);
    m_titleText = titleText(f);
    m_title->setText(m_titleText);
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString EmbeddingsView::titleText(const Frame& f) const
{
    const EmbeddingsData& shown = data();
    if (shown.tokens.empty())
        return tr("Embeddings of a sentence\n(no tokens)");
    const QString a = QString::fromStdString(shown.tokens[shown.first].text);
    const QString b = QString::fromStdString(shown.tokens[shown.second].text);
    return tr("Word + position%1 = input of layer 1\nd_model %2 · %3 tokens · %4%5\ncos(%6, %7): words %8 → inputs %9")
        .arg(embeddingsOptions(f.state).segments ? tr(" + segment") : QString()).arg(f.spec.dModel).arg(shown.tokens.size())
        .arg(shown.fromFile ? QFileInfo(shown.vectors->path).fileName() : tr("pseudo-random word vectors"))
        .arg(embeddingsOptions(f.state).sqrtScaling ? tr(" · word × √d") : tr(" · word not scaled"))
        .arg(a, b).arg(shown.cosineWords, 0, 'f', 3).arg(shown.cosineSums, 0, 'f', 3);
}

void EmbeddingsView::drawPanels(const Frame& f)
{
    const EmbeddingsData& shown = data();
    const auto tokens = static_cast<int>(shown.tokens.size());
    const int d = f.spec.dModel;
    const bool segments = embeddingsOptions(f.state).segments;
    // Segment off: its panel leaves the row (and stops drawing) instead of showing zeros.
    QCPLayoutGrid* row = m_panelRow; // held, not looked up by index: the subtitle's row moves it
    if (segments != m_segmentShown) {
        m_segmentShown = segments;
        for (QCPLayoutElement* element : std::initializer_list<QCPLayoutElement*>{m_rects[0], m_rects[1], m_rects[2], m_rects[3], m_scale})
            row->take(element);
        row->simplify();
        int column = 0;
        for (int i = 0; i < panelCount; ++i)
            if (i != Segment || segments)
                row->addElement(0, column++, m_rects[i]);
        row->addElement(0, column, m_scale);
        m_maps[Segment]->setVisible(segments);
        m_rects[Segment]->setVisible(segments);
    }
    const double largest = std::max(shown.largest, 1e-12);
    QSharedPointer<QCPAxisTickerText> labels(new QCPAxisTickerText);
    for (int t = 0; t < tokens; ++t) {
        const bool missing = shown.fromFile && !shown.inFile[t];
        labels->addTick(t, QString::fromStdString(shown.tokens[t].text) + (missing ? QStringLiteral(" ∅") : QString()));
    }
    for (int i = 0; i < panelCount; ++i) {
        QCPColorMapData* data = m_maps[i]->data();
        // QCustomPlot needs two cells along an axis to place the map.
        const int columns = std::max(d, 2), rows = std::max(tokens, 2);
        data->setSize(columns, rows);
        data->setRange(QCPRange(0, columns == d ? d - 1 : 1), QCPRange(0, rows == tokens ? tokens - 1 : 1));
        const core::RowMatrix& m = panelMatrix(shown.embedding, i);
        for (int t = 0; t < rows; ++t)
            for (int c = 0; c < columns; ++c)
                data->setCell(c, t, tokens > 0 ? m(std::min(t, tokens - 1), std::min(c, d - 1)) : 0.0);
        m_maps[i]->setGradient(colormapGradient(f.state.colormap));
        m_maps[i]->setDataRange(QCPRange(-largest, largest));
        m_rects[i]->axis(QCPAxis::atBottom)->setRange(-0.5, d - 0.5);
        m_rects[i]->axis(QCPAxis::atLeft)->setRange(-0.5, std::max(tokens, 1) - 0.5);
        m_rects[i]->axis(QCPAxis::atTop)->setLabel(panelCaption(static_cast<Panel>(i), embeddingsOptions(f.state).sqrtScaling, d));
    }
    m_rects[0]->axis(QCPAxis::atLeft)->setTicker(labels);
    placeHighlights();
}

void EmbeddingsView::placeHighlights()
{
    const EmbeddingsData& shown = data();
    const std::array<int, 2> rows{shown.first, shown.second};
    for (int i = 0; i < panelCount; ++i)
        for (int h = 0; h < 2; ++h) {
            QCPItemRect* rect = m_highlights[2 * i + h];
            rect->setVisible(!shown.tokens.empty() && (i != Segment || m_segmentShown));
            rect->topLeft->setCoords(0, rows[h] - 0.5);
            rect->bottomRight->setCoords(1, rows[h] + 0.5);
            rect->setPen(QPen(seriesColor(h == 0 ? 1 : 3), penWidth(2.0)));
        }
}

void EmbeddingsView::prepareForExport(double fontPixels)
{
    m_forExport = true;
    redrawCurrent();
    PlotView::prepareForExport(fontPixels);
}

bool EmbeddingsView::fitToSize()
{
    bool changed = fitViewTitle(m_title, m_titleText);
    for (QCPAxisRect* rect : m_rects)
        changed = fitTickCount(rect->axis(QCPAxis::atBottom), 3) || changed;
    changed = fitTickCount(m_scale->axis(), 5) || changed;
    // Token labels: every one where they fit, else the two compared (framed) tokens and every
    // n-th of the others that keeps clear of them: thinned blindly, the frames at an 89 mm
    // column sat on unlabelled rows.
    QCPAxis* y = m_rects[0]->axis(QCPAxis::atLeft);
    if (auto labels = y->ticker().dynamicCast<QCPAxisTickerText>()) {
        const EmbeddingsData& shown = data();
        const auto tokens = static_cast<int>(shown.tokens.size());
        const double room = m_rects[0]->height() / std::max(tokens, 1);
        const int step = std::max(1, static_cast<int>(std::ceil(1.1 * QFontMetricsF(y->tickLabelFont()).height() / std::max(room, 1.0))));
        QList<int> labelled;
        if (tokens > 0)
            labelled = {shown.first, shown.second};
        for (int t = 0; t < tokens; t += step)
            if (std::all_of(labelled.begin(), labelled.end(), [&](int kept) { return std::abs(t - kept) >= step; }))
                labelled.append(t);
        std::sort(labelled.begin(), labelled.end());
        labelled.erase(std::unique(labelled.begin(), labelled.end()), labelled.end());
        QList<int> current;
        for (auto it = labels->ticks().cbegin(); it != labels->ticks().cend(); ++it)
            current.append(static_cast<int>(it.key()));
        if (current != labelled) {
            labels->clear();
            for (int t : std::as_const(labelled)) {
                const bool missing = shown.fromFile && !shown.inFile[t];
                labels->addTick(t, QString::fromStdString(shown.tokens[t].text) + (missing ? QStringLiteral(" ∅") : QString()));
            }
            changed = true;
        }
    }
    return changed;
}

void EmbeddingsView::onMouseMove(QMouseEvent* event)
{
    const FramePtr& f = document()->frame();
    QCPAxisRect* rect = f ? axisRectAt(plot(), event->position()) : nullptr;
    const EmbeddingsData& shown = data();
    const auto tokens = static_cast<int>(shown.tokens.size());
    if (!rect || tokens == 0) {
        setReadout(QString());
        return;
    }
    const int t = static_cast<int>(std::lround(rect->axis(QCPAxis::atLeft)->pixelToCoord(event->position().y())));
    const int c = static_cast<int>(std::lround(rect->axis(QCPAxis::atBottom)->pixelToCoord(event->position().x())));
    if (t < 0 || t >= tokens || c < 0 || c >= f->spec.dModel) {
        setReadout(QString());
        return;
    }
    const auto& e = shown.embedding;
    setReadout(tr("token %1 “%2” at position %3 · dimension %4: word %5 + position %6 + segment %7 = %8")
                   .arg(t).arg(QString::fromStdString(shown.tokens[t].text)).arg(f->spec.firstPosition + t).arg(c)
                   .arg(e.word(t, c), 0, 'f', 4).arg(e.position(t, c), 0, 'f', 4).arg(e.segment(t, c), 0, 'f', 4)
                   .arg(e.sum(t, c), 0, 'f', 4));
}

/// The embeddings view's own part of its catalogue entry (cmake/views.cmake).
void embeddingsViewEntry(ViewDescription& entry)
{
    drawnBy<EmbeddingsView>(entry, buildEmbeddingsPart, embeddingsPartData,
                            PartInput::Spec | PartInput::Options | PartInput::Data);
}

} // namespace pe::ui
