// SPDX-License-Identifier: MIT
// A view's row of options wraps like words (FlowLayout), and a label stays with the control it
// names (issue 48: "Against:" sat at the end of one line and its box on the next).
#include "ui/widgets/flowlayout.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTest>

class TestFlowLayout : public QObject {
    Q_OBJECT
private slots:
    void aLabelWrapsWithItsControl();
    void aLabelWithoutBuddyWrapsAlone();
};

namespace {

struct Row {
    QWidget widget;
    QPushButton* first;
    QLabel* label;
    QComboBox* box;
    pe::ui::FlowLayout* layout;
    explicit Row(bool buddy)
    {
        layout = new pe::ui::FlowLayout(&widget);
        layout->setSpacing(6);
        first = new QPushButton(QStringLiteral("A button of some width"));
        label = new QLabel(QStringLiteral("Against:"));
        box = new QComboBox;
        box->addItem(QStringLiteral("the same model without rope_scaling"));
        if (buddy)
            label->setBuddy(box);
        layout->addWidget(first);
        layout->addWidget(label);
        layout->addWidget(box);
    }
    /// A width where the label still fits after the button but its box does not.
    int widthBetween() const
    {
        return first->sizeHint().width() + 6 + label->sizeHint().width() + 6 + box->sizeHint().width() / 2;
    }
    void layOut(int width)
    {
        widget.resize(width, layout->heightForWidth(width));
        layout->setGeometry(QRect(0, 0, width, layout->heightForWidth(width)));
    }
};

} // namespace

void TestFlowLayout::aLabelWrapsWithItsControl()
{
    Row row(true);
    row.layOut(row.widthBetween());
    QCOMPARE(row.label->geometry().top(), row.box->geometry().top());
    QVERIFY(row.label->geometry().top() > row.first->geometry().top()); // on the next line, together
    QVERIFY(row.label->geometry().right() < row.box->geometry().left());
    // The layout never gets narrower than the two side by side.
    QVERIFY(row.layout->minimumSize().width() >= row.label->minimumSizeHint().width() + row.box->minimumSizeHint().width());
    // Wide enough, all three share the first line.
    row.layOut(row.layout->sizeHint().width());
    QCOMPARE(row.box->geometry().top(), row.first->geometry().top());
}

void TestFlowLayout::aLabelWithoutBuddyWrapsAlone()
{
    Row row(false); // a label that names no control is a word like any other
    row.layOut(row.widthBetween());
    QCOMPARE(row.label->geometry().top(), row.first->geometry().top());
    QVERIFY(row.box->geometry().top() > row.first->geometry().top());
}

QTEST_MAIN(TestFlowLayout)
#include "tst_flowlayout.moc"
