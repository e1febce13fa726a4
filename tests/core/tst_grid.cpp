// SPDX-License-Identifier: MIT
// Positions on a grid (issue 36): the grid a table's row count holds, MAE's 2-D sin-cos against a
// port of its NumPy code written here, the tiles figure against brute-force cosines, the 2-D
// rotary embeddings' relative property on every offset of an 8 × 8 grid and against rotation
// matrices built here, and the bicubic resize against what any cubic convolution must keep.
#include "core/grid.h"

#include <QTest>

#include <cmath>
#include <numbers>
#include <random>

using namespace pe::core;

namespace {

/// MAE's util/pos_embed.py, line by line: grid = meshgrid(grid_w, grid_h) (w first), then
/// emb_h = 1d(D/2, grid[0]), emb_w = 1d(D/2, grid[1]), concatenated; 1d = [sin(out), cos(out)]
/// with omega = 1 / 10000 ** (arange(D/4) / (D/4)).
RowMatrix maePort(int embedDim, int gridH, int gridW, bool clsToken)
{
    const auto oneD = [](int dim, const std::vector<double>& pos) {
        std::vector<double> omega(static_cast<std::size_t>(dim / 2));
        for (std::size_t i = 0; i < omega.size(); ++i)
            omega[i] = 1.0 / std::pow(10000.0, static_cast<double>(i) / (dim / 2.0));
        RowMatrix emb(static_cast<Eigen::Index>(pos.size()), dim);
        for (std::size_t m = 0; m < pos.size(); ++m)
            for (std::size_t d = 0; d < omega.size(); ++d) {
                emb(Eigen::Index(m), Eigen::Index(d)) = std::sin(pos[m] * omega[d]);
                emb(Eigen::Index(m), Eigen::Index(d + omega.size())) = std::cos(pos[m] * omega[d]);
            }
        return emb;
    };
    std::vector<double> grid0, grid1; // meshgrid(grid_w, grid_h): [i][j] = w_j and h_i
    for (int i = 0; i < gridH; ++i)
        for (int j = 0; j < gridW; ++j) {
            grid0.push_back(j);
            grid1.push_back(i);
        }
    const RowMatrix embH = oneD(embedDim / 2, grid0), embW = oneD(embedDim / 2, grid1);
    RowMatrix emb(embH.rows() + (clsToken ? 1 : 0), embedDim);
    emb.setZero();
    const int first = clsToken ? 1 : 0;
    emb.block(first, 0, embH.rows(), embedDim / 2) = embH;
    emb.block(first, embedDim / 2, embW.rows(), embedDim / 2) = embW;
    return emb;
}

double bruteCosine(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    double dot = 0, na = 0, nb = 0;
    for (Eigen::Index i = 0; i < a.size(); ++i) {
        dot += a[i] * b[i];
        na += a[i] * a[i];
        nb += b[i] * b[i];
    }
    return na > 0 && nb > 0 ? dot / std::sqrt(na * nb) : 0.0;
}

Eigen::VectorXd randomVector(int size, unsigned seed)
{
    std::mt19937 generator(seed);
    std::uniform_real_distribution<double> uniform(-1, 1);
    Eigen::VectorXd v(size);
    for (Eigen::Index i = 0; i < size; ++i)
        v[i] = uniform(generator);
    return v;
}

/// The unit vectors a 2-D RoPE puts at each patch, written out: dims (2k, 2k+1) = (cos, sin) of
/// pair k's angle c·fx_k + r·fy_k. Their cosines are what gridRopeSimilarity computes from offsets.
RowMatrix ropeGridVectors(const GridRope& rope, int rows, int cols)
{
    RowMatrix out(rows * cols, 2 * rope.pairs());
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            for (int k = 0; k < rope.pairs(); ++k) {
                out(r * cols + c, 2 * k) = std::cos(c * rope.fx[k] + r * rope.fy[k]);
                out(r * cols + c, 2 * k + 1) = std::sin(c * rope.fx[k] + r * rope.fy[k]);
            }
    return out;
}

/// Every query (r, c) against every key (r', c') of an 8 × 8 grid: equal scores wherever the
/// offset (r − r', c − c') is equal.
void checkRelative(const GridRope& rope, int dim)
{
    const Eigen::VectorXd q = randomVector(dim, 1), k = randomVector(dim, 2);
    std::map<std::pair<int, int>, double> byOffset;
    int compared = 0;
    for (int qr = 0; qr < 8; ++qr)
        for (int qc = 0; qc < 8; ++qc)
            for (int kr = 0; kr < 8; ++kr)
                for (int kc = 0; kc < 8; ++kc) {
                    const double s = ropeGridScore(rope, q, k, qr, qc, kr, kc);
                    const auto [it, fresh] = byOffset.try_emplace({qr - kr, qc - kc}, s);
                    if (!fresh) {
                        QVERIFY2(std::abs(it->second - s) < 1e-12,
                                 qPrintable(QStringLiteral("offset (%1, %2): %3 against %4")
                                                .arg(qr - kr).arg(qc - kc).arg(s).arg(it->second)));
                        ++compared;
                    }
                }
    QCOMPARE(byOffset.size(), std::size_t{15 * 15});
    QCOMPARE(compared, 64 * 64 - 15 * 15);
}

} // namespace

