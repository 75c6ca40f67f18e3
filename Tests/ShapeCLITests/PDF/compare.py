#!/usr/bin/env python3
"""Compares two renderings of one picture: a PNG (rsvg-convert's, of the SVG) and a PPM
(pdftoppm's, of the PDF). Prints the share of 4x4 blocks whose mean grey differs by more than
40 of 255, and the mean difference of the blocks. Standard library only (zlib for the PNG)."""
import struct
import sys
import zlib


def png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth} {colour}"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    k = 0
    for _ in range(height):
        kind, line = raw[k], bytearray(raw[k + 1:k + 1 + stride])
        k += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    grey = []
    for line in rows:
        row = []
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            alpha = px[3] / 255 if channels == 4 else 1
            # Over white, as the page is.
            row.append(sum(v * alpha + 255 * (1 - alpha) for v in px[:3]) / 3)
        grey.append(row)
    return grey


def ppm(path):
    data = open(path, "rb").read()
    parts, pos = [], 0
    while len(parts) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    pos += 1
    assert parts[0] == b"P6", "not a binary PPM"
    width, height = int(parts[1]), int(parts[2])
    pixels = data[pos:]
    return [[sum(pixels[(y * width + x) * 3:(y * width + x) * 3 + 3]) / 3 for x in range(width)] for y in range(height)]


def blocks(grey, size=4):
    h, w = len(grey) // size, len(grey[0]) // size
    return [[sum(grey[y * size + j][x * size + i] for j in range(size) for i in range(size)) / size / size for x in range(w)] for y in range(h)]


a, b = png(sys.argv[1]), ppm(sys.argv[2])
if (len(a), len(a[0])) != (len(b), len(b[0])):
    print(f"sizes differ: {len(a[0])}x{len(a)} and {len(b[0])}x{len(b)}")
    sys.exit(1)
ba, bb = blocks(a), blocks(b)
diffs = [abs(x - y) for ra, rb in zip(ba, bb) for x, y in zip(ra, rb)]
print(f"{sum(d > 40 for d in diffs) / len(diffs):.5f} {sum(diffs) / len(diffs):.3f}")
