; The two POSIX thread functions that Rust's standard library for
; wasm32-wasip1 names and Debian's wasi-libc (a 2022 snapshot) lacks. The
; library never calls them on that target, which has no threads (spawning
; fails before there is a thread to join or detach); they answer ENOSYS (52
; in WASI). `scripts/cross.sh` compiles this with LLVM's `llc` and links it
; into the test programs it runs under Node's WASI.
target datalayout = "e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-i128:128-n32:64-S128-ni:1:10:20"
target triple = "wasm32-unknown-wasi"

define i32 @pthread_join(i32 %thread, ptr %retval) {
  ret i32 52
}

define i32 @pthread_detach(i32 %thread) {
  ret i32 52
}
