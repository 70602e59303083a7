"""The Python peer of litenc's conformance tests (tests/facade/conformance_python_iconv.rs).

Usage: python3 peer.py JOB...   where each JOB is MODE:CODEC:IN:OUT.
One process runs every job of a test. IN holds records (u32 big-endian
length, then bytes); OUT gets one result per record:

  dec  bytes in -> strict: u8 0, bytes (UTF-8 of the text)
                           | u8 1, u32 start, u32 end, u8 truncated (1 if the
                             reason is 'unexpected end of data' or 'truncated data')
                   then always errors='replace': bytes (UTF-8 of the text)
  enc  UTF-8 text in -> u8 0, bytes | u8 1, u32 start, u32 end (byte offsets
                        in the UTF-8 input of the first character not encoded)
  polenc  UTF-8 text in -> bytes with errors='replace', bytes with
          errors='ignore', bytes with errors='xmlcharrefreplace'
  polset  IN: u32 code points (big-endian, ascending) -> those characters,
          in one string, with errors='replace', 'ignore' and
          'xmlcharrefreplace': three times (u32 n, bytes)
  sbenc  IN: u32 code points (big-endian, ascending), or nothing for every
         scalar value, U+0000..U+10FFFF without the surrogates; through
         CODEC, in one string:
         strict: u32 n, then n x (u32 code point, bytes) for the characters it
                 encodes (every other one raised UnicodeEncodeError, which an
                 error handler records as runs: u32 count, count x (u32
                 first code point, u32 last code point))
         errors='replace': bytes (the whole output)
"""

import codecs
import itertools
import struct
import sys

TRUNCATED = ("unexpected end of data", "truncated data", "incomplete multibyte sequence")


def records(data):
    at = 0
    while at < len(data):
        (n,) = struct.unpack_from(">I", data, at)
        at += 4
        yield data[at : at + n]
        at += n


def put(out, b):
    out.append(struct.pack(">I", len(b)))
    out.append(b)


_ALL = []


def all_scalar_values():
    if not _ALL:
        _ALL.append("".join(map(chr, itertools.chain(range(0xD800), range(0xE000, 0x110000)))))
    return _ALL[0]


_RUNS = []


def _collect(e):
    _RUNS.append((e.start, e.end))
    return ("", e.end)


codecs.register_error("litenc-collect", _collect)


def code_points(data):
    return "".join(map(chr, struct.unpack(">%dI" % (len(data) // 4), data)))


def encode_every_scalar_value(codec, data):
    text = code_points(data) if data else all_scalar_values()
    _RUNS.clear()
    text.encode(codec, "litenc-collect")
    runs = list(_RUNS)
    out = []
    encodable = []
    at = 0
    for start, end in runs + [(len(text), len(text))]:
        encodable.extend(text[at:start])
        at = end
    out.append(struct.pack(">I", len(encodable)))
    for ch in encodable:
        out.append(struct.pack(">I", ord(ch)))
        put(out, ch.encode(codec))
    out.append(struct.pack(">I", len(runs)))
    for start, end in runs:
        out.append(struct.pack(">II", ord(text[start]), ord(text[end - 1])))
    put(out, text.encode(codec, "replace"))
    return b"".join(out)


def run(mode, codec, data):
    if mode == "sbenc":
        return encode_every_scalar_value(codec, data)
    if mode == "polset":
        text = code_points(data)
        out = []
        for errors in ("replace", "ignore", "xmlcharrefreplace"):
            put(out, text.encode(codec, errors))
        return b"".join(out)
    out = []
    for rec in records(data):
        if mode == "dec":
            try:
                text = rec.decode(codec)
            except UnicodeDecodeError as e:
                out.append(struct.pack(">BIIB", 1, e.start, e.end, e.reason in TRUNCATED))
            else:
                out.append(b"\0")
                put(out, text.encode("utf-8", "surrogatepass"))
            put(out, rec.decode(codec, "replace").encode("utf-8", "surrogatepass"))
        elif mode == "polenc":
            text = rec.decode("utf-8")
            for errors in ("replace", "ignore", "xmlcharrefreplace"):
                put(out, text.encode(codec, errors))
        elif mode == "enc":
            text = rec.decode("utf-8")
            try:
                b = text.encode(codec)
            except UnicodeEncodeError as e:
                start = len(text[: e.start].encode("utf-8"))
                end = len(text[: e.end].encode("utf-8"))
                out.append(struct.pack(">BII", 1, start, end))
            else:
                out.append(b"\0")
                put(out, b)
        else:
            raise SystemExit("unknown mode " + mode)
    return b"".join(out)


def main():
    for job in sys.argv[1:]:
        mode, codec, inp, outp = job.split(":", 3)
        with open(inp, "rb") as f:
            data = f.read()
        with open(outp, "wb") as f:
            f.write(run(mode, codec, data))


if __name__ == "__main__":
    main()
