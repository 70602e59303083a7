"""The Python peer of litenc's conformance tests (tests/conformance_python_iconv.rs).

Usage: python3 peer.py JOB...   where each JOB is MODE:CODEC:IN:OUT.
One process runs every job of a test. IN holds records (u32 big-endian
length, then bytes); OUT gets one result per record:

  dec  bytes in -> strict: u8 0, bytes (UTF-8 of the text)
                           | u8 1, u32 start, u32 end, u8 truncated (1 if the
                             reason is 'unexpected end of data' or 'truncated data')
                   then always errors='replace': bytes (UTF-8 of the text)
  enc  UTF-8 text in -> u8 0, bytes | u8 1, u32 start, u32 end (byte offsets
                        in the UTF-8 input of the first character not encoded)
"""

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


def run(mode, codec, data):
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
