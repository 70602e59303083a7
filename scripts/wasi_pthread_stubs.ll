; The two POSIX thread functions that Rust's standard library for
; wasm32-wasip1 names and Debian's wasi-libc (a 2022 snapshot) lacks. The
; library never calls them on that target, which has no threads (spawning
; fails before there is a thread to join or detach); they answer ENOSYS (52
; in WASI). `scripts/cross.sh` compiles this with LLVM's `llc` and links it
; into the test programs it runs under Node's WASI. No data layout and no
; `ptr` type (a pointer is an i32 here): any LLVM's `llc` reads it.
target triple = "wasm32-unknown-wasi"

define i32 @pthread_join(i32 %thread, i32 %retval) {
  ret i32 52
}

define i32 @pthread_detach(i32 %thread) {
  ret i32 52
}