class TestGrid : public QObject {
    Q_OBJECT
private slots:
    void guessesTheGridOfATable();
    void refusesRowsThatAreNoGrid();
    void maeIsMaesCode();
    void tilesAreCosineSimilarities();
    void axialRopeIsRelativeOnEveryOffset();
    void axialRopeIsTheDirectRotation();
    void mixedRopeTurnsAlongItsDirections();
    void mropeSplitsPairsInQwenSections();
    void ropeVectorsGiveTheScoreOfOnes();
    void similarityFromOffsetsIsTheCosineOfTheVectors();
    void bicubicKeepsWhatCubicConvolutionKeeps();
};

void TestGrid::guessesTheGridOfATable()
{
    const auto shape = [](std::int64_t tokens, int rows = 0, int cols = 0, ClassToken cls = ClassToken::Auto) {
        const auto result = gridShapeFor(tokens, rows, cols, cls);
        return std::holds_alternative<GridShape>(result) ? std::get<GridShape>(result) : GridShape{};
    };
    QCOMPARE(shape(197), (GridShape{14, 14, true}));   // ViT-B/16 at 224
    QCOMPARE(shape(577), (GridShape{24, 24, true}));   // ViT at 384
    QCOMPARE(shape(257), (GridShape{16, 16, true}));   // CLIP ViT-L/14 at 224
    QCOMPARE(shape(256), (GridShape{16, 16, false}));  // DiT, no class token
    QCOMPARE(shape(196), (GridShape{14, 14, false}));
    QCOMPARE(shape(768, 24, 32), (GridShape{24, 32, false}));
    QCOMPARE(shape(769, 24, 32), (GridShape{24, 32, true}));
    QCOMPARE(shape(196, 0, 0, ClassToken::No), (GridShape{14, 14, false}));
    QCOMPARE(shape(197, 14, 14, ClassToken::Yes), (GridShape{14, 14, true}));
    QCOMPARE(describeGrid({14, 14, true}), std::string("14 × 14 patches and a class token"));
}

