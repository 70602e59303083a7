/*
 * The known loop that bench/arm/run.py counts to check insn_count.c: with
 * argument N it runs a loop of two instructions (a subtract and a branch back)
 * N times, so the counts of N and 2N differ by exactly 2N.
 */
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
    if (n > 0)
        __asm__ volatile("1: subs %0, %0, #1\n\tb.ne 1b" : "+r"(n));
    return 0;
}
