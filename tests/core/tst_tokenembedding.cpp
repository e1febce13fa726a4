// SPDX-License-Identifier: MIT
// The embeddings of a sentence as BERT builds them: word (× √d), position, segment, sum.
#include "core/tokenembedding.h"

#include "reference.h"

#include <QtTest>

#include <cmath>

using namespace pe::core;

class TestTokenEmbedding : public QObject {
    Q_OBJECT

private slots:
    void tokenizesTheDefaultSentence();
    void sepStartsSentenceB();
    void pseudoRandomVectorsAreFixedUnitAndSpread();
    void sumOfTheParts();
    void cosine();
};

void TestTokenEmbedding::tokenizesTheDefaultSentence()
{
    const auto tokens = tokenize("The black cat sat on the couch and the brown dog slept on the rug.");
    QStringList texts;
    for (const Token& t : tokens)
        texts << QString::fromStdString(t.text);
    QCOMPARE(texts.join(QLatin1Char(' ')), QStringLiteral("the black cat sat on the couch and the brown dog slept on the rug ."));
    QCOMPARE(int(tokens.size()), 16);
    QVERIFY(std::ranges::all_of(tokens, [](const Token& t) { return t.segment == 0; }));
    QCOMPARE(int(tokenize("don't stop, café!").size()), 5); // don't · stop · , · café · !
    QCOMPARE(int(tokenize(std::string(1000, 'a').append(" b c"), 2).size()), 2);
    QVERIFY(tokenize("   ").empty());
}

void TestTokenEmbedding::sepStartsSentenceB()
{
    const auto tokens = tokenize("the cat sat [SEP] it slept");
    QCOMPARE(int(tokens.size()), 5);
    QCOMPARE(tokens[2].segment, 0);
    QCOMPARE(tokens[3].segment, 1);
    QCOMPARE(tokens[3].text, std::string("it"));
}

void TestTokenEmbedding::pseudoRandomVectorsAreFixedUnitAndSpread()
{
    const Eigen::VectorXd a = pseudoRandomWordVector("black", 4096);
    QCOMPARE(a, pseudoRandomWordVector("black", 4096)); // the same word, the same vector
    QVERIFY(std::abs(a.norm() - 1.0) < 1e-12);
    // Entries of about ±1/√d with mean 0: a normal sample scaled to length 1.
    QVERIFY(std::abs(a.mean()) < 4.0 / 4096);
    const double rms = std::sqrt(a.squaredNorm() / 4096);
    QVERIFY(std::abs(rms * std::sqrt(4096.0) - 1.0) < 1e-12);
    const double fourthMoment = a.array().pow(4).mean() * 4096.0 * 4096.0;
    QVERIFY2(std::abs(fourthMoment - 3.0) < 0.4, qPrintable(QString::number(fourthMoment))); // normal: E[x⁴] = 3σ⁴
    // Independent words are nearly orthogonal in high dimensions: |cos| ~ 1/√d.
    QVERIFY(std::abs(a.dot(pseudoRandomWordVector("brown", 4096))) < 5.0 / 64);
    QVERIFY((segmentVector(0, 64) - segmentVector(1, 64)).norm() > 0.5);
    // The first entries do not depend on d (a counter-based stream), only the length scaling.
    const Eigen::VectorXd small = pseudoRandomWordVector("black", 8), large = pseudoRandomWordVector("black", 16);
    QVERIFY(std::abs(small[0] / small[1] - large[0] / large[1]) < 1e-12);
}

void TestTokenEmbedding::sumOfTheParts()
{
    EncodingSpec spec;
    spec.dModel = 16;
    spec.firstPosition = 3;
    const auto tokens = tokenize("a b [SEP] c");
    std::vector<Eigen::VectorXd> words;
    for (const Token& t : tokens)
        words.push_back(pseudoRandomWordVector(t.text, spec.dModel));
    for (bool scaled : {false, true})
        for (bool segments : {false, true}) {
            const SentenceEmbedding e = embedSentence(spec, tokens, words, {scaled, segments});
            QCOMPARE(e.sum.rows(), 3);
            for (int i = 0; i < 3; ++i) {
                const double factor = scaled ? 4.0 : 1.0; // √16
                QVERIFY((e.word.row(i).transpose() - factor * words[i]).norm() < 1e-15);
                for (int c = 0; c < spec.dModel; ++c)
                    QVERIFY(std::abs(e.position(i, c) - static_cast<double>(ref::value(spec, 3 + i, c))) < 1e-14);
                const Eigen::VectorXd segment = segments ? segmentVector(i < 2 ? 0 : 1, 16) : Eigen::VectorXd::Zero(16);
                QCOMPARE(Eigen::VectorXd(e.segment.row(i).transpose()), segment);
                QVERIFY((e.sum.row(i) - e.word.row(i) - e.position.row(i) - e.segment.row(i)).norm() < 1e-15);
            }
        }
}

void TestTokenEmbedding::cosine()
{
    Eigen::VectorXd a(2), b(2), zero = Eigen::VectorXd::Zero(2);
    a << 1, 0;
    b << 1, 1;
    QVERIFY(std::abs(cosineSimilarity(a, b) - std::sqrt(0.5)) < 1e-15);
    QCOMPARE(cosineSimilarity(a, zero), 0.0);
    QCOMPARE(cosineSimilarity(a, -a), -1.0);
}

QTEST_APPLESS_MAIN(TestTokenEmbedding)
#include "tst_tokenembedding.moc"