void TestGrid::refusesRowsThatAreNoGrid()
{
    const auto message = [](std::int64_t tokens, int rows = 0, int cols = 0, ClassToken cls = ClassToken::Auto) {
        const auto result = gridShapeFor(tokens, rows, cols, cls);
        return std::holds_alternative<std::string>(result) ? QString::fromStdString(std::get<std::string>(result))
                                                           : QString();
    };
    QVERIFY(message(100 + 2).contains(QStringLiteral("102 rows are no grid")));
    QVERIFY(message(102).contains(QStringLiteral("197 = 1 + 14²")));
    QVERIFY(message(770, 24, 32).contains(QStringLiteral("770 rows do not match a grid of 24 × 32 (768 rows)")));
    // A class token said where the rest is no square: the flag leaves no grid.
    QVERIFY(message(196, 0, 0, ClassToken::Yes).contains(QStringLiteral("leave 195 patches")));
    QVERIFY(message(197, 0, 0, ClassToken::No).contains(QStringLiteral("197 rows are no grid")));
    QVERIFY(message(197, 14, 14, ClassToken::No).contains(QStringLiteral("do not match")));
    QVERIFY(message(197, 1, 197).contains(QStringLiteral("each side 2 to 64")));
}

void TestGrid::maeIsMaesCode()
{
    for (const auto& [dim, h, w, cls] : {std::tuple{16, 4, 4, false}, std::tuple{768, 14, 14, true}, std::tuple{32, 3, 5, true}}) {
        const RowMatrix ours = mae2dSinCos(dim, h, w, cls), theirs = maePort(dim, h, w, cls);
        QCOMPARE(ours.rows(), theirs.rows());
        QVERIFY((ours - theirs).cwiseAbs().maxCoeff() < 1e-15);
    }
    QVERIFY_THROWS_EXCEPTION(SpecError, mae2dSinCos(30, 4, 4, false)); // 30 is not divisible by 4
}

void TestGrid::tilesAreCosineSimilarities()
{
    const int h = 6, w = 7;
    const RowMatrix table = maePort(64, h, w, false);
    const RowMatrix similarity = rowCosineSimilarity(table);
    const RowMatrix tiles = gridTilesImage(similarity, h, w);
    QCOMPARE(tiles.rows(), Eigen::Index(h * h));
    QCOMPARE(tiles.cols(), Eigen::Index(w * w));
    for (int tr = 0; tr < h; ++tr)
        for (int tc = 0; tc < w; ++tc)
            for (int r = 0; r < h; ++r)
                for (int c = 0; c < w; ++c) {
                    const double brute = bruteCosine(table.row(tr * w + tc), table.row(r * w + c));
                    QVERIFY(std::abs(tiles(tr * h + r, tc * w + c) - brute) < 1e-14);
                }
    // MAE's class token is a row of zeros: its similarity is 0, not NaN.
    const RowMatrix withClass = rowCosineSimilarity(maePort(16, 2, 2, true));
    QCOMPARE(withClass(0, 3), 0.0);
    QCOMPARE(withClass(0, 0), 0.0);
    QCOMPARE(cosineWithRows(Eigen::VectorXd::Zero(16), table.leftCols(16))[3], 0.0);
}

void TestGrid::axialRopeIsRelativeOnEveryOffset()
{
    checkRelative(axialGridRope(16), 16);
}

