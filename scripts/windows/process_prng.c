/*
 * bcryptprimitives.dll with its one function that Rust's standard library imports: ProcessPrng,
 * which fills a buffer with random bytes (Rust's std seeds HashMap's keys with it). Windows 8 and
 * later have the DLL; Wine 8 does not, so a Rust program would not start under it. This stand-in
 * fills the buffer through RtlGenRandom (SystemFunction036 of advapi32.dll), which Wine has: the
 * random bytes come from the same source.
 *
 * Built by scripts/windows/prefix.sh with the target's mingw-w64 gcc and copied into the Wine
 * prefix's system directory (system32 for x86_64, syswow64 for i686). On i686 the export is
 * undecorated (`ProcessPrng`, not `ProcessPrng@8`), as std imports it.
 */
#include <stddef.h>

typedef unsigned char BOOLEAN;
typedef int BOOL;

/* advapi32.dll's RtlGenRandom, exported under this name. */
__declspec(dllimport) BOOLEAN __stdcall SystemFunction036(void *buffer, unsigned long length);

__declspec(dllexport) BOOL __stdcall ProcessPrng(unsigned char *data, size_t len)
{
    /* RtlGenRandom takes a 32-bit length: a longer buffer in parts. */
    while (len > 0) {
        unsigned long part = len > 0x40000000u ? 0x40000000u : (unsigned long)len;
        if (!SystemFunction036(data, part))
            return 0;
        data += part;
        len -= part;
    }
    return 1;
}
