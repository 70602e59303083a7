import java.nio.charset.*;
import java.nio.*;

/** Prints, for each charset named, the character of each of its 256 bytes (hex, or -). */
public class FullPages {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            Charset cs = Charset.forName(name);
            StringBuilder sb = new StringBuilder(name);
            for (int b = 0; b < 256; b++) {
                CharsetDecoder d = cs.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
                String cell;
                try {
                    CharBuffer out = d.decode(ByteBuffer.wrap(new byte[] {(byte) b}));
                    cell = out.length() == 1 ? Integer.toHexString(out.charAt(0)) : "-";
                } catch (CharacterCodingException e) {
                    cell = "-";
                }
                sb.append(' ').append(cell);
            }
            System.out.println(sb);
        }
    }
}
