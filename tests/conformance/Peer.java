// The Java peer of litenc's conformance tests (tests/facade/conformance_java.rs).
//
// Usage: java -cp DIR Peer JOB...   where each JOB is MODE:CHARSET:IN:OUT.
// One JVM runs every job of a test. IN holds records, OUT gets one result
// per record; all integers are big-endian (DataInput/DataOutput).
//
//   record of units: u32 count, count x u16      record of bytes: u32 len, bytes
//
//   writeutf  units in  -> u8 0, bytes (what writeUTF wrote after its 2-byte
//                          length, which is checked)  | u8 1 (UTFDataFormatException)
//   writeutfall units in -> u8 0, bytes (all that writeUTF wrote, its length
//                          prefix included)  | u8 1 (UTFDataFormatException)
//   readutf   bytes in  -> u8 0, units                 | u8 1 (UTFDataFormatException)
//                          | u8 2 (EOFException); the input gets a 2-byte length first
//   enc       units in  -> u8 0, bytes | u8 1 malformed / 2 unmappable, u32 at, u32 len
//                          (CharsetEncoder with REPORT; at/len in UTF-16 units)
//   dec       bytes in  -> strict (REPORT): u8 0, units | u8 1 / 2, u32 at, u32 len;
//                          then always lossy (REPLACE): units
//   encall    (IN is not read) every scalar value, U+0000..U+10FFFF without the
//             surrogates, in one string, encoded with REPLACE: the bytes
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.*;

public final class Peer {
    public static void main(String[] args) throws Exception {
        for (String job : args) {
            String[] p = job.split(":", 4);
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(p[2]), 1 << 16));
                 DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(p[3]), 1 << 16))) {
                run(p[0], p[1], in, out);
            }
        }
    }

    private static String all;

    // Every scalar value, U+0000..U+10FFFF without the surrogates, built once.
    private static String allScalarValues() {
        if (all == null) {
            StringBuilder sb = new StringBuilder(2 * 1_112_064);
            for (int cp = 0; cp <= 0x10FFFF; cp++) {
                if (cp < 0xD800 || cp > 0xDFFF) sb.appendCodePoint(cp);
            }
            all = sb.toString();
        }
        return all;
    }

    private static boolean more(DataInputStream in) throws IOException {
        in.mark(1);
        int b = in.read();
        if (b < 0) return false;
        in.reset();
        return true;
    }

    private static String readUnits(DataInputStream in) throws IOException {
        int n = in.readInt();
        char[] c = new char[n];
        for (int i = 0; i < n; i++) c[i] = in.readChar();
        return new String(c);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return b;
    }

    private static void writeUnits(DataOutputStream out, CharSequence s) throws IOException {
        out.writeInt(s.length());
        for (int i = 0; i < s.length(); i++) out.writeChar(s.charAt(i));
    }

    private static void writeBytes(DataOutputStream out, byte[] b, int off, int len) throws IOException {
        out.writeInt(len);
        out.write(b, off, len);
    }

    private static void run(String mode, String charset, DataInputStream in, DataOutputStream out) throws Exception {
        Charset cs = charset.isEmpty() ? null : Charset.forName(charset);
        if (mode.equals("encall")) {
            ByteBuffer bytes = cs.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .encode(CharBuffer.wrap(allScalarValues()));
            out.write(bytes.array(), 0, bytes.limit());
            return;
        }
        while (more(in)) {
            switch (mode) {
                case "writeutf": {
                    String s = readUnits(in);
                    ByteArrayOutputStream bo = new ByteArrayOutputStream();
                    try {
                        new DataOutputStream(bo).writeUTF(s);
                    } catch (UTFDataFormatException e) {
                        out.writeByte(1);
                        break;
                    }
                    byte[] b = bo.toByteArray();
                    int len = ((b[0] & 0xFF) << 8) | (b[1] & 0xFF);
                    if (len != b.length - 2) throw new IllegalStateException("length prefix " + len);
                    out.writeByte(0);
                    writeBytes(out, b, 2, b.length - 2);
                    break;
                }
                case "writeutfall": {
                    String s = readUnits(in);
                    ByteArrayOutputStream bo = new ByteArrayOutputStream();
                    try {
                        new DataOutputStream(bo).writeUTF(s);
                    } catch (UTFDataFormatException e) {
                        out.writeByte(1);
                        break;
                    }
                    byte[] b = bo.toByteArray();
                    out.writeByte(0);
                    writeBytes(out, b, 0, b.length);
                    break;
                }
                case "readutf": {
                    byte[] b = readBytes(in);
                    byte[] framed = new byte[b.length + 2];
                    framed[0] = (byte) (b.length >>> 8);
                    framed[1] = (byte) b.length;
                    System.arraycopy(b, 0, framed, 2, b.length);
                    String s;
                    try {
                        s = new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
                    } catch (UTFDataFormatException e) {
                        out.writeByte(1);
                        break;
                    } catch (EOFException e) {
                        out.writeByte(2);
                        break;
                    }
                    out.writeByte(0);
                    writeUnits(out, s);
                    break;
                }
                case "enc": {
                    String s = readUnits(in);
                    CharsetEncoder enc = cs.newEncoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT);
                    CharBuffer src = CharBuffer.wrap(s);
                    ByteBuffer dst = ByteBuffer.allocate(s.length() * 6 + 16);
                    CoderResult r = enc.encode(src, dst, true);
                    if (!r.isError()) r = enc.flush(dst);
                    if (r.isError()) {
                        out.writeByte(r.isMalformed() ? 1 : 2);
                        out.writeInt(src.position());
                        out.writeInt(r.length());
                    } else {
                        out.writeByte(0);
                        writeBytes(out, dst.array(), 0, dst.position());
                    }
                    break;
                }
                case "dec": {
                    byte[] b = readBytes(in);
                    CharsetDecoder dec = cs.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT);
                    ByteBuffer src = ByteBuffer.wrap(b);
                    CharBuffer dst = CharBuffer.allocate(b.length * 2 + 16);
                    CoderResult r = dec.decode(src, dst, true);
                    if (!r.isError()) r = dec.flush(dst);
                    if (r.isError()) {
                        out.writeByte(r.isMalformed() ? 1 : 2);
                        out.writeInt(src.position());
                        out.writeInt(r.length());
                    } else {
                        out.writeByte(0);
                        dst.flip();
                        writeUnits(out, dst);
                    }
                    writeUnits(out, new String(b, cs));
                    break;
                }
                default:
                    throw new IllegalArgumentException("unknown mode " + mode);
            }
        }
    }
}
