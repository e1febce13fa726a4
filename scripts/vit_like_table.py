#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a ViT-like position table (docs/grid's screenshots): a class token, then 14 x 14
patches of 768 dims whose values follow smooth fields of the patch's row and column plus noise,
as a learned ViT-B/16 table does (its tiles light up around each patch, with row and column
stripes). Plain Python, no NumPy: float64 .npy, C order.

    python3 scripts/vit_like_table.py vit-like.npy [rows cols dims]
"""
import math
import random
import struct
import sys


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "vit-like.npy"
    rows, cols, dims = (int(v) for v in sys.argv[2:5]) if len(sys.argv) >= 5 else (14, 14, 768)
    rng = random.Random(20201022)  # the ViT paper's arXiv date
    # Per dim: a slow wave along the rows and one along the columns, and a Gaussian bump.
    waves = []
    for _ in range(dims):
        waves.append((rng.uniform(0.05, 0.9), rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 0.9),
                      rng.uniform(0, 2 * math.pi), rng.uniform(0, rows - 1), rng.uniform(0, cols - 1),
                      rng.uniform(1.0, 3.0), rng.random() < 0.5))
    values = [rng.gauss(0, 0.3) for _ in range(dims)]  # the class token
    for r in range(rows):
        for c in range(cols):
            for fr, pr, fc, pc, br, bc, width, along_rows in waves:
                wave = math.sin(fr * r + pr) if along_rows else math.sin(fc * c + pc)
                bump = math.exp(-((r - br) ** 2 + (c - bc) ** 2) / (2 * width * width))
                values.append(0.6 * wave + 0.8 * bump + rng.gauss(0, 0.15))
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }" % (1 + rows * cols, dims)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%dd" % len(values), *values))


if __name__ == "__main__":
    main()