void TestGrid::axialRopeIsTheDirectRotation()
{
    // dim 8, theta 100: frequencies 1 and 100^(−1/2) = 0.1 turn with the column (pairs 0, 1),
    // the same two with the row (pairs 2, 3).
    const GridRope rope = axialGridRope(8, 100.0);
    const auto rotation = [](double angle) {
        Eigen::Matrix2d m;
        m << std::cos(angle), -std::sin(angle), std::sin(angle), std::cos(angle);
        return m;
    };
    const auto rotationAt = [&](int r, int c) {
        Eigen::MatrixXd m = Eigen::MatrixXd::Zero(8, 8);
        m.block<2, 2>(0, 0) = rotation(c * 1.0);
        m.block<2, 2>(2, 2) = rotation(c * 0.1);
        m.block<2, 2>(4, 4) = rotation(r * 1.0);
        m.block<2, 2>(6, 6) = rotation(r * 0.1);
        return m;
    };
    const Eigen::VectorXd q = randomVector(8, 3), k = randomVector(8, 4);
    for (const auto& [qr, qc, kr, kc] : {std::tuple{0, 0, 0, 0}, std::tuple{3, 5, 1, 2}, std::tuple{7, 0, 0, 7}, std::tuple{2, 6, 6, 2}}) {
        const double direct = (rotationAt(qr, qc) * q).dot(rotationAt(kr, kc) * k);
        QVERIFY(std::abs(ropeGridScore(rope, q, k, qr, qc, kr, kc) - direct) < 1e-13);
    }
    // The smallest case, a 4-dimensional head: one pair per axis at frequency 1.
    const GridRope four = axialGridRope(4);
    Eigen::Matrix4d at = Eigen::Matrix4d::Zero(), to = Eigen::Matrix4d::Zero();
    at.block<2, 2>(0, 0) = rotation(5); // query at row 2, column 5
    at.block<2, 2>(2, 2) = rotation(2);
    to.block<2, 2>(0, 0) = rotation(1); // key at row 4, column 1
    to.block<2, 2>(2, 2) = rotation(4);
    const Eigen::VectorXd q4 = randomVector(4, 5), k4 = randomVector(4, 6);
    QVERIFY(std::abs(ropeGridScore(four, q4, k4, 2, 5, 4, 1) - (at * q4).dot(to * k4)) < 1e-13);
}

void TestGrid::mixedRopeTurnsAlongItsDirections()
{
    const double a = mixedRopeInitialAngle(1);
    QVERIFY(a >= 0 && a < 2 * std::numbers::pi);
    QCOMPARE(mixedRopeInitialAngle(1), a); // the same direction every time
    QVERIFY(mixedRopeInitialAngle(2) != a);
    const GridRope rope = mixedGridRope(16, a, 10.0);
    // Pair 1 of 4: magnitude 10^(−4/16), along the direction a.
    const double magnitude = std::pow(10.0, -0.25);
    QVERIFY(std::abs(rope.angle(1, 3, 2) - magnitude * (2 * std::cos(a) + 3 * std::sin(a))) < 1e-14);
    // Pair 5 (= 4 + 1): the same magnitude along a + π/2.
    QVERIFY(std::abs(rope.angle(5, 3, 2) - magnitude * (-2 * std::sin(a) + 3 * std::cos(a))) < 1e-14);
    checkRelative(rope, 16);
}

void TestGrid::mropeSplitsPairsInQwenSections()
{
    QCOMPARE(mropeSections(64), (std::array<int, 3>{16, 24, 24})); // Qwen2-VL 7B: head 128
    const GridRope rope = mropeGridRope(128, 10000.0, {16, 24, 24});
    for (int k = 0; k < 64; ++k) {
        const double omega = std::pow(10000.0, -2.0 * k / 128);
        const double expected = k < 16 ? 0.0 : k < 40 ? 5 * omega : 3 * omega; // row 5, column 3
        QVERIFY(std::abs(rope.angle(k, 5, 3) - expected) < 1e-15);
    }
    checkRelative(mropeGridRope(32, 10000.0, mropeSections(16)), 32);
    QVERIFY_THROWS_EXCEPTION(SpecError, mropeGridRope(128, 10000.0, {16, 24, 23}));
}

void TestGrid::ropeVectorsGiveTheScoreOfOnes()
{
    const GridRope rope = axialGridRope(16);
    const RowMatrix vectors = ropeGridVectors(rope, 5, 5);
    const RowMatrix similarity = rowCosineSimilarity(vectors);
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(16);
    for (int p = 0; p < 25; p += 3)
        for (int q = 0; q < 25; q += 2) {
            const double score = ropeGridScore(rope, ones, ones, p / 5, p % 5, q / 5, q % 5);
            QVERIFY(std::abs(similarity(p, q) - score / 16.0) < 1e-14); // |ones|² = 16
        }
}

