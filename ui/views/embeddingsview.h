// SPDX-License-Identifier: MIT
#pragma once

#include "ui/document/embeddingsdata.h"
#include "ui/document/wordvectorloader.h"
#include "ui/views/plotview.h"

#include <array>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPLayoutGrid;
class QCPTextElement;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace pe::ui {

/// The input of a Transformer, token by token, as in BERT: the word embedding (× √d_model when
/// on), the positional encoding of the token's position, optionally a segment embedding, and
/// their sum — four token × dimension panels — with the cosine of two chosen tokens before and
/// after the position is added. Word vectors are pseudo-random stand-ins unless a word2vec or
/// GloVe text file is loaded (read off the GUI thread, only the sentence's words kept).
class EmbeddingsView : public PlotView {
    Q_OBJECT
public:
    enum Panel { Word, Position, Segment, Sum };
    static constexpr int panelCount = 4;

    explicit EmbeddingsView(Document* document, QWidget* parent = nullptr);
    ~EmbeddingsView() override;

    /// What is drawn now (the frame's embeddings).
    const EmbeddingsData& data() const { return *m_sentenceShown; }
    QCPColorMap* colorMap(Panel panel) const { return m_maps[panel]; }
    QCPAxisRect* panelRect(Panel panel) const { return m_rects[panel]; }
    QLineEdit* sentenceEdit() const { return m_sentence; }
    QComboBox* firstTokenBox() const { return m_firstBox; }
    QComboBox* secondTokenBox() const { return m_secondBox; }
    QCheckBox* sqrtBox() const { return m_sqrtBox; }
    QCheckBox* segmentBox() const { return m_segmentBox; }
    /// The cosine line under the controls, and the message line of the word-vector file.
    QString cosineText() const;
    QString fileMessage() const;
    QPushButton* matchDModelButton() const { return m_matchButton; }

    /// What the window's WordVectorController reports: a read started, its progress, a file
    /// refused before reading, the outcome, the pseudo-random vectors back.
    void showReading(const QString& path, std::int64_t bytes);
    void showReadProgress(double done);
    void showReadRefused(const QString& error);
    void showLoaded(const WordVectorLoad& load);
    void showPseudoRandom();

    void prepareForExport(double fontPixels) override;

signals:
    /// The buttons' requests, answered by the window's WordVectorController (views do no file I/O).
    void chooseFileRequested();
    void readRequested(const QString& path); ///< the file again, once d_model matches it
    void cancelRequested();
    void pseudoRandomRequested();

protected:
    void redraw(const Frame& frame) override;
    Changes dependencies() const override { return Change::Spec | Change::Colormap | Change::ViewOptions; }
    void applyScale() override;

private:
    QWidget* createControls();
    void syncControls();
    void optionsEdited();
    void showFileMessage(const QString& text, bool error);
    void drawPanels(const Frame& frame);
    void placeHighlights();
    QString titleText(const Frame& frame) const;
    bool fitToSize();
    void onMouseMove(QMouseEvent* event);

    QLineEdit* m_sentence = nullptr;
    QComboBox* m_firstBox = nullptr;
    QComboBox* m_secondBox = nullptr;
    QCheckBox* m_sqrtBox = nullptr;
    QCheckBox* m_segmentBox = nullptr;
    QLabel* m_source = nullptr;
    QPushButton* m_loadButton = nullptr;
    QPushButton* m_randomButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QLabel* m_fileMessage = nullptr;
    QPushButton* m_matchButton = nullptr;
    QLabel* m_cosine = nullptr;

    QCPTextElement* m_title;
    QString m_titleText;
    std::array<QCPAxisRect*, panelCount> m_rects{};
    std::array<QCPColorMap*, panelCount> m_maps{};
    std::array<QCPItemRect*, 2 * panelCount> m_highlights{}; // two rows per panel
    QCPColorScale* m_scale;
    bool m_segmentShown = true;
    QCPLayoutGrid* m_panelRow = nullptr; ///< the panels and their colour scale, side by side

    std::shared_ptr<const EmbeddingsData> m_sentenceShown = std::make_shared<const EmbeddingsData>();
    std::optional<QString> m_tokensShown; ///< the sentence whose tokens the boxes list
    bool m_typing = false;      ///< an edit of the sentence is under way (one undo step)
    int m_fileDimension = 0;    ///< of the last file that did not match d_model
    bool m_forExport = false;
};

} // namespace pe::ui
