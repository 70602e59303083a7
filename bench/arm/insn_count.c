/*
 * A QEMU TCG plugin that counts the guest instructions a program executes.
 *
 *   gcc -shared -fPIC -O2 -o insn_count.so bench/arm/insn_count.c
 *   qemu-aarch64 -plugin ./insn_count.so,out=count.txt -L /usr/aarch64-linux-gnu PROGRAM ...
 *
 * When QEMU translates a block of guest code (a translation block, TB), the
 * plugin asks it to add the block's number of instructions to one 64-bit
 * counter each time the block runs, by an add that QEMU emits inline into the
 * translated code (no call into the plugin per block). At exit the plugin writes
 * `insns N` to the file named by its argument `out=PATH`, or to standard error
 * without one.
 *
 * What the count is: every guest instruction of every block that ran, the
 * program's own and its C library's (system calls count as the one
 * instruction that makes them). A block left early by a fault counts whole;
 * the programs counted here do not fault. The counter is one for all threads
 * and its add is not atomic, so the count is exact for a program of one
 * thread, which is what bench/arm/run.py counts.
 *
 * QEMU installs no header for its plugin API on Debian, so the few types and
 * functions used are declared below, from the API's documentation (QEMU 7.2,
 * plugin API version 1; "QEMU TCG Plugins" in QEMU's developer docs). The
 * functions are QEMU's own: the plugin is loaded into the emulator, which
 * resolves them when it loads the plugin.
 */

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plugin API version this plugin was written for; QEMU refuses a plugin
 * whose version it does not support. QEMU 7.2 speaks version 1. */
__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* The plugin's handle, which QEMU gives at install time. */
typedef uint64_t plugin_id;
/* What QEMU tells a plugin about itself and the guest; not read here. */
struct qemu_info;
/* A translation block being translated. */
struct qemu_plugin_tb;

/* The inline operations QEMU can emit; the first adds an immediate to a
 * 64-bit value in the plugin's memory. */
enum inline_op { INLINE_ADD_U64 = 0 };

typedef void (*tb_trans_cb)(plugin_id id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb)(plugin_id id, void *userdata);

/* QEMU's functions (resolved in the emulator when the plugin is loaded). */
extern void qemu_plugin_register_vcpu_tb_trans_cb(plugin_id id, tb_trans_cb cb);
extern size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
extern void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
                                                     enum inline_op op, void *ptr,
                                                     uint64_t imm);
extern void qemu_plugin_register_atexit_cb(plugin_id id, udata_cb cb, void *userdata);

/* The count: the instructions of every block executed so far. */
static uint64_t insns;
/* Where the count goes at exit (NULL: standard error). */
static char *out_path;

/* At translation: each execution of this block adds its instruction count. */
static void on_translate(plugin_id id, struct qemu_plugin_tb *tb)
{
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, INLINE_ADD_U64, &insns,
                                             qemu_plugin_tb_n_insns(tb));
}

/* At the guest's exit: write the count. */
static void at_guest_exit(plugin_id id, void *userdata)
{
    (void)id;
    (void)userdata;
    FILE *f = out_path ? fopen(out_path, "w") : stderr;
    if (!f) {
        perror(out_path);
        return;
    }
    fprintf(f, "insns %" PRIu64 "\n", insns);
    if (f != stderr)
        fclose(f);
}

/* Called by QEMU when it loads the plugin, with the plugin's arguments as
 * `name=value` strings. Returns 0 on success. */
__attribute__((visibility("default"))) int qemu_plugin_install(plugin_id id,
                                                               const struct qemu_info *info,
                                                               int argc, char **argv)
{
    (void)info;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            out_path = strdup(argv[i] + 4);
        } else {
            fprintf(stderr, "insn_count: unknown argument %s (only out=PATH)\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, at_guest_exit, NULL);
    return 0;
}