void TestGrid::similarityFromOffsetsIsTheCosineOfTheVectors()
{
    // The fixed encodings' similarity from the offsets alone against the cosines of their
    // vectors, every pair of patches of a non-square grid: axial (pairs along one axis), M-RoPE
    // (some still), RoPE-Mixed (both axes in every pair) and MAE's sin-cos (its own table).
    const int rows = 5, cols = 7;
    for (const GridRope& rope : {axialGridRope(24), mropeGridRope(24, 1e6, mropeSections(12)),
                                 mixedGridRope(24, mixedRopeInitialAngle(2))}) {
        const RowMatrix vectors = ropeGridVectors(rope, rows, cols);
        QVERIFY((gridRopeSimilarity(rope, rows, cols) - rowCosineSimilarity(vectors)).cwiseAbs().maxCoeff() < 1e-13);
        for (int dim : {0, 5, 23})
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < cols; ++c)
                    QCOMPARE(ropeGridDimension(rope, rows, cols, dim)(r, c), vectors(r * cols + c, dim));
    }
    const RowMatrix mae = mae2dSinCos(32, rows, cols, false);
    QVERIFY((gridRopeSimilarity(maeGridRope(32), rows, cols) - rowCosineSimilarity(mae)).cwiseAbs().maxCoeff() < 1e-13);
    for (int dim : {0, 7, 8, 19, 31})
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                QCOMPARE(maeGridDimension(dim, 32, rows, cols)(r, c), mae(r * cols + c, dim));
}

void TestGrid::bicubicKeepsWhatCubicConvolutionKeeps()
{
    // The same size: PyTorch's taps are (0, 1, 0, 0), the table comes back unchanged.
    const RowMatrix table = maePort(16, 5, 6, false);
    QVERIFY((resizeGridBicubic(table, 5, 6, 5, 6) - table).cwiseAbs().maxCoeff() < 1e-15);
    // A constant stays (the weights sum to 1, and edges repeat).
    const RowMatrix constant = RowMatrix::Constant(14 * 14, 3, 0.25);
    QVERIFY((resizeGridBicubic(constant, 14, 14, 24, 24).array() - 0.25).abs().maxCoeff() < 1e-15);
    // PyTorch's kernel, A = −0.75, worked out by hand at t = 1/4: taps at −1, 0, 1, 2 weigh
    // A(t+1)³−5A(t+1)²+8A(t+1)−4A = −0.10546875, ((A+2)t − (A+3))t² + 1 = 0.87890625,
    // the same at 1 − t = 0.26171875, and at 2 − t −0.03515625 (they sum to 1). Upsampling
    // 8 → 16 puts output d at source d/2 − 1/4: a single 1 at input 4 shows each weight.
    RowMatrix delta = RowMatrix::Zero(8, 1);
    delta(4, 0) = 1;
    const RowMatrix spread = resizeGridBicubic(delta, 1, 8, 1, 16);
    QCOMPARE(spread(5, 0), -0.03515625);  // source 2.25: input 4 is its last tap
    QCOMPARE(spread(7, 0), 0.26171875);   // source 3.25
    QCOMPARE(spread(9, 0), 0.87890625);   // source 4.25
    QCOMPARE(spread(11, 0), -0.10546875); // source 5.25
    QCOMPARE(spread(8, 0), 0.87890625);   // source 3.75: t = 3/4, input 4 at 1 − t
    QCOMPARE(spread(15, 0), 0.0);
    // Upsampling 7 → 21 lands every third output on an input (source d/3 − 1/3): it interpolates.
    const RowMatrix coarse = maePort(8, 7, 7, false);
    const RowMatrix fine = resizeGridBicubic(coarse, 7, 7, 21, 21);
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c)
            QVERIFY((fine.row((3 * r + 1) * 21 + 3 * c + 1) - coarse.row(r * 7 + c)).cwiseAbs().maxCoeff() < 1e-15);
}

QTEST_GUILESS_MAIN(TestGrid)
#include "tst_grid.moc"
